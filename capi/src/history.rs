//! Game histories in caller memory: the library's [`History`] over an array of
//! `hayanagi_history_entry` whose first two elements hold the history's state.

use core::ffi::c_char;
use core::mem::{align_of, size_of};
use core::{ptr, slice};

use hayanagi::{Entry, History, Move, Position};

use crate::ErrorCode;
use crate::position::{code, status_code};
use crate::record::{PositionRecord, change_position, input, put, read_position, write_position};

/// `hayanagi_history_entry`: 16 bytes, aligned for `uint64_t`. The first
/// `HAYANAGI_HISTORY_HEADER_ENTRIES` of a history's storage hold its state: the tag, the capacity and the length
/// (`u32` each, in one word), whether a start key is recorded, and the start key. The others are the
/// library's [`Entry`] values, one per move (all written by `hayanagi_history_init`, so every element
/// is always a valid `Entry`).
#[repr(C)]
pub struct HistoryEntryRecord {
    opaque: [u64; 2],
}

/// The elements that hold the state.
pub(crate) const HEADER_ENTRIES: usize = 2;
/// The most moves a history holds: its results are `int32_t`.
pub(crate) const MAX_MOVES: usize = i32::MAX as usize;

const _: () = assert!(size_of::<HistoryEntryRecord>() == size_of::<Entry>(), "an Entry is not 16 bytes");
const _: () = assert!(align_of::<Entry>() <= align_of::<HistoryEntryRecord>(), "an Entry needs more alignment");
const _: () = assert!(HEADER_ENTRIES * size_of::<HistoryEntryRecord>() == 4 * size_of::<u64>());

/// The tag: text mixed with the entry size, as for the position records.
const HISTORY_TAG: u64 = u64::from_le_bytes(*b"hynHIS\x01\x00") ^ ((size_of::<Entry>() as u64) << 48);

/// The state kept in the header elements.
#[derive(Clone, Copy)]
struct State {
    capacity: usize,
    len: usize,
    start_key: Option<u64>,
}

/// The four header words of `storage`.
///
/// # Safety
/// `storage` is aligned and points to at least [`HEADER_ENTRIES`] readable elements.
unsafe fn words(storage: *const HistoryEntryRecord) -> [u64; 4] {
    // SAFETY: the caller's contract: 32 readable, aligned bytes.
    unsafe { ptr::read(storage.cast::<[u64; 4]>()) }
}

/// Checks `storage` (not NULL, aligned, tagged, a consistent state) and reads its state.
///
/// # Safety
/// `storage` is NULL or points to at least [`HEADER_ENTRIES`] readable elements; if they carry the
/// tag, the storage was set up by `hayanagi_history_init` (or is a whole byte copy of one).
unsafe fn state(storage: *const HistoryEntryRecord) -> Result<State, ErrorCode> {
    if storage.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    if !(storage as usize).is_multiple_of(align_of::<HistoryEntryRecord>()) {
        return Err(ErrorCode::Misaligned);
    }
    // SAFETY: non-NULL, aligned, readable (the caller's contract).
    let [tag, sizes, has_start, start_key] = unsafe { words(storage) };
    let (capacity, len) = ((sizes & 0xffff_ffff) as usize, (sizes >> 32) as usize);
    if tag != HISTORY_TAG || len > capacity || capacity > MAX_MOVES || has_start > 1 || (len > 0 && has_start == 0) {
        return Err(ErrorCode::NotAHistory);
    }
    Ok(State { capacity, len, start_key: (has_start == 1).then_some(start_key) })
}

/// Writes the header words of a history with `state`.
///
/// # Safety
/// `storage` is aligned and points to at least [`HEADER_ENTRIES`] writable elements.
unsafe fn write_state(storage: *mut HistoryEntryRecord, state: State) {
    let sizes = state.capacity as u64 | ((state.len as u64) << 32);
    let words = [HISTORY_TAG, sizes, state.start_key.is_some() as u64, state.start_key.unwrap_or(0)];
    // SAFETY: the caller's contract: 32 writable, aligned bytes.
    unsafe { ptr::write(storage.cast::<[u64; 4]>(), words) };
}

/// Runs `read` on the history in `storage`.
///
/// # Safety
/// As [`state`], and nothing writes the storage during the call.
unsafe fn read_history<T>(
    storage: *const HistoryEntryRecord,
    read: impl FnOnce(&History<&[Entry]>) -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    // SAFETY: the caller's contract.
    let state = unsafe { state(storage)? };
    // SAFETY: tagged, so `hayanagi_history_init` wrote `capacity` valid entries after the header
    // (the caller's contract), aligned for `Entry` (asserted above).
    let entries = unsafe { slice::from_raw_parts(storage.add(HEADER_ENTRIES).cast::<Entry>(), state.capacity) };
    let history = History::from_parts(entries, state.len, state.start_key).ok_or(ErrorCode::NotAHistory)?;
    read(&history)
}

/// Runs `change` on the history in `storage` and keeps its new state.
///
/// # Safety
/// As [`state`], the storage is writable, and nothing else reads or writes it during the call.
unsafe fn change_history<T>(
    storage: *mut HistoryEntryRecord,
    change: impl FnOnce(&mut History<&mut [Entry]>) -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    // SAFETY: the caller's contract.
    let state = unsafe { state(storage)? };
    // SAFETY: as in `read_history`; the entries do not overlap the header words written below.
    let entries = unsafe { slice::from_raw_parts_mut(storage.add(HEADER_ENTRIES).cast::<Entry>(), state.capacity) };
    let mut history = History::from_parts(entries, state.len, state.start_key).ok_or(ErrorCode::NotAHistory)?;
    let result = change(&mut history);
    let new = State { capacity: state.capacity, len: history.len(), start_key: history.start_key() };
    // SAFETY: aligned and writable (checked and the caller's contract).
    unsafe { write_state(storage, new) };
    result
}

/// Sets up a history in `entries` elements at `storage` (C: `hayanagi_history_init`).
///
/// # Safety
/// `storage` is NULL or points to `entries` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_init(storage: *mut HistoryEntryRecord, entries: usize) -> i32 {
    if storage.is_null() {
        return ErrorCode::NullPointer.code();
    }
    if !(storage as usize).is_multiple_of(align_of::<HistoryEntryRecord>()) {
        return ErrorCode::Misaligned.code();
    }
    let Some(capacity) = entries.checked_sub(HEADER_ENTRIES).filter(|&capacity| capacity <= MAX_MOVES) else {
        return ErrorCode::BadLength.code();
    };
    // SAFETY: `capacity` elements after the header are writable and aligned (the caller's contract);
    // every one is written, so all of them are valid entries from now on.
    unsafe {
        let first = storage.add(HEADER_ENTRIES).cast::<Entry>();
        for i in 0..capacity {
            ptr::write(first.add(i), Entry::EMPTY);
        }
        write_state(storage, State { capacity, len: 0, start_key: None });
    }
    capacity as i32
}

/// The number of moves recorded (C: `hayanagi_history_len`).
///
/// # Safety
/// `history` is NULL or a history's storage.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_len(history: *const HistoryEntryRecord) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { state(history) }.map(|state| state.len as i32))
}

/// Forgets every move (C: `hayanagi_history_clear`).
///
/// # Safety
/// `history` is NULL or a history's storage (writable).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_clear(history: *mut HistoryEntryRecord) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        change_history(history, |history| {
            history.clear();
            Ok(0)
        })
    })
}

/// Plays the legal move `mv` on `*pos` and records it (C: `hayanagi_history_play`).
///
/// # Safety
/// `history` is NULL or a history's storage (writable); `pos` is NULL or a position record
/// (writable); they do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_play(
    history: *mut HistoryEntryRecord,
    pos: *mut PositionRecord,
    mv: u16,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        change_history(history, |history| {
            change_position(pos, |pos| {
                let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
                // A move from ply u64::MAX is HistoryError::PlyLimit: PLY_OVERFLOW, as `hayanagi_play`.
                history.play(pos, mv).map_err(ErrorCode::from)?;
                Ok(0)
            })
        })
    })
}

/// Takes back the last move recorded (C: `hayanagi_history_undo`).
///
/// # Safety
/// As [`hayanagi_history_play`]; `mv` is NULL or points to a writable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_undo(
    history: *mut HistoryEntryRecord,
    pos: *mut PositionRecord,
    mv: *mut u16,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        change_history(history, |history| {
            change_position(pos, |pos| {
                let taken = history.undo(pos).map_err(ErrorCode::from)?;
                put(mv, taken.to_bits());
                Ok(0)
            })
        })
    })
}

/// Writes the recorded moves into `moves` (C: `hayanagi_history_moves`).
///
/// # Safety
/// `history` is NULL or a history's storage; `moves` is NULL or points to `capacity` writable
/// `uint16_t` (any alignment); `needed` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_moves(
    history: *const HistoryEntryRecord,
    moves: *mut u16,
    capacity: usize,
    needed: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        read_history(history, |history| {
            if moves.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            put(needed, history.len());
            if capacity < history.len() {
                return Err(ErrorCode::BufferTooSmall);
            }
            for (i, mv) in history.moves().enumerate() {
                // SAFETY: `i < len <= capacity`, and `moves` has `capacity` writable elements.
                ptr::write_unaligned(moves.add(i), mv.to_bits());
            }
            Ok(history.len() as i32)
        })
    })
}

/// The status of `*pos` with the history (C: `hayanagi_history_status`).
///
/// # Safety
/// `history` is NULL or a history's storage; `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_history_status(
    history: *const HistoryEntryRecord,
    pos: *const PositionRecord,
    max_ply: u64,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        read_history(history, |history| {
            let pos = read_position(pos)?;
            let status = history.status_with_max_ply(&pos, (max_ply != 0).then_some(max_ply));
            Ok(status_code(status.map_err(ErrorCode::from)?))
        })
    })
}

/// Reads a USI position command into `*out` and its moves into the history (C:
/// `hayanagi_position_from_usi_with_history`).
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes; `history` is NULL or a
/// history's storage (writable); `command` is NULL or points to `len` readable bytes; `error_offset`
/// is NULL or points to a writable `size_t`; none of them overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_from_usi_with_history(
    out: *mut PositionRecord,
    history: *mut HistoryEntryRecord,
    command: *const c_char,
    len: usize,
    error_offset: *mut usize,
) -> i32 {
    if out.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    code(unsafe {
        change_history(history, |history| {
            let text = input(command, len)?;
            // First only count the moves, so that an error leaves the history as it was.
            let mut moves = 0usize;
            let parsed = Position::from_usi_position_bytes_with(text, |_, _| moves += 1);
            if let Err(error) = parsed {
                put(error_offset, error.offset());
                return Err(ErrorCode::from(error.kind()));
            }
            if moves > history.capacity() {
                return Err(ErrorCode::HistoryFull);
            }
            history.clear();
            let mut refused = None;
            let parsed = Position::from_usi_position_bytes_with(text, |after, undo| {
                if let Err(error) = history.push(after, undo) {
                    refused = refused.or(Some(error));
                }
            });
            // The same text parses the same way, and the moves fit: neither can fail now.
            match (parsed, refused) {
                (Ok(pos), None) => {
                    write_position(out, pos);
                    Ok(0)
                }
                (Err(error), _) => Err(ErrorCode::from(error.kind())),
                (_, Some(error)) => Err(ErrorCode::from(error)),
            }
        })
    })
}
