//! # hayanagi
//!
//! A shogi (Japanese chess) core for engines, GUIs, tsume solvers, training pipelines and
//! microcontrollers: `#![no_std]`, no heap, no runtime dependencies, no `unsafe`, no panics on any
//! input.
//!
//! - **Positions** ([`Position`]) from a strict SFEN ([`Position::from_sfen`], typed [`SfenError`]
//!   naming the field and byte) or a USI `position` command ([`Position::from_usi_position`]), written
//!   back as SFEN ([`Position::sfen`], [`Position::write_sfen`] into a caller's buffer).
//! - **Legal moves**, exactly ([`Position::legal_moves`] into a fixed-capacity [`MoveList`],
//!   [`Position::count_legal_moves`], [`Position::is_legal`], [`Position::gives_check`]): drops with
//!   nifu and uchifuzume (also when the only capturer of the pawn is pinned), every optional
//!   non-promotion, pins, double check. Typed generation ([`MoveFilter`]: captures, non-captures,
//!   drops, checks, quiet checks, evasions) as a list ([`Position::legal_moves_of`]), a count
//!   ([`Position::count_legal_moves_of`]) or a callback that can stop early ([`Position::for_each_group`] over
//!   [`MoveGroup`]s, [`Position::for_each_legal_move`]); [`Position::key_after`] without playing.
//! - **Making moves**: [`Position::play`] (checked), [`Position::play_unchecked`], and
//!   [`Position::undo`] (checked: it refuses a record that is not of the last move) or
//!   [`Position::undo_unchecked`]; the Zobrist [`Position::key`] is kept up to date on every move,
//!   while [`Position::checkers`] and [`Position::pinned`] are computed when asked.
//!   [`Position::perft`] counts the tree.
//! - **Game status** ([`Status`]): mate, no moves, four-fold repetition confirmed against the full
//!   position, perpetual check, max-ply draw, from a [`History`] whose storage the caller chooses; the
//!   entering-king declaration ([`Position::declaration`]) under the 24- or 27-point rule.
//! - **Mate search and exchanges**: an exact mate in 1 ([`Position::mate_in_1`]) and mate in 3
//!   under tsume rules ([`Position::mate_in_3`], a [`MateLine`]); static exchange evaluation
//!   ([`Position::see`], [`Position::see_ge`]) over a replaceable [`SeeValues`] table.
//! - **The board underneath**: [`Square`], [`File`], [`Rank`], [`Color`], [`PieceKind`], [`Piece`],
//!   [`Hand`], the [`Bitboard`] set type and attack lookups on tables generated at build time
//!   ([`rook_attacks`], [`bishop_attacks`], [`lance_attacks`], [`step_attacks`], [`step_to`],
//!   [`attacks`], [`between`]), and the [`zobrist`] keys.
//! - **The rules** it enforces and the contracts of its formats, numbered R1 to R114 with the tests
//!   that check each: [`rulebook`], the text of `docs/RULES.md`. These docs cite a rule by its
//!   number, as in "docs/RULES.md R28" (a pawn drop may not mate).
//!
//! ```
//! use hayanagi::{History, Position, Status};
//!
//! let mut pos = Position::from_sfen("8k/9/6NG1/9/9/9/9/9/4K4 b GP 1")?;
//! // P*1b would mate, which a pawn drop may not (uchifuzume); G*1b mates legally.
//! assert!(pos.parse_usi_move("P*1b").is_err());
//! let mate = pos.parse_usi_move("G*1b")?;
//! assert!(pos.gives_check(mate));
//!
//! let mut history = History::new([hayanagi::Entry::EMPTY; 64]);
//! history.play(&mut pos, mate)?;
//! assert_eq!(history.status(&pos)?, Status::Mate);
//! assert_eq!(pos.sfen().to_string(), "8k/8G/6NG1/9/9/9/9/9/4K4 w P 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Configurations and their cost
//!
//! One cargo feature chooses the generated tables; nothing else changes (the same API, the same
//! answers, the same Zobrist keys):
//!
//! | configuration | tables (rodata / flash) | perft, instructions vs default | for |
//! |---|--:|--:|---|
//! | default | 472,936 B (461.9 KiB) | 1.00 | hosts, WASM, boards with 1 MiB of flash |
//! | `features = ["compact-tables"]` | 63,459 B (62.0 KiB) | 1.09 nobulk, 1.17 bulk | microcontrollers with 256 KB of flash (micro:bit, nRF51, STM32F0/G0) |
//!
//! The instruction ratios are callgrind counts of `hayanagi perft 4 --no-bulk startpos` and
//! `perft 5 startpos`; each table's size, the perft speeds and the flash, RAM and stack of
//! firmware builds are in the README. The sizes of the values a program keeps:
//!
//! ```
//! use core::mem::size_of;
//! use hayanagi::{Entry, Move, MoveList, Position, Undo};
//! assert_eq!(size_of::<Position>(), 464);
//! assert_eq!(size_of::<Undo>(), 32);
//! assert_eq!(size_of::<Move>(), 2);
//! assert_eq!(size_of::<Option<Move>>(), 2);
//! assert_eq!(size_of::<MoveList>(), 2_056); // 1,024 moves, on the stack
//! assert_eq!(size_of::<Entry>(), 16); // one ply of a `History`
//! ```

#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// Every pure public function: dropping its value is a bug (`bb.with(sq);` does nothing).
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]

#[cfg(test)]
extern crate std;

/// The unit tests' fixed-seed generator (a 64-bit LCG): advances `seed` and returns its high 31 bits.
#[cfg(test)]
pub(crate) fn test_random(seed: &mut u64) -> u32 {
    *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    (*seed >> 33) as u32
}

mod board;
mod notation;
mod packed;
mod position;
mod rules;
mod search;
mod types;

/// The rule book: every rule of shogi this crate enforces and every contract of its formats,
/// numbered, with the tests that check each. This is `docs/RULES.md`, shipped in the package; the
/// rest of the documentation cites its rules as "docs/RULES.md R28" (R28: a pawn drop may not mate).
///
#[doc = include_str!("../docs/RULES.md")]
pub mod rulebook {}

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use board::attacks::{attacks, between, bishop_attacks, lance_attacks, rook_attacks, step_attacks, step_to};
pub use board::bitboard::{Bitboard, Squares};
pub use board::zobrist;
pub use notation::csa::{CsaMove, CsaMoveError, CsaMoveErrorKind};
pub use notation::japanese::{JapaneseMove, JapaneseMoveError, JapaneseMoveErrorKind, JapaneseStyle};
pub use notation::sfen::{MAX_SFEN_LEN, Sfen, SfenError, SfenErrorKind, SfenField};
pub use notation::usi::{MoveSyntaxError, UsiError, UsiErrorKind, UsiMoveError};
pub use packed::move16::{Move16Error, Move16Format};
pub use packed::position::{PackError, PackedFormat, UnpackError, UnpackErrorKind};
pub use packed::records::{
    Chunk, GameResult, Hcpe, PackedRecord, Psv, PsvResult, RecordError, RecordErrorKind, RecordReader,
    RecordWriteError, RecordWriter, Records,
};
pub use position::handicap::{Handicap, HandicapParseError};
pub use position::setup::{Relaxations, Setup, SetupError, SetupProblem};
pub use position::{
    IllegalMove, MoveFilter, MoveGroup, MoveGroupIter, Origin, PlayError, Position, Promotion, Undo, UndoError,
};
pub use rules::declaration::{Declaration, DeclarationFailures, DeclarationOutcome, DeclarationRule};
pub use rules::history::{Entry, History, HistoryError};
pub use rules::illegal::Illegality;
pub use rules::mate::MateLine;
pub use rules::status::Status;
pub use search::see::SeeValues;
pub use search::tsume::{
    TsumeAlternative, TsumeAnswer, TsumeCounting, TsumeEntry, TsumeError, TsumeShortest, TsumeSlot, TsumeSolver,
    TsumeStats, TsumeUnknown,
};
pub use types::color::Color;
pub use types::file::File;
pub use types::hand::Hand;
pub use types::move_list::{MoveList, MoveListFull, MoveListIntoIter};
pub use types::moves::Move;
pub use types::parse_error::ParseError;
pub use types::piece::Piece;
pub use types::piece_kind::PieceKind;
pub use types::rank::Rank;
pub use types::square::{Square, SquareParseError};
