//! Caller memory: position and undo records (byte arrays with a tag, copied in and out), text in,
//! text and values out. All the crate's pointer handling is here.

use core::ffi::c_char;
use core::fmt::{self, Write};
use core::mem::size_of;
use core::{ptr, slice};

use hayanagi::{Move, Position, Undo};

use crate::ErrorCode;
use crate::header::{POSITION_SIZE, UNDO_SIZE};

/// `hayanagi_position`: a [`Position`] in caller memory, after an 8-byte tag.
///
/// The record is read and written with unaligned copies, so C may place it anywhere; the tag
/// rejects a record no constructor wrote (a zeroed struct, an undo record cast to a position).
#[repr(C)]
pub struct PositionRecord {
    opaque: [u8; POSITION_SIZE],
}

/// `hayanagi_undo_record`: what taking back one move needs, in caller memory, after an 8-byte tag.
///
/// Layout: tag (8 bytes), the position's key and ply right after the move (8 + 8, checked by
/// `hayanagi_undo` so that a record is only applied to the position it belongs to), the move
/// (2, padded to 8), then the library's [`Undo`].
#[repr(C)]
pub struct UndoRecord {
    opaque: [u8; UNDO_SIZE],
}

/// Where the position starts in its record.
const POSITION_BODY: usize = 8;
/// Where the library's `Undo` starts in an undo record.
const UNDO_BODY: usize = 32;

const _: () = assert!(POSITION_BODY + size_of::<Position>() <= POSITION_SIZE, "HAYANAGI_POSITION_SIZE too small");
const _: () = assert!(UNDO_BODY + size_of::<Undo>() <= UNDO_SIZE, "HAYANAGI_UNDO_RECORD_SIZE too small");

/// The tags: ASCII text mixed with the sizes of what follows, so that a record written by a build
/// with another layout is (very likely) rejected rather than misread.
const POSITION_TAG: u64 = u64::from_le_bytes(*b"hynPOS\x01\x00") ^ ((size_of::<Position>() as u64) << 48);
const UNDO_TAG: u64 = u64::from_le_bytes(*b"hynUND\x01\x00") ^ ((size_of::<Undo>() as u64) << 48);

/// What an undo record holds.
pub(crate) struct UndoEntry {
    pub mv: Move,
    pub undo: Undo,
    pub key_after: u64,
    pub ply_after: u64,
}

/// Reads the position in `record`.
///
/// # Safety
/// `record` is NULL or points to `HAYANAGI_POSITION_SIZE` readable bytes; if they carry the position
/// tag, they are a record written by [`write_position`] (or a byte copy of one).
pub(crate) unsafe fn read_position(record: *const PositionRecord) -> Result<Position, ErrorCode> {
    if record.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    let bytes = record.cast::<u8>();
    // SAFETY: the record has at least 8 readable bytes (the caller's contract); no alignment needed.
    let tag = unsafe { ptr::read_unaligned(bytes.cast::<u64>()) };
    if tag != POSITION_TAG {
        return Err(ErrorCode::NotAPosition);
    }
    // SAFETY: tagged, so `write_position` wrote a `Position` at POSITION_BODY (the caller's contract),
    // which fits in the record (asserted above). `Position` owns nothing, so a byte copy is a value.
    Ok(unsafe { ptr::read_unaligned(bytes.add(POSITION_BODY).cast::<Position>()) })
}

/// Writes `pos` into `record`, tagged.
///
/// # Safety
/// `record` is not NULL and points to `HAYANAGI_POSITION_SIZE` writable bytes.
pub(crate) unsafe fn write_position(record: *mut PositionRecord, pos: Position) {
    let bytes = record.cast::<u8>();
    // SAFETY: both writes stay within the record (asserted above); no alignment needed.
    unsafe {
        ptr::write_unaligned(bytes.add(POSITION_BODY).cast::<Position>(), pos);
        ptr::write_unaligned(bytes.cast::<u64>(), POSITION_TAG);
    }
}

/// Reads the entry in `record`.
///
/// # Safety
/// `record` is NULL or points to `HAYANAGI_UNDO_RECORD_SIZE` readable bytes; if they carry the undo tag,
/// they are a record written by [`write_undo`] (or a byte copy of one).
pub(crate) unsafe fn read_undo(record: *const UndoRecord) -> Result<UndoEntry, ErrorCode> {
    if record.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    let bytes = record.cast::<u8>();
    // SAFETY: the record has at least 8 readable bytes; no alignment needed.
    let tag = unsafe { ptr::read_unaligned(bytes.cast::<u64>()) };
    if tag != UNDO_TAG {
        return Err(ErrorCode::NotAnUndoRecord);
    }
    // SAFETY: tagged, so `write_undo` wrote these fields at these offsets, all within the record.
    let (key_after, ply_after, bits, undo) = unsafe {
        (
            ptr::read_unaligned(bytes.add(8).cast::<u64>()),
            ptr::read_unaligned(bytes.add(16).cast::<u64>()),
            ptr::read_unaligned(bytes.add(24).cast::<u16>()),
            ptr::read_unaligned(bytes.add(UNDO_BODY).cast::<Undo>()),
        )
    };
    let mv = Move::from_bits(bits).ok_or(ErrorCode::NotAnUndoRecord)?;
    Ok(UndoEntry { mv, undo, key_after, ply_after })
}

/// Writes `entry` into `record`, tagged.
///
/// # Safety
/// `record` is not NULL and points to `HAYANAGI_UNDO_RECORD_SIZE` writable bytes.
pub(crate) unsafe fn write_undo(record: *mut UndoRecord, entry: UndoEntry) {
    let bytes = record.cast::<u8>();
    // SAFETY: every write stays within the record (asserted above); no alignment needed.
    unsafe {
        ptr::write_unaligned(bytes.add(8).cast::<u64>(), entry.key_after);
        ptr::write_unaligned(bytes.add(16).cast::<u64>(), entry.ply_after);
        ptr::write_unaligned(bytes.add(24).cast::<u16>(), entry.mv.to_bits());
        ptr::write_unaligned(bytes.add(UNDO_BODY).cast::<Undo>(), entry.undo);
        ptr::write_unaligned(bytes.cast::<u64>(), UNDO_TAG);
    }
}

/// The `len` bytes of text at `text`.
///
/// # Safety
/// `text` is NULL or points to `len` readable bytes that nothing writes while the slice is used.
pub(crate) unsafe fn input<'a>(text: *const c_char, len: usize) -> Result<&'a [u8], ErrorCode> {
    if text.is_null() {
        Err(ErrorCode::NullPointer)
    } else if len > isize::MAX as usize {
        Err(ErrorCode::BadLength)
    } else {
        // SAFETY: non-NULL, `len` readable bytes (the caller's contract), `len <= isize::MAX`.
        Ok(unsafe { slice::from_raw_parts(text.cast::<u8>(), len) })
    }
}

/// Writes `value` to an optional out-parameter: nothing if `out` is NULL.
///
/// # Safety
/// `out` is NULL or points to a writable `T` (any alignment).
pub(crate) unsafe fn put<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: non-NULL and writable (the caller's contract); no alignment needed.
        unsafe { ptr::write_unaligned(out, value) }
    }
}

/// Writes `text` and a NUL into `buf` (`size` bytes) and returns its length; or, if it does not fit,
/// returns `BufferTooSmall` and leaves `buf` unchanged. `*needed` (if not NULL) gets length + 1.
///
/// # Safety
/// `buf` is NULL or points to `size` writable bytes; `needed` is NULL or points to a writable `usize`.
pub(crate) unsafe fn write_text(
    text: impl fmt::Display,
    buf: *mut c_char,
    size: usize,
    needed: *mut usize,
) -> Result<i32, ErrorCode> {
    if buf.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    if size > isize::MAX as usize {
        return Err(ErrorCode::BadLength);
    }
    // Measure first, so that a short buffer is left untouched.
    let mut counter = Counter(0);
    let _ = write!(counter, "{text}");
    let len = counter.0;
    // SAFETY: `needed` is NULL or writable (the caller's contract).
    unsafe { put(needed, len.saturating_add(1)) };
    if len >= size {
        return Err(ErrorCode::BufferTooSmall);
    }
    // SAFETY: non-NULL, `size` writable bytes, `size <= isize::MAX`.
    let out = unsafe { slice::from_raw_parts_mut(buf.cast::<u8>(), size) };
    let mut writer = SliceWriter { buf: out, len: 0 };
    let _ = write!(writer, "{text}");
    let written = writer.len;
    if let Some(nul) = writer.buf.get_mut(written) {
        *nul = 0;
    }
    Ok(i32::try_from(written).unwrap_or(i32::MAX))
}

/// Counts the bytes a `Display` writes.
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.saturating_add(s.len());
        Ok(())
    }
}

/// Writes into a byte slice, dropping what does not fit.
struct SliceWriter<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl Write for SliceWriter<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &byte in s.as_bytes() {
            if let Some(slot) = self.buf.get_mut(self.len) {
                *slot = byte;
                self.len += 1;
            }
        }
        Ok(())
    }
}

/// `sizeof(hayanagi_position)` as this library was built (C: `hayanagi_position_size`).
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_position_size() -> usize {
    size_of::<PositionRecord>()
}

/// `sizeof(hayanagi_undo_record)` as this library was built (C: `hayanagi_undo_record_size`).
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_undo_record_size() -> usize {
    size_of::<UndoRecord>()
}
