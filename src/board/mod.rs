//! The board underneath a position, built on the values of `types/`: the [`Bitboard`](crate::Bitboard)
//! set type with the board's fixed regions (promotion zones, dead squares), the generated tables
//! (magic slider attacks, steps, `between`, Zobrist keys) and the attack lookups over them.

pub(crate) mod attacks;
pub(crate) mod bitboard;
pub(crate) mod magic;
mod regions;
pub(crate) mod tables;
pub mod zobrist;
