//! The array functions: whole arrays of records in, whole arrays out, split over threads. Every
//! function reads each record with [`records::read`] and stops at the first bad one (the lowest
//! index), except [`validate`], which lists them all.

use hayanagi::{Move, Move16Format, Position};

use crate::data::features::{self, BOARD_PLANES, CELLS, HAND_PLANES, PACKED_BYTES, Planes};
use crate::data::labels::move_label;
use crate::data::parallel::{map_runs, rows};
use crate::data::records::{self, BadRecord, Format, Record, Scratch, WriteError};

/// How a batch reads its input: the format and the layout of its move field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// The records' format.
    pub format: Format,
    /// The layout of the move field (`None`: the format's own).
    pub move16: Option<Move16Format>,
}

impl Input {
    fn read(self, index: usize, bytes: &[u8]) -> Result<Record, BadRecord> {
        records::read(self.format, bytes, self.move16).map_err(|(offset, kind)| BadRecord { index, offset, kind })
    }

    #[inline(always)]
    fn with<T>(
        self,
        scratch: &mut Scratch,
        index: usize,
        bytes: &[u8],
        use_it: impl FnOnce(&Position, Option<Move>) -> T,
    ) -> Result<T, BadRecord> {
        records::with_position(self.format, bytes, self.move16, scratch, use_it).map_err(|(offset, kind)| BadRecord {
            index,
            offset,
            kind,
        })
    }

    fn count(self, bytes: &[u8]) -> usize {
        bytes.len() / self.format.size()
    }
}

/// Every bad record of `bytes`, in order.
pub fn validate(input: Input, bytes: &[u8], threads: usize) -> Vec<BadRecord> {
    let size = input.format.size();
    map_runs(bytes, size, threads, |first, run| {
        let mut scratch = Scratch::default();
        run.chunks_exact(size)
            .enumerate()
            .filter_map(|(i, record)| input.with(&mut scratch, first + i, record, |_, _| ()).err())
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// The float32 planes of every record: `board` gets 62 x 81 values per record, `hand` 57 x 81.
///
/// # Errors
/// The first bad record.
pub fn features_f32(
    input: Input,
    bytes: &[u8],
    board: &mut [f32],
    hand: &mut [f32],
    threads: usize,
) -> Result<(), BadRecord> {
    let size = input.format.size();
    let n = input.count(bytes);
    debug_assert_eq!((board.len(), hand.len()), (n * BOARD_PLANES * CELLS, n * HAND_PLANES * CELLS));
    // Both outputs are split the same way: pair them per record.
    let (board_size, hand_size) = (BOARD_PLANES * CELLS, HAND_PLANES * CELLS);
    let mut outputs: Vec<(&mut [f32], &mut [f32])> =
        board.chunks_exact_mut(board_size).zip(hand.chunks_exact_mut(hand_size)).collect();
    rows(bytes, size, &mut outputs, 1, threads, |first, run, out| {
        let (mut planes, mut scratch) = (Planes::default(), Scratch::default());
        for (i, (record, (board, hand))) in run.chunks_exact(size).zip(out.iter_mut()).enumerate() {
            input.with(&mut scratch, first + i, record, |position, _| planes.set(position))?;
            planes.write_f32(board, hand);
        }
        Ok(())
    })
}

/// The packed planes of every record, [`PACKED_BYTES`] per record.
///
/// # Errors
/// The first bad record.
pub fn features_packed(input: Input, bytes: &[u8], out: &mut [u8], threads: usize) -> Result<(), BadRecord> {
    let size = input.format.size();
    debug_assert_eq!(out.len(), input.count(bytes) * PACKED_BYTES);
    rows(bytes, size, out, PACKED_BYTES, threads, |first, run, out| {
        let mut scratch = Scratch::default();
        for (i, (record, out)) in run.chunks_exact(size).zip(out.chunks_exact_mut(PACKED_BYTES)).enumerate() {
            input.with(&mut scratch, first + i, record, |position, _| features::write_packed(position, out))?;
        }
        Ok(())
    })
}

/// The move label of every record (hcpe, PSV).
///
/// # Errors
/// The first bad record; a bare position has no move (reported as a move error at its byte 32).
pub fn labels(input: Input, bytes: &[u8], out: &mut [i64], threads: usize) -> Result<(), BadRecord> {
    let size = input.format.size();
    rows(bytes, size, out, 1, threads, |first, run, out| {
        let mut scratch = Scratch::default();
        for (i, (record, out)) in run.chunks_exact(size).zip(out.iter_mut()).enumerate() {
            let label = input.with(&mut scratch, first + i, record, |position, mv| {
                mv.and_then(|mv| move_label(mv, position.side_to_move()).ok())
            })?;
            // Records checked by the core hold legal moves, and every legal move has a label.
            debug_assert!(label.is_some());
            *out = label.map_or(-1, i64::from);
        }
        Ok(())
    })
}

/// The Zobrist key (`Position::key`) of every record's position.
///
/// # Errors
/// The first bad record.
pub fn keys(input: Input, bytes: &[u8], out: &mut [u64], threads: usize) -> Result<(), BadRecord> {
    let size = input.format.size();
    rows(bytes, size, out, 1, threads, |first, run, out| {
        let mut scratch = Scratch::default();
        for (i, (record, out)) in run.chunks_exact(size).zip(out.iter_mut()).enumerate() {
            *out = input.with(&mut scratch, first + i, record, |position, _| position.key())?;
        }
        Ok(())
    })
}

/// Why a conversion failed: a bad input record, or one the output format cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConvertError {
    /// A bad input record.
    Bad(BadRecord),
    /// A good record the output format cannot hold, with its index.
    Write(usize, WriteError),
}

/// Every record of `bytes` written as `to` (move field layout `to_move16`), with PSV game ply
/// `ply(index)` where the input has none.
///
/// # Errors
/// The first record that is bad or cannot be written.
pub fn convert(
    input: Input,
    bytes: &[u8],
    to: Format,
    to_move16: Option<Move16Format>,
    ply: &(impl Fn(usize) -> u16 + Sync),
    out: &mut [u8],
    threads: usize,
) -> Result<(), ConvertError> {
    let (size, out_size) = (input.format.size(), to.size());
    rows(bytes, size, out, out_size, threads, |first, run, out| {
        for (i, (record, out)) in run.chunks_exact(size).zip(out.chunks_exact_mut(out_size)).enumerate() {
            let index = first + i;
            let record = input.read(index, record).map_err(ConvertError::Bad)?;
            records::write(&record, to, to_move16, ply(index), out).map_err(|e| ConvertError::Write(index, e))?;
        }
        Ok(())
    })
}

/// The SFEN of every record's position (with the PSV game ply; 1 for the other formats).
///
/// # Errors
/// The first bad record.
pub fn sfens(input: Input, bytes: &[u8], threads: usize) -> Result<Vec<String>, BadRecord> {
    let size = input.format.size();
    let runs = map_runs(bytes, size, threads, |first, run| {
        run.chunks_exact(size)
            .enumerate()
            .map(|(i, record)| Ok(input.read(first + i, record)?.position().sfen().to_string()))
            .collect::<Result<Vec<_>, BadRecord>>()
    });
    let mut all = Vec::with_capacity(input.count(bytes));
    for run in runs {
        all.extend(run?);
    }
    Ok(all)
}

/// The indices of the first record of each distinct position (board, hands, side to move), in
/// order. Exact: records are compared by their 32 position bytes, which the core reads one to one
/// (a position has exactly one encoding in a layout); the Zobrist key only picks the bucket.
///
/// # Errors
/// The first bad record.
pub fn unique(input: Input, bytes: &[u8], threads: usize) -> Result<Vec<usize>, BadRecord> {
    let size = input.format.size();
    let n = input.count(bytes);
    let mut hashes = vec![0u64; n];
    keys(input, bytes, &mut hashes, threads)?;
    let position = |i: usize| bytes.get(i * size..i * size + 32).unwrap_or(&[]);
    let slots = (n * 2).next_power_of_two().max(16);
    let mask = slots - 1;
    // Open addressing: each slot holds 1 + the index of a record, 0 when empty.
    let mut table = vec![0u32; slots];
    let mut wide = Vec::new();
    let fits = n < u32::MAX as usize;
    if !fits {
        wide = vec![0usize; slots];
    }
    let mut first = Vec::new();
    for (i, &hash) in hashes.iter().enumerate() {
        let mut slot = (hash as usize) & mask;
        loop {
            let held = if fits { table[slot] as usize } else { wide[slot] };
            if held == 0 {
                if fits {
                    table[slot] = i as u32 + 1;
                } else {
                    wide[slot] = i + 1;
                }
                first.push(i);
                break;
            }
            if hashes[held - 1] == hash && position(held - 1) == position(i) {
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
    Ok(first)
}
