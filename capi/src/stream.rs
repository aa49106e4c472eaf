//! A chunked reader of hcpe and PSV record streams (the `extended` feature): a file too large for
//! memory is fed in chunks of any length, split anywhere, even inside a record; the reader keeps
//! the partial record and the count of records read in a caller-owned state
//! (`hayanagi_record_reader`, [`RecordReader`]), so that errors name the record and the byte offset
//! in the whole stream.

use core::{ptr, slice};

use hayanagi::{Hcpe, PackedRecord, Psv};

use crate::ErrorCode;
use crate::header::READER_SIZE;
use crate::packed::{game_result_code, psv_result_code};
use crate::position::code;
use crate::record::{PositionRecord, put, write_position};

/// `hayanagi_record_reader`: the state of a chunked reader, in caller memory (any alignment).
///
/// Layout: tag (8 bytes), format (1), bytes of the partial record held (1), zeros (6), records
/// completed so far (8, little-endian), the partial record (40: the larger record's size).
#[repr(C)]
pub struct RecordReader {
    opaque: [u8; READER_SIZE],
}

/// The header's `HAYANAGI_RECORDS_*` codes (checked by `header.rs`).
pub(crate) const STREAM_FORMATS: [(&str, usize); 2] =
    [("HAYANAGI_RECORDS_HCPE", Hcpe::SIZE), ("HAYANAGI_RECORDS_PSV", Psv::SIZE)];

const READER_TAG: u64 = u64::from_le_bytes(*b"hynRDR\x01\x00");
const FORMAT_AT: usize = 8;
const FILLED_AT: usize = 9;
const RECORDS_AT: usize = 16;
const PARTIAL_AT: usize = 24;
/// The larger record.
const MAX_RECORD: usize = 40;

const _: () = assert!(PARTIAL_AT + MAX_RECORD <= READER_SIZE && Hcpe::SIZE <= MAX_RECORD && Psv::SIZE <= MAX_RECORD);

/// The reader's state, as read from and written to its record.
struct State {
    /// 0: hcpe, 1: PSV (the index in [`STREAM_FORMATS`]).
    format: u8,
    /// Bytes of the next record already received, fewer than the record's size.
    filled: usize,
    /// Records completed (read or refused): the index of the next one.
    records: u64,
    partial: [u8; MAX_RECORD],
}

impl State {
    fn size(&self) -> usize {
        STREAM_FORMATS[usize::from(self.format)].1
    }
}

/// Reads the state of the reader at `reader`.
///
/// # Safety
/// `reader` is NULL or points to `HAYANAGI_RECORD_READER_SIZE` readable bytes.
unsafe fn read_state(reader: *const RecordReader) -> Result<State, ErrorCode> {
    if reader.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    // SAFETY: `READER_SIZE` readable bytes (the caller's contract), read as bytes: no alignment.
    let bytes = unsafe { &*reader.cast::<[u8; READER_SIZE]>() };
    let word = |at: usize| {
        let mut le = [0u8; 8];
        le.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(le)
    };
    let format = bytes[FORMAT_AT];
    let filled = usize::from(bytes[FILLED_AT]);
    let known = STREAM_FORMATS.get(usize::from(format)).is_some_and(|&(_, size)| filled < size);
    if word(0) != READER_TAG || !known || word(FILLED_AT - 1) >> 16 != 0 {
        return Err(ErrorCode::NotAReader);
    }
    let mut partial = [0u8; MAX_RECORD];
    partial.copy_from_slice(&bytes[PARTIAL_AT..PARTIAL_AT + MAX_RECORD]);
    Ok(State { format, filled, records: word(RECORDS_AT), partial })
}

/// Writes `state` into the reader at `reader`, tagged.
///
/// # Safety
/// `reader` is not NULL and points to `HAYANAGI_RECORD_READER_SIZE` writable bytes.
unsafe fn write_state(reader: *mut RecordReader, state: &State) {
    let mut bytes = [0u8; READER_SIZE];
    bytes[..8].copy_from_slice(&READER_TAG.to_le_bytes());
    bytes[FORMAT_AT] = state.format;
    bytes[FILLED_AT] = state.filled as u8;
    bytes[RECORDS_AT..RECORDS_AT + 8].copy_from_slice(&state.records.to_le_bytes());
    bytes[PARTIAL_AT..PARTIAL_AT + MAX_RECORD].copy_from_slice(&state.partial);
    // SAFETY: `READER_SIZE` writable bytes (the caller's contract); a byte copy needs no alignment.
    unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), reader.cast::<u8>(), READER_SIZE) };
}

/// Sets up a reader of `format` (`HAYANAGI_RECORDS_*`) at the start of a stream (C:
/// `hayanagi_record_reader_init`).
///
/// # Safety
/// `reader` is NULL or points to `HAYANAGI_RECORD_READER_SIZE` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_record_reader_init(reader: *mut RecordReader, format: i32) -> i32 {
    if reader.is_null() {
        return ErrorCode::NullPointer.code();
    }
    let Some(format) = u8::try_from(format).ok().filter(|&f| usize::from(f) < STREAM_FORMATS.len()) else {
        return ErrorCode::OutOfRange.code();
    };
    // SAFETY: the caller's contract.
    unsafe { write_state(reader, &State { format, filled: 0, records: 0, partial: [0; MAX_RECORD] }) };
    ErrorCode::Ok.code()
}

/// Reads the next record of the stream from the chunk `bytes[0..len)` (C:
/// `hayanagi_record_reader_next`): 1 and the record, or 0 when the chunk ended first (its bytes kept
/// in the reader), or an error; `*consumed` receives the bytes of the chunk used in any case.
///
/// # Safety
/// `reader` is NULL or a reader's `HAYANAGI_RECORD_READER_SIZE` writable bytes; `bytes` is NULL or
/// points to `len` readable bytes; `consumed` and `index` NULL or writable `size_t` / `uint64_t`;
/// `pos` NULL or `HAYANAGI_POSITION_SIZE` writable bytes; `value`, `mv`, `result` and
/// `error_offset` each NULL or writable. None of them overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_record_reader_next(
    reader: *mut RecordReader,
    bytes: *const u8,
    len: usize,
    consumed: *mut usize,
    pos: *mut PositionRecord,
    value: *mut i32,
    mv: *mut u16,
    result: *mut i32,
    index: *mut u64,
    error_offset: *mut u64,
) -> i32 {
    // SAFETY: the caller's contract.
    let mut state = match unsafe { read_state(reader) } {
        Ok(state) => state,
        Err(error) => return error.code(),
    };
    if consumed.is_null() || pos.is_null() || (bytes.is_null() && len != 0) {
        return ErrorCode::NullPointer.code();
    }
    if len > isize::MAX as usize {
        return ErrorCode::BadLength.code();
    }
    let chunk: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: non-NULL, `len` readable bytes (the caller's contract), `len <= isize::MAX`.
        unsafe { slice::from_raw_parts(bytes, len) }
    };
    let size = state.size();
    let mut record = [0u8; MAX_RECORD];
    // Every slice below is in bounds (`filled < size <= MAX_RECORD`, as `read_state` checks); taken
    // with `get`, so that no bounds check can link a panic path (the WebAssembly module must import
    // nothing: npm/build.sh).
    let used = if state.filled == 0 && chunk.len() >= size {
        // The usual call: a whole record in the chunk, read from there.
        let (Some(to), Some(from)) = (record.get_mut(..size), chunk.get(..size)) else {
            return ErrorCode::NotAReader.code();
        };
        to.copy_from_slice(from);
        size
    } else {
        let take = size.saturating_sub(state.filled).min(chunk.len());
        let (Some(to), Some(from)) =
            (state.partial.get_mut(state.filled..state.filled.saturating_add(take)), chunk.get(..take))
        else {
            return ErrorCode::NotAReader.code();
        };
        to.copy_from_slice(from);
        state.filled += take;
        if state.filled < size {
            // SAFETY: the caller's contract (checked above: a reader, `consumed` writable).
            unsafe {
                write_state(reader, &state);
                put(consumed, take);
            }
            return 0;
        }
        let (Some(to), Some(from)) = (record.get_mut(..size), state.partial.get(..size)) else {
            return ErrorCode::NotAReader.code();
        };
        to.copy_from_slice(from);
        take
    };
    let Some(record) = record.get(..size) else { return ErrorCode::NotAReader.code() };
    let at = state.records;
    state.records = state.records.wrapping_add(1);
    state.filled = 0;
    state.partial = [0; MAX_RECORD];
    let start = at.saturating_mul(size as u64);
    let read = match state.format {
        0 => Hcpe::read(record)
            .map(|r| (r.position, i32::from(r.eval), r.best_move.to_bits(), game_result_code(r.result))),
        _ => Psv::read(record).map(|r| (r.position, i32::from(r.score), r.mv.to_bits(), psv_result_code(r.result))),
    };
    // SAFETY: the caller's contract: every pointer is NULL or writable, `pos` and `consumed` are not
    // NULL, and the reader is one.
    unsafe {
        write_state(reader, &state);
        put(consumed, used);
        put(index, at);
        match read {
            Ok((position, v, m, r)) => {
                write_position(pos, position);
                put(value, v);
                put(mv, m);
                put(result, r);
                1
            }
            Err((offset, kind)) => {
                put(error_offset, start.saturating_add(offset as u64));
                ErrorCode::from(kind).code()
            }
        }
    }
}

/// Ends the stream (C: `hayanagi_record_reader_finish`): `HAYANAGI_OK` if no partial record is held,
/// else `RECORD_TRUNCATED`.
///
/// # Safety
/// `reader` is NULL or points to `HAYANAGI_RECORD_READER_SIZE` readable bytes; `records` and
/// `error_offset` are each NULL or a writable `uint64_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_record_reader_finish(
    reader: *const RecordReader,
    records: *mut u64,
    error_offset: *mut u64,
) -> i32 {
    code((|| {
        // SAFETY: the caller's contract.
        let state = unsafe { read_state(reader)? };
        // SAFETY: the caller's contract.
        unsafe { put(records, state.records) };
        if state.filled != 0 {
            let end = state.records.saturating_mul(state.size() as u64).saturating_add(state.filled as u64);
            // SAFETY: the caller's contract.
            unsafe { put(error_offset, end) };
            return Err(ErrorCode::RecordTruncated);
        }
        Ok(0)
    })())
}
