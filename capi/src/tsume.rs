//! The tsume (mating problem) solver over a transposition table in the caller's memory (the
//! `extended` feature).

use core::mem::{align_of, size_of};

use hayanagi::{
    Move, MoveList, TsumeAlternative, TsumeAnswer, TsumeCounting, TsumeEntry, TsumeError, TsumeSolver, TsumeUnknown,
};

use crate::ErrorCode;
use crate::position::code;
use crate::record::{PositionRecord, put, with_position};

/// `sizeof(hayanagi_tsume_entry)` (checked by `header.rs`).
pub(crate) const ENTRY_SIZE: usize = 16;
/// The longest line `hayanagi_tsume_solve` gives (`HAYANAGI_TSUME_MAX_LINE`): the line is built in
/// a local array of this many moves, then copied out.
pub(crate) const MAX_LINE: usize = MoveList::CAPACITY;
/// The most alternatives `hayanagi_tsume_alternatives` writes in one call (`HAYANAGI_TSUME_MAX_ALTERNATIVES`).
pub(crate) const MAX_ALTERNATIVES: usize = 256;

// The C type is `struct { uint64_t opaque[4]; }`: the library's entry must fit its size and
// alignment, and have no padding (any bytes are then an entry: all its fields are plain integers).
const _: () = assert!(size_of::<TsumeEntry>() == ENTRY_SIZE && align_of::<TsumeEntry>() <= align_of::<u64>());

/// The header's answers, `HAYANAGI_TSUME_*` (checked by `header.rs`).
pub(crate) const ANSWERS: [(&str, i32); 8] = [
    ("HAYANAGI_TSUME_NO_MATE", 0),
    ("HAYANAGI_TSUME_MATE", 1),
    ("HAYANAGI_TSUME_NODE_LIMIT", 2),
    ("HAYANAGI_TSUME_DEPTH_LIMIT", 3),
    ("HAYANAGI_TSUME_TOO_MANY_MOVES", 4),
    ("HAYANAGI_TSUME_STALLED", 5),
    ("HAYANAGI_TSUME_LINE_TOO_LONG", 6),
    ("HAYANAGI_TSUME_LINE_NOT_FOUND", 7),
];

/// The code of an unknown answer. Exhaustive on purpose: a new reason fails this build until it
/// has a code. `Stopped` cannot happen here (no stop callback), and reads as a stall.
pub(crate) const fn unknown_code(reason: TsumeUnknown) -> i32 {
    match reason {
        TsumeUnknown::NodeLimit => 2,
        TsumeUnknown::DepthLimit => 3,
        TsumeUnknown::TooManyMoves => 4,
        TsumeUnknown::Stalled | TsumeUnknown::Stopped => 5,
        TsumeUnknown::LineTooLong => 6,
        TsumeUnknown::LineNotFound => 7,
    }
}

impl From<TsumeError> for ErrorCode {
    fn from(error: TsumeError) -> ErrorCode {
        match error {
            TsumeError::NoDefenderKing => ErrorCode::TsumeNoDefenderKing,
            TsumeError::AttackerInCheck => ErrorCode::TsumeAttackerInCheck,
        }
    }
}

/// The table of a C argument: `entries` entries at `table`, aligned.
///
/// # Safety
/// `table` is NULL or points to `entries` writable `hayanagi_tsume_entry` that nothing else uses
/// during the call.
unsafe fn table<'a>(table: *mut u64, entries: usize) -> Result<&'a mut [TsumeEntry], ErrorCode> {
    if table.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    if !table.cast::<TsumeEntry>().is_aligned() {
        return Err(ErrorCode::Misaligned);
    }
    if entries > isize::MAX as usize / ENTRY_SIZE {
        return Err(ErrorCode::BadLength);
    }
    // SAFETY: non-NULL, aligned, `entries` entries of caller memory used by nobody else during the
    // call (the caller's contract), within isize::MAX bytes; any bytes are a `TsumeEntry` (asserted
    // above: plain integer fields, no padding).
    Ok(unsafe { core::slice::from_raw_parts_mut(table.cast::<TsumeEntry>(), entries) })
}

/// Empties a table (C: `hayanagi_tsume_init`).
///
/// # Safety
/// `table` is NULL or points to `entries` writable `hayanagi_tsume_entry`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_tsume_init(table_ptr: *mut u64, entries: usize) -> i32 {
    // SAFETY: the caller's contract.
    match unsafe { table(table_ptr, entries) } {
        Ok(table) => {
            table.fill(TsumeEntry::EMPTY);
            ErrorCode::Ok.code()
        }
        Err(error) => error.code(),
    }
}

/// Solves the tsume of `*pos` (C: `hayanagi_tsume_solve`).
///
/// # Safety
/// `pos` is NULL or a position record; `table` as [`hayanagi_tsume_init`]; `line` is NULL or points
/// to `capacity` writable `uint16_t`; `len` and `nodes` are each NULL or writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hayanagi_tsume_solve(
    pos: *const PositionRecord,
    table_ptr: *mut u64,
    entries: usize,
    node_limit: u64,
    max_depth: u32,
    line: *mut u16,
    capacity: usize,
    len: *mut usize,
    nodes: *mut u64,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            let (mut solver, mut moves) =
                prepare(table_ptr, entries, node_limit, max_depth, COUNTING_STRICT, &[line.is_null()])?;
            let room = capacity.min(MAX_LINE);
            let answer = solver.solve(pos, &mut moves[..room])?;
            put(nodes, solver.stats().nodes);
            Ok(match answer {
                TsumeAnswer::Mate(found) => {
                    // SAFETY: `found.len() <= room <= capacity`: within the caller's line.
                    write_line(line, found, len);
                    1
                }
                TsumeAnswer::NoMate => 0,
                TsumeAnswer::Unknown(reason) => unknown_code(reason),
            })
        })
    })
}

/// Writes a mate's moves to the caller's `line` and its length to `len` (if not NULL).
///
/// # Safety
/// `line` points to at least `mate.len()` writable `uint16_t`; `len` is NULL or writable.
unsafe fn write_line(line: *mut u16, mate: &[Move], len: *mut usize) {
    for (i, mv) in mate.iter().enumerate() {
        // SAFETY: `i < mate.len()`: within the caller's line (the contract above).
        unsafe { core::ptr::write_unaligned(line.add(i), mv.to_bits()) };
    }
    // SAFETY: `len` is NULL or writable (the contract above).
    unsafe { put(len, mate.len()) };
}

/// The header's countings, `HAYANAGI_TSUME_COUNTING_*` (checked by `header.rs`).
pub(crate) const COUNTINGS: [(&str, i32); 2] =
    [("HAYANAGI_TSUME_COUNTING_STRICT", 0), ("HAYANAGI_TSUME_COUNTING_USELESS_INTERPOSITIONS_FREE", 1)];

/// The counting of a C argument.
fn counting(value: i32) -> Result<TsumeCounting, ErrorCode> {
    match value {
        0 => Ok(TsumeCounting::Strict),
        1 => Ok(TsumeCounting::UselessInterpositionsFree),
        _ => Err(ErrorCode::OutOfRange),
    }
}

/// `HAYANAGI_TSUME_COUNTING_STRICT`: what `hayanagi_tsume_solve` counts with (it counts nothing).
const COUNTING_STRICT: i32 = 0;

/// What every solver call opens with, in this order: the table checked, then the pointers that
/// must not be NULL (`nulls`: whether each is), then the counting read; the solver with the call's
/// limits, and a line buffer of `MAX_LINE` placeholder moves (an answer writes every slot it covers).
///
/// # Safety
/// `table_ptr` and `entries` as [`hayanagi_tsume_init`].
unsafe fn prepare<'a>(
    table_ptr: *mut u64,
    entries: usize,
    node_limit: u64,
    max_depth: u32,
    counting_code: i32,
    nulls: &[bool],
) -> Result<(TsumeSolver<'a>, [Move; MAX_LINE]), ErrorCode> {
    // SAFETY: the caller's contract.
    let table = unsafe { table(table_ptr, entries) }?;
    if nulls.contains(&true) {
        return Err(ErrorCode::NullPointer);
    }
    let counting = counting(counting_code)?;
    let filler = Move::from_bits(0x8000 | 1).ok_or(ErrorCode::BadMove)?;
    let solver = TsumeSolver::new(table).with_node_limit(node_limit).with_max_depth(max_depth).with_counting(counting);
    Ok((solver, [filler; MAX_LINE]))
}

/// Proves the shortest mate of `*pos` (C: `hayanagi_tsume_solve_shortest`).
///
/// # Safety
/// As [`hayanagi_tsume_solve`]; `length`, `minimal` and `nodes` are each NULL or writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hayanagi_tsume_solve_shortest(
    pos: *const PositionRecord,
    table_ptr: *mut u64,
    entries: usize,
    node_limit: u64,
    max_depth: u32,
    counting_code: i32,
    line: *mut u16,
    capacity: usize,
    len: *mut usize,
    length: *mut u32,
    minimal: *mut i32,
    nodes: *mut u64,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            let (mut solver, mut moves) =
                prepare(table_ptr, entries, node_limit, max_depth, counting_code, &[line.is_null()])?;
            let room = capacity.min(MAX_LINE);
            let found = solver.solve_shortest(pos, &mut moves[..room])?;
            put(nodes, solver.stats().nodes);
            Ok(match found.answer {
                TsumeAnswer::Mate(mate) => {
                    // SAFETY: `mate.len() <= room <= capacity`: within the caller's line.
                    write_line(line, mate, len);
                    put(length, u32::from(found.length));
                    put(minimal, i32::from(found.minimal));
                    1
                }
                TsumeAnswer::NoMate => 0,
                TsumeAnswer::Unknown(reason) => unknown_code(reason),
            })
        })
    })
}

/// The alternative mates (余詰) along a mating line (C: `hayanagi_tsume_alternatives`).
///
/// # Safety
/// `pos` and `table` as [`hayanagi_tsume_solve`]; `line` is NULL or points to `line_len` readable
/// `uint16_t`; `plies` and `moves` are each NULL or point to `capacity` writable `size_t` /
/// `uint16_t`; `count` is NULL or writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hayanagi_tsume_alternatives(
    pos: *const PositionRecord,
    table_ptr: *mut u64,
    entries: usize,
    node_limit: u64,
    max_depth: u32,
    counting_code: i32,
    line: *const u16,
    line_len: usize,
    length: u32,
    plies: *mut usize,
    moves: *mut u16,
    capacity: usize,
    count: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    code(unsafe {
        with_position(pos, |pos| {
            let nulls = [line.is_null(), plies.is_null(), moves.is_null()];
            let (mut solver, mut played) = prepare(table_ptr, entries, node_limit, max_depth, counting_code, &nulls)?;
            let length = u16::try_from(length).map_err(|_| ErrorCode::BadLength)?;
            if line_len > MAX_LINE {
                return Err(ErrorCode::BadLength);
            }
            // `ply: usize::MAX` marks a slot not written (an alternative's ply is within the line).
            let mut found = [TsumeAlternative { ply: usize::MAX, mv: played[0] }; MAX_ALTERNATIVES];
            for (i, slot) in played.iter_mut().enumerate().take(line_len) {
                // SAFETY: `i < line_len`: within the caller's line.
                let bits = core::ptr::read_unaligned(line.add(i));
                *slot = Move::from_bits(bits).ok_or(ErrorCode::BadMove)?;
            }
            let room = capacity.min(MAX_ALTERNATIVES);
            let result = solver.alternatives(pos, &played[..line_len], length, &mut found[..room]);
            let written = match result {
                Ok(n) => n,
                // The alternatives found before the search stopped are written too.
                Err(_) => found.iter().take(room).take_while(|a| a.ply != usize::MAX).count(),
            };
            for (i, alternative) in found.iter().take(written).enumerate() {
                // SAFETY: `i < written <= room <= capacity`: within the caller's arrays.
                core::ptr::write_unaligned(plies.add(i), alternative.ply);
                core::ptr::write_unaligned(moves.add(i), alternative.mv.to_bits());
            }
            put(count, written);
            Ok(match result {
                Ok(_) => ErrorCode::Ok.code(),
                Err(reason) => unknown_code(reason),
            })
        })
    })
}
