//! Zobrist keys for hashing positions, drawn at build time from a fixed-seed ChaCha stream.
//!
//! A position's key is the XOR of [`board`] for every piece on the board, [`hand`] for every
//! (colour, kind, count) of both hands (count 0 included), and [`SIDE`] when White is to move. All
//! keys are non-zero and distinct.

use crate::board::tables::{ZOBRIST_BOARD, ZOBRIST_HAND, ZOBRIST_SIDE};
use crate::{Color, Piece, PieceKind, Square};

/// Largest count of one kind a hand can hold (all 18 pawns).
pub const MAX_HAND_COUNT: u8 = crate::board::geometry::MAX_HAND_COUNT as u8;

/// Key XORed in when White is to move.
pub const SIDE: u64 = ZOBRIST_SIDE;

/// Key of `piece` on `square`.
#[inline]
pub fn board(piece: Piece, square: Square) -> u64 {
    ZOBRIST_BOARD[piece.color().index()][piece.kind().index()][square.index()]
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
pub fn hand(color: Color, kind: PieceKind, count: u8) -> Option<u64> {
    ZOBRIST_HAND.get(color.index())?.get(kind.index())?.get(count as usize).copied()
}
