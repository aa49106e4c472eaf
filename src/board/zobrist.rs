//! Zobrist keys for hashing positions, drawn at build time from a fixed-seed ChaCha stream.
//!
//! A position's key is the XOR of [`board`] for every piece on the board, [`hand`] for every
//! (colour, kind, count) of both hands (count 0 included), and [`SIDE`] when White is to move. All
//! keys are non-zero and distinct.

use crate::board::tables::{ZOBRIST_BOARD, ZOBRIST_HAND, ZOBRIST_SIDE};
use crate::{Color, Piece, PieceKind, Square};

/// Largest count of one kind a hand can hold (all 18 pawns).
///
/// ```
/// use hayanagi::{zobrist, Color, PieceKind};
/// assert_eq!(zobrist::MAX_HAND_COUNT, 18);
/// assert!(zobrist::hand(Color::Black, PieceKind::Pawn, zobrist::MAX_HAND_COUNT).is_some());
/// ```
pub const MAX_HAND_COUNT: u8 = crate::types::geometry::MAX_HAND_COUNT as u8;

/// Key XORed in when White is to move.
///
/// ```
/// use hayanagi::{zobrist, Position};
/// let black = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1")?;
/// let white = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w - 1")?;
/// assert_eq!(black.key() ^ white.key(), zobrist::SIDE);
/// # Ok::<(), hayanagi::SfenError>(())
/// ```
pub const SIDE: u64 = ZOBRIST_SIDE;

/// Key of `piece` on `square`.
///
/// ```
/// use hayanagi::{zobrist, Color, Piece, PieceKind, Position, Square};
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1")?;
/// let without_black_king = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b - 1")?;
/// let king = Piece::new(Color::Black, PieceKind::King);
/// assert_eq!(pos.key() ^ without_black_king.key(), zobrist::board(king, Square::SQ_5I));
/// # Ok::<(), hayanagi::SfenError>(())
/// ```
#[inline(always)]
#[must_use]
pub fn board(piece: Piece, square: Square) -> u64 {
    ZOBRIST_BOARD[piece.color().index()][piece.kind().index()][square.index()]
}

/// [`board`] by the piece's index ([`Piece::index`], 0-27), which picks its row of the table at once
/// (for a reader that has the index at hand: the packed decoders' slots); 0 for an index of 28 or
/// more.
#[inline(always)]
pub(crate) fn board_of_index(piece_index: usize, square: Square) -> u64 {
    ZOBRIST_BOARD.as_flattened().get(piece_index).map_or(0, |row| row[square.index()])
}

/// Key of `color` holding `count` pieces of `kind`; `None` if `kind` cannot be held in hand or
/// `count` exceeds [`MAX_HAND_COUNT`].
///
/// ```
/// use hayanagi::{zobrist, Color, PieceKind};
/// assert!(zobrist::hand(Color::White, PieceKind::Pawn, 18).is_some());
/// assert_eq!(zobrist::hand(Color::White, PieceKind::Pawn, 19), None);
/// assert_eq!(zobrist::hand(Color::Black, PieceKind::King, 1), None);
/// ```
#[inline]
#[must_use]
pub fn hand(color: Color, kind: PieceKind, count: u8) -> Option<u64> {
    ZOBRIST_HAND.get(color.index())?.get(kind.index())?.get(count as usize).copied()
}

/// [`hand`] as make, undo and the key computation use it: 0 where `hand` is `None` (a count beyond the
/// table, which only an unchecked move on a position no game reaches can produce), so that they need
/// no branch.
#[inline(always)]
pub(crate) fn hand_or_zero(color: Color, kind: PieceKind, count: u8) -> u64 {
    match ZOBRIST_HAND[color.index()].get(kind.index()).and_then(|keys| keys.get(count as usize)) {
        Some(&key) => key,
        None => 0,
    }
}
