//! # hayanagi
//!
//! A shogi (Japanese chess) core for engines, GUIs, tsume solvers, training pipelines and
//! microcontrollers: `#![no_std]`, no heap, no runtime dependencies, no panics on any input.
//!
//! This release holds the foundation: the board geometry ([`Square`], [`File`], [`Rank`],
//! [`Color`], [`PieceKind`], [`Piece`]), the [`Bitboard`] set type, and attack lookups built on
//! tables that `build.rs` generates at compile time (magic multipliers for the sliders, verified
//! exhaustively) — [`rook_attacks`], [`bishop_attacks`], [`lance_attacks`], [`step_attacks`],
//! [`step_to`], [`attacks`], [`between`] — and the [`zobrist`] keys. Positions are read from a strict
//! SFEN ([`Position::from_sfen`]) or a USI `position` command ([`Position::from_usi_position`]) and
//! written back into a caller's buffer ([`Position::write_sfen`]).
//!
//! ```
//! use hayanagi::{attacks, bitboard, Bitboard, Color, Piece, PieceKind, Square};
//!
//! // A black horse on 5e with pieces on 3c and 5d.
//! let occupied = Bitboard::EMPTY.with(Square::SQ_3C).with(Square::SQ_5D);
//! let horse = Piece::new(Color::Black, PieceKind::Horse);
//! assert_eq!(
//!     attacks(horse, Square::SQ_5E, occupied),
//!     bitboard! {
//!         X . . . . . . . .
//!         . X . . . . . . .
//!         . . X . . . X . .
//!         . . . X X X . . .
//!         . . . X . X . . .
//!         . . . X X X . . .
//!         . . X . . . X . .
//!         . X . . . . . X .
//!         X . . . . . . . X
//!     }
//! );
//! ```
//!
//! ## Cost
//! All generated tables together take 461.9 KiB of rodata (flash); each table's size is listed in
//! the README. A slider lookup is one masked 64-bit multiply and one table read per line.

#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(test)]
extern crate std;

mod attacks;
mod bitboard;
mod color;
mod declaration;
mod file;
mod geometry;
mod hand;
mod history;
mod magic;
mod move_list;
mod movegen;
mod moves;
mod perft;
mod piece;
mod piece_kind;
mod position;
mod rank;
mod sfen;
mod square;
mod status;
mod tables;
mod usi;
pub mod zobrist;

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use attacks::{attacks, between, bishop_attacks, lance_attacks, rook_attacks, step_attacks, step_to};
pub use bitboard::{Bitboard, Squares};
pub use color::Color;
pub use declaration::{Declaration, DeclarationFailures, DeclarationOutcome, DeclarationRule};
pub use file::File;
pub use hand::Hand;
pub use history::{Entry, History, HistoryError};
pub use move_list::MoveList;
pub use moves::Move;
pub use piece::Piece;
pub use piece_kind::PieceKind;
pub use position::{IllegalMove, Position, Undo};
pub use rank::Rank;
pub use sfen::{MAX_SFEN_LEN, Sfen, SfenError, SfenErrorKind, SfenField};
pub use square::{Square, SquareParseError};
pub use status::Status;
pub use usi::{MoveSyntaxError, UsiError, UsiErrorKind, UsiMoveError};
