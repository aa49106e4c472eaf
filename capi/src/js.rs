//! What only the npm package's wrapper (`npm/hayanagi.mjs`) calls: answers a JavaScript caller needs
//! in one call where C would make several. Not in the header (the `hayanagi_js_` prefix says so);
//! the same conventions as the rest of the crate (caller records, negative error codes, no panics).
//!
//! A *move key* is a move code with the pieces it concerns, as a non-negative `i32`: bits 0-15 the
//! move code, bits 16-20 the moving piece's code (`HAYANAGI_PIECE`; for a drop the dropped piece of
//! the side to move), bits 21-25 the captured piece's code (0 if none). The wrapper makes its typed
//! move objects (`{from, to, promote, piece, captured}`) from keys.
//!
//! A position of the wrapper lives in a *stack* of entries ([`hayanagi_js_entry_size`] bytes each,
//! one per height): [`hayanagi_js_play`] copies the current entry's record into the next and makes
//! the move there (copy/make), so taking a move back is the wrapper's going down one entry, without a
//! call. So a move played and taken back crosses the boundary once, with two numbers.

use hayanagi::{Move, Piece, Position};

use crate::ErrorCode;
use crate::header::POSITION_SIZE;
#[cfg(not(feature = "extended"))]
use crate::moves::hayanagi_legal_moves;
#[cfg(feature = "extended")]
use crate::moves::hayanagi_legal_moves_of;
use crate::query::piece_code;
use crate::record::{PositionRecord, change_position, read_position};

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
/// `list[1]` where the next move played likely is (0), `list[2..2 + HAYANAGI_MAX_MOVES]` the keys (only
/// if `keys` is not 0: the typed moves need them, a move code does not), then the codes (`uint16_t`,
/// which [`hayanagi_js_play`] looks a move up in, and the wrapper copies out). Returns the count, or
/// the error (then `list[0]` says nothing is listed).
///
/// # Safety
/// `pos` is NULL or a position record; `list` is NULL or points to `LIST_BYTES` writable bytes
/// (`4 * (2 + HAYANAGI_MAX_MOVES) + 2 * HAYANAGI_MAX_MOVES`), aligned for `uint32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_js_list(pos: *const PositionRecord, filter: i32, list: *mut u32, keys: i32) -> i32 {
    if list.is_null() || !list.is_aligned() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract: the keys and the codes lie within the list.
    let (key_list, codes) = unsafe { (list.add(2), codes_of(list)) };
    // SAFETY: the caller's contract; `codes` is aligned (a u32 address plus whole u32s) and has
    // `LIST_KEYS` writable u16.
    let count = unsafe { list_codes(pos, filter, codes) };
    let listed = if count > 0 && keys != 0 {
        // SAFETY: the count was positive, so `pos` is a position record.
        match unsafe { read_position(pos) } {
            Ok(pos) => {
                for i in 0..count as usize {
                    // SAFETY: `i < count <= LIST_KEYS`: within the codes and the keys.
                    unsafe {
                        let code = core::ptr::read(codes.add(i));
                        let key = Move::from_bits(code).map_or(u32::from(code), |mv| key(&pos, mv));
                        core::ptr::write(key_list.add(i), key);
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

/// Where the codes of the move list `list` start.
///
/// # Safety
/// `list` points to a move list (`LIST_BYTES`).
#[inline(always)]
unsafe fn codes_of(list: *mut u32) -> *mut u16 {
    // SAFETY: the caller's contract: the codes follow the count, the hint and `LIST_KEYS` keys.
    unsafe { list.add(2 + LIST_KEYS).cast::<u16>() }
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

/// The bytes of an entry of a position's stack (the wrapper's: one entry per height, in one block):
/// a position record (`HAYANAGI_POSITION_SIZE` bytes), then at [`ENTRY_KEY`] the key of the move that
/// led to it (a `uint32_t`), at [`ENTRY_LIST`] the address of the move list of its height (a
/// `uint32_t`, 0 if it has none), then padding: a multiple of 64, so that every record of a stack has
/// the alignment of the first.
const ENTRY_SIZE: usize = POSITION_SIZE + 64;
/// Where an entry keeps the key of the move that led to it.
const ENTRY_KEY: usize = POSITION_SIZE;
/// Where an entry keeps the address of its height's move list.
const ENTRY_LIST: usize = POSITION_SIZE + 4;

/// The size of an entry of a position's stack (see [`hayanagi_js_play`]): the wrapper's stride.
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_js_entry_size() -> i32 {
    ENTRY_SIZE as i32
}

/// Plays the move code `mv` in the position of the stack entry `entry` into the entry above it
/// (copy/make: the entry's record is copied to `entry + ENTRY_SIZE` and the move made on the copy, so
/// taking the move back is the wrapper's going down one entry, and `*entry` stays as it was), writes
/// the move's key into the new entry and returns it; or the error of `hayanagi_play` (`*entry` is
/// unchanged either way; the entry above is then scratch). Unchecked (as `hayanagi_play_unchecked`,
/// without its shape checks) when the move list of `entry`'s height lists `mv`: the module wrote that
/// list for this very position, and it is marked as listing nothing whenever the position at its
/// height changes; otherwise the full legality test. The list of the new entry's height is so marked
/// (it was of another position). What the wrapper's `play` does in one call.
///
/// # Safety
/// `entry` is NULL or points to two entries (`2 * ENTRY_SIZE` bytes, writable, aligned for
/// `uint32_t`), the first a position record with its fields; each list address in them is 0 or that
/// of a move list (`LIST_BYTES` writable bytes, aligned for `uint32_t`); nothing overlaps.
// SIMD for the copy (32 vector loads and stores written out: a plain copy is a `memory.copy`, which
// V8 makes a call out of the module; a second copy per move made a JS-driven perft about 15 %
// slower, and this one made it about 5 % faster in paired runs). Every engine the package supports
// has WebAssembly SIMD (Node 16.4, Chrome 91, Firefox 89, Safari 16.4).
#[unsafe(no_mangle)]
#[target_feature(enable = "simd128")]
pub unsafe extern "C" fn hayanagi_js_play(entry: *mut u8, mv: u32) -> i32 {
    if entry.is_null() || !entry.cast::<u32>().is_aligned() {
        return ErrorCode::NullPointer.code();
    }
    let Some(mv) = u16::try_from(mv).ok().and_then(Move::from_bits) else { return ErrorCode::BadMove.code() };
    // SAFETY: the caller's contract: two entries, their fields aligned, their lists NULL or lists.
    unsafe {
        let child = entry.add(ENTRY_SIZE);
        let listed = find_listed(field(entry, ENTRY_LIST) as *mut u32, mv.to_bits());
        // A byte copy of a record is the same record; at the same alignment (the entries are
        // multiples of 64 apart), the position is in place there.
        copy_record(entry, child);
        let result = change_position(
            child.cast::<PositionRecord>(),
            #[inline(always)]
            |pos| {
                if !listed && !pos.is_legal(mv) {
                    return Err(ErrorCode::IllegalMove);
                }
                // No move from ply u64::MAX, as in `hayanagi_play`.
                if pos.ply() == u64::MAX {
                    return Err(ErrorCode::PlyOverflow);
                }
                let key = key(pos, mv);
                let _ = pos.play_unchecked(mv);
                Ok(key)
            },
        );
        match result {
            Ok(key) => {
                core::ptr::write(child.add(ENTRY_KEY).cast::<u32>(), key);
                let next = field(child, ENTRY_LIST) as *mut u32;
                if !next.is_null() {
                    core::ptr::write(next, NOT_LISTED);
                }
                key as i32
            }
            Err(error) => error.code(),
        }
    }
}

/// Copies the position record at `from` to `to` (`HAYANAGI_POSITION_SIZE` bytes) in 16-byte pieces.
///
/// # Safety
/// `from` is readable and `to` writable for `HAYANAGI_POSITION_SIZE` bytes; they do not overlap.
#[inline]
#[target_feature(enable = "simd128")]
unsafe fn copy_record(from: *const u8, to: *mut u8) {
    use core::arch::wasm32::{v128, v128_load, v128_store};
    const _: () = assert!(POSITION_SIZE == 32 * 16);
    let (from, to) = (from.cast::<v128>(), to.cast::<v128>());
    macro_rules! copy {
        ($($i:expr),*) => {
            // SAFETY: the `i`th piece of both records (the caller's contract); unaligned is allowed.
            $( unsafe { v128_store(to.add($i), v128_load(from.add($i))) }; )*
        };
    }
    copy!(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
        30, 31
    );
}

/// The `uint32_t` field at `at` of the entry `entry`.
///
/// # Safety
/// `entry` points to an entry, aligned for `uint32_t`.
#[inline(always)]
unsafe fn field(entry: *const u8, at: usize) -> usize {
    // SAFETY: the caller's contract; `at` is a multiple of 4 within the entry.
    unsafe { core::ptr::read(entry.add(at).cast::<u32>()) as usize }
}

/// Whether the move list `list` (NULL: none) lists `code`, searched from its hint on; the hint is
/// moved past it.
///
/// # Safety
/// `list` is NULL or points to a move list (`LIST_BYTES` writable bytes, aligned for `uint32_t`).
#[inline(always)]
unsafe fn find_listed(list: *mut u32, code: u16) -> bool {
    if list.is_null() {
        return false;
    }
    // SAFETY: the caller's contract; indices below `count <= LIST_KEYS` stay within the codes.
    unsafe {
        let count = core::ptr::read(list) as usize;
        if count > LIST_KEYS {
            return false;
        }
        let codes = codes_of(list);
        let hint = core::ptr::read(list.add(1)) as usize;
        let at = |i: usize| core::ptr::read(codes.add(i));
        let index = if hint < count && at(hint) == code {
            hint
        } else {
            match (0..count).find(|&i| at(i) == code) {
                Some(index) => index,
                None => return false,
            }
        };
        core::ptr::write(list.add(1), (index + 1) as u32);
        true
    }
}
