//! The position: pieces on the board, pieces in hand, side to move, ply, and what is kept in step
//! with them on every move (bitboards by colour and by kind, king squares, the Zobrist key). The
//! checkers and the pinned pieces are not kept: they are computed when asked.

pub(crate) mod handicap;
mod keys;
pub(crate) mod movegen;
mod perft;
pub(crate) mod setup;

pub use movegen::{MoveFilter, MoveGroup, MoveGroupIter, Origin, Promotion};

use crate::between;
use crate::board::attacks::sliders_aimed_at;
use crate::types::geometry;
use crate::{
    Bitboard, Color, File, Hand, Move, Piece, PieceKind, Rank, Square, bishop_attacks, lance_attacks, rook_attacks,
    step_to, zobrist,
};

/// A shogi position.
///
/// The board is kept twice, as an array (what is on a square) and as bitboards per colour and per
/// kind (where the pieces of a kind are); both are updated together by every change. The Zobrist key
/// is updated incrementally. Nothing else is kept: the pieces giving check and the pinned pieces are
/// computed when asked (the generator asks once per generation), so a move costs only its changes.
///
/// Zero or one king per colour is allowed (tsume problems omit the attacker's king). A `Position`
/// holds no history: repetition is judged with a [`History`](crate::History) the caller keeps.
///
/// ```
/// use hayanagi::{Color, Position};
/// let pos = Position::startpos();
/// assert_eq!(pos.side_to_move(), Color::Black);
/// assert_eq!(pos.legal_moves().len(), 30);
/// assert!(!pos.in_check());
/// ```
///
/// ## Equality, hashing, printing
/// `==` compares board, hands, side to move **and the ply** (what the SFEN says; everything else a
/// position holds is derived from those). [`Position::same_position`] compares board, hands and side
/// only, as the repetition rule does. `Hash` agrees with `==`: it hashes the Zobrist
/// [`key`](Position::key) and the ply.
///
/// `Display` draws a board diagram: White's hand, the files `9` to `1`, nine ranks of three-character
/// cells (a piece in SFEN letters, `+` for a promoted one, uppercase Black and lowercase White, `.` for
/// an empty square) each followed by its rank letter, Black's hand (as [`Hand`]'s `Display`: `-` when
/// empty), and the side to move with the ply. `{:#}` writes the SFEN instead (as [`Position::sfen`]).
///
/// ```
/// use hayanagi::Position;
/// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d 8h2b+")?;
/// assert_eq!(pos.to_string(), "\
/// white hand: -
///   9  8  7  6  5  4  3  2  1
///   l  n  s  g  k  g  s  n  l  a
///   .  r  .  .  .  .  . +B  .  b
///   p  p  p  p  p  p  .  p  p  c
///   .  .  .  .  .  .  p  .  .  d
///   .  .  .  .  .  .  .  .  .  e
///   .  .  P  .  .  .  .  .  .  f
///   P  P  .  P  P  P  P  P  P  g
///   .  .  .  .  .  .  .  R  .  h
///   L  N  S  G  K  G  S  N  L  i
/// black hand: B
/// white to move, ply 4
/// ");
/// assert_eq!(format!("{pos:#}"), pos.sfen().to_string());
/// # Ok::<(), hayanagi::UsiError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; Square::NUM],
    by_color: [Bitboard; Color::NUM],
    by_kind: [Bitboard; PieceKind::NUM],
    hands: [Hand; Color::NUM],
    kings: [Option<Square>; Color::NUM],
    side: Color,
    ply: u64,
    key: u64,
}

/// The receipt of one move: what [`Position::undo`] needs to take it back. Returned by
/// [`Position::play`] and [`Position::play_unchecked`].
///
/// It holds the move, the captured piece and the Zobrist key from before the move, and it names the
/// position the move produced by its Zobrist key and ply. [`Position::undo`] takes the move back only
/// in that position; given any other position (another move played since, a different game, the record
/// of an earlier move) it returns [`UndoError::NotLastMove`] and changes nothing. What this cannot tell
/// apart is the same position (same board, hands, side to move and ply) reached by another sequence of
/// moves; there undo restores exactly the position the record was made in, which is a real position and
/// consistent with its key. A different position with the same 64-bit key and the same ply would go
/// undetected (a chance of 2^-64 per wrong call).
///
/// ```
/// use hayanagi::{Position, UndoError};
/// let mut pos = Position::startpos();
/// let first = pos.play(pos.parse_usi_move("7g7f")?)?;
/// let second = pos.play(pos.parse_usi_move("3c3d")?)?;
/// assert_eq!(first.mv().to_string(), "7g7f");
/// assert_eq!(pos.undo(first), Err(UndoError::NotLastMove)); // 3c3d was played after it
/// pos.undo(second)?;
/// pos.undo(first)?;
/// assert_eq!(pos, Position::startpos());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Undo {
    pub(crate) key_before: u64,
    pub(crate) key_after: u64,
    pub(crate) ply_after: u64,
    pub(crate) mv: Move,
    pub(crate) captured: Option<Piece>,
}

/// What [`Position::make`] returns and [`Position::unmake`] takes: the part of an [`Undo`] that
/// restores the position. Perft keeps only this (the move is in its list, and it always takes back
/// its own last move), which spares it the stores of the checked record's key, ply and move.
#[derive(Clone, Copy)]
pub(crate) struct Restore {
    key: u64,
    captured: Option<Piece>,
}

impl Undo {
    /// The move this record takes back.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let undo = pos.play(pos.parse_usi_move("2g2f")?)?;
    /// assert_eq!(undo.mv().to_string(), "2g2f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn mv(&self) -> Move {
        self.mv
    }

    /// The piece the move captured, as it stood on the board (promoted or not).
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind, Position};
    /// let mut pos = Position::from_sfen("4k4/9/4p4/9/9/9/9/4R4/4K4 b - 1")?;
    /// let undo = pos.play(pos.parse_usi_move("5h5c+")?)?;
    /// assert_eq!(undo.captured(), Some(Piece::new(Color::White, PieceKind::Pawn)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn captured(&self) -> Option<Piece> {
        self.captured
    }

    /// The Zobrist key of the position before the move.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let undo = pos.play(pos.parse_usi_move("2g2f")?)?;
    /// assert_eq!(undo.key_before(), Position::startpos().key());
    /// assert_eq!(undo.key_after(), pos.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn key_before(&self) -> u64 {
        self.key_before
    }

    /// The Zobrist key of the position the move produced (the only one [`Position::undo`] accepts
    /// the record in, together with [`Undo::ply_after`]).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let undo = pos.play(pos.parse_usi_move("2g2f")?)?;
    /// assert_eq!((undo.key_after(), undo.ply_after()), (pos.key(), 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn key_after(&self) -> u64 {
        self.key_after
    }

    /// The ply of the position the move produced.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let undo = pos.play(pos.parse_usi_move("2g2f")?)?;
    /// assert_eq!(undo.ply_after(), pos.ply());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn ply_after(&self) -> u64 {
        self.ply_after
    }
}

/// Why [`Position::play`] or [`Position::pass`] refused; the position is unchanged.
///
/// ```
/// use hayanagi::{PlayError, Position};
/// let mut pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615")?;
/// let mv = pos.parse_usi_move("5i5h")?;
/// assert_eq!(pos.play(mv), Err(PlayError::PlyLimit));
/// assert_eq!(pos.ply(), u64::MAX);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayError {
    /// The move is not legal in the position ([`Position::play`]).
    Illegal(Move),
    /// The position is at ply `u64::MAX`, the last one a `u64` holds: no move can be played from
    /// it ([`Position::play`]). The C API answers the same (`HAYANAGI_ERR_PLY_OVERFLOW`), and so
    /// does a USI `position` command ([`UsiErrorKind::PlyLimit`](crate::UsiErrorKind::PlyLimit)).
    PlyLimit,
    /// The side to move is in check, and a pass would leave its king capturable
    /// ([`Position::pass`]).
    PassInCheck,
}

impl core::fmt::Display for PlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlayError::Illegal(mv) => write!(f, "illegal move {mv}"),
            PlayError::PlyLimit => f.write_str("the ply is at 18446744073709551615: no move can be played"),
            PlayError::PassInCheck => f.write_str("the side to move is in check and cannot pass"),
        }
    }
}

impl core::error::Error for PlayError {}

/// The error of a function that needs a move legal in the position (such as
/// [`Position::csa_move`]): the move is not.
///
/// ```
/// use hayanagi::{IllegalMove, Move, Position, Square};
/// let mv = Move::normal(Square::SQ_5E, Square::SQ_5D, false).unwrap();
/// assert_eq!(Position::startpos().csa_move(mv), Err(IllegalMove(mv)));
/// assert_eq!(IllegalMove(mv).to_string(), "illegal move 5e5d");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalMove(pub Move);

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl core::error::Error for IllegalMove {}

/// Why [`Position::undo`] refused; the position is unchanged.
///
/// ```
/// use hayanagi::{Position, UndoError};
/// let mut pos = Position::startpos();
/// let undo = pos.play(pos.parse_usi_move("7g7f")?)?;
/// let mut other = Position::startpos();
/// assert_eq!(other.undo(undo), Err(UndoError::NotLastMove));
/// assert_eq!(other, Position::startpos());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UndoError {
    /// The position is not the one the record's move produced: its key or ply differs from those
    /// the record names (see [`Undo`] for what is detected).
    NotLastMove,
}

impl core::fmt::Display for UndoError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            UndoError::NotLastMove => f.write_str("the undo record is not of the last move played on this position"),
        }
    }
}

impl core::error::Error for UndoError {}

/// True when `piece` standing on `square` attacks `king`, with `occupied` blocking its slides.
///
/// The same answer as `attacks(piece, square, occupied).contains(king)`, but from a step table, the
/// empty-board lines and one `between` read instead of magic lookups (and without dividing square
/// numbers into rows and columns): bulk perft asks it after every move.
#[inline(always)]
pub(crate) fn attacks_king(piece: Piece, square: Square, king: Square, occupied: Bitboard) -> bool {
    let color = piece.color();
    let kind = piece.kind();
    if crate::step_attacks(color, kind, square).contains(king) {
        return true;
    }
    let (at, none) = (Bitboard::from_square(square), Bitboard::EMPTY);
    let aimed = match kind {
        PieceKind::Lance => sliders_aimed_at(color, king, none, none, at),
        PieceKind::Bishop | PieceKind::Horse => sliders_aimed_at(color, king, none, at, none),
        PieceKind::Rook | PieceKind::Dragon => sliders_aimed_at(color, king, at, none, none),
        _ => return false,
    };
    !aimed.is_empty() && !between(square, king).intersects(occupied)
}

/// True when `a` and `b` share a file, rank or diagonal.
#[inline(always)]
pub(crate) fn aligned(a: Square, b: Square) -> bool {
    let (rows, cols) = offset(a, b);
    rows == 0 || cols == 0 || rows == cols || rows == -cols
}

/// Rows and columns from `from` to `to` (positive toward rank `i` and file 1).
#[inline(always)]
fn offset(from: Square, to: Square) -> (i32, i32) {
    geometry::delta(from.index() as i32, to.index() as i32)
}

const START_BACK: [PieceKind; 9] = [
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::King,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
];

impl Position {
    /// The initial position (平手), Black to move, ply 1.
    ///
    /// ```
    /// use hayanagi::{Color, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.side_to_move(), Color::Black);
    /// assert_eq!(pos.ply(), 1);
    /// assert_eq!(pos.sfen().to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    /// ```
    #[must_use]
    pub fn startpos() -> Position {
        let mut board = [None; Square::NUM];
        for (file, back) in File::ALL.into_iter().zip(START_BACK) {
            board[Square::new(file, Rank::A).index()] = Some(Piece::new(Color::White, back));
            board[Square::new(file, Rank::C).index()] = Some(Piece::new(Color::White, PieceKind::Pawn));
            board[Square::new(file, Rank::G).index()] = Some(Piece::new(Color::Black, PieceKind::Pawn));
            board[Square::new(file, Rank::I).index()] = Some(Piece::new(Color::Black, back));
        }
        board[Square::SQ_8B.index()] = Some(Piece::new(Color::White, PieceKind::Rook));
        board[Square::SQ_2B.index()] = Some(Piece::new(Color::White, PieceKind::Bishop));
        board[Square::SQ_8H.index()] = Some(Piece::new(Color::Black, PieceKind::Bishop));
        board[Square::SQ_2H.index()] = Some(Piece::new(Color::Black, PieceKind::Rook));
        Position::from_parts(&board, [Hand::EMPTY; 2], Color::Black, 1)
    }

    /// Builds a position from its plain parts without checking the rules (the SFEN parser checks
    /// them first). More than one king of a colour keeps the last one as "the" king.
    pub(crate) fn from_parts(
        board: &[Option<Piece>; Square::NUM],
        hands: [Hand; 2],
        side: Color,
        ply: u64,
    ) -> Position {
        // One pass with no branch on what a square holds (an SFEN makes that unpredictable): each
        // square's bit joins the set of its piece (slot 0 for an empty square, dropped).
        let mut by_piece = [Bitboard::EMPTY; Piece::NUM + 1];
        for square in Square::ALL {
            let slot = board[square.index()].map_or(0, |piece| piece.index() + 1);
            if let Some(set) = by_piece.get_mut(slot) {
                *set |= Bitboard::from_square(square);
            }
        }
        Position::from_piece_sets(board, &by_piece, hands, side, ply)
    }

    /// No piece on the board or in a hand, Black to move, ply 1 (a position the SFEN rules accept:
    /// kings may be missing and material incomplete), and its key. What an in-place packed reader
    /// leaves on an error.
    pub(crate) fn empty() -> Position {
        let mut pos = Position::PLACEHOLDER;
        pos.key = keys::hands_key(&pos.hands);
        pos
    }

    /// [`Position::empty`] with a key of 0, so not a consistent position: only a value each field of
    /// which is written before it is used (what a by-value packed reader starts from).
    pub(crate) const PLACEHOLDER: Position = Position {
        board: [None; Square::NUM],
        by_color: [Bitboard::EMPTY; Color::NUM],
        by_kind: [Bitboard::EMPTY; PieceKind::NUM],
        hands: [Hand::EMPTY; Color::NUM],
        kings: [None; Color::NUM],
        side: Color::Black,
        ply: 1,
        key: 0,
    };

    /// The board and the colour and kind sets of this position, cleared, for a packed reader to fill
    /// in one pass over its codes before [`Position::finish_decoding`] (the position is not
    /// consistent in between).
    #[inline(always)]
    pub(crate) fn decoding(
        &mut self,
    ) -> (&mut [Option<Piece>; Square::NUM], &mut [Bitboard; Color::NUM], &mut [Bitboard; PieceKind::NUM]) {
        self.board = [None; Square::NUM];
        self.by_color = [Bitboard::EMPTY; Color::NUM];
        self.by_kind = [Bitboard::EMPTY; PieceKind::NUM];
        (&mut self.board, &mut self.by_color, &mut self.by_kind)
    }

    /// Completes a position whose board and colour and kind sets [`Position::decoding`] handed out
    /// and a packed reader filled: they agree (one king of each colour), and `board_key` is the XOR
    /// of [`zobrist::board`] over the occupied squares (the hands' and side's keys are added here).
    #[inline(always)]
    pub(crate) fn finish_decoding(&mut self, hands: [Hand; 2], side: Color, ply: u64, board_key: u64) {
        let king = |color: Color| {
            let set = (self.by_color[color.index()] & self.by_kind[PieceKind::King.index()]).to_u128();
            Square::try_index(set.trailing_zeros() as usize)
        };
        self.kings = [king(Color::Black), king(Color::White)];
        self.key = board_key ^ if side == Color::White { zobrist::SIDE } else { 0 } ^ keys::hands_key(&hands);
        self.hands = hands;
        self.side = side;
        self.ply = ply;
        debug_assert_eq!(self.key, self.compute_key());
    }

    /// [`Position::from_parts`] for a caller that has also built the squares of each piece:
    /// `by_piece[1 + piece.index()]` holds exactly the squares where `board` has `piece` (slot 0 is
    /// not read). The packed readers fill both as they decode, so no pass over the 81 squares is left.
    #[inline(always)]
    pub(crate) fn from_piece_sets(
        board: &[Option<Piece>; Square::NUM],
        by_piece: &[Bitboard; Piece::NUM + 1],
        hands: [Hand; 2],
        side: Color,
        ply: u64,
    ) -> Position {
        let mut by_color = [Bitboard::EMPTY; Color::NUM];
        let mut by_kind = [Bitboard::EMPTY; PieceKind::NUM];
        let mut kings = [None; Color::NUM];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let set = by_piece.get(Piece::new(color, kind).index() + 1).copied().unwrap_or(Bitboard::EMPTY);
                by_color[color.index()] |= set;
                by_kind[kind.index()] |= set;
            }
            // More than one king of a colour: the last in reading order is "the" king.
            let own_kings = by_piece
                .get(Piece::new(color, PieceKind::King).index() + 1)
                .copied()
                .unwrap_or(Bitboard::EMPTY)
                .to_u128();
            kings[color.index()] =
                (own_kings != 0).then(|| 127 - own_kings.leading_zeros() as usize).and_then(Square::try_index);
        }
        // The key over the occupied squares only: one loop whose length is the number of pieces.
        let mut key = if side == Color::White { zobrist::SIDE } else { 0 };
        for square in by_color[0] | by_color[1] {
            if let Some(piece) = board[square.index()] {
                key ^= zobrist::board(piece, square);
            }
        }
        key ^= keys::hands_key(&hands);
        let pos = Position { board: *board, by_color, by_kind, hands, kings, side, ply, key };
        debug_assert_eq!(pos.key, pos.compute_key());
        pos
    }

    // ----- reading -----

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.piece_at(Square::SQ_2H), Some(Piece::new(Color::Black, PieceKind::Rook)));
    /// assert_eq!(pos.piece_at(Square::SQ_5E), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        // `get`, not `[]`: a square is always below 81, but where the compiler cannot see that (a
        // square decoded from a move group) indexing would link the panic machinery into every caller.
        match self.board.get(square.index()) {
            Some(&piece) => piece,
            None => None,
        }
    }

    /// The piece `mv` moves: the piece on its origin square, or for a drop the dropped kind in the
    /// colour of the side to move (promotion not applied). `None` for a board move from an empty
    /// square or a drop of a piece the side to move does not hold; the move is not otherwise checked.
    ///
    /// With [`Move::from`], [`Move::to`], [`Move::is_promotion`], [`Move::drop_kind`] and
    /// [`Position::captured_piece`], this is the readable view of a move.
    ///
    /// ```
    /// use hayanagi::{Color, Piece, PieceKind, Position};
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d")?;
    /// let mv = pos.parse_usi_move("8h2b+")?;
    /// assert_eq!(pos.moved_piece(mv), Some(Piece::new(Color::Black, PieceKind::Bishop)));
    /// assert_eq!(pos.captured_piece(mv), Some(Piece::new(Color::White, PieceKind::Bishop)));
    /// assert_eq!((mv.from().map(|sq| sq.to_string()), mv.to().to_string(), mv.is_promotion()), (Some("8h".into()), "2b".into(), true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn moved_piece(&self, mv: Move) -> Option<Piece> {
        match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => self.piece_at(from),
            (None, Some(kind)) if self.hand(self.side).count(kind) > 0 => Some(Piece::new(self.side, kind)),
            _ => None,
        }
    }

    /// The piece `mv` captures, as it stands on the board (promoted or not): the piece on its
    /// destination for a board move, `None` for a drop or a move to an empty square. The move is not
    /// checked (see [`Position::is_legal`]).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos = Position::startpos();
    /// assert_eq!(pos.captured_piece(pos.parse_usi_move("7g7f")?), None);
    /// # Ok::<(), hayanagi::UsiMoveError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn captured_piece(&self, mv: Move) -> Option<Piece> {
        if mv.is_drop() { None } else { self.piece_at(mv.to()) }
    }

    /// The board as an array indexed by [`Square::index`].
    ///
    /// ```
    /// use hayanagi::{Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.board()[Square::SQ_5I.index()], pos.piece_at(Square::SQ_5I));
    /// assert_eq!(pos.board().iter().flatten().count(), 40);
    /// ```
    #[inline]
    #[must_use]
    pub fn board(&self) -> &[Option<Piece>; Square::NUM] {
        &self.board
    }

    /// What `color` holds in hand.
    ///
    /// ```
    /// use hayanagi::{Color, PieceKind, Position};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b 2Pb 1".parse()?;
    /// assert_eq!(pos.hand(Color::Black).count(PieceKind::Pawn), 2);
    /// assert_eq!(pos.hand(Color::White).count(PieceKind::Bishop), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The side to move.
    ///
    /// ```
    /// use hayanagi::{Color, Position};
    /// let pos = Position::from_usi_position("startpos moves 7g7f")?;
    /// assert_eq!(pos.side_to_move(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number as in SFEN (1 for the first move of a game), increased by every move; it stays
    /// at `u64::MAX` once there (a ply of 0 would not read back as SFEN).
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert_eq!(Position::startpos().ply(), 1);
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d")?;
    /// assert_eq!(pos.ply(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn ply(&self) -> u64 {
        self.ply
    }

    /// The Zobrist key of board, hands and side to move (not of the ply).
    ///
    /// ```
    /// use hayanagi::Position;
    /// // The same position reached by two move orders has one key; the ply does not count.
    /// let a = Position::from_usi_position("startpos moves 7g7f 3c3d 2g2f")?;
    /// let b = Position::from_usi_position("startpos moves 2g2f 3c3d 7g7f")?;
    /// assert_eq!(a.key(), b.key());
    /// assert_ne!(a.key(), Position::startpos().key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The square of `color`'s king; `None` if it has none.
    ///
    /// ```
    /// use hayanagi::{Color, Position, Square};
    /// assert_eq!(Position::startpos().king(Color::White), Some(Square::SQ_5A));
    /// let pos = Position::from_usi_position("startpos moves 5i5h")?;
    /// assert_eq!(pos.king(Color::Black), Some(Square::SQ_5H));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// Every occupied square.
    ///
    /// ```
    /// use hayanagi::{Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.occupied().count(), 40);
    /// assert!(pos.occupied().contains(Square::SQ_7G));
    /// assert!(!pos.occupied().contains(Square::SQ_7F));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    ///
    /// ```
    /// use hayanagi::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.colored(Color::Black).count(), 20);
    /// assert!(pos.colored(Color::White).contains(Square::SQ_8B));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `kind`, both colours.
    ///
    /// ```
    /// use hayanagi::{PieceKind, Position, Square};
    /// let pos = Position::startpos();
    /// let rooks: Vec<Square> = pos.kind(PieceKind::Rook).into_iter().collect();
    /// assert_eq!(rooks, [Square::SQ_8B, Square::SQ_2H]);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    ///
    /// ```
    /// use hayanagi::{Color, PieceKind, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.pieces(Color::Black, PieceKind::Pawn).count(), 9);
    /// assert_eq!(pos.pieces(Color::Black, PieceKind::Bishop).lsb(), Some(Square::SQ_8H));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The pieces giving check to the side to move.
    ///
    /// Computed on each call (a few lookups from the king's square), not kept: a move does not
    /// update it, so that the leaves of a search, which nobody asks, cost nothing for it. The
    /// generator asks once per generation.
    ///
    /// ```
    /// use hayanagi::{Position, Square};
    /// // White's king on 5a is checked by the rook on 5i and the knight on 4c.
    /// let pos: Position = "4k4/9/5N3/9/9/9/9/9/K3R4 w - 1".parse()?;
    /// let checkers: Vec<Square> = pos.checkers().into_iter().collect();
    /// assert_eq!(checkers, [Square::SQ_4C, Square::SQ_5I]);
    /// assert!(Position::startpos().checkers().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.side) {
            Some(king) => self.attackers_to(self.side.flip(), king, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// True when the side to move is in check (computed on each call; it stops at the first
    /// attacker found).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/K3R4 w - 1".parse()?;
    /// assert!(pos.in_check());
    /// assert!(!Position::startpos().in_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn in_check(&self) -> bool {
        match self.king(self.side) {
            Some(king) => self.attacks_square(self.side.flip(), king, self.occupied()),
            None => false,
        }
    }

    /// The side to move's pieces pinned to its king: each is the only piece between the king and an
    /// enemy rook, bishop, lance, dragon or horse that would attack the king without it.
    ///
    /// Computed on each call (a few lookups), not kept: most positions a search reaches are never
    /// asked for their pins.
    ///
    /// ```
    /// use hayanagi::{Position, Square};
    /// // White's gold on 5c stands between its king and Black's rook on 5i.
    /// let pos: Position = "4k4/9/4g4/9/9/9/9/9/K3R4 w - 1".parse()?;
    /// let pinned: Vec<Square> = pos.pinned().into_iter().collect();
    /// assert_eq!(pinned, [Square::SQ_5C]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        self.blockers(self.side) & self.by_color[self.side.index()]
    }

    /// Squares of pieces that move like a gold (gold and the four promoted small pieces).
    #[inline(always)]
    pub(crate) fn golds(&self) -> Bitboard {
        self.by_kind[PieceKind::Gold.index()]
            | self.by_kind[PieceKind::ProPawn.index()]
            | self.by_kind[PieceKind::ProLance.index()]
            | self.by_kind[PieceKind::ProKnight.index()]
            | self.by_kind[PieceKind::ProSilver.index()]
    }

    /// `color`'s pieces that attack `square` when `occupied` are the occupied squares (only the
    /// sliders look at `occupied`; the pieces themselves are those on the board).
    ///
    /// ```
    /// use hayanagi::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// // Black reaches 5e with nothing, 2g with the rook on 2h.
    /// let occupied = pos.occupied();
    /// assert!(pos.attackers_to(Color::Black, Square::SQ_5E, occupied).is_empty());
    /// assert_eq!(pos.attackers_to(Color::Black, Square::SQ_2G, occupied).lsb(), Some(Square::SQ_2H));
    /// // With 2g emptied, the rook also sees 2c.
    /// let open = occupied.without(Square::SQ_2G);
    /// assert_eq!(pos.attackers_to(Color::Black, Square::SQ_2C, open).lsb(), Some(Square::SQ_2H));
    /// ```
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, color: Color, square: Square, occupied: Bitboard) -> Bitboard {
        (self.step_attackers(color, square) & self.by_color[color.index()])
            | self.slider_attackers(color, square, occupied)
    }

    /// Pieces of any colour standing where a piece of `color` of their kind would reach `square` in
    /// one step (the king's steps stand for the horse's and dragon's too).
    #[inline(always)]
    fn step_attackers(&self, color: Color, square: Square) -> Bitboard {
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        (step_to(color, PieceKind::Pawn, square) & k(PieceKind::Pawn))
            | (step_to(color, PieceKind::Knight, square) & k(PieceKind::Knight))
            | (step_to(color, PieceKind::Silver, square) & k(PieceKind::Silver))
            | (step_to(color, PieceKind::Gold, square) & self.golds())
            | (step_to(color, PieceKind::King, square)
                & (k(PieceKind::King) | k(PieceKind::Horse) | k(PieceKind::Dragon)))
    }

    /// True when `color` attacks `square` with `occupied` blocking the sliders; the same answer as
    /// `!attackers_to(..).is_empty()`, but stops at the first kind that attacks.
    #[inline]
    pub(crate) fn attacks_square(&self, color: Color, square: Square, occupied: Bitboard) -> bool {
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        let own = self.by_color[color.index()];
        if self.step_attackers(color, square).intersects(own) {
            return true;
        }
        let rooks = (k(PieceKind::Rook) | k(PieceKind::Dragon)) & own;
        if !rooks.is_empty() && rook_attacks(square, occupied).intersects(rooks) {
            return true;
        }
        let bishops = (k(PieceKind::Bishop) | k(PieceKind::Horse)) & own;
        if !bishops.is_empty() && bishop_attacks(square, occupied).intersects(bishops) {
            return true;
        }
        let lances = k(PieceKind::Lance) & own;
        !lances.is_empty() && lance_attacks(color.flip(), square, occupied).intersects(lances)
    }

    /// True when `color` attacks `square` with the current occupancy.
    ///
    /// ```
    /// use hayanagi::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_attacked(Color::Black, Square::SQ_7F)); // the pawn on 7g
    /// assert!(!pos.is_attacked(Color::Black, Square::SQ_5E));
    /// ```
    #[inline]
    #[must_use]
    pub fn is_attacked(&self, color: Color, square: Square) -> bool {
        self.attacks_square(color, square, self.occupied())
    }

    /// `color`'s sliders that see `square` through at most the pieces in `occupied`.
    #[inline(always)]
    pub(crate) fn slider_attackers(&self, color: Color, square: Square, occupied: Bitboard) -> Bitboard {
        let k = |kind: PieceKind| self.by_kind[kind.index()];
        ((rook_attacks(square, occupied) & (k(PieceKind::Rook) | k(PieceKind::Dragon)))
            | (bishop_attacks(square, occupied) & (k(PieceKind::Bishop) | k(PieceKind::Horse)))
            | (lance_attacks(color.flip(), square, occupied) & k(PieceKind::Lance)))
            & self.by_color[color.index()]
    }

    /// The pieces (of either colour) that stand alone between `color`'s king and an enemy slider
    /// aimed at it. Those of `color` are pinned; those of the enemy give discovered check if they move.
    pub(crate) fn blockers(&self, color: Color) -> Bitboard {
        let Some(king) = self.king(color) else { return Bitboard::EMPTY };
        let them = color.flip();
        let k = |kind: PieceKind| self.by_kind[kind.index()] & self.by_color[them.index()];
        let snipers = sliders_aimed_at(
            them,
            king,
            k(PieceKind::Rook) | k(PieceKind::Dragon),
            k(PieceKind::Bishop) | k(PieceKind::Horse),
            k(PieceKind::Lance),
        );
        let occupied = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let b = between(king, sniper) & occupied;
            if !b.has_more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// The checkers right after `mv` was played (what [`Position::checkers`] computes from scratch),
    /// read from the move: the moved or dropped piece's attack on the king, and a slider uncovered
    /// behind the move's origin when that lies on a line with the king.
    #[inline(always)]
    pub(crate) fn checkers_after_move(&self, mv: Move) -> Bitboard {
        let mover = self.side.flip();
        let to = mv.to();
        let (Some(king), Some(&Some(moved))) = (self.king(self.side), self.board.get(to.index())) else {
            return self.checkers();
        };
        let occupied = self.occupied();
        let mut checkers =
            if attacks_king(moved, to, king, occupied) { Bitboard::from_square(to) } else { Bitboard::EMPTY };
        if let Some(from) = mv.from()
            && aligned(king, from)
        {
            checkers |= self.slider_attackers(mover, king, occupied);
        }
        debug_assert_eq!(checkers, self.checkers(), "checkers after {mv}");
        checkers
    }

    /// The Zobrist key computed from scratch (what [`Position::key`] keeps up to date).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// pos.play(pos.parse_usi_move("7g7f")?)?;
    /// assert_eq!(pos.compute_key(), pos.key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Color::White { zobrist::SIDE } else { 0 };
        for square in Square::ALL {
            if let Some(piece) = self.board[square.index()] {
                key ^= zobrist::board(piece, square);
            }
        }
        key ^ keys::hands_key(&self.hands)
    }

    // ----- changing -----

    #[inline(always)]
    fn put(&mut self, square: Square, piece: Piece) {
        let bb = Bitboard::from_square(square);
        self.board[square.index()] = Some(piece);
        self.by_color[piece.color().index()] |= bb;
        self.by_kind[piece.kind().index()] |= bb;
    }

    #[inline(always)]
    fn remove(&mut self, square: Square, piece: Piece) {
        let bb = Bitboard::from_square(square);
        self.board[square.index()] = None;
        self.by_color[piece.color().index()] ^= bb;
        self.by_kind[piece.kind().index()] ^= bb;
    }

    /// Adds one `kind` to `color`'s hand; returns the key change if `KEYED` (else 0).
    #[inline(always)]
    fn add_to_hand<const KEYED: bool>(&mut self, color: Color, kind: PieceKind) -> u64 {
        let delta = if KEYED {
            let count = self.hands[color.index()].get(kind);
            zobrist::hand_or_zero(color, kind, count) ^ zobrist::hand_or_zero(color, kind, count.wrapping_add(1))
        } else {
            0
        };
        self.hands[color.index()].add(kind);
        delta
    }

    /// Takes one `kind` from `color`'s hand; returns the key change if `KEYED` (else 0).
    #[inline(always)]
    fn take_from_hand<const KEYED: bool>(&mut self, color: Color, kind: PieceKind) -> u64 {
        let delta = if KEYED {
            let count = self.hands[color.index()].get(kind);
            zobrist::hand_or_zero(color, kind, count) ^ zobrist::hand_or_zero(color, kind, count.wrapping_sub(1))
        } else {
            0
        };
        self.hands[color.index()].remove(kind);
        delta
    }

    /// Plays `mv` if it is legal, returning the record [`Position::undo`] takes it back with.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] if `mv` is not legal here, [`PlayError::PlyLimit`] at ply `u64::MAX`;
    /// the position is then unchanged.
    ///
    /// ```
    /// use hayanagi::{Move, PlayError, Position, Square};
    /// let mut pos = Position::startpos();
    /// let mv = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
    /// let undo = pos.play(mv)?;
    /// assert_eq!(pos.play(mv), Err(PlayError::Illegal(mv))); // 7g is empty now
    /// pos.undo(undo)?;
    /// assert_eq!(pos, Position::startpos());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Undo, PlayError> {
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal(mv));
        }
        if self.ply == u64::MAX {
            return Err(PlayError::PlyLimit);
        }
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking it, returning what [`Position::undo`] needs to take it back.
    ///
    /// Contract: `mv` must be legal (generated by [`Position::legal_moves`] or accepted by
    /// [`Position::is_legal`]) and the ply below `u64::MAX` (both are what [`Position::play`]
    /// checks). A broken contract leaves some consistent but meaningless position (unchanged, for a
    /// move from an empty square; the ply wrapped to 0, which no SFEN reads back, at `u64::MAX`),
    /// which [`Position::undo_unchecked`] with the returned record takes back exactly; it never
    /// panics and never causes undefined behaviour.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// for &mv in pos.legal_moves().iter() {
    ///     let undo = pos.play_unchecked(mv);
    ///     assert_eq!(pos.ply(), 2);
    ///     pos.undo_unchecked(undo);
    /// }
    /// assert_eq!(pos, Position::startpos());
    /// ```
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let restore = self.make(mv);
        Undo { key_before: restore.key, key_after: self.key, ply_after: self.ply, mv, captured: restore.captured }
    }

    /// Plays `mv` under [`Position::play_unchecked`]'s contract; [`Position::unmake`] takes it back.
    #[inline(always)]
    pub(crate) fn make(&mut self, mv: Move) -> Restore {
        self.make_keyed::<true>(mv)
    }

    /// [`Position::make`], with the key left as it was unless `KEYED`: for a walk that never reads
    /// the key (perft), whose [`Position::unmake`] puts back the key it started from anyway.
    #[inline(always)]
    pub(crate) fn make_keyed<const KEYED: bool>(&mut self, mv: Move) -> Restore {
        let restore = Restore { key: self.key, captured: None };
        // The key is updated in a local and stored once: the bitboard stores in between would
        // otherwise make the compiler store and reload it after each.
        let mut key = self.key;
        let mut captured = None;
        let us = self.side;
        let to = mv.to();
        match mv.from() {
            None => {
                let Some(kind) = mv.drop_kind() else { return self.unplayed(restore) };
                if self.board[to.index()].is_some() || self.hands[us.index()].get(kind) == 0 {
                    return self.unplayed(restore);
                }
                key ^= self.take_from_hand::<KEYED>(us, kind);
                let piece = Piece::new(us, kind);
                self.put(to, piece);
                if KEYED {
                    key ^= zobrist::board(piece, to);
                }
            }
            Some(from) => {
                let Some(piece) = self.board[from.index()] else { return self.unplayed(restore) };
                if let Some(target) = self.board[to.index()] {
                    self.remove(to, target);
                    if KEYED {
                        key ^= zobrist::board(target, to);
                    }
                    if target.kind() == PieceKind::King {
                        self.kings[target.color().index()] = None;
                    } else {
                        key ^= self.add_to_hand::<KEYED>(us, target.kind().unpromote());
                    }
                    captured = Some(target);
                }
                self.remove(from, piece);
                if KEYED {
                    key ^= zobrist::board(piece, from);
                }
                // The same piece both ways, written apart for the code each compiles to (callgrind,
                // perft 4 from the start): keyed (the C API's plays), one load from `KIND_AFTER`,
                // about 9 instructions a move fewer than matching on both; key-free (perft), a
                // branch on the bit first made the compiler spill more in perft's loop (+13 M), so
                // there the match stays.
                let moved = if KEYED {
                    Piece::new(piece.color(), KIND_AFTER[mv.is_promotion() as usize][piece.kind().index()])
                } else {
                    match (mv.is_promotion(), piece.kind().promote()) {
                        (true, Some(promoted)) => Piece::new(piece.color(), promoted),
                        _ => piece,
                    }
                };
                self.put(to, moved);
                if KEYED {
                    key ^= zobrist::board(moved, to);
                }
                if moved.kind() == PieceKind::King {
                    self.kings[moved.color().index()] = Some(to);
                }
            }
        }
        self.side = us.flip();
        if KEYED {
            self.key = key ^ zobrist::SIDE;
        }
        self.ply = self.ply.wrapping_add(1);
        Restore { captured, ..restore }
    }

    /// A move `make` cannot play at all (from an empty square, or a drop of a kind not in hand):
    /// the position stays unchanged (a broken contract, documented on `play_unchecked`).
    #[cold]
    fn unplayed(&self, restore: Restore) -> Restore {
        restore
    }

    /// Takes back the move of `undo`, which must be the last move played on this position.
    ///
    /// # Errors
    /// [`UndoError::NotLastMove`] if this is not the position the record's move produced (its key or
    /// ply differs: another move was played since, or the record is of another position); the
    /// position is then unchanged. See [`Undo`] for what is detected.
    ///
    /// ```
    /// use hayanagi::{Position, UndoError};
    /// let mut pos = Position::startpos();
    /// let undo = pos.play(pos.parse_usi_move("7g7f")?)?;
    /// let other = pos.play(pos.parse_usi_move("3c3d")?)?;
    /// assert_eq!(pos.undo(undo), Err(UndoError::NotLastMove));
    /// pos.undo(other)?;
    /// pos.undo(undo)?;
    /// assert_eq!(pos, Position::startpos());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self, undo: Undo) -> Result<(), UndoError> {
        if self.key != undo.key_after || self.ply != undo.ply_after {
            return Err(UndoError::NotLastMove);
        }
        self.undo_unchecked(undo);
        Ok(())
    }

    /// Takes back the move of `undo` without checking that it is the last move played (what
    /// [`Position::undo`] checks): for search and perft, which always undo their own last move.
    ///
    /// Contract: `undo` is the record of the last move played on this position. A broken contract
    /// is caught by a debug assertion, or leaves some consistent but meaningless position; it never
    /// panics in a release build and never causes undefined behaviour.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// let undo = pos.play_unchecked(pos.parse_usi_move("7g7f")?);
    /// pos.undo_unchecked(undo);
    /// assert_eq!(pos, Position::startpos());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn undo_unchecked(&mut self, undo: Undo) {
        debug_assert!(
            self.key == undo.key_after && self.ply == undo.ply_after,
            "undo_unchecked: {} is not the last move played on {self:?}",
            undo.mv
        );
        self.unmake(undo.mv, Restore { key: undo.key_before, captured: undo.captured });
    }

    /// Takes back `mv`, the last move played, with what its [`Position::make`] returned.
    #[inline(always)]
    pub(crate) fn unmake(&mut self, mv: Move, restore: Restore) {
        let them = self.side;
        let us = them.flip();
        let to = mv.to();
        let Some(moved) = self.board[to.index()] else { return };
        if moved.color() != us {
            return;
        }
        self.remove(to, moved);
        match mv.from() {
            None => self.hands[us.index()].add(moved.kind()),
            Some(from) => {
                let piece = if mv.is_promotion() { Piece::new(us, moved.kind().unpromote()) } else { moved };
                self.put(from, piece);
                if piece.kind() == PieceKind::King {
                    self.kings[us.index()] = Some(from);
                }
                if let Some(captured) = restore.captured {
                    self.put(to, captured);
                    if captured.kind() == PieceKind::King {
                        self.kings[captured.color().index()] = Some(to);
                    } else {
                        self.hands[us.index()].remove(captured.kind().unpromote());
                    }
                }
            }
        }
        self.side = us;
        self.ply = self.ply.wrapping_sub(1);
        self.key = restore.key;
    }

    /// Passes the turn (a null move, for search): the side to move changes, nothing else (the ply
    /// stays, the key changes by [`zobrist::SIDE`](crate::zobrist::SIDE)). Take it back with a
    /// second pass.
    ///
    /// # Errors
    /// [`PlayError::PassInCheck`] if the side to move is in check (passing would leave its king
    /// capturable, a position [`Position::from_sfen`] rejects); the position is then unchanged.
    ///
    /// ```
    /// use hayanagi::{Color, PlayError, Position};
    /// let mut pos = Position::startpos();
    /// pos.pass()?;
    /// assert_eq!((pos.side_to_move(), pos.ply()), (Color::White, 1));
    /// pos.pass()?;
    /// assert_eq!(pos, Position::startpos());
    ///
    /// let mut checked = Position::from_sfen("4k4/4R4/9/9/9/9/9/9/4K4 w - 1")?;
    /// assert_eq!(checked.pass(), Err(PlayError::PassInCheck));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pass(&mut self) -> Result<(), PlayError> {
        if self.in_check() {
            return Err(PlayError::PassInCheck);
        }
        self.side = self.side.flip();
        self.key ^= zobrist::SIDE;
        Ok(())
    }
}

/// The kind a board move leaves on its destination, by the move's promotion bit and the kind that
/// moves: `[0]` the kind itself, `[1]` its promoted kind (the kind itself if it does not promote).
/// One load in place of the tests of [`PieceKind::promote`].
const KIND_AFTER: [[PieceKind; PieceKind::NUM]; 2] = {
    let mut table = [[PieceKind::Pawn; PieceKind::NUM]; 2];
    let mut i = 0;
    while i < PieceKind::NUM {
        let kind = PieceKind::ALL[i];
        table[0][i] = kind;
        table[1][i] = match kind.promote() {
            Some(promoted) => promoted,
            None => kind,
        };
        i += 1;
    }
    table
};

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position(\"{}\")", self.sfen())
    }
}

/// Consistent with `==`: equal positions have equal keys (a function of board, hands and side) and
/// equal plies.
impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
        state.write_u64(self.ply);
    }
}

/// The board diagram described on [`Position`]; `{:#}` writes the SFEN.
impl core::fmt::Display for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if f.alternate() {
            return write!(f, "{}", self.sfen());
        }
        writeln!(f, "white hand: {}", self.hand(Color::White))?;
        for file in (1..=9).rev() {
            write!(f, "  {file}")?;
        }
        f.write_str("\n")?;
        for rank in crate::Rank::ALL {
            for file in crate::File::ALL.iter().rev() {
                match self.piece_at(Square::new(*file, rank)) {
                    Some(piece) if piece.kind().is_promoted() => write!(f, " {piece}")?,
                    Some(piece) => write!(f, "  {piece}")?,
                    None => f.write_str("  .")?,
                }
            }
            writeln!(f, "  {rank}")?;
        }
        writeln!(f, "black hand: {}", self.hand(Color::Black))?;
        writeln!(f, "{} to move, ply {}", self.side, self.ply)
    }
}

/// Random walks for unit tests: from each of `sfens`, `walks` games of up to `plies` random legal
/// moves picked by a fixed-seed generator from `seed`; `visit` sees each position with its legal moves.
#[cfg(test)]
pub(crate) fn random_walks(
    sfens: &[&str],
    walks: usize,
    plies: usize,
    mut seed: u64,
    mut visit: impl FnMut(&Position, &crate::MoveList),
) {
    for sfen in sfens {
        for _ in 0..walks {
            let mut pos: Position = sfen.parse().unwrap();
            for _ in 0..plies {
                let mut moves = crate::MoveList::new();
                pos.generate_legal_moves(&mut moves);
                visit(&pos, &moves);
                let Some(&mv) = moves.get(crate::test_random(&mut seed) as usize % moves.len().max(1)) else { break };
                let _ = pos.play_unchecked(mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `attacks_king` is a shortcut for `attacks(..).contains(king)`: every piece, every pair of
    /// squares, with occupancies from a fixed-seed generator.
    #[test]
    fn attacks_king_agrees_with_the_attack_tables() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for index in 0..Piece::NUM {
            let Some(piece) = Piece::try_index(index) else { continue };
            for square in Square::ALL {
                for king in Square::ALL {
                    if king == square {
                        continue;
                    }
                    for _ in 0..4 {
                        let bits =
                            (next() as u128 | (next() as u128) << 64) & (next() as u128 | (next() as u128) << 64);
                        let occupied = Bitboard::from_u128(bits & Bitboard::FULL.to_u128()).unwrap_or_default();
                        assert_eq!(
                            attacks_king(piece, square, king, occupied),
                            crate::attacks(piece, square, occupied).contains(king),
                            "{piece} on {square}, king on {king}"
                        );
                    }
                }
            }
        }
    }
}
