//! # hayanagi-capi
//!
//! The C API of [`hayanagi`], declared in `include/hayanagi.h` (which documents every
//! function, its errors, and the ownership and threading rules). Built as a static and a shared
//! library for C, and as a WebAssembly module that the npm package (`npm/hayanagi.mjs`) wraps for
//! JavaScript.
//!
//! The rules it keeps:
//! - **No allocation, no global state.** Positions, undo records and game histories are memory the
//!   caller owns ([`PositionRecord`], [`UndoRecord`], [`HistoryEntryRecord`]). A position is worked
//!   on in place, at an aligned address inside its record that the record itself names, so the
//!   caller's memory needs no alignment and a byte copy stays a valid record (`record.rs`).
//! - **Nothing crosses the boundary but return codes.** Every pointer is checked for NULL, every
//!   length against the buffer, every record for its tag; errors are the header's negative codes
//!   ([`ErrorCode`]). No code path can panic: the library's functions do not panic on any input, and
//!   the release build is checked for a reachable panic (the panic handler calls `abort`, and
//!   `capi/check.sh` fails if the linked library refers to it; the WebAssembly module would import
//!   it, and the Node test instantiates it with no imports).
//! - **Game records are the exception, and only with the `records` feature** (`game.rs`,
//!   `include/hayanagi_records.h`): they read and write through hayanagi-records, which builds the
//!   record on the heap during the call (freed before it returns); the game is kept in the caller's
//!   arena. That build links std, so it has std's panic handler, not the one below.
//! - **The header cannot drift.** `header.rs` reads `include/hayanagi.h` at compile time and
//!   asserts every size, status and error code against this crate: a mismatch fails the build.

// The `records` feature (the game-record functions) links std: hayanagi-records uses the heap.
#![cfg_attr(not(feature = "records"), no_std)]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

mod error;
#[cfg(feature = "records")]
mod game;
mod header;
mod history;
// The npm package's own exports (hayanagi_js_*; owned by the npm side, not in the header): only in
// the WebAssembly module, so that the C libraries export exactly the header's functions.
#[cfg(target_arch = "wasm32")]
pub mod js;
mod moves;
#[cfg(feature = "extended")]
mod notation;
#[cfg(feature = "extended")]
mod packed;
mod position;
mod query;
mod record;
#[cfg(feature = "extended")]
mod search;
#[cfg(feature = "extended")]
mod setup;
#[cfg(feature = "extended")]
mod stream;
#[cfg(feature = "extended")]
mod tsume;

pub use error::ErrorCode;
pub use error::hayanagi_error_message;
#[cfg(feature = "records")]
pub use game::{
    GameEnding, GameError, GameMove, GameVariationInfo, hayanagi_game_add_header, hayanagi_game_add_move,
    hayanagi_game_add_variation, hayanagi_game_comment, hayanagi_game_ending, hayanagi_game_header,
    hayanagi_game_header_count, hayanagi_game_move, hayanagi_game_move_count, hayanagi_game_new, hayanagi_game_read,
    hayanagi_game_read_all, hayanagi_game_set_ending, hayanagi_game_size, hayanagi_game_start, hayanagi_game_variation,
    hayanagi_game_variation_add_move, hayanagi_game_variation_count, hayanagi_game_variation_move,
    hayanagi_game_variation_set_ending, hayanagi_game_write,
};
pub use history::{
    HistoryEntryRecord, hayanagi_history_clear, hayanagi_history_init, hayanagi_history_len, hayanagi_history_moves,
    hayanagi_history_play, hayanagi_history_status, hayanagi_history_undo, hayanagi_position_from_usi_with_history,
};
pub use moves::{
    hayanagi_key_after, hayanagi_legal_moves, hayanagi_move_decode, hayanagi_move_drop, hayanagi_move_from_usi,
    hayanagi_move_normal, hayanagi_move_to_usi, hayanagi_parse_usi_move, hayanagi_pass, hayanagi_play,
    hayanagi_play_unchecked, hayanagi_undo,
};
#[cfg(feature = "extended")]
pub use moves::{hayanagi_legal_moves_of, hayanagi_play_into, hayanagi_play_unchecked_into};
#[cfg(feature = "extended")]
pub use notation::{
    hayanagi_move_to_csa, hayanagi_move_to_japanese, hayanagi_parse_csa_move, hayanagi_parse_japanese_move,
};
#[cfg(feature = "extended")]
pub use packed::{
    hayanagi_hcpe_read, hayanagi_hcpe_write, hayanagi_position_pack, hayanagi_position_unpack, hayanagi_psv_read,
    hayanagi_psv_write,
};
pub use position::{
    hayanagi_in_check, hayanagi_key, hayanagi_perft, hayanagi_ply, hayanagi_position_from_sfen,
    hayanagi_position_from_usi, hayanagi_position_sfen, hayanagi_position_startpos, hayanagi_side_to_move,
    hayanagi_status, hayanagi_status_name,
};
pub use query::{
    hayanagi_board, hayanagi_count_legal_moves, hayanagi_declaration, hayanagi_gives_check, hayanagi_hand_count,
    hayanagi_hands, hayanagi_is_legal, hayanagi_king_square, hayanagi_piece_at,
};
pub use record::{PositionRecord, UndoRecord, hayanagi_position_size, hayanagi_undo_record_size};
#[cfg(feature = "extended")]
pub use search::{hayanagi_mate_in_1, hayanagi_mate_in_3, hayanagi_see, hayanagi_see_ge};
#[cfg(feature = "extended")]
pub use setup::{hayanagi_handicap_name, hayanagi_handicap_of, hayanagi_position_handicap, hayanagi_position_setup};
#[cfg(feature = "extended")]
pub use stream::{
    RecordReader, hayanagi_record_reader_finish, hayanagi_record_reader_init, hayanagi_record_reader_next,
};
#[cfg(feature = "extended")]
pub use tsume::{
    hayanagi_tsume_alternatives, hayanagi_tsume_init, hayanagi_tsume_solve, hayanagi_tsume_solve_shortest,
};

/// The library's version, `HAYANAGI_VERSION_STRING` (C: `hayanagi_version`); `header.rs` checks that
/// the header's version is this crate's.
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_version() -> *const core::ffi::c_char {
    const VERSION: &core::ffi::CStr =
        match core::ffi::CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
            Ok(version) => version,
            Err(_) => panic!("the version has a NUL"),
        };
    VERSION.as_ptr()
}

// With panic = "abort" a panic ends here. No code path should reach it: the release build is checked
// for a reference to `abort` (capi/check.sh), and in WebAssembly `abort` would be an import, which
// the module must not have. Not in a fuzzing build (`cargo fuzz` sets `--cfg fuzzing`), whose binary
// links std, which has its own, nor with the `records` feature, which links std.
#[cfg(not(any(test, fuzzing, feature = "records")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    unsafe extern "C" {
        fn abort() -> !;
    }
    // SAFETY: C's `abort` takes no arguments and never returns.
    unsafe { abort() }
}

// Without LTO (the debug profile), the precompiled `core`, built to unwind, still refers to the
// unwinding personality although with panic = "abort" nothing unwinds: C programs could not link the
// debug library without this definition. Release builds use LTO, which drops the reference, so they
// export nothing more than the header's functions.
#[cfg(all(debug_assertions, not(any(test, fuzzing, feature = "records"))))]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}
