//! Moves: the legal move list, codes and USI text both ways, play (checked and unchecked) and undo.

use core::ffi::c_char;
use core::ptr;

use core::slice;

use hayanagi::{Move, MoveFilter, MoveList, PieceKind, Position, Square, UsiMoveError};

use crate::ErrorCode;
use crate::position::code;
use crate::query::{hand_kind, square};
#[cfg(feature = "extended")]
use crate::record::derive_position;
use crate::record::{
    PositionRecord, UndoRecord, change_position, input, put, read_position, read_undo, with_position, write_text,
    write_undo,
};

/// The header's `HAYANAGI_FILTER_*` codes: the index in [`MoveFilter::ALL`] (checked by `header.rs`).
pub(crate) const FILTERS: [(&str, MoveFilter); MoveFilter::ALL.len()] = [
    ("HAYANAGI_FILTER_ALL", MoveFilter::All),
    ("HAYANAGI_FILTER_CAPTURES", MoveFilter::Captures),
    ("HAYANAGI_FILTER_NON_CAPTURES", MoveFilter::NonCaptures),
    ("HAYANAGI_FILTER_DROPS", MoveFilter::Drops),
    ("HAYANAGI_FILTER_CHECKS", MoveFilter::Checks),
    ("HAYANAGI_FILTER_QUIET_CHECKS", MoveFilter::QuietChecks),
    ("HAYANAGI_FILTER_EVASIONS", MoveFilter::Evasions),
];

/// The `HAYANAGI_FILTER_*` code of a filter. Exhaustive on purpose: a new filter in the library
/// fails this build until it has a code.
pub(crate) const fn filter_code(filter: MoveFilter) -> i32 {
    match filter {
        MoveFilter::All => 0,
        MoveFilter::Captures => 1,
        MoveFilter::NonCaptures => 2,
        MoveFilter::Drops => 3,
        MoveFilter::Checks => 4,
        MoveFilter::QuietChecks => 5,
        MoveFilter::Evasions => 6,
    }
}

// Each filter's code is its index in `MoveFilter::ALL` and in `FILTERS`.
const _: () = {
    let mut i = 0;
    while i < MoveFilter::ALL.len() {
        assert!(filter_code(MoveFilter::ALL[i]) == i as i32);
        assert!(filter_code(FILTERS[i].1) == i as i32);
        i += 1;
    }
};

/// The filter of a C argument (`HAYANAGI_FILTER_*`).
#[cfg(feature = "extended")]
pub(crate) fn move_filter(filter: i32) -> Result<MoveFilter, ErrorCode> {
    usize::try_from(filter).ok().and_then(|i| MoveFilter::ALL.get(i)).copied().ok_or(ErrorCode::OutOfRange)
}

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
    // SAFETY: the caller's contract, passed on.
    code(unsafe {
        legal_moves_into(pos, moves, capacity, needed, |pos, codes| {
            pos.generate_legal_move_codes(MoveFilter::All, codes)
        })
    })
}

/// Writes the legal moves of `*pos` that `filter` (`HAYANAGI_FILTER_*`) selects into `moves` and
/// returns their count (C: `hayanagi_legal_moves_of`).
///
/// # Safety
/// As [`hayanagi_legal_moves`].
#[cfg(feature = "extended")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_legal_moves_of(
    pos: *const PositionRecord,
    filter: i32,
    moves: *mut u16,
    capacity: usize,
    needed: *mut usize,
) -> i32 {
    code((|| {
        let filter = move_filter(filter)?;
        // SAFETY: the caller's contract, passed on.
        unsafe {
            legal_moves_into(pos, moves, capacity, needed, |pos, codes| pos.generate_legal_move_codes(filter, codes))
        }
    })())
}

/// The body of both: `generate` writes the codes straight into the caller's array when it always
/// holds every move and is aligned for `uint16_t` (the usual call), else into a local array copied
/// out if it fits.
///
/// # Safety
/// As [`hayanagi_legal_moves`].
#[inline(always)]
unsafe fn legal_moves_into(
    pos: *const PositionRecord,
    moves: *mut u16,
    capacity: usize,
    needed: *mut usize,
    generate: impl Fn(&Position, &mut [u16]) -> usize,
) -> Result<i32, ErrorCode> {
    // SAFETY: the caller's contract.
    unsafe {
        with_position(pos, |pos| {
            if moves.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let count = if capacity >= MoveList::CAPACITY && moves.is_aligned() {
                // SAFETY: `moves` has `capacity >= MoveList::CAPACITY` writable, aligned elements
                // (the caller's contract), which nothing else uses during the call.
                let codes = slice::from_raw_parts_mut(moves, MoveList::CAPACITY);
                generate(pos, codes)
            } else {
                let mut codes = [0u16; MoveList::CAPACITY];
                let count = generate(pos, &mut codes);
                if count <= capacity {
                    for (i, &code) in codes.iter().take(count).enumerate() {
                        // SAFETY: `i < count <= capacity`: within the caller's array.
                        ptr::write_unaligned(moves.add(i), code);
                    }
                }
                count
            };
            put(needed, count);
            if count > capacity {
                return Err(ErrorCode::BufferTooSmall);
            }
            Ok(i32::try_from(count).unwrap_or(i32::MAX))
        })
    }
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

/// Reads a USI move that must be legal in `*pos` into `*mv` (C: `hayanagi_parse_usi_move`, as
/// [`Position::parse_usi_move`]).
///
/// # Safety
/// `pos` is NULL or a position record; `text` is NULL or points to `len` readable bytes; `mv` is NULL
/// or points to a writable `uint16_t`; `error_offset` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_parse_usi_move(
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
/// writable bytes; the two do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_play(pos: *mut PositionRecord, mv: u16, undo: *mut UndoRecord) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe { play_with(pos, mv, undo, Position::is_legal) }
}

/// Plays `mv` on `*pos` after the shape checks only (C: `hayanagi_play_unchecked`): for moves the
/// library generated. See the header for the contract on any other value.
///
/// # Safety
/// As [`hayanagi_play`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_play_unchecked(pos: *mut PositionRecord, mv: u16, undo: *mut UndoRecord) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe { play_with(pos, mv, undo, playable) }
}

// The extended set: the C libraries have it; the npm package's core module, which plays on its
// own positions, does not need copy/make.
#[cfg(feature = "extended")]
/// Writes into `*child` the position `*pos` leads to by the legal move `mv`, leaving `*pos` as it is
/// (C: `hayanagi_play_into`: copy/make in one call).
///
/// # Safety
/// `pos` is NULL or a position record; `child` is NULL or points to `HAYANAGI_POSITION_SIZE`
/// writable bytes; the two are the same record or do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_play_into(pos: *const PositionRecord, mv: u16, child: *mut PositionRecord) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe { play_into_with(pos, mv, child, Position::is_legal) }
}

#[cfg(feature = "extended")]
/// [`hayanagi_play_into`] after the shape checks of [`hayanagi_play_unchecked`] only (C:
/// `hayanagi_play_unchecked_into`): for moves the library generated.
///
/// # Safety
/// As [`hayanagi_play_into`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_play_unchecked_into(
    pos: *const PositionRecord,
    mv: u16,
    child: *mut PositionRecord,
) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe { play_into_with(pos, mv, child, playable) }
}

#[cfg(feature = "extended")]
/// The body of both copy/make plays: `accept` decides whether the move may be played.
///
/// # Safety
/// As [`hayanagi_play_into`].
#[inline(always)]
unsafe fn play_into_with(
    pos: *const PositionRecord,
    mv: u16,
    child: *mut PositionRecord,
    accept: impl FnOnce(&Position, Move) -> bool,
) -> i32 {
    // SAFETY: the caller's contract, passed on.
    let result = unsafe {
        derive_position(
            pos,
            child,
            // The ply limit is read on the parent: on the copy, the compiler keeps the ply it loads
            // for the test until the move stores the next one, and spills the key's and the ply's
            // addresses for it (callgrind, C perft 4 from the start: 11 instructions a move).
            #[inline(always)]
            |parent| Ok(parent.ply() == u64::MAX),
            // On the copy: the checks and the move read the same squares once.
            #[inline(always)]
            |child, at_ply_limit| {
                let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
                if !accept(child, mv) {
                    return Err(ErrorCode::IllegalMove);
                }
                // No move from ply u64::MAX, as in `play_with`.
                if at_ply_limit {
                    return Err(ErrorCode::PlyOverflow);
                }
                let _ = child.play_unchecked(mv);
                Ok(0)
            },
        )
    };
    code(result)
}

/// True when `mv` has a shape `Position::play_unchecked` keeps the position workable with, and
/// `Position::undo` takes back exactly: a board move of a piece of the side to move that lands on
/// no piece of its own and on no king, promoting only a kind that promotes; a drop of a piece in
/// hand onto an empty square. Then the pieces stay the same (a capture moves one into a hand, as the
/// set allows) and no king is lost or added, whatever else is wrong with the move.
#[inline(always)]
fn playable(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    match mv.from() {
        Some(from) => {
            pos.piece_at(from)
                .is_some_and(|piece| piece.color() == us && (!mv.is_promotion() || piece.kind().promote().is_some()))
                && pos.piece_at(mv.to()).is_none_or(|target| target.color() != us && target.kind() != PieceKind::King)
        }
        None => mv.drop_kind().is_some_and(|kind| pos.hand(us).count(kind) > 0) && pos.piece_at(mv.to()).is_none(),
    }
}

/// The body of both plays: `accept` decides whether the move may be played.
///
/// # Safety
/// As [`hayanagi_play`].
#[inline(always)]
unsafe fn play_with(
    pos: *mut PositionRecord,
    mv: u16,
    undo: *mut UndoRecord,
    accept: impl FnOnce(&Position, Move) -> bool,
) -> i32 {
    // SAFETY: the caller's contract; the undo record does not overlap the position.
    let result = unsafe {
        change_position(
            pos,
            #[inline(always)]
            |pos| {
                let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
                if !accept(pos, mv) {
                    return Err(ErrorCode::IllegalMove);
                }
                // No move from ply u64::MAX: the library's answer (`PlayError::PlyLimit`) to both plays.
                if pos.ply() == u64::MAX {
                    return Err(ErrorCode::PlyOverflow);
                }
                let record = pos.play_unchecked(mv);
                if !undo.is_null() {
                    write_undo(undo, record);
                }
                Ok(0)
            },
        )
    };
    code(result)
}

/// Takes back the move recorded in `*undo`, which must be the last move played on `*pos` (C:
/// `hayanagi_undo`).
///
/// # Safety
/// `pos` is NULL or a position record (writable); `undo` is NULL or an undo record; the two do not
/// overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_undo(pos: *mut PositionRecord, undo: *const UndoRecord) -> i32 {
    // SAFETY: the caller's contract. The record is not read when the position is refused.
    let result = unsafe {
        change_position(
            pos,
            #[inline(always)]
            |pos| {
                let record = read_undo(undo)?;
                // The record belongs to the position right after its move: its key and ply (the
                // check `Position::undo` makes, here so that the take-back inlines).
                if pos.key() != record.key_after() || pos.ply() != record.ply_after() {
                    return Err(ErrorCode::UndoMismatch);
                }
                pos.undo_unchecked(record);
                Ok(0)
            },
        )
    };
    code(result)
}

/// The code of a board move (C: `hayanagi_move_normal`).
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_move_normal(from: i32, to: i32, promote: i32) -> i32 {
    code((|| {
        let (from, to) = (square(from)?, square(to)?);
        let mv = Move::normal(from, to, promote != 0).ok_or(ErrorCode::MoveSameSquare)?;
        Ok(i32::from(mv.to_bits()))
    })())
}

/// The code of a drop (C: `hayanagi_move_drop`).
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_move_drop(kind: i32, to: i32) -> i32 {
    code((|| {
        let (kind, to) = (hand_kind(kind)?, square(to)?);
        Move::drop(kind, to).map(|mv| i32::from(mv.to_bits())).ok_or(ErrorCode::OutOfRange)
    })())
}

/// Takes a move code apart (C: `hayanagi_move_decode`): `HAYANAGI_OK` or `HAYANAGI_ERR_BAD_MOVE`.
///
/// # Safety
/// Each of `from`, `to`, `promote` and `drop_kind` is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_move_decode(
    mv: u16,
    from: *mut i32,
    to: *mut i32,
    promote: *mut i32,
    drop_kind: *mut i32,
) -> i32 {
    let Some(mv) = Move::from_bits(mv) else { return ErrorCode::BadMove.code() };
    let origin = mv.from().map_or(Square::NUM, Square::index) as i32;
    let kind = mv.drop_kind().map_or(PieceKind::NUM, PieceKind::index) as i32;
    // SAFETY: each is NULL or writable (the caller's contract).
    unsafe {
        put(from, origin);
        put(to, mv.to().index() as i32);
        put(promote, mv.is_promotion() as i32);
        put(drop_kind, kind);
    }
    ErrorCode::Ok.code()
}

/// Reads the syntax of a USI move into `*mv` (C: `hayanagi_move_from_usi`, as [`Move::from_usi`]).
///
/// # Safety
/// `text` is NULL or points to `len` readable bytes; `mv` is NULL or points to a writable
/// `uint16_t`; `error_offset` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_move_from_usi(
    text: *const c_char,
    len: usize,
    mv: *mut u16,
    error_offset: *mut usize,
) -> i32 {
    if mv.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    let parsed = match unsafe { input(text, len) } {
        Ok(text) => Move::from_usi_bytes(text),
        Err(error) => return error.code(),
    };
    match parsed {
        Ok(parsed) => {
            // SAFETY: non-NULL, writable (the caller's contract).
            unsafe { put(mv, parsed.to_bits()) };
            ErrorCode::Ok.code()
        }
        Err(error) => {
            if let UsiMoveError::Syntax { offset, .. } = error {
                // SAFETY: the caller's contract.
                unsafe { put(error_offset, offset) };
            }
            ErrorCode::from(error).code()
        }
    }
}

/// Passes the turn (C: `hayanagi_pass`): `HAYANAGI_ERR_PASS_IN_CHECK` when in check.
///
/// # Safety
/// `pos` is NULL or a position record (writable).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_pass(pos: *mut PositionRecord) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe { change_position(pos, |pos| pos.pass().map(|()| 0).map_err(ErrorCode::from)) })
}

/// The key of the position the legal move `mv` leads to (C: `hayanagi_key_after`).
///
/// # Safety
/// `pos` is NULL or a position record; `key` is NULL or points to a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_key_after(pos: *const PositionRecord, mv: u16, key: *mut u64) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            if key.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
            if !pos.is_legal(mv) {
                return Err(ErrorCode::IllegalMove);
            }
            put(key, pos.key_after(mv));
            Ok(0)
        })
    })
}
