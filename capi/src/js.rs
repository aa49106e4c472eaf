//! What only the npm package's wrapper (`npm/hayanagi.mjs`) calls: answers a JavaScript caller needs
//! in one call where C would make several. Not in the header (the `hayanagi_js_` prefix says so);
//! the same conventions as the rest of the crate (caller records, negative error codes, no panics).
//!
//! A *move key* is a move code with the pieces it concerns, as a non-negative `i32`: bits 0-15 the
//! move code, bits 16-20 the moving piece's code (`HAYANAGI_PIECE`; for a drop the dropped piece of
//! the side to move), bits 21-25 the captured piece's code (0 if none). The wrapper makes its typed
//! move objects (`{from, to, promote, piece, captured}`) from keys.

use hayanagi::{Move, Piece, Position};

use crate::ErrorCode;
#[cfg(not(feature = "extended"))]
use crate::moves::hayanagi_legal_moves;
#[cfg(feature = "extended")]
use crate::moves::hayanagi_legal_moves_of;
use crate::query::piece_code;
use crate::record::{PositionRecord, UndoRecord, read_position};

/// The key of `mv` in `pos`, the position it is about to be played in (any move code: pieces that
/// are not there read as 0).
#[inline(always)]
fn key(pos: &Position, mv: Move) -> u32 {
    let moved = match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => pos.piece_at(from),
        (None, Some(kind)) => Some(Piece::new(pos.side_to_move(), kind)),
        (None, None) => None,
    };
    let captured = match mv.from() {
        Some(_) => pos.piece_at(mv.to()),
        None => None,
    };
    u32::from(mv.to_bits()) | u32::from(piece_code(moved)) << 16 | u32::from(piece_code(captured)) << 21
}

/// The key of the move code `mv` in `*pos`: `BAD_MOVE` if it is no move code.
///
/// # Safety
/// `pos` is NULL or a position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_move_key(pos: *const PositionRecord, mv: u16) -> i32 {
    // SAFETY: the caller's contract.
    let pos = match unsafe { read_position(pos) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    match Move::from_bits(mv) {
        Some(mv) => key(&pos, mv) as i32,
        None => ErrorCode::BadMove.code(),
    }
}

/// The keys a move list holds (`HAYANAGI_MAX_MOVES`).
const LIST_KEYS: usize = hayanagi::MoveList::CAPACITY;
/// A list's count word when nothing is listed for the position at its height.
const NOT_LISTED: u32 = u32::MAX;

/// Lists the legal moves of `*pos` that `filter` selects (`HAYANAGI_FILTER_*`, in the order of
/// `hayanagi_legal_moves_of`; the core module of the npm package has `HAYANAGI_FILTER_ALL` only) into the
/// move list `list`, the wrapper's for the current height of a position: `list[0]` the count,
/// `list[1]` where the next move played likely is (0), `list[2..2 + HAYANAGI_MAX_MOVES]` the keys,
/// then the codes (`uint16_t`, for the wrapper to copy out at once). Returns the count, or the error
/// (then `list[0]` says nothing is listed).
///
/// # Safety
/// `pos` is NULL or a position record; `list` is NULL or points to `LIST_BYTES` writable bytes
/// (`4 * (2 + HAYANAGI_MAX_MOVES) + 2 * HAYANAGI_MAX_MOVES`), aligned for `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_list(pos: *const PositionRecord, filter: i32, list: *mut u32) -> i32 {
    if list.is_null() || !list.is_aligned() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract: the keys and the codes lie within the list.
    let (keys, codes) = unsafe { (list.add(2), list.add(2 + LIST_KEYS).cast::<u16>()) };
    // SAFETY: the caller's contract; `codes` is aligned (a u32 address plus whole u32s) and has
    // `LIST_KEYS` writable u16.
    let count = unsafe { list_codes(pos, filter, codes) };
    let listed = if count > 0 {
        // SAFETY: the count was positive, so `pos` is a position record.
        match unsafe { read_position(pos) } {
            Ok(pos) => {
                for i in 0..count as usize {
                    // SAFETY: `i < count <= LIST_KEYS`: within the codes and the keys.
                    unsafe {
                        let code = core::ptr::read(codes.add(i));
                        let key = Move::from_bits(code).map_or(u32::from(code), |mv| key(&pos, mv));
                        core::ptr::write(keys.add(i), key);
                    }
                }
                count
            }
            Err(error) => error.code(),
        }
    } else {
        count
    };
    // SAFETY: `list` has at least 2 writable, aligned u32 (the caller's contract).
    unsafe {
        core::ptr::write(list, u32::try_from(listed).unwrap_or(NOT_LISTED));
        core::ptr::write(list.add(1), 0);
    }
    listed
}

/// The codes of the legal moves `filter` selects, into `codes` (`LIST_KEYS` of them, aligned).
///
/// # Safety
/// As [`hayanagi_js_list`].
#[inline(always)]
unsafe fn list_codes(pos: *const PositionRecord, filter: i32, codes: *mut u16) -> i32 {
    // SAFETY: the caller's contract.
    #[cfg(feature = "extended")]
    let count = unsafe { hayanagi_legal_moves_of(pos, filter, codes, LIST_KEYS, core::ptr::null_mut()) };
    #[cfg(not(feature = "extended"))]
    let count = match filter {
        // SAFETY: the caller's contract.
        0 => unsafe { hayanagi_legal_moves(pos, codes, LIST_KEYS, core::ptr::null_mut()) },
        _ => ErrorCode::OutOfRange.code(),
    };
    count
}

/// Plays the move code `mv` on `*pos`, recording it in the undo slot `slot` (an undo record, then the
/// move's key at byte `HAYANAGI_UNDO_RECORD_SIZE`), and returns its key, or the error of
/// `hayanagi_play` (nothing played). Unchecked (`hayanagi_play_unchecked`) when `list` (the move list
/// of this height, see [`hayanagi_js_list`], or NULL) lists `mv`: the module wrote that list for this
/// very position, and the wrapper forgets it whenever the position at its height changes; otherwise
/// the full legality test. `next` (the list one height up, or NULL) is marked as listing nothing: it
/// was of another position. What the wrapper's `play` does in one call.
///
/// # Safety
/// `pos` is NULL or a position record (writable); `slot` is NULL or points to
/// `HAYANAGI_UNDO_RECORD_SIZE + 4` writable bytes; `list` and `next` are NULL or point to
/// `2 + HAYANAGI_MAX_MOVES` writable `uint32_t`; none of them overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_play(
    pos: *mut PositionRecord,
    mv: u32,
    slot: *mut u8,
    list: *mut u32,
    next: *mut u32,
) -> i32 {
    if slot.is_null() {
        return ErrorCode::NullPointer.code();
    }
    let Ok(code) = u16::try_from(mv) else { return ErrorCode::BadMove.code() };
    // SAFETY: the caller's contract: a list has its count, its hint and `LIST_KEYS` keys; only
    // indices below a count of at most `LIST_KEYS` are read.
    let listed = unsafe { find_listed(list, code) };
    let undo = slot.cast::<UndoRecord>();
    let (key, result) = match listed {
        // SAFETY: the caller's contract, passed on.
        Some(key) => (key, unsafe { crate::moves::hayanagi_play_unchecked(pos, code, undo) }),
        None => {
            // SAFETY: the caller's contract, passed on.
            let key = unsafe { hayanagi_js_move_key(pos, code) };
            if key < 0 {
                return key;
            }
            // SAFETY: the caller's contract, passed on.
            (key as u32, unsafe { crate::moves::hayanagi_play(pos, code, undo) })
        }
    };
    if result < 0 {
        return result;
    }
    // SAFETY: `slot` has `UNDO_SIZE + 4` writable bytes; `next`, if not NULL, a writable u32.
    unsafe {
        core::ptr::write_unaligned(slot.add(core::mem::size_of::<UndoRecord>()).cast::<u32>(), key);
        if !next.is_null() {
            core::ptr::write_unaligned(next, NOT_LISTED);
        }
    }
    key as i32
}

/// The key of `code` in the move list `list` (NULL: none), searched from its hint on; the hint is
/// moved past it.
///
/// # Safety
/// `list` is NULL or points to `2 + LIST_KEYS` writable `u32`.
#[inline(always)]
unsafe fn find_listed(list: *mut u32, code: u16) -> Option<u32> {
    if list.is_null() {
        return None;
    }
    // SAFETY: the caller's contract; indices below `count <= LIST_KEYS` stay within the list.
    unsafe {
        let count = core::ptr::read_unaligned(list) as usize;
        if count > LIST_KEYS {
            return None;
        }
        let keys = list.add(2);
        let hint = core::ptr::read_unaligned(list.add(1)) as usize;
        let at = |i: usize| core::ptr::read_unaligned(keys.add(i));
        let index =
            if hint < count && at(hint) as u16 == code { hint } else { (0..count).find(|&i| at(i) as u16 == code)? };
        core::ptr::write_unaligned(list.add(1), (index + 1) as u32);
        Some(at(index))
    }
}

/// Takes back the move recorded in the undo slot `slot` (written by [`hayanagi_js_play`]), which must
/// be the last move played on `*pos`, as `hayanagi_undo` does, and returns its key; or
/// `hayanagi_undo`'s error, with nothing taken back.
///
/// # Safety
/// `pos` is NULL or a position record (writable); `slot` is NULL or points to
/// `HAYANAGI_UNDO_RECORD_SIZE + 4` readable bytes; the two do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_undo(pos: *mut PositionRecord, slot: *const u8) -> i32 {
    if slot.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract, passed on.
    let result = unsafe { crate::moves::hayanagi_undo(pos, slot.cast::<UndoRecord>()) };
    if result < 0 {
        return result;
    }
    // SAFETY: `slot` has `UNDO_SIZE + 4` readable bytes (the caller's contract).
    let key = unsafe { core::ptr::read_unaligned(slot.add(core::mem::size_of::<UndoRecord>()).cast::<u32>()) };
    // A key has 26 bits; anything else was not written by `hayanagi_js_play`.
    i32::try_from(key).unwrap_or(ErrorCode::BadMove.code())
}
