//! Packed positions (HCP, PackedSfen: 32 bytes) and the training records built on them (hcpe: 38
//! bytes, PSV: 40 bytes), read from and written to the caller's byte arrays (the `extended`
//! feature). Records are read by index from an array of them, so a C program walks a file's bytes
//! without copying.

use hayanagi::{GameResult, Hcpe, Move, PackedFormat, PackedRecord, Psv, PsvResult};

use crate::ErrorCode;
use crate::position::code;
use crate::record::{PositionRecord, put, with_position, write_position};

/// The header's `HAYANAGI_PACKED_*` codes, with their formats (checked by `header.rs`).
pub(crate) const FORMATS: [(&str, PackedFormat); 2] =
    [("HAYANAGI_PACKED_HCP", PackedFormat::Hcp), ("HAYANAGI_PACKED_SFEN", PackedFormat::PackedSfen)];

/// The code of a format. Exhaustive on purpose: a new format fails this build until it has one.
pub(crate) const fn format_code(format: PackedFormat) -> i32 {
    match format {
        PackedFormat::Hcp => 0,
        PackedFormat::PackedSfen => 1,
    }
}

/// The format of a C argument.
fn format(code: i32) -> Result<PackedFormat, ErrorCode> {
    usize::try_from(code).ok().and_then(|i| FORMATS.get(i)).map(|(_, f)| *f).ok_or(ErrorCode::OutOfRange)
}

/// The header's game results of hcpe records (`HAYANAGI_GAME_*`), as the record's byte.
pub(crate) const fn game_result_code(result: GameResult) -> i32 {
    match result {
        GameResult::Draw => 0,
        GameResult::BlackWin => 1,
        GameResult::WhiteWin => 2,
    }
}

/// The header's results of PSV records (`HAYANAGI_PSV_*`), for the side to move.
pub(crate) const fn psv_result_code(result: PsvResult) -> i32 {
    match result {
        PsvResult::Loss => -1,
        PsvResult::Draw => 0,
        PsvResult::Win => 1,
    }
}

/// The bytes of a packed position and of each record.
pub(crate) const PACKED_SIZE: usize = 32;

/// `len` readable bytes at `bytes`.
///
/// # Safety
/// `bytes` is NULL or points to `len` readable bytes that nothing writes during the call.
unsafe fn bytes_in<'a>(bytes: *const u8, len: usize) -> Result<&'a [u8], ErrorCode> {
    // SAFETY: the caller's contract.
    unsafe { crate::record::input(bytes.cast(), len) }
}

/// Writes the packed position of `*pos` into `out` (C: `hayanagi_position_pack`).
///
/// # Safety
/// `pos` is NULL or a position record; `out` is NULL or points to `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_pack(
    pos: *const PositionRecord,
    packed_format: i32,
    out: *mut u8,
    size: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            let format = format(packed_format)?;
            if out.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            if size < PACKED_SIZE {
                return Err(ErrorCode::BufferTooSmall);
            }
            let packed = pos.to_packed(format)?;
            // SAFETY: `size >= 32` writable bytes (the caller's contract).
            core::ptr::copy_nonoverlapping(packed.as_ptr(), out, PACKED_SIZE);
            Ok(PACKED_SIZE as i32)
        })
    })
}

/// Reads a packed position (ply 1) into `*out` (C: `hayanagi_position_unpack`).
///
/// # Safety
/// `out` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes; `bytes` is NULL or points to
/// `len` readable bytes; `error_offset` is NULL or points to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_position_unpack(
    out: *mut PositionRecord,
    packed_format: i32,
    bytes: *const u8,
    len: usize,
    error_offset: *mut usize,
) -> i32 {
    if out.is_null() {
        return ErrorCode::NullPointer.code();
    }
    let format = match format(packed_format) {
        Ok(format) => format,
        Err(error) => return error.code(),
    };
    // SAFETY: the caller's contract.
    let bytes = match unsafe { bytes_in(bytes, len) } {
        Ok(bytes) => bytes,
        Err(error) => return error.code(),
    };
    let Some(array) = bytes.get(..PACKED_SIZE).and_then(|b| <&[u8; PACKED_SIZE]>::try_from(b).ok()) else {
        // SAFETY: the caller's contract.
        unsafe { put(error_offset, bytes.len()) };
        return ErrorCode::RecordTruncated.code();
    };
    match hayanagi::Position::from_packed(array, format) {
        Ok(pos) => {
            // SAFETY: non-NULL and writable (the caller's contract); `bytes` is not used after.
            unsafe { write_position(out, pos) };
            ErrorCode::Ok.code()
        }
        Err(error) => {
            // SAFETY: the caller's contract.
            unsafe { put(error_offset, error.byte()) };
            ErrorCode::from(error.kind()).code()
        }
    }
}

/// Record `index` of the array `bytes[0..len)` of `R` records: its bytes, or where it is short.
fn record_at<R: PackedRecord>(bytes: &[u8], index: usize) -> Result<&[u8], (usize, ErrorCode)> {
    let start = index.checked_mul(R::SIZE).filter(|&start| start < bytes.len()).ok_or((0, ErrorCode::OutOfRange))?;
    bytes.get(start..start + R::SIZE).ok_or((bytes.len(), ErrorCode::RecordTruncated))
}

/// Reads record `index` of an array of `R` records and hands it to `take`.
///
/// # Safety
/// `pos` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes; `bytes` is NULL or points to
/// `len` readable bytes; `error_offset` is NULL or points to a writable `size_t`.
unsafe fn read_record<R: PackedRecord>(
    bytes: *const u8,
    len: usize,
    index: usize,
    pos: *mut PositionRecord,
    error_offset: *mut usize,
    take: impl FnOnce(&R),
) -> i32 {
    if pos.is_null() {
        return ErrorCode::NullPointer.code();
    }
    // SAFETY: the caller's contract.
    let bytes = match unsafe { bytes_in(bytes, len) } {
        Ok(bytes) => bytes,
        Err(error) => return error.code(),
    };
    let read = record_at::<R>(bytes, index).and_then(|record| {
        let start = index * R::SIZE;
        R::read(record).map_err(|(at, kind)| (start + at, ErrorCode::from(kind)))
    });
    match read {
        Ok(record) => {
            take(&record);
            // SAFETY: non-NULL and writable (the caller's contract).
            unsafe { write_position(pos, record.position().clone()) };
            ErrorCode::Ok.code()
        }
        Err((at, error)) => {
            if error != ErrorCode::OutOfRange {
                // SAFETY: the caller's contract.
                unsafe { put(error_offset, at) };
            }
            error.code()
        }
    }
}

/// Writes `record` into `out` (`size` bytes): its size, or an error.
///
/// # Safety
/// `out` is NULL or points to `size` writable bytes.
unsafe fn write_record<R: PackedRecord>(record: Result<R, ErrorCode>, out: *mut u8, size: usize) -> i32 {
    code((|| {
        let record = record?;
        if out.is_null() {
            return Err(ErrorCode::NullPointer);
        }
        if size < R::SIZE {
            return Err(ErrorCode::BufferTooSmall);
        }
        let mut bytes = [0u8; 40];
        record.write(&mut bytes)?;
        // SAFETY: `size >= R::SIZE` writable bytes (the caller's contract); `R::SIZE <= 40`.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), out, R::SIZE.min(40)) };
        Ok(R::SIZE as i32)
    })())
}

/// The legal move of a C argument in `pos`.
fn legal(pos: &hayanagi::Position, mv: u16) -> Result<Move, ErrorCode> {
    let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
    if pos.is_legal(mv) { Ok(mv) } else { Err(ErrorCode::IllegalMove) }
}

/// Reads hcpe record `index` of the array `bytes[0..len)` (C: `hayanagi_hcpe_read`).
///
/// # Safety
/// As `read_record`: `eval`, `best_move` and `result` are each NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_hcpe_read(
    bytes: *const u8,
    len: usize,
    index: usize,
    pos: *mut PositionRecord,
    eval: *mut i32,
    best_move: *mut u16,
    result: *mut i32,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        read_record::<Hcpe>(bytes, len, index, pos, error_offset, |record| {
            put(eval, i32::from(record.eval));
            put(best_move, record.best_move.to_bits());
            put(result, game_result_code(record.result));
        })
    }
}

/// Writes an hcpe record of `*pos` into `out` (C: `hayanagi_hcpe_write`).
///
/// # Safety
/// `pos` is NULL or a position record; `out` is NULL or points to `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_hcpe_write(
    pos: *const PositionRecord,
    eval: i32,
    best_move: u16,
    result: i32,
    out: *mut u8,
    size: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    let record = unsafe {
        with_position(pos, |pos| {
            let eval = i16::try_from(eval).map_err(|_| ErrorCode::OutOfRange)?;
            let result = [GameResult::Draw, GameResult::BlackWin, GameResult::WhiteWin]
                .into_iter()
                .find(|&r| game_result_code(r) == result)
                .ok_or(ErrorCode::OutOfRange)?;
            Ok(Hcpe { best_move: legal(pos, best_move)?, position: pos.clone(), eval, result })
        })
    };
    // SAFETY: the caller's contract.
    unsafe { write_record(record, out, size) }
}

/// Reads PSV record `index` of the array `bytes[0..len)` (C: `hayanagi_psv_read`).
///
/// # Safety
/// As `read_record`: `score`, `mv` and `result` are each NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_psv_read(
    bytes: *const u8,
    len: usize,
    index: usize,
    pos: *mut PositionRecord,
    score: *mut i32,
    mv: *mut u16,
    result: *mut i32,
    error_offset: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract, passed on.
    unsafe {
        read_record::<Psv>(bytes, len, index, pos, error_offset, |record| {
            put(score, i32::from(record.score));
            put(mv, record.mv.to_bits());
            put(result, psv_result_code(record.result));
        })
    }
}

/// Writes a PSV record of `*pos` (its ply as the game ply) into `out` (C: `hayanagi_psv_write`).
///
/// # Safety
/// `pos` is NULL or a position record; `out` is NULL or points to `size` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_psv_write(
    pos: *const PositionRecord,
    score: i32,
    mv: u16,
    result: i32,
    out: *mut u8,
    size: usize,
) -> i32 {
    // SAFETY: the caller's contract.
    let record = unsafe {
        with_position(pos, |pos| {
            let score = i16::try_from(score).map_err(|_| ErrorCode::OutOfRange)?;
            let result = [PsvResult::Loss, PsvResult::Draw, PsvResult::Win]
                .into_iter()
                .find(|&r| psv_result_code(r) == result)
                .ok_or(ErrorCode::OutOfRange)?;
            Ok(Psv { mv: legal(pos, mv)?, position: pos.clone(), score, result })
        })
    };
    // SAFETY: the caller's contract.
    unsafe { write_record(record, out, size) }
}
