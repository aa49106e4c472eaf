//! CSA move notation (the CSA standard record format, V2.2 and V3.0): `+7776FU`, `-3334FU`,
//! `+0055KA` (a drop), `+2822RY`-style promotions named by the piece *after* the move.
//!
//! A CSA move names the colour (`+` Black, `-` White), the from square (`00` for a drop), the to
//! square (file digit then rank digit, both `1`-`9`) and the two-letter code of the piece as it
//! stands after the move. Reading one needs the position (a promotion is known only by comparing
//! the code with the piece on the from square); so does writing one. Allocation-free, never panics.

use core::fmt;

use crate::{Color, File, IllegalMove, Move, PieceKind, Position, Rank, Square};

const CSA_CODES: [(PieceKind, &str); 14] = [
    (PieceKind::Pawn, "FU"),
    (PieceKind::Lance, "KY"),
    (PieceKind::Knight, "KE"),
    (PieceKind::Silver, "GI"),
    (PieceKind::Gold, "KI"),
    (PieceKind::Bishop, "KA"),
    (PieceKind::Rook, "HI"),
    (PieceKind::King, "OU"),
    (PieceKind::ProPawn, "TO"),
    (PieceKind::ProLance, "NY"),
    (PieceKind::ProKnight, "NK"),
    (PieceKind::ProSilver, "NG"),
    (PieceKind::Horse, "UM"),
    (PieceKind::Dragon, "RY"),
];

impl PieceKind {
    /// The CSA piece code: `FU`, `KY`, `KE`, `GI`, `KI`, `KA`, `HI`, `OU`, `TO`, `NY`, `NK`, `NG`,
    /// `UM`, `RY`.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::Dragon.csa(), "RY");
    /// assert_eq!(PieceKind::from_csa(b"NG"), Some(PieceKind::ProSilver));
    /// assert_eq!(PieceKind::from_csa(b"ng"), None);
    /// ```
    #[must_use]
    pub const fn csa(self) -> &'static str {
        CSA_CODES[self.index()].1
    }

    /// The kind of a two-letter CSA piece code (uppercase, exactly two bytes); `None` otherwise.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::from_csa(b"UM"), Some(PieceKind::Horse));
    /// assert_eq!(PieceKind::from_csa(b"UMX"), None);
    /// ```
    #[must_use]
    pub fn from_csa(code: &[u8]) -> Option<PieceKind> {
        CSA_CODES.iter().find(|(_, text)| text.as_bytes() == code).map(|&(kind, _)| kind)
    }
}

/// What is wrong with a CSA move; see [`CsaMoveError`] for where.
///
/// ```
/// use hayanagi::{CsaMoveErrorKind, Position};
/// let err = Position::startpos().parse_csa_move(b"-3334FU").unwrap_err();
/// assert_eq!(err.kind(), CsaMoveErrorKind::WrongSide);
/// assert_eq!(err.kind().to_string(), "the sign is not the side to move");
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CsaMoveErrorKind {
    /// The move ends before its 7 bytes (`+7776F`).
    Truncated,
    /// Not `+` or `-` where the move begins.
    Sign,
    /// The sign is not the side to move's (`-` when Black is to move).
    WrongSide,
    /// Not a digit `1`-`9` (or `0` in `00`, the from square of a drop) where a square is expected.
    Square,
    /// Not one of the 14 piece codes (`FU` ... `RY`).
    Piece,
    /// Text after the seventh byte.
    Trailing,
    /// The from square holds no piece of the side to move.
    NoPiece,
    /// The code is neither the piece on the from square nor its promoted kind (or a drop names a
    /// piece that cannot be in hand).
    PieceMismatch,
    /// The destination is the from square: no move stays on its square.
    SameSquare,
    /// A well-formed move that is not legal in the position.
    Illegal(Move),
}

impl fmt::Display for CsaMoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsaMoveErrorKind::Truncated => f.write_str("the move ends early (expected +7776FU style, 7 bytes)"),
            CsaMoveErrorKind::Sign => f.write_str("expected '+' or '-'"),
            CsaMoveErrorKind::WrongSide => f.write_str("the sign is not the side to move"),
            CsaMoveErrorKind::Square => {
                f.write_str("expected a square: file digit 1-9 then rank digit 1-9 (00 to drop)")
            }
            CsaMoveErrorKind::Piece => f.write_str("expected a piece code (FU KY KE GI KI KA HI OU TO NY NK NG UM RY)"),
            CsaMoveErrorKind::Trailing => f.write_str("text after the move"),
            CsaMoveErrorKind::NoPiece => f.write_str("no piece of the side to move on the from square"),
            CsaMoveErrorKind::PieceMismatch => {
                f.write_str("the piece code is neither the moving piece nor its promotion")
            }
            CsaMoveErrorKind::SameSquare => f.write_str("the destination is the from square"),
            CsaMoveErrorKind::Illegal(mv) => write!(f, "illegal move {mv}"),
        }
    }
}

/// Why a CSA move was rejected: the byte offset into the move and what is wrong.
///
/// ```
/// use hayanagi::{CsaMoveErrorKind, Position};
/// let err = Position::startpos().parse_csa_move(b"+7776KI").unwrap_err();
/// assert_eq!((err.offset(), err.kind()), (5, CsaMoveErrorKind::PieceMismatch));
/// assert_eq!(err.to_string(), "at byte 5: the piece code is neither the moving piece nor its promotion");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CsaMoveError {
    offset: usize,
    kind: CsaMoveErrorKind,
}

impl CsaMoveError {
    /// The byte offset into the move text.
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert_eq!(Position::startpos().parse_csa_move(b"+7x76FU").unwrap_err().offset(), 2);
    /// ```
    #[must_use]
    pub const fn offset(self) -> usize {
        self.offset
    }

    /// What is wrong.
    ///
    /// ```
    /// use hayanagi::{CsaMoveErrorKind, Position};
    /// assert_eq!(Position::startpos().parse_csa_move(b"+7776").unwrap_err().kind(), CsaMoveErrorKind::Truncated);
    /// ```
    #[must_use]
    pub const fn kind(self) -> CsaMoveErrorKind {
        self.kind
    }
}

impl fmt::Display for CsaMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.kind)
    }
}

impl core::error::Error for CsaMoveError {}

fn error<T>(offset: usize, kind: CsaMoveErrorKind) -> Result<T, CsaMoveError> {
    Err(CsaMoveError { offset, kind })
}

/// A digit `0`-`9` at `text[at]`.
fn digit(text: &[u8], at: usize) -> Result<u8, CsaMoveError> {
    match text.get(at) {
        None => error(at, CsaMoveErrorKind::Truncated),
        Some(&byte @ b'0'..=b'9') => Ok(byte - b'0'),
        Some(_) => error(at, CsaMoveErrorKind::Square),
    }
}

/// The square of file digit `file` and rank digit `rank` (both 1-9).
fn square(file: u8, rank: u8) -> Option<Square> {
    let file = File::new(file)?;
    let rank = Rank::try_index(usize::from(rank).checked_sub(1)?)?;
    Some(Square::new(file, rank))
}

/// A legal move as CSA writes it (`+7776FU`), made by [`Position::csa_move`]; it prints with
/// [`Display`](fmt::Display) into any `core::fmt` writer.
///
/// ```
/// use hayanagi::Position;
/// let pos = Position::from_usi_position("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1").unwrap();
/// let mv = pos.parse_usi_move("G*5b").unwrap();
/// assert_eq!(pos.csa_move(mv).unwrap().to_string(), "+0052KI");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct CsaMove {
    color: Color,
    from: Option<Square>,
    to: Square,
    kind: PieceKind,
}

impl CsaMove {
    /// The kind named by the code: the piece as it stands after the move.
    ///
    /// ```
    /// use hayanagi::{PieceKind, Position};
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d").unwrap();
    /// let mv = pos.parse_usi_move("8h2b+").unwrap();
    /// assert_eq!(pos.csa_move(mv).unwrap().kind_after(), PieceKind::Horse);
    /// ```
    #[must_use]
    pub const fn kind_after(self) -> PieceKind {
        self.kind
    }
}

impl fmt::Display for CsaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.color == Color::Black { '+' } else { '-' };
        let (from_file, from_rank) = match self.from {
            Some(from) => (from.file().number(), from.rank().number()),
            None => (0, 0),
        };
        write!(
            f,
            "{sign}{from_file}{from_rank}{}{}{}",
            self.to.file().number(),
            self.to.rank().number(),
            self.kind.csa()
        )
    }
}

impl Position {
    /// Reads a CSA move (`+7776FU`, `-0055KA`; exactly 7 bytes) and accepts it only if it is legal
    /// here. The sign must be the side to move's. A board move promotes exactly when the code is the
    /// promoted kind of the piece on the from square.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::from_usi_position("startpos moves 7g7f 3c3d").unwrap();
    /// let mv = pos.parse_csa_move(b"+8822UM").unwrap();
    /// assert_eq!(mv.to_string(), "8h2b+");
    /// assert_eq!(pos.csa_move(mv).unwrap().to_string(), "+8822UM");
    /// ```
    ///
    /// # Errors
    /// A [`CsaMoveError`] with the byte offset: malformed text, the wrong sign, no piece of the
    /// side to move on the from square, a code that does not fit the piece, or an illegal move.
    pub fn parse_csa_move(&self, text: &[u8]) -> Result<Move, CsaMoveError> {
        let us = self.side_to_move();
        let color = match text.first() {
            None => return error(0, CsaMoveErrorKind::Truncated),
            Some(b'+') => Color::Black,
            Some(b'-') => Color::White,
            Some(_) => return error(0, CsaMoveErrorKind::Sign),
        };
        let (from_file, from_rank) = (digit(text, 1)?, digit(text, 2)?);
        let (to_file, to_rank) = (digit(text, 3)?, digit(text, 4)?);
        let code = match text.get(5..7) {
            Some(code) => code,
            None => return error(text.len().min(7), CsaMoveErrorKind::Truncated),
        };
        let Some(kind) = PieceKind::from_csa(code) else { return error(5, CsaMoveErrorKind::Piece) };
        if text.len() > 7 {
            return error(7, CsaMoveErrorKind::Trailing);
        }
        let Some(to) = square(to_file, to_rank) else { return error(3, CsaMoveErrorKind::Square) };
        if color != us {
            return error(0, CsaMoveErrorKind::WrongSide);
        }
        let mv = if (from_file, from_rank) == (0, 0) {
            match Move::drop(kind, to) {
                Some(mv) => mv,
                None => return error(5, CsaMoveErrorKind::PieceMismatch),
            }
        } else {
            let Some(from) = square(from_file, from_rank) else { return error(1, CsaMoveErrorKind::Square) };
            let Some(piece) = self.piece_at(from).filter(|piece| piece.color() == us) else {
                return error(1, CsaMoveErrorKind::NoPiece);
            };
            let promote = if piece.kind() == kind {
                false
            } else if piece.kind().promote() == Some(kind) {
                true
            } else {
                return error(5, CsaMoveErrorKind::PieceMismatch);
            };
            match Move::normal(from, to, promote) {
                Some(mv) => mv,
                None => return error(3, CsaMoveErrorKind::SameSquare),
            }
        };
        if self.is_legal(mv) { Ok(mv) } else { error(0, CsaMoveErrorKind::Illegal(mv)) }
    }

    /// The CSA spelling of a legal move.
    ///
    /// ```
    /// use hayanagi::{Move, Position, Square};
    /// let pos = Position::startpos();
    /// let mv = pos.parse_usi_move("2g2f").unwrap();
    /// assert_eq!(pos.csa_move(mv).unwrap().to_string(), "+2726FU");
    /// assert!(pos.csa_move(Move::normal(Square::SQ_2G, Square::SQ_2E, false).unwrap()).is_err());
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not legal here.
    pub fn csa_move(&self, mv: Move) -> Result<CsaMove, IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        let (from, kind) = match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => {
                let Some(piece) = self.piece_at(from) else { return Err(IllegalMove(mv)) };
                let kind = if mv.is_promotion() { piece.kind().promote() } else { Some(piece.kind()) };
                let Some(kind) = kind else { return Err(IllegalMove(mv)) };
                (Some(from), kind)
            }
            (None, Some(kind)) => (None, kind),
            (None, None) => return Err(IllegalMove(mv)),
        };
        Ok(CsaMove { color: self.side_to_move(), from, to: mv.to(), kind })
    }
}

#[cfg(test)]
mod tests {
    use crate::{CsaMoveErrorKind, Position};

    #[test]
    fn every_legal_move_round_trips() {
        let pos: Position = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1".parse().unwrap();
        for &mv in pos.legal_moves().iter() {
            let text = std::format!("{}", pos.csa_move(mv).unwrap());
            assert_eq!(pos.parse_csa_move(text.as_bytes()), Ok(mv), "{text}");
        }
    }

    #[test]
    fn errors_name_the_byte() {
        let pos = Position::startpos();
        let kind = |text: &[u8]| pos.parse_csa_move(text).map_err(|e| (e.offset(), e.kind()));
        assert_eq!(kind(b""), Err((0, CsaMoveErrorKind::Truncated)));
        assert_eq!(kind(b"*7776FU"), Err((0, CsaMoveErrorKind::Sign)));
        assert_eq!(kind(b"-3334FU"), Err((0, CsaMoveErrorKind::WrongSide)));
        assert_eq!(kind(b"+7x76FU"), Err((2, CsaMoveErrorKind::Square)));
        assert_eq!(kind(b"+7770FU"), Err((3, CsaMoveErrorKind::Square)));
        assert_eq!(kind(b"+7776F"), Err((6, CsaMoveErrorKind::Truncated)));
        assert_eq!(kind(b"+7776XX"), Err((5, CsaMoveErrorKind::Piece)));
        assert_eq!(kind(b"+7776FU,"), Err((7, CsaMoveErrorKind::Trailing)));
        assert_eq!(kind(b"+5556FU"), Err((1, CsaMoveErrorKind::NoPiece)));
        assert_eq!(kind(b"+0055OU"), Err((5, CsaMoveErrorKind::PieceMismatch)));
        assert!(matches!(kind(b"+7775FU"), Err((0, CsaMoveErrorKind::Illegal(_)))));
        assert!(matches!(kind(b"+0055FU"), Err((0, CsaMoveErrorKind::Illegal(_)))));
        assert!(matches!(kind(b"+7776TO"), Err((0, CsaMoveErrorKind::Illegal(_)))));
    }
}
