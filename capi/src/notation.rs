//! Move text beside USI: CSA (`+7776FU`) and Japanese (`▲７六歩`, KIF and KI2 styles), both ways,
//! for legal moves of a position (the `extended` feature).

use core::ffi::c_char;

use hayanagi::{JapaneseStyle, Move, Position, Square};

use crate::ErrorCode;
use crate::position::code;
use crate::query::square;
use crate::record::{PositionRecord, input, put, with_position, write_text};

/// The header's `HAYANAGI_STYLE_*` styles (checked by `header.rs`).
pub(crate) const STYLES: [(&str, JapaneseStyle); 2] =
    [("HAYANAGI_STYLE_KIF", JapaneseStyle::Kif), ("HAYANAGI_STYLE_KI2", JapaneseStyle::Ki2)];

/// The code of a style. Exhaustive on purpose: a new style fails this build until it has one.
pub(crate) const fn style_code(style: JapaneseStyle) -> i32 {
    match style {
        JapaneseStyle::Kif => 0,
        JapaneseStyle::Ki2 => 1,
    }
}

/// Bytes that always hold a move in CSA (`+7776FU`) and its NUL (`HAYANAGI_CSA_BUFFER_SIZE`).
pub(crate) const CSA_BUFFER_SIZE: usize = 8;
/// Bytes that always hold a move in Japanese and its NUL (`HAYANAGI_JAPANESE_BUFFER_SIZE`): the
/// longest, in KI2, is a sign, a square, a two-character piece name, two modifiers and 不成 (28
/// bytes of UTF-8).
pub(crate) const JAPANESE_BUFFER_SIZE: usize = 32;

/// The legal move of a C argument in `pos`.
fn legal(pos: &Position, mv: u16) -> Result<Move, ErrorCode> {
    let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
    if pos.is_legal(mv) { Ok(mv) } else { Err(ErrorCode::IllegalMove) }
}

/// The destination of the previous move, for 同: a square, or `HAYANAGI_NO_SQUARE` for none.
fn previous(to: i32) -> Result<Option<Square>, ErrorCode> {
    if to == Square::NUM as i32 { Ok(None) } else { square(to).map(Some) }
}

/// Writes the legal move `mv` of `*pos` in CSA into `buf` (C: `hayanagi_move_to_csa`).
///
/// # Safety
/// `pos` is NULL or a position record; `buf` is NULL or points to `size` writable bytes; `needed` is
/// NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_move_to_csa(
    pos: *const PositionRecord,
    mv: u16,
    buf: *mut c_char,
    size: usize,
    needed: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            let csa = pos.csa_move(legal(pos, mv)?).map_err(|_| ErrorCode::IllegalMove)?;
            write_text(csa, buf, size, needed)
        })
    })
}

/// Reads a CSA move that must be legal in `*pos` into `*mv` (C: `hayanagi_parse_csa_move`).
///
/// # Safety
/// `pos` is NULL or a position record; `text` is NULL or points to `len` readable bytes; `mv` is NULL
/// or points to a writable `uint16_t`; `error_offset` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_parse_csa_move(
    pos: *const PositionRecord,
    text: *const c_char,
    len: usize,
    mv: *mut u16,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            if mv.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            match pos.parse_csa_move(input(text, len)?) {
                Ok(parsed) => {
                    put(mv, parsed.to_bits());
                    Ok(0)
                }
                Err(error) => {
                    put(error_offset, error.offset());
                    Err(error.kind().into())
                }
            }
        })
    })
}

/// Writes the legal move `mv` of `*pos` in Japanese (UTF-8) into `buf` (C: `hayanagi_move_to_japanese`).
///
/// # Safety
/// As [`hayanagi_move_to_csa`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_move_to_japanese(
    pos: *const PositionRecord,
    mv: u16,
    previous_to: i32,
    style: i32,
    buf: *mut c_char,
    size: usize,
    needed: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            let style = usize::try_from(style).ok().and_then(|i| STYLES.get(i)).ok_or(ErrorCode::OutOfRange)?.1;
            let previous = previous(previous_to)?;
            let text = pos.japanese_move(legal(pos, mv)?, previous, style).map_err(|_| ErrorCode::IllegalMove)?;
            write_text(text, buf, size, needed)
        })
    })
}

/// Reads a Japanese move (UTF-8, KIF or KI2) that must be legal in `*pos` into `*mv`, and the bytes
/// it took into `*read` (C: `hayanagi_parse_japanese_move`).
///
/// # Safety
/// `pos` is NULL or a position record; `text` is NULL or points to `len` readable bytes; `mv` is NULL
/// or points to a writable `uint16_t`; `read` and `error_offset` are each NULL or point to a
/// writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_parse_japanese_move(
    pos: *const PositionRecord,
    text: *const c_char,
    len: usize,
    previous_to: i32,
    mv: *mut u16,
    read: *mut usize,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            if mv.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let bytes = input(text, len)?;
            let previous = previous(previous_to)?;
            let text = match core::str::from_utf8(bytes) {
                Ok(text) => text,
                Err(error) => {
                    put(error_offset, error.valid_up_to());
                    return Err(ErrorCode::NotUtf8);
                }
            };
            match pos.parse_japanese_move(text, previous) {
                Ok((parsed, taken)) => {
                    put(mv, parsed.to_bits());
                    put(read, taken);
                    Ok(0)
                }
                Err(error) => {
                    put(error_offset, error.offset());
                    Err(error.kind().into())
                }
            }
        })
    })
}
