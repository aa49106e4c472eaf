//! What only the npm package's wrapper (`npm/hayanagi.mjs`) calls: answers a JavaScript caller needs
//! in one call where C would make several. Not in the header (the `hayanagi_js_` prefix says so);
//! the same conventions as the rest of the crate (caller records, negative error codes, no panics).
//!
//! A *move key* is a move code with the pieces it concerns, as a non-negative `i32`: bits 0-15 the
//! move code, bits 16-20 the moving piece's code (`HAYANAGI_PIECE`; for a drop the dropped piece of
//! the side to move), bits 21-25 the captured piece's code (0 if none). The wrapper makes its typed
//! move objects (`{from, to, promote, piece, captured}`) from keys.

use core::ffi::c_char;

use hayanagi::{Handicap, Move, Piece, Position};

use crate::ErrorCode;
use crate::moves::hayanagi_legal_moves_of;
use crate::position::code;
use crate::query::piece_code;
use crate::record::{
    PositionRecord, UndoRecord, change_position, input, put, read_position, read_undo, write_position, write_text,
};

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

/// Writes the keys of the legal moves of `*pos` that `filter` selects (`HAYANAGI_FILTER_*`, in the
/// order of `hayanagi_legal_moves_of`) into `keys` and returns their count; `BUFFER_TOO_SMALL` if
/// `capacity` is less.
///
/// # Safety
/// `pos` is NULL or a position record; `keys` is NULL or points to `capacity` writable `uint32_t`
/// (any alignment).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_legal_keys(
    pos: *const PositionRecord,
    filter: i32,
    keys: *mut u32,
    capacity: usize,
) -> i32 {
    // The codes first, into the first half of the buffer (one generator in the module: a second
    // inlined copy would cost 2 KB gzipped), then widened in place from the last one down: key i
    // overwrites codes 2i and 2i + 1, which are read by then.
    let codes = keys.cast::<u16>();
    // SAFETY: the caller's contract; `capacity` u32 hold `capacity` u16.
    let count = unsafe { hayanagi_legal_moves_of(pos, filter, codes, capacity, core::ptr::null_mut()) };
    if count <= 0 {
        return count;
    }
    // SAFETY: the count was positive, so `pos` is a position record.
    let Ok(pos) = (unsafe { read_position(pos) }) else { return ErrorCode::NotAPosition.code() };
    for i in (0..count as usize).rev() {
        // SAFETY: `i < count <= capacity`: within the buffer, as u16 and as u32 (any alignment).
        unsafe {
            let code = core::ptr::read_unaligned(codes.add(i));
            let key = Move::from_bits(code).map_or(u32::from(code), |mv| key(&pos, mv));
            core::ptr::write_unaligned(keys.add(i), key);
        }
    }
    count
}

/// Takes back the move `mv` recorded in `*undo`, as `hayanagi_undo` does (the same checks, in the
/// same call, so that the wrapper's hot undo crosses the boundary once), and returns its key in the
/// position it was played in (the one reached), or `hayanagi_undo`'s error. `mv` is the caller's note
/// of the move (the wrapper's undo stack); `BAD_MOVE`, with nothing taken back, if it is no move code.
///
/// # Safety
/// As `hayanagi_undo`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_undo(pos: *mut PositionRecord, undo: *const UndoRecord, mv: u16) -> i32 {
    let Some(parsed) = Move::from_bits(mv) else { return ErrorCode::BadMove.code() };
    // SAFETY: the caller's contract. The record is not read when the position is refused.
    let result = unsafe {
        change_position(
            pos,
            #[inline(always)]
            |pos| {
                let record = read_undo(undo)?;
                pos.undo(record).map_err(|_| ErrorCode::UndoMismatch)?;
                Ok(key(pos, parsed) as i32)
            },
        )
    };
    code(result)
}

/// Searches `*pos` for a mate in 1 (`plies` 1) or in at most 3 (`plies` 3) and writes the mating
/// line's codes, attacker first, into `line` (room for 3); returns its length, 0 if there is none,
/// `OUT_OF_RANGE` for another `plies`. The JS side of the core's `Position::mate_in_1` and
/// `Position::mate_in_3` until the C API has them.
///
/// # Safety
/// `pos` is NULL or a position record; `line` is NULL or points to 3 writable `uint16_t` (any alignment).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_mate(pos: *const PositionRecord, plies: i32, line: *mut u16) -> i32 {
    // SAFETY: the caller's contract.
    let pos = match unsafe { read_position(pos) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    if line.is_null() {
        return ErrorCode::NullPointer.code();
    }
    let mut moves = [None::<Move>; 3];
    match plies {
        1 => moves[0] = pos.mate_in_1(),
        3 => {
            if let Some(found) = pos.mate_in_3() {
                for (slot, &mv) in moves.iter_mut().zip(found.moves()) {
                    *slot = Some(mv);
                }
            }
        }
        _ => return ErrorCode::OutOfRange.code(),
    }
    let mut count = 0;
    for mv in moves.into_iter().flatten() {
        // SAFETY: `count < 3`, and `line` has 3 writable elements.
        unsafe { core::ptr::write_unaligned(line.add(count), mv.to_bits()) };
        count += 1;
    }
    count as i32
}

/// The static exchange evaluation of the legal move `mv` (the core's `Position::see`, with its
/// default values) into `*value`; `ILLEGAL_MOVE` if it is not legal here.
///
/// # Safety
/// `pos` is NULL or a position record; `value` is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_see(pos: *const PositionRecord, mv: u16, value: *mut i32) -> i32 {
    // SAFETY: the caller's contract.
    let pos = match unsafe { read_position(pos) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    match Move::from_bits(mv) {
        None => ErrorCode::BadMove.code(),
        Some(mv) if !pos.is_legal(mv) => ErrorCode::IllegalMove.code(),
        Some(mv) => {
            // SAFETY: the caller's contract.
            unsafe { put(value, pos.see(mv)) };
            ErrorCode::Ok.code()
        }
    }
}

/// Writes the legal move `mv` as CSA writes it (`+7776FU`) into `buf`; returns its length,
/// `ILLEGAL_MOVE` if it is not legal here.
///
/// # Safety
/// `pos` is NULL or a position record; `buf` is NULL or points to `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_csa_move(
    pos: *const PositionRecord,
    mv: u16,
    buf: *mut c_char,
    size: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    let pos = match unsafe { read_position(pos) } {
        Ok(pos) => pos,
        Err(error) => return error.code(),
    };
    code((|| {
        let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
        let text = pos.csa_move(mv).map_err(|_| ErrorCode::IllegalMove)?;
        // SAFETY: the caller's contract.
        unsafe { write_text(text, buf, size, core::ptr::null_mut()) }
    })())
}

/// What [`hayanagi_js_parse_csa_move`] returns for text that is
/// no move here: the message is in `buf`, the byte offset in `*offset`. Below every `HAYANAGI_ERR_*`.
pub const NOTATION_ERROR: i32 = -1000;

/// Reads a CSA move (`+7776FU`, `-0055KA`) that must be legal in `*pos` into `*mv`. Returns 0, or
/// [`NOTATION_ERROR`] with the offset and the message.
///
/// # Safety
/// `pos` is NULL or a position record; `text` points to `len` readable bytes; `mv` and `offset` point
/// to a writable `uint16_t` and `size_t`; `buf` to `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_parse_csa_move(
    pos: *const PositionRecord,
    text: *const c_char,
    len: usize,
    mv: *mut u16,
    offset: *mut usize,
    buf: *mut c_char,
    size: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    let (pos, bytes) = match unsafe { (read_position(pos), input(text, len)) } {
        (Ok(pos), Ok(bytes)) => (pos, bytes),
        (Err(error), _) | (_, Err(error)) => return error.code(),
    };
    match pos.parse_csa_move(bytes) {
        Ok(parsed) => {
            // SAFETY: the caller's contract.
            unsafe { put(mv, parsed.to_bits()) };
            ErrorCode::Ok.code()
        }
        Err(error) => {
            // SAFETY: the caller's contract.
            unsafe {
                put(offset, error.offset());
                let _ = write_text(error.kind(), buf, size, core::ptr::null_mut());
            }
            NOTATION_ERROR
        }
    }
}

/// Writes the start position of the handicap numbered `index` (the core's `Handicap::ALL` order)
/// into `*out`, and its name (`japanese` 0: `"bishop"`, else `"角落ち"`) into `buf`; returns the name's
/// length, `OUT_OF_RANGE` past the last.
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes; `buf` to `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_handicap(
    index: i32,
    japanese: i32,
    out: *mut PositionRecord,
    buf: *mut c_char,
    size: usize,
) -> i32 {
    let Some(&handicap) = usize::try_from(index).ok().and_then(|i| Handicap::ALL.get(i)) else {
        return ErrorCode::OutOfRange.code();
    };
    if out.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    unsafe {
        write_position(out, handicap.position());
        code(write_text(
            if japanese != 0 { handicap.japanese() } else { handicap.name() },
            buf,
            size,
            core::ptr::null_mut(),
        ))
    }
}
