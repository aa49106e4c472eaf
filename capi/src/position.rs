//! Positions: constructors (start position, SFEN, USI `position` command), SFEN out, and the
//! questions about a position (side to move, ply, key, check, status, perft).

use core::ffi::{CStr, c_char};

use hayanagi::{Color, Position, Status};

use crate::ErrorCode;
use crate::header::MAX_PERFT_DEPTH;
use crate::record::{PositionRecord, input, put, read_position, write_position, write_text};

/// The header's status codes: `HAYANAGI_STATUS_*` name and spelling; the code is the index, in the
/// order of the library's [`Status::ALL`] (docs/RULES.md R44; asserted below).
pub(crate) const STATUSES: [(&str, &CStr); Status::ALL.len()] = [
    ("HAYANAGI_STATUS_NONE", c"none"),
    ("HAYANAGI_STATUS_MATE", c"mate"),
    ("HAYANAGI_STATUS_NO_MOVES", c"no_moves"),
    ("HAYANAGI_STATUS_DRAW_REPETITION", c"draw_repetition"),
    ("HAYANAGI_STATUS_WIN_PERPETUAL_CHECK", c"win_perpetual_check"),
    ("HAYANAGI_STATUS_LOSS_PERPETUAL_CHECK", c"loss_perpetual_check"),
    ("HAYANAGI_STATUS_DRAW_MAX_PLY", c"draw_max_ply"),
];

/// The `HAYANAGI_STATUS_*` code of a status: its index in [`Status::ALL`] and [`STATUSES`].
pub(crate) const fn status_code(status: Status) -> i32 {
    // Exhaustive on purpose: a new status in the library fails this build until it has a code.
    match status {
        Status::None => 0,
        Status::Mate => 1,
        Status::NoMoves => 2,
        Status::DrawRepetition => 3,
        Status::WinPerpetualCheck => 4,
        Status::LossPerpetualCheck => 5,
        Status::DrawMaxPly => 6,
    }
}

// Each status's code is its index in `Status::ALL`, and its C spelling is the library's.
const _: () = {
    let mut i = 0;
    while i < Status::ALL.len() {
        let status = Status::ALL[i];
        assert!(status_code(status) == i as i32);
        let (ours, theirs) = (STATUSES[i].1.to_bytes(), status.as_str().as_bytes());
        assert!(ours.len() == theirs.len());
        let mut j = 0;
        while j < ours.len() {
            assert!(ours[j] == theirs[j], "a status spelling differs from Status::as_str");
            j += 1;
        }
        i += 1;
    }
};

/// A result as the C functions return it.
pub(crate) fn code(result: Result<i32, ErrorCode>) -> i32 {
    match result {
        Ok(value) => value,
        Err(error) => error.code(),
    }
}

/// Writes the start position into `*out` (C: `hayanagi_position_startpos`).
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_startpos(out: *mut PositionRecord) -> i32 {
    if out.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: non-NULL, writable (the caller's contract).
    unsafe { write_position(out, Position::startpos()) };
    ErrorCode::Ok.code()
}

/// Reads an SFEN into `*out` (C: `hayanagi_position_from_sfen`).
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes; `sfen` is NULL or points to
/// `len` readable bytes; `error_offset` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_from_sfen(
    out: *mut PositionRecord,
    sfen: *const c_char,
    len: usize,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        parse_into(out, sfen, len, error_offset, |text| {
            Position::from_sfen_bytes(text).map_err(|e| (e.offset(), ErrorCode::from(e.kind())))
        })
    }
}

/// Reads a USI `position` command into `*out` (C: `hayanagi_position_from_usi`).
///
/// # Safety
/// As [`hayanagi_position_from_sfen`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_from_usi(
    out: *mut PositionRecord,
    command: *const c_char,
    len: usize,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        parse_into(out, command, len, error_offset, |text| {
            Position::from_usi_position_bytes(text).map_err(|e| (e.offset(), ErrorCode::from(e.kind())))
        })
    }
}

/// The body of both constructors: checks `out`, reads the text, parses it with `parse` and writes the
/// position or the error code and offset.
///
/// # Safety
/// As [`hayanagi_position_from_sfen`].
unsafe fn parse_into(
    out: *mut PositionRecord,
    text: *const c_char,
    len: usize,
    error_offset: *mut usize,
    parse: impl FnOnce(&[u8]) -> Result<Position, (usize, ErrorCode)>,
) -> i32 {
    if out.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    let parsed = match unsafe { input(text, len) } {
        Ok(text) => parse(text),
        Err(error) => return error.code(),
    };
    match parsed {
        // SAFETY: `out` is non-NULL and writable; the input slice is no longer used.
        Ok(pos) => unsafe { write_position(out, pos) },
        Err((offset, code)) => {
            // SAFETY: the caller's contract.
            unsafe { put(error_offset, offset) };
            return code.code();
        }
    }
    ErrorCode::Ok.code()
}

/// Writes the SFEN of `*pos` into `buf` (C: `hayanagi_position_sfen`).
///
/// # Safety
/// `pos` is NULL or a position record; `buf` is NULL or points to `size` writable bytes; `needed` is
/// NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_sfen(
    pos: *const PositionRecord,
    buf: *mut c_char,
    size: usize,
    needed: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { read_position(pos) }.and_then(|pos| unsafe { write_text(pos.sfen(), buf, size, needed) }))
}

/// A predicate's answer as C gets it: the `bool`, `false` on an error, and the code (`HAYANAGI_OK` or
/// the error) in `*error` if `error` is not NULL.
///
/// # Safety
/// `error` is NULL or points to a writable `int32_t` (any alignment).
#[inline(always)]
pub(crate) unsafe fn answer(result: Result<bool, ErrorCode>, error: *mut i32) -> bool {
    let (value, code) = match result {
        Ok(value) => (value, ErrorCode::Ok),
        Err(error) => (false, error),
    };
    // SAFETY: the caller's contract.
    unsafe { put(error, code.code()) };
    value
}

/// True if the side to move is in check (C: `hayanagi_in_check`).
///
/// # Safety
/// `pos` is NULL or a position record; `error` is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_in_check(pos: *const PositionRecord, error: *mut i32) -> bool {
    // SAFETY: the caller's contract.
    unsafe { answer(read_position(pos).map(|pos| pos.in_check()), error) }
}

/// The `HAYANAGI_STATUS_*` code of `*pos`, judged from the position alone (C: `hayanagi_status`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_status(pos: *const PositionRecord) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { read_position(pos) }.map(|pos| status_code(pos.status())))
}

/// What `hayanagi_status_name` gives for a value that is no status code.
pub(crate) const UNKNOWN_STATUS: &CStr = c"unknown";

/// The spelling of a status code, or "unknown" (C: `hayanagi_status_name`): never NULL.
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_status_name(status: i32) -> *const c_char {
    match usize::try_from(status).ok().and_then(|index| STATUSES.get(index)) {
        Some((_, name)) => name.as_ptr(),
        None => UNKNOWN_STATUS.as_ptr(),
    }
}

/// `HAYANAGI_BLACK` or `HAYANAGI_WHITE` (C: `hayanagi_side_to_move`).
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_side_to_move(pos: *const PositionRecord) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { read_position(pos) }.map(|pos| match pos.side_to_move() {
        Color::Black => 0,
        Color::White => 1,
    }))
}

/// Writes the ply of `*pos` into `*ply` (C: `hayanagi_ply`).
///
/// # Safety
/// `pos` is NULL or a position record; `ply` is NULL or points to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_ply(pos: *const PositionRecord, ply: *mut u64) -> i32 {
    if ply.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract; `ply` is non-NULL.
    code(unsafe { read_position(pos) }.map(|pos| unsafe {
        put(ply, pos.ply());
        0
    }))
}

/// Writes the Zobrist key of `*pos` into `*key` (C: `hayanagi_key`).
///
/// # Safety
/// `pos` is NULL or a position record; `key` is NULL or points to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_key(pos: *const PositionRecord, key: *mut u64) -> i32 {
    if key.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract; `key` is non-NULL.
    code(unsafe { read_position(pos) }.map(|pos| unsafe {
        put(key, pos.key());
        0
    }))
}

/// Counts the legal move sequences of length `depth` into `*nodes` (C: `hayanagi_perft`).
///
/// # Safety
/// `pos` is NULL or a position record; `nodes` is NULL or points to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_perft(pos: *const PositionRecord, depth: u32, bulk: i32, nodes: *mut u64) -> i32 {
    if nodes.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    let mut pos = match unsafe { read_position(pos) } {
        Ok(pos) => Position::clone(&pos),
        Err(error) => return error.code(),
    };
    // Each level keeps a move list on the stack: the depth bounds the stack used.
    if depth > MAX_PERFT_DEPTH {
        return ErrorCode::DepthTooLarge.code();
    }
    let count = pos.perft(depth, bulk != 0);
    // SAFETY: non-NULL, writable (the caller's contract).
    unsafe { put(nodes, count) };
    ErrorCode::Ok.code()
}
