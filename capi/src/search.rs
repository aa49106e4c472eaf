//! Mate search and static exchange evaluation (the `extended` feature).

use hayanagi::{Move, PieceKind, SeeValues};

use crate::ErrorCode;
use crate::position::{answer, code};
use crate::record::{PositionRecord, put, with_position};

/// The largest piece value `hayanagi_see` takes (in absolute value): an exchange of at most 40
/// captures stays far from `i32`'s range.
pub(crate) const MAX_SEE_VALUE: i32 = 1 << 20;

/// True if the side to move mates at once (C: `hayanagi_mate_in_1`); the move into `*mv` if that is
/// not NULL.
///
/// # Safety
/// `pos` is NULL or a position record; `mv` is NULL or points to a writable `uint16_t`; `error` is
/// NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_mate_in_1(pos: *const PositionRecord, mv: *mut u16, error: *mut i32) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        let found = with_position(pos, |pos| Ok(pos.mate_in_1()));
        if let Ok(Some(line)) = found {
            put(mv, line.to_bits());
        }
        answer(found.map(|line| line.is_some()), error)
    }
}

/// The length of a mate of at most 3 plies (0, 1 or 3), the line into `line[0..len)` (C:
/// `hayanagi_mate_in_3`).
///
/// # Safety
/// `pos` is NULL or a position record; `line` is NULL or points to 3 writable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_mate_in_3(pos: *const PositionRecord, line: *mut u16) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            if line.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let Some(mate) = pos.mate_in_3() else { return Ok(0) };
            for (i, mv) in mate.moves().iter().enumerate().take(3) {
                // SAFETY: `i < 3`: within the caller's 3 elements (any alignment).
                core::ptr::write_unaligned(line.add(i), mv.to_bits());
            }
            Ok(mate.len() as i32)
        })
    })
}

/// The values of a C argument: the defaults for NULL, else 14 values each within
/// `±MAX_SEE_VALUE`.
///
/// # Safety
/// `values` is NULL or points to 14 readable `int32_t` (any alignment).
unsafe fn see_values(values: *const i32) -> Result<SeeValues, ErrorCode> {
    if values.is_null() {
        return Ok(SeeValues::DEFAULT);
    }
    let mut read = [0i32; PieceKind::NUM];
    for (i, value) in read.iter_mut().enumerate() {
        // SAFETY: `i < 14`, within the caller's array.
        *value = unsafe { core::ptr::read_unaligned(values.add(i)) };
        if !(-MAX_SEE_VALUE..=MAX_SEE_VALUE).contains(value) {
            return Err(ErrorCode::OutOfRange);
        }
    }
    Ok(SeeValues::new(read))
}

/// The legal move of a C argument.
fn legal(pos: &hayanagi::Position, mv: u16) -> Result<Move, ErrorCode> {
    let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
    if pos.is_legal(mv) { Ok(mv) } else { Err(ErrorCode::IllegalMove) }
}

/// The static exchange evaluation of the legal move `mv` into `*value` (C: `hayanagi_see`).
///
/// # Safety
/// `pos` is NULL or a position record; `values` is NULL or points to 14 readable `int32_t`; `value`
/// is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_see(pos: *const PositionRecord, mv: u16, values: *const i32, value: *mut i32) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            if value.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let values = see_values(values)?;
            let mv = legal(pos, mv)?;
            put(value, pos.see_with(&values, mv));
            Ok(0)
        })
    })
}

/// True if the static exchange evaluation of the legal move `mv` is at least `threshold` (C:
/// `hayanagi_see_ge`).
///
/// # Safety
/// `pos` is NULL or a position record; `values` is NULL or points to 14 readable `int32_t`; `error`
/// is NULL or points to a writable `int32_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_see_ge(
    pos: *const PositionRecord,
    mv: u16,
    values: *const i32,
    threshold: i32,
    error: *mut i32,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        let result = with_position(pos, |pos| {
            let values = see_values(values)?;
            let mv = legal(pos, mv)?;
            Ok(pos.see_ge_with(&values, mv, threshold))
        });
        answer(result, error)
    }
}
