//! Pieces: a kind with a colour.

use core::fmt;

use super::geometry;
use super::{color::Color, parse_error::ParseError, piece_kind::PieceKind, square::Square};

/// A piece on the board: a colour and a kind.
///
/// ```
/// use hayanagi::{Color, Piece, PieceKind};
/// const WHITE_HORSE: Piece = Piece::new(Color::White, PieceKind::Horse);
/// assert_eq!(WHITE_HORSE.to_string(), "+b");
/// assert_eq!(WHITE_HORSE.color(), Color::White);
/// assert_eq!(Piece::try_index(WHITE_HORSE.index()), Some(WHITE_HORSE));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    color: Color,
    kind: PieceKind,
}

impl Piece {
    /// Number of distinct pieces (2 colours x 14 kinds).
    ///
    /// ```
    /// use hayanagi::Piece;
    /// assert_eq!(Piece::NUM, 28);
    /// assert!((0..Piece::NUM).all(|i| Piece::try_index(i).map(|p| p.index()) == Some(i)));
    /// ```
    pub const NUM: usize = Color::NUM * PieceKind::NUM;

    /// The piece of `color` and `kind`.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind, Position, Square};
    /// let king = Piece::new(Color::Black, PieceKind::King);
    /// assert_eq!(Position::startpos().piece_at(Square::SQ_5I), Some(king));
    /// assert_eq!(king.to_string(), "K");
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The colour.
    ///
    /// ```
    /// use hayanagi::{Color, Position, Square};
    /// let piece = Position::startpos().piece_at(Square::SQ_8B).unwrap();
    /// assert_eq!(piece.color(), Color::White);
    /// ```
    #[inline]
    #[must_use]
    pub const fn color(self) -> Color {
        self.color
    }

    /// The kind.
    ///
    /// ```
    /// use hayanagi::{PieceKind, Position, Square};
    /// let piece = Position::startpos().piece_at(Square::SQ_8B).unwrap();
    /// assert_eq!(piece.kind(), PieceKind::Rook);
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> PieceKind {
        self.kind
    }

    /// Index `color * 14 + kind`, 0 to 27.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::new(Color::Black, PieceKind::Pawn).index(), 0);
    /// assert_eq!(Piece::new(Color::White, PieceKind::Pawn).index(), 14);
    /// assert_eq!(Piece::new(Color::White, PieceKind::Dragon).index(), 27);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * PieceKind::NUM + self.kind.index()
    }

    /// The piece of an index, `None` if it is 28 or more.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::try_index(21), Some(Piece::new(Color::White, PieceKind::King)));
    /// assert_eq!(Piece::try_index(28), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<Piece> {
        match (Color::try_index(index / PieceKind::NUM), PieceKind::try_index(index % PieceKind::NUM)) {
            (Some(color), Some(kind)) => Some(Piece::new(color, kind)),
            _ => None,
        }
    }
}

impl Piece {
    /// The piece of one SFEN letter: its base kind, Black for uppercase and White for lowercase.
    #[inline]
    pub(crate) const fn from_letter(letter: u8) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() { Color::Black } else { Color::White };
        match PieceKind::from_base_letter(letter.to_ascii_uppercase()) {
            Some(kind) => Some(Piece::new(color, kind)),
            None => None,
        }
    }

    /// The SFEN letter of this piece's base kind, uppercase for Black and lowercase for White (a
    /// promoted piece is written `+` and this letter).
    #[inline]
    pub(crate) const fn letter(self) -> char {
        let letter = self.kind.base_letter();
        match self.color {
            Color::Black => letter,
            Color::White => letter.to_ascii_lowercase(),
        }
    }

    /// The piece written in SFEN letters (`P`, `+b`, `k`), `None` for anything else: the one reader
    /// behind [`Piece`]'s and [`PieceKind`]'s `FromStr`.
    pub(crate) fn from_sfen_bytes(text: &[u8]) -> Option<Piece> {
        match text {
            [letter] => Piece::from_letter(*letter),
            [b'+', letter] => Piece::from_letter(*letter)
                .and_then(|piece| piece.kind().promote().map(|promoted| Piece::new(piece.color(), promoted))),
            _ => None,
        }
    }

    /// Whether this piece standing on `square` could never move again: an unpromoted pawn or lance
    /// on its last rank, an unpromoted knight on its last two. No piece may be dropped where it
    /// would be dead, a move that ends there must promote, and a setup with a dead piece is refused.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind, Square};
    /// let knight = Piece::new(Color::Black, PieceKind::Knight);
    /// assert!(knight.is_dead_on(Square::SQ_5B) && !knight.is_dead_on(Square::SQ_5C));
    /// assert!(Piece::new(Color::White, PieceKind::Pawn).is_dead_on(Square::SQ_5I));
    /// assert!(!Piece::new(Color::Black, PieceKind::ProPawn).is_dead_on(Square::SQ_5A));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_dead_on(self, square: Square) -> bool {
        geometry::is_dead(self.color.index(), self.kind as u8, square.rank().index() as u8)
    }
}

/// Reads what [`Display`](fmt::Display) writes: SFEN letters, uppercase for Black and lowercase for
/// White, `+` before a promoted piece.
///
/// ```
/// use hayanagi::{Color, ParseError, Piece, PieceKind};
/// assert_eq!("+b".parse(), Ok(Piece::new(Color::White, PieceKind::Horse)));
/// assert_eq!("K".parse(), Ok(Piece::new(Color::Black, PieceKind::King)));
/// assert_eq!("+k".parse::<Piece>(), Err(ParseError::Piece));
/// ```
impl core::str::FromStr for Piece {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Piece, ParseError> {
        Piece::from_sfen_bytes(s.as_bytes()).ok_or(ParseError::Piece)
    }
}

impl fmt::Display for Piece {
    /// The SFEN spelling: uppercase for Black, lowercase for White, `+` before a promoted piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind.is_promoted() {
            f.write_str("+")?;
        }
        write!(f, "{}", self.letter())
    }
}
