//! The board underneath a position: the [`Bitboard`](crate::Bitboard) set type, the geometry shared
//! with the table generator, the generated tables (magic slider attacks, steps, `between`, Zobrist
//! keys) and the attack lookups over them.

pub(crate) mod attacks;
pub(crate) mod bitboard;
pub(crate) mod geometry;
pub(crate) mod magic;
pub(crate) mod tables;
pub mod zobrist;
