//! Moves: the legal move list, USI text both ways, play and undo.

use core::ffi::c_char;
use core::ptr;

use hayanagi::{Move, UsiMoveError};

use crate::ErrorCode;
use crate::position::code;
use crate::record::{
    PositionRecord, UndoEntry, UndoRecord, input, put, read_position, read_undo, write_position, write_text, write_undo,
};

/// Writes the legal moves of `*pos` into `moves` and returns their count (C: `hayanagi_legal_moves`).
///
/// # Safety
/// `pos` is NULL or a position record; `moves` is NULL or points to `capacity` writable `uint16_t`
/// (any alignment); `needed` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_legal_moves(
    pos: *const PositionRecord,
    moves: *mut u16,
    capacity: usize,
    needed: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    let pos = match unsafe { read_position(pos) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    if moves.is_null() {
        return ErrorCode::NullPointer.code();
    }
    let list = pos.legal_moves();
    // SAFETY: the caller's contract.
    unsafe { put(needed, list.len()) };
    if capacity < list.len() {
        return ErrorCode::BufferTooSmall.code();
    }
    for (i, mv) in list.iter().enumerate() {
        // SAFETY: `i < list.len() <= capacity`, and `moves` has `capacity` writable elements.
        unsafe { ptr::write_unaligned(moves.add(i), mv.to_bits()) };
    }
    i32::try_from(list.len()).unwrap_or(i32::MAX)
}

/// Writes `mv` in USI into `buf` (C: `hayanagi_move_to_usi`).
///
/// # Safety
/// `buf` is NULL or points to `size` writable bytes; `needed` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_move_to_usi(mv: u16, buf: *mut c_char, size: usize, needed: *mut usize) -> i32 {
    match Move::from_bits(mv) {
        // SAFETY: the caller's contract.
        Some(mv) => code(unsafe { write_text(mv, buf, size, needed) }),
        None => ErrorCode::BadMove.code(),
    }
}

/// Reads a USI move that must be legal in `*pos` into `*mv` (C: `hayanagi_move_from_usi`).
///
/// # Safety
/// `pos` is NULL or a position record; `text` is NULL or points to `len` readable bytes; `mv` is NULL
/// or points to a writable `uint16_t`; `error_offset` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_move_from_usi(
    pos: *const PositionRecord,
    text: *const c_char,
    len: usize,
    mv: *mut u16,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    let pos = match unsafe { read_position(pos) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    if mv.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    let parsed = match unsafe { input(text, len) } {
        Ok(text) => pos.parse_usi_move_bytes(text),
        Err(error) => return error.code(),
    };
    let (offset, error) = match parsed {
        Ok(parsed) => {
            // SAFETY: non-NULL, writable (the caller's contract).
            unsafe { put(mv, parsed.to_bits()) };
            return ErrorCode::Ok.code();
        }
        Err(UsiMoveError::Syntax { offset, error }) => (offset, ErrorCode::from(error)),
        Err(UsiMoveError::Illegal(_)) => (0, ErrorCode::IllegalMove),
    };
    // SAFETY: the caller's contract.
    unsafe { put(error_offset, offset) };
    error.code()
}

/// Plays `mv` on `*pos` if it is legal, recording it in `*undo` if `undo` is not NULL (C:
/// `hayanagi_play`).
///
/// # Safety
/// `pos` is NULL or a position record (writable); `undo` is NULL or points to `HAYANAGI_UNDO_RECORD_SIZE`
/// writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_play(pos_record: *mut PositionRecord, mv: u16, undo: *mut UndoRecord) -> i32 {
    // SAFETY: the caller's contract.
    let mut pos = match unsafe { read_position(pos_record) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    let Some(mv) = Move::from_bits(mv) else { return ErrorCode::BadMove.code() };
    if !pos.is_legal(mv) {
        return ErrorCode::IllegalMove.code();
    }
    // SPEC §2: the ply is a u64; the library keeps it at u64::MAX, the C API refuses (as USI commands do).
    if pos.ply() == u64::MAX {
        return ErrorCode::PlyOverflow.code();
    }
    let record = pos.play_unchecked(mv);
    if !undo.is_null() {
        let entry = UndoEntry { mv, undo: record, key_after: pos.key(), ply_after: pos.ply() };
        // SAFETY: non-NULL, writable (the caller's contract).
        unsafe { write_undo(undo, entry) };
    }
    // SAFETY: `pos_record` is non-NULL (it was read) and writable (the caller's contract).
    unsafe { write_position(pos_record, pos) };
    ErrorCode::Ok.code()
}

/// Takes back the move recorded in `*undo`, which must be the last move played on `*pos` (C:
/// `hayanagi_undo`).
///
/// # Safety
/// `pos` is NULL or a position record (writable); `undo` is NULL or an undo record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_undo(pos_record: *mut PositionRecord, undo: *const UndoRecord) -> i32 {
    // SAFETY: the caller's contract. The record is not read when the position is refused.
    let (mut pos, entry) = match unsafe { read_position(pos_record).and_then(|pos| Ok((pos, read_undo(undo)?))) } {
        Ok(both) => both,
        Err(error) => return error.code(),
    };
    // The record belongs to the position right after its move; anything else would be taken back
    // into a meaningless position.
    if pos.key() != entry.key_after || pos.ply() != entry.ply_after {
        return ErrorCode::UndoMismatch.code();
    }
    pos.undo(entry.mv, entry.undo);
    // SAFETY: `pos_record` is non-NULL (it was read) and writable (the caller's contract).
    unsafe { write_position(pos_record, pos) };
    ErrorCode::Ok.code()
}
