//! Caller memory: position records (worked on in place) and undo records (copied), text in,
//! text and values out. All the crate's pointer handling is here.

use core::ffi::c_char;
use core::fmt::{self, Write};
use core::mem::{align_of, size_of};
use core::{ptr, slice};

use hayanagi::{Position, Undo};

use crate::ErrorCode;
use crate::header::{POSITION_SIZE, UNDO_SIZE};

/// `hayanagi_position`: a [`Position`] in caller memory, after an 8-byte tag and a 1-byte offset.
///
/// The record may be anywhere (C gives it no alignment): the position is kept at the first
/// suitably aligned address after the tag and the offset byte, and the offset byte says where. So
/// the library works on the position in place, and a record that was byte-copied to an address
/// of another alignment is still read correctly (by a copy), and moved to its new place by the
/// next call that changes it. The tag rejects a record no constructor wrote (a zeroed struct, an
/// undo record cast to a position).
#[repr(C)]
pub struct PositionRecord {
    opaque: [u8; POSITION_SIZE],
}

/// `hayanagi_undo_record`: what taking back one move needs, in caller memory, after an 8-byte tag.
///
/// Layout: tag (8 bytes), then the library's [`Undo`] (which holds the move and names the position
/// it produced by key and ply, so that `hayanagi_undo` applies a record only to that position).
/// Read and written unaligned.
#[repr(C)]
pub struct UndoRecord {
    opaque: [u8; UNDO_SIZE],
}

/// Where the offset byte is in a position record.
const OFFSET_AT: usize = 8;
/// The first byte the position may start at.
const FIRST_BODY: usize = OFFSET_AT + 1;
/// The last byte the position may start at.
const LAST_BODY: usize = POSITION_SIZE - size_of::<Position>();
/// Where the library's `Undo` starts in an undo record.
const UNDO_BODY: usize = 8;

// Wherever the record is, an aligned place for the position fits after the tag and offset byte.
const _: () = assert!(
    FIRST_BODY + align_of::<Position>() - 1 <= LAST_BODY,
    "HAYANAGI_POSITION_SIZE too small for an aligned position"
);
const _: () = assert!(UNDO_BODY + size_of::<Undo>() <= UNDO_SIZE, "HAYANAGI_UNDO_RECORD_SIZE too small");

/// The tags: ASCII text mixed with the sizes of what follows, so that a record written by a build
/// with another layout is (very likely) rejected rather than misread.
const POSITION_TAG: u64 = u64::from_le_bytes(*b"hynPOS\x02\x00") ^ ((size_of::<Position>() as u64) << 48);
const UNDO_TAG: u64 = u64::from_le_bytes(*b"hynUND\x02\x00") ^ ((size_of::<Undo>() as u64) << 48);

/// The offset at which a record at `record` keeps its position: the first address aligned for a
/// [`Position`] from [`FIRST_BODY`] on.
#[inline(always)]
fn aligned_offset(record: *const PositionRecord) -> usize {
    let misalignment = (record as usize + FIRST_BODY) % align_of::<Position>();
    FIRST_BODY + (align_of::<Position>() - misalignment) % align_of::<Position>()
}

/// A position read from a record: in place, or copied out of a record that was moved.
// The copy lives on the stack (there is no heap to box it in), and only the rare moved record fills it.
#[allow(clippy::large_enum_variant)]
pub(crate) enum PositionRef<'a> {
    /// The position in the caller's record.
    InPlace(&'a Position),
    /// A copy: the record was byte-copied to an address of another alignment.
    Copied(Position),
}

impl core::ops::Deref for PositionRef<'_> {
    type Target = Position;

    #[inline(always)]
    fn deref(&self) -> &Position {
        match self {
            PositionRef::InPlace(pos) => pos,
            PositionRef::Copied(pos) => pos,
        }
    }
}

/// Where the position of a record is, and whether that is the aligned place this address keeps it
/// at (otherwise the record was byte-copied from an address of another alignment); `NullPointer`
/// or `NotAPosition` for a record no constructor wrote.
///
/// # Safety
/// `record` is NULL or points to `HAYANAGI_POSITION_SIZE` readable bytes.
#[inline(always)]
unsafe fn locate(record: *const PositionRecord) -> Result<(*const Position, bool), ErrorCode> {
    if record.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    let bytes = record.cast::<u8>();
    // SAFETY: the record has at least 9 readable bytes (the caller's contract); no alignment needed.
    let (tag, offset) = unsafe { (ptr::read_unaligned(bytes.cast::<u64>()), *bytes.add(OFFSET_AT)) };
    let offset = usize::from(offset);
    if tag != POSITION_TAG || !(FIRST_BODY..=LAST_BODY).contains(&offset) {
        return Err(ErrorCode::NotAPosition);
    }
    // SAFETY: `offset <= LAST_BODY`: the position lies within the record.
    let body = unsafe { bytes.add(offset).cast::<Position>() };
    // In place exactly when the body is aligned: a record byte-copied to an address of the same
    // alignment keeps its body there (and `write_position` puts it at `aligned_offset`, the first
    // such place); one copied to an address of another alignment has it misaligned. (Cheaper than
    // comparing with `aligned_offset(record)`, and the same answer.)
    Ok((body, body.is_aligned()))
}

/// Reads the position in `record`, in place when it is where this address keeps it.
///
/// # Safety
/// `record` is NULL or points to `HAYANAGI_POSITION_SIZE` readable bytes that nothing writes while
/// the result is used; if they carry the position tag, they are a record written by
/// [`write_position`] (or a byte copy of one).
#[inline(always)]
pub(crate) unsafe fn read_position<'a>(record: *const PositionRecord) -> Result<PositionRef<'a>, ErrorCode> {
    // SAFETY: the caller's contract.
    let (body, in_place) = unsafe { locate(record)? };
    // SAFETY: tagged, so `write_position` wrote a `Position` there (the caller's contract). In place
    // its address is aligned for it; otherwise it is read by an unaligned copy (`Position` owns
    // nothing, so a byte copy is a value).
    unsafe { Ok(if in_place { PositionRef::InPlace(&*body) } else { PositionRef::Copied(ptr::read_unaligned(body)) }) }
}

/// Answers `question` about the position in `record`: on the position in place when it is where
/// this address keeps it (no copy: the usual path), else on a copy (out of line).
///
/// # Safety
/// As [`read_position`].
#[inline(always)]
pub(crate) unsafe fn with_position<T>(
    record: *const PositionRecord,
    question: impl FnOnce(&Position) -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    // SAFETY: the caller's contract.
    let (body, in_place) = unsafe { locate(record)? };
    if in_place {
        // SAFETY: as in `read_position`: tagged and in place, so an aligned `Position` is there.
        question(unsafe { &*body })
    } else {
        // SAFETY: the caller's contract: a position the library wrote, at an unaligned address.
        unsafe { ask_moved(body, question) }
    }
}

/// [`with_position`] for a record byte-copied from an address of another alignment: on a copy.
///
/// # Safety
/// `body` is where a tagged record keeps its position (written by [`write_position`]).
#[cold]
#[inline(never)]
unsafe fn ask_moved<T>(
    body: *const Position,
    question: impl FnOnce(&Position) -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    // SAFETY: the caller's contract; `Position` owns nothing, so a byte copy is a value.
    let pos = unsafe { ptr::read_unaligned(body) };
    question(&pos)
}

/// Runs `change` on the position in `record`, in place when it is where this address keeps it;
/// otherwise on a copy that is written back (at this address's place) only if `change` succeeds.
/// `change` must leave the position unchanged when it fails.
///
/// # Safety
/// `record` is NULL or points to `HAYANAGI_POSITION_SIZE` writable bytes that nothing else reads or
/// writes during the call; if they carry the position tag, they are a record written by
/// [`write_position`] (or a byte copy of one).
#[inline(always)]
pub(crate) unsafe fn change_position<T>(
    record: *mut PositionRecord,
    change: impl FnOnce(&mut Position) -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    // SAFETY: the caller's contract.
    let (body, in_place) = unsafe { locate(record)? };
    let body = body.cast_mut();
    // SAFETY: as in `read_position`; the record is writable and not aliased during the call (the
    // caller's contract), so a unique reference to the aligned position in it is sound.
    unsafe { if in_place { change(&mut *body) } else { change_moved(record, body, change) } }
}

/// [`change_position`] for a record byte-copied from an address of another alignment: on a copy,
/// written back into place on success. Out of line, so that the usual path keeps a small frame.
///
/// # Safety
/// As [`change_position`]; `body` is where the record's position is.
#[cold]
#[inline(never)]
unsafe fn change_moved<T>(
    record: *mut PositionRecord,
    body: *const Position,
    change: impl FnOnce(&mut Position) -> Result<T, ErrorCode>,
) -> Result<T, ErrorCode> {
    // SAFETY: the caller's contract: a position the library wrote, at an unaligned address.
    let mut pos = unsafe { ptr::read_unaligned(body) };
    let result = change(&mut pos)?;
    // SAFETY: the record is writable (the caller's contract).
    unsafe { write_position(record, pos) };
    Ok(result)
}

#[cfg(feature = "extended")]
/// Copy/make in one call: `decode` reads the parent first, then the position in `parent` is copied
/// into `child` (tagged, at the place `child`'s address keeps it) and `change` runs on the copy with
/// what `decode` returned. So NULL pointers, a parent no constructor wrote and a `decode` error
/// leave `child` unchanged, and an error of `change` (which must then leave the position unchanged)
/// leaves it a copy of the parent. When `child` is `parent`, the change is made in place (`decode`
/// reads it before).
///
/// # Safety
/// `parent` is NULL or a position record (readable), `child` NULL or `HAYANAGI_POSITION_SIZE`
/// writable bytes; the two are the same record or do not overlap, and nothing else reads or writes
/// them during the call.
#[inline(always)]
pub(crate) unsafe fn derive_position<T, R>(
    parent: *const PositionRecord,
    child: *mut PositionRecord,
    decode: impl FnOnce(&Position) -> Result<T, ErrorCode>,
    change: impl FnOnce(&mut Position, T) -> Result<R, ErrorCode>,
) -> Result<R, ErrorCode> {
    if child.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    if ptr::eq(parent, child) {
        // SAFETY: the caller's contract: one writable record.
        return unsafe { change_position(child, |pos| change(pos, decode(pos)?)) };
    }
    // SAFETY: the caller's contract.
    let (body, in_place) = unsafe { locate(parent)? };
    let bytes = child.cast::<u8>();
    let offset = aligned_offset(child);
    // SAFETY: within the child record and aligned (as in `write_position`); the child does not
    // overlap the parent (the caller's contract), so after the copy a `Position` is there, which
    // nothing else refers to during the call. In place, the parent's body is an aligned `Position`
    // (as in `read_position`).
    unsafe {
        let place = bytes.add(offset).cast::<Position>();
        let decoded = if in_place {
            let decoded = decode(&*body)?;
            copy_position(body, place);
            decoded
        } else {
            let pos = read_moved(body);
            let decoded = decode(&pos)?;
            ptr::write(place, pos);
            decoded
        };
        *bytes.add(OFFSET_AT) = offset as u8;
        ptr::write_unaligned(bytes.cast::<u64>(), POSITION_TAG);
        change(&mut *place, decoded)
    }
}

#[cfg(feature = "extended")]
/// [`derive_position`]'s read of a parent record byte-copied from an address of another alignment
/// (an unaligned read).
///
/// # Safety
/// `from` is where a tagged record keeps its position.
#[cold]
#[inline(never)]
unsafe fn read_moved(from: *const Position) -> Position {
    // SAFETY: the caller's contract; `Position` owns nothing, so a byte copy is a value.
    unsafe { ptr::read_unaligned(from) }
}

#[cfg(feature = "extended")]
/// Copies the position at `from` to `to`, both aligned for it, in 16-byte pieces: as a plain
/// assignment the compiler calls `memcpy`, which for this size costs more than the 29 loads and
/// stores written out here (callgrind: 76 instructions against 58).
///
/// # Safety
/// `from` holds a `Position`, `to` is writable for one; both aligned, not overlapping.
#[inline(always)]
unsafe fn copy_position(from: *const Position, to: *mut Position) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::__m128i;
        const _: () =
            assert!(size_of::<Position>().is_multiple_of(16) && align_of::<Position>() >= align_of::<__m128i>());
        let (from, to) = (from.cast::<__m128i>(), to.cast::<__m128i>());
        let mut i = 0;
        while i < size_of::<Position>() / 16 {
            // SAFETY: the `i`th 16-byte piece of both (the caller's contract), aligned. Volatile, so
            // that the loop is not turned back into a `memcpy` call (the compiler unrolls it).
            unsafe { ptr::write_volatile(to.add(i), ptr::read_volatile(from.add(i))) };
            i += 1;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the caller's contract; `Position` owns nothing, so a byte copy is a value.
    unsafe {
        ptr::copy_nonoverlapping(from, to, 1)
    };
}

/// Writes `pos` into `record`, tagged, at the place this address keeps it.
///
/// # Safety
/// `record` is not NULL and points to `HAYANAGI_POSITION_SIZE` writable bytes.
pub(crate) unsafe fn write_position(record: *mut PositionRecord, pos: Position) {
    let bytes = record.cast::<u8>();
    let offset = aligned_offset(record);
    // SAFETY: every write stays within the record (asserted above: offset <= LAST_BODY); the
    // position's address is aligned for it, the tag's needs no alignment.
    unsafe {
        ptr::write(bytes.add(offset).cast::<Position>(), pos);
        *bytes.add(OFFSET_AT) = offset as u8;
        ptr::write_unaligned(bytes.cast::<u64>(), POSITION_TAG);
    }
}

/// Reads the undo record in `record`.
///
/// # Safety
/// `record` is NULL or points to `HAYANAGI_UNDO_RECORD_SIZE` readable bytes; if they carry the undo tag,
/// they are a record written by [`write_undo`] (or a byte copy of one).
pub(crate) unsafe fn read_undo(record: *const UndoRecord) -> Result<Undo, ErrorCode> {
    if record.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    let bytes = record.cast::<u8>();
    // SAFETY: the record has at least 8 readable bytes; no alignment needed.
    let tag = unsafe { ptr::read_unaligned(bytes.cast::<u64>()) };
    if tag != UNDO_TAG {
        return Err(ErrorCode::NotAnUndoRecord);
    }
    // SAFETY: tagged, so `write_undo` wrote an `Undo` at UNDO_BODY (the caller's contract), which
    // fits in the record (asserted above). `Undo` owns nothing, so a byte copy is a value.
    Ok(unsafe { ptr::read_unaligned(bytes.add(UNDO_BODY).cast::<Undo>()) })
}

/// Writes `undo` into `record`, tagged.
///
/// # Safety
/// `record` is not NULL and points to `HAYANAGI_UNDO_RECORD_SIZE` writable bytes.
pub(crate) unsafe fn write_undo(record: *mut UndoRecord, undo: Undo) {
    let bytes = record.cast::<u8>();
    // SAFETY: both writes stay within the record (asserted above); no alignment needed.
    unsafe {
        ptr::write_unaligned(bytes.add(UNDO_BODY).cast::<Undo>(), undo);
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
