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
use crate::record::{PositionRecord, read_position};

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
    #[cfg(feature = "extended")]
    let count = unsafe { hayanagi_legal_moves_of(pos, filter, codes, capacity, core::ptr::null_mut()) };
    // The core module (the npm package's, built without the extended set) has the full list only:
    // the filters are the extended module's.
    #[cfg(not(feature = "extended"))]
    let count = match filter {
        // SAFETY: the caller's contract; `capacity` u32 hold `capacity` u16.
        0 => unsafe { hayanagi_legal_moves(pos, codes, capacity, core::ptr::null_mut()) },
        _ => ErrorCode::OutOfRange.code(),
    };
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
