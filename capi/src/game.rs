//! Game records in C (the `records` feature; `include/hayanagi_records.h`): KIF, KI2, CSA, JKF and
//! USI texts read and written by hayanagi-records, with the game kept in a caller-owned arena.
//!
//! A game is bytes in caller memory (any alignment; a byte copy is the same game), written by
//! [`hayanagi_game_read`] or [`hayanagi_game_new`] and read by the accessors without any call into
//! hayanagi-records. Layout, every number little-endian and read unaligned:
//!
//! | at | bytes | what |
//! |---|---|---|
//! | 0 | 8 | tag |
//! | 8 | 4 | the game's size in bytes (what a copy must copy) |
//! | 12 | 1 | the format it was read from (`HAYANAGI_GAME_FORMAT_*`; 255 for a built game) |
//! | 13 | 1 | the ending (`HAYANAGI_ENDING_*`, 0 for none) |
//! | 14 | 1 | the winner (0 Black, 1 White, 2 none) |
//! | 15 | 1 | 1 if the ending has a time |
//! | 16 | 8 | the ending's time in milliseconds |
//! | 24 | 4 | moves |
//! | 28 | 4 | headers |
//! | 32 | 4 | variations (every level) |
//! | 36 | 4 | where the strings start |
//! | 40 | 8 | the comments before the first move: offset, length |
//! | 48 | 8 | the comments after the ending: offset, length |
//! | 56 | 1 | the handicap the record named or its start is (`HAYANAGI_HANDICAP_*`, 255 for none) |
//! | 57 | 1 | 1 if the comments before the first move are lines (even one empty line), 0 for none |
//! | 58 | 1 | the same for the comments after the ending |
//! | 59 | 1 | zero |
//! | 60 | 4 | the moves of all variations |
//! | 64 | 512 | the start position (a `hayanagi_position`) |
//! | 576 | 24 a move | code (2), 1 if it has a time (1), 1 if it has comments (1), comment offset (4), comment length (4), zeros (4), time in ms (8) |
//! | then | 16 a header | key offset, key length, value offset, value length (4 each) |
//! | then | 48 a variation | parent (4; `u32::MAX`: the main line), ply (4), its first move in the variation moves (4), its moves (4), the ending, winner, 1 if the ending has a time, 1 if there are comments before its first move, the same after its ending (1 each), zeros (3), the ending's time in ms (8), the comments before its first move: offset, length (8), after its ending (8) |
//! | then | 24 a move | the variations' moves, each variation's together, as the main line's |
//! | then | | the strings, each followed by a NUL |
//!
//! The variations are in depth-first order: each before the variations from its moves, siblings in
//! the record's order (so a parent's index is below its children's).
//!
//! The records crate does the reading, writing and checking; this module only moves a
//! [`Record`] into and out of the arena. A call builds the record on the heap, and
//! frees it before it returns (the header says so): the arena holds everything that is kept.

use std::borrow::Cow;

use core::ffi::c_char;
use core::{ptr, slice};

use hayanagi::{Color, Handicap, Move, Position};
use hayanagi_records::{
    Ending, Format, Outcome, ReadError, ReadErrorKind, Record, RecordMove, TextEncoding, Variation, WriteError,
    WriteErrorKind,
};

use crate::ErrorCode;
use crate::header::POSITION_SIZE;
use crate::record::{PositionRecord, input, put, read_position, write_position};

/// The header's `HAYANAGI_GAME_FORMAT_*`, each its index (checked by `header.rs`).
pub(crate) const FORMATS: [(&str, Format); 5] = [
    ("HAYANAGI_GAME_FORMAT_CSA", Format::Csa),
    ("HAYANAGI_GAME_FORMAT_KIF", Format::Kif),
    ("HAYANAGI_GAME_FORMAT_KI2", Format::Ki2),
    ("HAYANAGI_GAME_FORMAT_USI", Format::Usi),
    ("HAYANAGI_GAME_FORMAT_JKF", Format::Jkf),
];
/// `HAYANAGI_GAME_FORMAT_DETECT` and `HAYANAGI_GAME_ENCODING_DETECT`.
pub(crate) const DETECT: i32 = -1;
/// The header's `HAYANAGI_GAME_ENCODING_*`, each its index.
pub(crate) const ENCODINGS: [(&str, TextEncoding); 2] =
    [("HAYANAGI_GAME_ENCODING_UTF8", TextEncoding::Utf8), ("HAYANAGI_GAME_ENCODING_SHIFT_JIS", TextEncoding::ShiftJis)];
/// The header's `HAYANAGI_ENDING_*`, each its index + 1 (`HAYANAGI_ENDING_NONE` is 0).
pub(crate) const ENDINGS: [(&str, Ending); 16] = [
    ("HAYANAGI_ENDING_RESIGN", Ending::Resign),
    ("HAYANAGI_ENDING_ABORT", Ending::Abort),
    ("HAYANAGI_ENDING_REPETITION", Ending::Repetition),
    ("HAYANAGI_ENDING_IMPASSE", Ending::Impasse),
    ("HAYANAGI_ENDING_MAX_MOVES", Ending::MaxMoves),
    ("HAYANAGI_ENDING_MATE", Ending::Mate),
    ("HAYANAGI_ENDING_NO_MATE", Ending::NoMate),
    ("HAYANAGI_ENDING_TIME_UP", Ending::TimeUp),
    ("HAYANAGI_ENDING_ILLEGAL_MOVE", Ending::IllegalMove),
    ("HAYANAGI_ENDING_ILLEGAL_ACTION", Ending::IllegalAction),
    ("HAYANAGI_ENDING_DECLARATION", Ending::Declaration),
    ("HAYANAGI_ENDING_WIN_BY_DEFAULT", Ending::WinByDefault),
    ("HAYANAGI_ENDING_LOSS_BY_DEFAULT", Ending::LossByDefault),
    ("HAYANAGI_ENDING_ERROR", Ending::Error),
    ("HAYANAGI_ENDING_TAKE_BACK", Ending::TakeBack),
    ("HAYANAGI_ENDING_SEALED", Ending::Sealed),
];
/// `HAYANAGI_GAME_MAIN_LINE`: a variation's parent when it is the main line.
pub(crate) const MAIN_LINE_PARENT: i32 = -1;
/// `HAYANAGI_NO_WINNER` and `HAYANAGI_DEFAULT_WINNER`.
pub(crate) const NO_WINNER: i32 = -1;
pub(crate) const DEFAULT_WINNER: i32 = -2;
/// `HAYANAGI_GAME_COMMENTS_START`, `_END`.
pub(crate) const COMMENTS_START: i32 = 0;
pub(crate) const COMMENTS_END: i32 = 1;
/// `HAYANAGI_GAME_MESSAGE_SIZE`: the message buffer of a [`GameError`].
pub(crate) const MESSAGE_SIZE: usize = 256;
/// `HAYANAGI_GAME_FIXED_SIZE`: the bytes of a game without moves, headers or strings.
pub(crate) const FIXED_SIZE: usize = POSITION_AT + POSITION_SIZE;

const TAG: u64 = u64::from_le_bytes(*b"hynGAME\x02");
const SIZE_AT: usize = 8;
const FORMAT_AT: usize = 12;
const ENDING_AT: usize = 13;
const WINNER_AT: usize = 14;
const ENDING_TIMED_AT: usize = 15;
const ENDING_TIME_AT: usize = 16;
const MOVES_AT: usize = 24;
const HEADERS_AT: usize = 28;
const VARIATIONS_AT: usize = 32;
const STRINGS_AT: usize = 36;
const START_COMMENTS_AT: usize = 40;
const END_COMMENTS_AT: usize = 48;
const HANDICAP_AT: usize = 56;
const START_COMMENTED_AT: usize = 57;
const END_COMMENTED_AT: usize = 58;
const VARIATION_MOVES_AT: usize = 60;
const POSITION_AT: usize = 64;
const MOVE_SIZE: usize = 24;
const HEADER_SIZE: usize = 16;
/// `HAYANAGI_GAME_VARIATION_SIZE`'s bytes: one variation's entry.
pub(crate) const VARIATION_SIZE: usize = 48;
/// A variation entry's parent for the main line.
const MAIN_LINE: u32 = u32::MAX;
/// The format byte of a game built by `hayanagi_game_new`.
const BUILT: u8 = 255;

/// `hayanagi_game_error`: what went wrong and where.
#[repr(C)]
pub struct GameError {
    /// The code the call returned.
    pub code: i32,
    /// Reading: the line, from 1 (0: none).
    pub line: i32,
    /// Reading: the column in characters, from 1 (0: none).
    pub column: i32,
    /// Writing: the ply, from 1 (0: none).
    pub ply: i32,
    /// The records crate's message, NUL-terminated.
    pub message: [u8; MESSAGE_SIZE],
}

/// `hayanagi_game_move`: one move of the main line.
#[repr(C)]
pub struct GameMove {
    /// The move's code.
    pub mv: u16,
    /// 1 if the record gives its time.
    pub has_time: i32,
    /// Its time in milliseconds (0 without one).
    pub time_ms: u64,
    /// The comments after it, lines joined by `\n`, NUL-terminated, inside the game.
    pub comment: *const c_char,
    /// The comment's length in bytes.
    pub comment_len: usize,
}

/// `hayanagi_game_ending`: how the game ended.
#[repr(C)]
pub struct GameEnding {
    /// `HAYANAGI_ENDING_*` (0: none).
    pub ending: i32,
    /// `HAYANAGI_BLACK`, `HAYANAGI_WHITE` or `HAYANAGI_NO_WINNER`.
    pub winner: i32,
    /// 1 if the ending has a time.
    pub has_time: i32,
    /// The time in milliseconds (0 without one).
    pub time_ms: u64,
}

/// `hayanagi_game_variation_info`: one variation.
#[repr(C)]
pub struct GameVariationInfo {
    /// The index of the variation it branches from, or -1: from the main line.
    pub parent: i32,
    /// The ply (from 1) of its first move.
    pub ply: i32,
    /// Its moves.
    pub move_count: i32,
    /// Its ending.
    pub outcome: GameEnding,
    /// The comments before its first move, NUL-terminated, inside the game.
    pub comment: *const c_char,
    /// Their length in bytes.
    pub comment_len: usize,
    /// The comments after its ending, NUL-terminated, inside the game.
    pub end_comment: *const c_char,
    /// Their length in bytes.
    pub end_comment_len: usize,
}

/// An error of a call: its code, and where for the record's errors.
struct Failure {
    code: ErrorCode,
    line: usize,
    column: usize,
    ply: usize,
    message: String,
}

impl From<ErrorCode> for Failure {
    fn from(code: ErrorCode) -> Failure {
        let message = code.message().to_str().unwrap_or("").to_string();
        Failure { code, line: 0, column: 0, ply: 0, message }
    }
}

impl From<ReadError> for Failure {
    fn from(error: ReadError) -> Failure {
        let code = match &error.kind {
            ReadErrorKind::Encoding(_) => ErrorCode::GameEncoding,
            ReadErrorKind::Expected(_) => ErrorCode::GameSyntax,
            ReadErrorKind::CsaMove(e) => e.kind().into(),
            ReadErrorKind::JapaneseMove(e) => e.kind().into(),
            ReadErrorKind::Position(e) => e.problems().first().map_or(ErrorCode::GameSyntax, |p| (*p).into()),
            ReadErrorKind::Usi(e) => e.kind().into(),
            ReadErrorKind::MoveNumber { .. } => ErrorCode::GameMoveNumber,
            ReadErrorKind::MoveAfterEnd => ErrorCode::GameMoveAfterEnd,
            ReadErrorKind::UnknownHandicap(_) => ErrorCode::GameUnknownHandicap,
            ReadErrorKind::PositionAfterMoves => ErrorCode::GamePositionAfterMoves,
            ReadErrorKind::Illegal { .. } => ErrorCode::IllegalMove,
            ReadErrorKind::NoDiagram(_) => ErrorCode::GameNoDiagram,
            ReadErrorKind::EndingContradicts(_) => ErrorCode::GameEndingContradicts,
            // `non_exhaustive`: a kind added to hayanagi-records after this was written.
            _ => ErrorCode::GameUnsupported,
        };
        Failure { code, line: error.line, column: error.column, ply: 0, message: error.to_string() }
    }
}

impl From<WriteError> for Failure {
    fn from(error: WriteError) -> Failure {
        let code = match error.kind {
            WriteErrorKind::Illegal { .. } => ErrorCode::IllegalMove,
            WriteErrorKind::MoveAfterEnd { .. } => ErrorCode::GameMoveAfterEnd,
            WriteErrorKind::EndingContradicts(_) => ErrorCode::GameEndingContradicts,
            WriteErrorKind::VariationPly { .. } => ErrorCode::GameVariationPly,
            _ => ErrorCode::GameUnsupported,
        };
        Failure { code, line: 0, column: 0, ply: error.ply, message: error.to_string() }
    }
}

/// Writes `failure` into the optional `error` and returns its code.
///
/// # Safety
/// `error` is NULL or points to a writable `hayanagi_game_error` (any alignment).
unsafe fn report(error: *mut GameError, failure: Failure) -> i32 {
    let mut message = [0u8; MESSAGE_SIZE];
    // Cut at a character boundary, leaving room for the NUL.
    let mut len = failure.message.len().min(MESSAGE_SIZE - 1);
    while !failure.message.is_char_boundary(len) {
        len -= 1;
    }
    message[..len].copy_from_slice(&failure.message.as_bytes()[..len]);
    let clamp = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let value = GameError {
        code: failure.code.code(),
        line: clamp(failure.line),
        column: clamp(failure.column),
        ply: clamp(failure.ply),
        message,
    };
    // SAFETY: the caller's contract.
    unsafe { put(error, value) };
    failure.code.code()
}

/// The result of a call that reports a [`Failure`]: `Ok(value)` is returned as it is.
///
/// # Safety
/// As [`report`].
unsafe fn finish(error: *mut GameError, result: Result<i32, Failure>) -> i32 {
    match result {
        Ok(value) => {
            // SAFETY: the caller's contract.
            unsafe { report(error, Failure { message: String::new(), ..Failure::from(ErrorCode::Ok) }) };
            value
        }
        // SAFETY: the caller's contract.
        Err(failure) => unsafe { report(error, failure) },
    }
}

fn u32_le(bytes: &[u8], at: usize) -> usize {
    let mut le = [0u8; 4];
    le.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(le) as usize
}

fn u64_le(bytes: &[u8], at: usize) -> u64 {
    let mut le = [0u8; 8];
    le.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(le)
}

/// The bytes of a game: checked for the tag, and every table and string inside its stated size.
///
/// # Safety
/// `game` is NULL or points to readable bytes that nothing writes while they are used: at least
/// 16, and if they carry the tag, the size stored after it (a game this module wrote, or a byte
/// copy of one).
unsafe fn game_bytes<'a>(game: *const u8) -> Result<&'a [u8], ErrorCode> {
    if game.is_null() {
        return Err(ErrorCode::NullPointer);
    }
    // SAFETY: at least 16 bytes are readable (the caller's contract).
    let head = unsafe { slice::from_raw_parts(game, 16) };
    let size = u32_le(head, SIZE_AT);
    if u64_le(head, 0) != TAG || size < FIXED_SIZE {
        return Err(ErrorCode::NotAGame);
    }
    // SAFETY: tagged, so `size` bytes are readable (the caller's contract).
    let bytes = unsafe { slice::from_raw_parts(game, size) };
    let strings = u32_le(bytes, STRINGS_AT);
    if FIXED_SIZE.checked_add(tables_size(bytes).ok_or(ErrorCode::NotAGame)?) != Some(strings) || strings > size {
        return Err(ErrorCode::NotAGame);
    }
    Ok(bytes)
}

/// The bytes of a game's four tables (moves, headers, variations, the variations' moves) by its
/// counts; `None` past `usize`.
fn tables_size(bytes: &[u8]) -> Option<usize> {
    let table = |at: usize, size: usize| u32_le(bytes, at).checked_mul(size);
    table(MOVES_AT, MOVE_SIZE)?
        .checked_add(table(HEADERS_AT, HEADER_SIZE)?)?
        .checked_add(table(VARIATIONS_AT, VARIATION_SIZE)?)?
        .checked_add(table(VARIATION_MOVES_AT, MOVE_SIZE)?)
}

/// Where the variations' table starts.
fn variations_at(bytes: &[u8]) -> usize {
    FIXED_SIZE + u32_le(bytes, MOVES_AT) * MOVE_SIZE + u32_le(bytes, HEADERS_AT) * HEADER_SIZE
}

/// Where the variations' moves start.
fn variation_moves_at(bytes: &[u8]) -> usize {
    variations_at(bytes) + u32_le(bytes, VARIATIONS_AT) * VARIATION_SIZE
}

/// The string at the (offset, length) pair at `at`: a pointer to it (NUL-terminated) and its length.
fn string(bytes: &[u8], at: usize) -> Result<(*const c_char, usize), ErrorCode> {
    let (offset, len) = (u32_le(bytes, at), u32_le(bytes, at + 4));
    let strings = u32_le(bytes, STRINGS_AT);
    if offset < strings || offset.checked_add(len).is_none_or(|end| end >= bytes.len()) || bytes[offset + len] != 0 {
        return Err(ErrorCode::NotAGame);
    }
    Ok((bytes[offset..].as_ptr().cast(), len))
}

fn str_at(bytes: &[u8], at: usize) -> Result<&str, ErrorCode> {
    let (offset, len) = (u32_le(bytes, at), u32_le(bytes, at + 4));
    string(bytes, at)?;
    core::str::from_utf8(&bytes[offset..offset + len]).map_err(|_| ErrorCode::NotAGame)
}

/// Comment lines as one string, joined by `\n`.
fn joined(lines: &[String]) -> String {
    lines.join("\n")
}

/// Comment lines from one string: none, or (`lines`) the lines between its `\n`s (one empty line
/// from "").
fn split(text: &str, lines: bool) -> Vec<String> {
    if lines { text.split('\n').map(str::to_string).collect() } else { Vec::new() }
}

fn winner_byte(winner: Option<Color>) -> u8 {
    match winner {
        Some(color) => color.index() as u8,
        None => 2,
    }
}

fn ending_code(ending: Ending) -> Result<u8, ErrorCode> {
    ENDINGS.iter().position(|&(_, e)| e == ending).map(|i| i as u8 + 1).ok_or(ErrorCode::GameUnsupported)
}

/// A record's variations in depth-first order (each before the variations from its moves), each
/// with its parent's index in that order (`MAIN_LINE` for the main line).
fn flatten(variations: &[Variation]) -> Vec<(u32, &Variation)> {
    fn walk<'a>(variations: &'a [Variation], parent: u32, out: &mut Vec<(u32, &'a Variation)>) {
        for v in variations {
            let index = out.len() as u32;
            out.push((parent, v));
            walk(&v.variations, index, out);
        }
    }
    let mut out = Vec::new();
    walk(variations, MAIN_LINE, &mut out);
    out
}

/// The way to variation `index` (numbered depth-first, as [`flatten`] numbers them): its index
/// among its siblings and each of its parents', from the main line's variations down.
fn path_to(variations: &[Variation], index: usize) -> Option<Vec<usize>> {
    fn walk(variations: &[Variation], index: usize, seen: &mut usize, path: &mut Vec<usize>) -> bool {
        for (i, v) in variations.iter().enumerate() {
            path.push(i);
            if *seen == index {
                return true;
            }
            *seen += 1;
            if walk(&v.variations, index, seen, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    walk(variations, index, &mut 0, &mut path).then_some(path)
}

/// The position at the end of the line `path` leads to (the main line for an empty path): the
/// moves of each line before the ply of the next, then the last line's moves.
fn line_end(record: &Record, path: &[usize]) -> Result<Position, ErrorCode> {
    let mut pos = record.start.clone();
    let (mut first, mut moves, mut variations) = (1, &record.moves[..], &record.variations[..]);
    for &i in path {
        let v = variations.get(i).ok_or(ErrorCode::OutOfRange)?;
        let before = moves.get(..(v.ply as usize).saturating_sub(first)).ok_or(ErrorCode::NotAGame)?;
        for m in before {
            pos.play_unchecked(m.mv);
        }
        (first, moves, variations) = (v.ply as usize, &v.moves[..], &v.variations[..]);
    }
    for m in moves {
        pos.play_unchecked(m.mv);
    }
    Ok(pos)
}

/// The variation `path` leads to.
fn at_path<'a>(variations: &'a mut [Variation], path: &[usize]) -> Result<&'a mut Variation, ErrorCode> {
    let (&first, rest) = path.split_first().ok_or(ErrorCode::OutOfRange)?;
    let mut v = variations.get_mut(first).ok_or(ErrorCode::OutOfRange)?;
    for &i in rest {
        v = v.variations.get_mut(i).ok_or(ErrorCode::OutOfRange)?;
    }
    Ok(v)
}

/// Variation `index` of `record` and the position at its end; `OutOfRange` if it has none.
fn variation_mut(record: &mut Record, index: usize) -> Result<(&mut Variation, Position), ErrorCode> {
    let path = path_to(&record.variations, index).ok_or(ErrorCode::OutOfRange)?;
    let end = line_end(record, &path)?;
    Ok((at_path(&mut record.variations, &path)?, end))
}

/// An ending's bytes: the ending, winner and timed bytes, and the time.
fn outcome_bytes(outcome: Option<&Outcome>) -> Result<([u8; 3], u64), ErrorCode> {
    Ok(match outcome {
        Some(o) => {
            ([ending_code(o.ending)?, winner_byte(o.winner), u8::from(o.time_ms.is_some())], o.time_ms.unwrap_or(0))
        }
        None => ([0, 2, 0], 0),
    })
}

/// The ending of the bytes `[ending, winner, timed]` and the time.
fn outcome_of(bytes: [u8; 3], time_ms: u64) -> Result<Option<Outcome>, ErrorCode> {
    let ending = usize::from(bytes[0]);
    if ending == 0 {
        return Ok(None);
    }
    let (_, ending) = *ENDINGS.get(ending - 1).ok_or(ErrorCode::NotAGame)?;
    let winner = match bytes[1] {
        0 => Some(Color::Black),
        1 => Some(Color::White),
        _ => None,
    };
    Ok(Some(Outcome { ending, winner, time_ms: (bytes[2] != 0).then_some(time_ms) }))
}

/// The game of `record` (with its variations) as arena bytes.
fn encode(record: &Record, format: u8) -> Result<Vec<u8>, ErrorCode> {
    let headers = &record.headers;
    let variations = flatten(&record.variations);
    let variation_moves: usize = variations.iter().map(|(_, v)| v.moves.len()).sum();
    let variations_at = FIXED_SIZE + record.moves.len() * MOVE_SIZE + headers.len() * HEADER_SIZE;
    let variation_moves_at = variations_at + variations.len() * VARIATION_SIZE;
    let strings_at = variation_moves_at + variation_moves * MOVE_SIZE;
    let mut out = vec![0u8; strings_at];
    let mut strings = Vec::new();
    // Each string after the ones before, NUL-terminated: its (offset, length).
    let mut add = |text: &str| -> Result<[u8; 8], ErrorCode> {
        let offset = u32::try_from(strings_at + strings.len()).map_err(|_| ErrorCode::BadLength)?;
        let len = u32::try_from(text.len()).map_err(|_| ErrorCode::BadLength)?;
        strings.extend_from_slice(text.as_bytes());
        strings.push(0);
        let mut pair = [0u8; 8];
        pair[..4].copy_from_slice(&offset.to_le_bytes());
        pair[4..].copy_from_slice(&len.to_le_bytes());
        Ok(pair)
    };
    let count = |n: usize| u32::try_from(n).map(u32::to_le_bytes).map_err(|_| ErrorCode::BadLength);
    // A move entry at `at`.
    fn put_move(
        out: &mut [u8],
        at: usize,
        m: &RecordMove,
        add: &mut impl FnMut(&str) -> Result<[u8; 8], ErrorCode>,
    ) -> Result<(), ErrorCode> {
        out[at..at + 2].copy_from_slice(&m.mv.to_bits().to_le_bytes());
        out[at + 2] = u8::from(m.time_ms.is_some());
        out[at + 3] = u8::from(!m.comments.is_empty());
        out[at + 4..at + 12].copy_from_slice(&add(&joined(&m.comments))?);
        out[at + 16..at + 24].copy_from_slice(&m.time_ms.unwrap_or(0).to_le_bytes());
        Ok(())
    }
    out[..8].copy_from_slice(&TAG.to_le_bytes());
    out[FORMAT_AT] = format;
    out[HANDICAP_AT] = record.handicap.map_or(255, |h| h.index() as u8);
    let (ending, time) = outcome_bytes(record.outcome.as_ref())?;
    out[ENDING_AT..ENDING_AT + 3].copy_from_slice(&ending);
    out[ENDING_TIME_AT..ENDING_TIME_AT + 8].copy_from_slice(&time.to_le_bytes());
    out[MOVES_AT..MOVES_AT + 4].copy_from_slice(&count(record.moves.len())?);
    out[HEADERS_AT..HEADERS_AT + 4].copy_from_slice(&count(headers.len())?);
    out[VARIATIONS_AT..VARIATIONS_AT + 4].copy_from_slice(&count(variations.len())?);
    out[VARIATION_MOVES_AT..VARIATION_MOVES_AT + 4].copy_from_slice(&count(variation_moves)?);
    out[STRINGS_AT..STRINGS_AT + 4].copy_from_slice(&count(strings_at)?);
    let mut position = [0u8; POSITION_SIZE];
    // SAFETY: `POSITION_SIZE` writable bytes; a record needs no alignment.
    unsafe { write_position(position.as_mut_ptr().cast::<PositionRecord>(), record.start.clone()) };
    out[POSITION_AT..POSITION_AT + POSITION_SIZE].copy_from_slice(&position);
    // The strings in the order of their owners: the comments, the moves', the headers', the
    // variations'.
    let (start_comments, end_comments) = (joined(&record.comments), joined(&record.end_comments));
    let start_pair = add(&start_comments)?;
    let end_pair = add(&end_comments)?;
    out[START_COMMENTS_AT..START_COMMENTS_AT + 8].copy_from_slice(&start_pair);
    out[END_COMMENTS_AT..END_COMMENTS_AT + 8].copy_from_slice(&end_pair);
    out[START_COMMENTED_AT] = u8::from(!record.comments.is_empty());
    out[END_COMMENTED_AT] = u8::from(!record.end_comments.is_empty());
    for (i, m) in record.moves.iter().enumerate() {
        put_move(&mut out, FIXED_SIZE + i * MOVE_SIZE, m, &mut add)?;
    }
    for (i, (key, value)) in headers.iter().enumerate() {
        let at = FIXED_SIZE + record.moves.len() * MOVE_SIZE + i * HEADER_SIZE;
        let (key, value) = (add(key)?, add(value)?);
        out[at..at + 8].copy_from_slice(&key);
        out[at + 8..at + 16].copy_from_slice(&value);
    }
    let mut first = 0;
    for (i, &(parent, v)) in variations.iter().enumerate() {
        let at = variations_at + i * VARIATION_SIZE;
        out[at..at + 4].copy_from_slice(&parent.to_le_bytes());
        out[at + 4..at + 8].copy_from_slice(&v.ply.to_le_bytes());
        out[at + 8..at + 12].copy_from_slice(&count(first)?);
        out[at + 12..at + 16].copy_from_slice(&count(v.moves.len())?);
        let (ending, time) = outcome_bytes(v.outcome.as_ref())?;
        out[at + 16..at + 19].copy_from_slice(&ending);
        out[at + 19] = u8::from(!v.comments.is_empty());
        out[at + 20] = u8::from(!v.end_comments.is_empty());
        out[at + 24..at + 32].copy_from_slice(&time.to_le_bytes());
        let (comments, end_comments) = (add(&joined(&v.comments))?, add(&joined(&v.end_comments))?);
        out[at + 32..at + 40].copy_from_slice(&comments);
        out[at + 40..at + 48].copy_from_slice(&end_comments);
        for (j, m) in v.moves.iter().enumerate() {
            put_move(&mut out, variation_moves_at + (first + j) * MOVE_SIZE, m, &mut add)?;
        }
        first += v.moves.len();
    }
    out.extend_from_slice(&strings);
    let size = count(out.len())?;
    out[SIZE_AT..SIZE_AT + 4].copy_from_slice(&size);
    Ok(out)
}

/// The move entry at `at`.
fn move_at(bytes: &[u8], at: usize) -> Result<RecordMove, ErrorCode> {
    let mv = Move::from_bits(u16::from_le_bytes([bytes[at], bytes[at + 1]])).ok_or(ErrorCode::NotAGame)?;
    let time_ms = (bytes[at + 2] != 0).then(|| u64_le(bytes, at + 16));
    Ok(RecordMove { mv, time_ms, comments: split(str_at(bytes, at + 4)?, bytes[at + 3] != 0) })
}

/// Where variation `index`'s entry is, checked: its parent before it, its moves inside the table.
fn variation_entry(bytes: &[u8], index: usize) -> Result<usize, ErrorCode> {
    if index >= u32_le(bytes, VARIATIONS_AT) {
        return Err(ErrorCode::OutOfRange);
    }
    let at = variations_at(bytes) + index * VARIATION_SIZE;
    let parent = u32_le(bytes, at);
    let (first, moves) = (u32_le(bytes, at + 8), u32_le(bytes, at + 12));
    if (parent != MAIN_LINE as usize && parent >= index)
        || first.checked_add(moves).is_none_or(|end| end > u32_le(bytes, VARIATION_MOVES_AT))
    {
        return Err(ErrorCode::NotAGame);
    }
    Ok(at)
}

/// The record a game holds, with its format byte.
fn decode(bytes: &[u8]) -> Result<(Record, u8), ErrorCode> {
    // SAFETY: the position's bytes lie inside the game (`game_bytes` checked its size), and were
    // written by `encode` (the tag); a record is read at any alignment.
    let start =
        unsafe { read_position(bytes[POSITION_AT..POSITION_AT + POSITION_SIZE].as_ptr().cast::<PositionRecord>()) }
            .map_err(|_| ErrorCode::NotAGame)?
            .clone();
    let mut record = Record::new(start);
    record.handicap = match bytes[HANDICAP_AT] {
        255 => None,
        i => Some(*Handicap::ALL.get(usize::from(i)).ok_or(ErrorCode::NotAGame)?),
    };
    record.comments = split(str_at(bytes, START_COMMENTS_AT)?, bytes[START_COMMENTED_AT] != 0);
    record.end_comments = split(str_at(bytes, END_COMMENTS_AT)?, bytes[END_COMMENTED_AT] != 0);
    let moves = u32_le(bytes, MOVES_AT);
    for i in 0..moves {
        record.moves.push(move_at(bytes, FIXED_SIZE + i * MOVE_SIZE)?);
    }
    for i in 0..u32_le(bytes, HEADERS_AT) {
        let at = FIXED_SIZE + moves * MOVE_SIZE + i * HEADER_SIZE;
        record.headers.push((str_at(bytes, at)?.to_string(), str_at(bytes, at + 8)?.to_string()));
    }
    record.outcome =
        outcome_of([bytes[ENDING_AT], bytes[WINNER_AT], bytes[ENDING_TIMED_AT]], u64_le(bytes, ENDING_TIME_AT))?;
    // The variations, then each one moved into its parent's, the last first (a parent's index is
    // below its children's, so it is still there).
    let mut nodes = Vec::new();
    let moves_at = variation_moves_at(bytes);
    for i in 0..u32_le(bytes, VARIATIONS_AT) {
        let at = variation_entry(bytes, i)?;
        let first = u32_le(bytes, at + 8);
        let moves = (first..first + u32_le(bytes, at + 12))
            .map(|j| move_at(bytes, moves_at + j * MOVE_SIZE))
            .collect::<Result<_, _>>()?;
        let variation = Variation {
            ply: u32_le(bytes, at + 4) as u32,
            comments: split(str_at(bytes, at + 32)?, bytes[at + 19] != 0),
            moves,
            outcome: outcome_of([bytes[at + 16], bytes[at + 17], bytes[at + 18]], u64_le(bytes, at + 24))?,
            end_comments: split(str_at(bytes, at + 40)?, bytes[at + 20] != 0),
            variations: Vec::new(),
        };
        nodes.push((u32_le(bytes, at), variation));
    }
    while let Some((parent, variation)) = nodes.pop() {
        let siblings = match nodes.get_mut(parent) {
            Some((_, parent)) => &mut parent.variations,
            None => &mut record.variations,
        };
        siblings.insert(0, variation);
    }
    Ok((record, bytes[FORMAT_AT]))
}

/// Writes `encoded` into the arena `game` (`size` bytes) if it fits; `*needed` gets its length.
///
/// # Safety
/// `game` is NULL or points to `size` writable bytes; `needed` is NULL or writable.
unsafe fn store(encoded: &[u8], game: *mut u8, size: usize, needed: *mut usize) -> Result<(), ErrorCode> {
    // SAFETY: the caller's contract.
    unsafe { put(needed, encoded.len()) };
    if encoded.len() > size {
        return Err(ErrorCode::BufferTooSmall);
    }
    // SAFETY: `encoded.len() <= size` writable bytes; the encoded game is ours, not the caller's, so
    // they do not overlap.
    unsafe { ptr::copy_nonoverlapping(encoded.as_ptr(), game, encoded.len()) };
    Ok(())
}

/// Checks an arena argument.
fn arena(game: *const u8, size: usize) -> Result<(), ErrorCode> {
    if game.is_null() {
        Err(ErrorCode::NullPointer)
    } else if size > isize::MAX as usize {
        Err(ErrorCode::BadLength)
    } else {
        Ok(())
    }
}

fn format_of(code: i32) -> Result<Option<Format>, ErrorCode> {
    if code == DETECT {
        return Ok(None);
    }
    usize::try_from(code).ok().and_then(|i| FORMATS.get(i)).map(|&(_, f)| Some(f)).ok_or(ErrorCode::OutOfRange)
}

fn format_code(format: Format) -> u8 {
    FORMATS.iter().position(|&(_, f)| f == format).map_or(BUILT, |i| i as u8)
}

fn encoding_of(code: i32) -> Result<Option<TextEncoding>, ErrorCode> {
    if code == DETECT {
        return Ok(None);
    }
    usize::try_from(code).ok().and_then(|i| ENCODINGS.get(i)).map(|&(_, e)| Some(e)).ok_or(ErrorCode::OutOfRange)
}

/// Reads a game record from `text[0..len)` into the arena `game` (`size` bytes) (C:
/// `hayanagi_game_read`): the format read (`HAYANAGI_GAME_FORMAT_*`), or an error.
///
/// # Safety
/// `text` is NULL or points to `len` readable bytes; `game` is NULL or points to `size` writable
/// bytes; `needed` and `error` are NULL or writable. None of them overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_read(
    text: *const c_char,
    len: usize,
    format: i32,
    encoding: i32,
    game: *mut u8,
    size: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    let result = (|| {
        // SAFETY: the caller's contract.
        let (text, format, read) = unsafe { text_to_read(text, len, format, encoding, game, size)? };
        let record = Record::read_str(&text, format)?;
        let encoded = encode(&record, format_code(read))?;
        // SAFETY: the caller's contract.
        unsafe { store(&encoded, game, size, needed)? };
        Ok(i32::from(format_code(read)))
    })();
    // SAFETY: the caller's contract.
    unsafe { finish(error, result) }
}

/// What reading a game and reading all games do first: the arguments checked, `text[0..len)`
/// decoded, and the format asked for (`None`: detect) beside the format the text is read as.
///
/// # Safety
/// `text` is NULL or points to `len` readable bytes that outlive the answer.
unsafe fn text_to_read<'a>(
    text: *const c_char,
    len: usize,
    format: i32,
    encoding: i32,
    arena_at: *const u8,
    size: usize,
) -> Result<(Cow<'a, str>, Option<Format>, Format), Failure> {
    // SAFETY: the caller's contract.
    let bytes = unsafe { input(text, len)? };
    arena(arena_at, size)?;
    let (format, encoding) = (format_of(format)?, encoding_of(encoding)?);
    let (text, _) = hayanagi_records::decode(bytes, encoding)?;
    let read = format.unwrap_or_else(|| Format::detect(text.trim_start_matches('\u{feff}')));
    Ok((text, format, read))
}

/// Reads every game of `text[0..len)` (the games of a CSA file, or the one game of the other
/// formats) into the arena `games` (`size` bytes), one after another (C: `hayanagi_game_read_all`):
/// the number of games, or an error.
///
/// # Safety
/// As [`hayanagi_game_read`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_read_all(
    text: *const c_char,
    len: usize,
    format: i32,
    encoding: i32,
    games: *mut u8,
    size: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    let result = (|| {
        // SAFETY: the caller's contract.
        let (text, format, read) = unsafe { text_to_read(text, len, format, encoding, games, size)? };
        let records = Record::read_all(&text, format)?;
        let count = i32::try_from(records.len()).map_err(|_| ErrorCode::BadLength)?;
        let mut encoded = Vec::new();
        for record in &records {
            encoded.extend_from_slice(&encode(record, format_code(read))?);
        }
        // SAFETY: the caller's contract.
        unsafe { store(&encoded, games, size, needed)? };
        Ok(count)
    })();
    // SAFETY: the caller's contract.
    unsafe { finish(error, result) }
}

/// Starts a game with no moves from `*start` in the arena `game` (C: `hayanagi_game_new`).
///
/// # Safety
/// `start` is NULL or a position record; `game` is NULL or points to `size` writable bytes;
/// `needed` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_new(
    start: *const PositionRecord,
    game: *mut u8,
    size: usize,
    needed: *mut usize,
) -> i32 {
    let result = (|| {
        // SAFETY: the caller's contract.
        let start = unsafe { read_position(start)? }.clone();
        arena(game, size)?;
        let mut record = Record::new(start);
        record.handicap = Handicap::of(&record.start);
        let encoded = encode(&record, BUILT)?;
        // SAFETY: the caller's contract.
        unsafe { store(&encoded, game, size, needed) }
    })();
    result.map_or_else(ErrorCode::code, |()| ErrorCode::Ok.code())
}

/// Changes the game in the arena `game` (`size` bytes) by `change`, checks the record as a writer
/// would, and stores it if it fits; nothing is changed on an error.
///
/// # Safety
/// `game` is NULL or a game in `size` writable bytes; `needed` is NULL or writable.
unsafe fn modify(
    game: *mut u8,
    size: usize,
    needed: *mut usize,
    change: impl FnOnce(&mut Record) -> Result<(), Failure>,
) -> Result<(), Failure> {
    arena(game, size)?;
    if size < FIXED_SIZE {
        // SAFETY: `size` readable bytes: too few for a game's fixed part, read as bytes.
        let bytes = unsafe { slice::from_raw_parts(game, size) };
        return Err(if bytes.len() >= 8 && u64_le(bytes, 0) == TAG {
            ErrorCode::BadLength
        } else {
            ErrorCode::NotAGame
        }
        .into());
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { game_bytes(game)? };
    if bytes.len() > size {
        return Err(ErrorCode::BadLength.into());
    }
    let (mut record, format) = decode(bytes)?;
    change(&mut record)?;
    record.check()?;
    let encoded = encode(&record, format)?;
    // SAFETY: the caller's contract; `bytes` is not used after this.
    unsafe { store(&encoded, game, size, needed)? };
    Ok(())
}

/// UTF-8 text from C, or "" for a NULL pointer with length 0.
///
/// # Safety
/// As [`input`].
unsafe fn text_arg<'a>(text: *const c_char, len: usize) -> Result<&'a str, ErrorCode> {
    if text.is_null() && len == 0 {
        return Ok("");
    }
    // SAFETY: the caller's contract.
    let bytes = unsafe { input(text, len)? };
    core::str::from_utf8(bytes).map_err(|_| ErrorCode::NotUtf8)
}

/// Appends `mv` (legal after the game's moves) with its time (`time_ms` < 0: none) and comment (C:
/// `hayanagi_game_add_move`).
///
/// # Safety
/// `game` is NULL or a game in `size` writable bytes; `comment` is NULL or `comment_len` readable
/// bytes; `needed` and `error` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_add_move(
    game: *mut u8,
    size: usize,
    mv: u16,
    time_ms: i64,
    comment: *const c_char,
    comment_len: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { add_move_to(game, size, None, mv, time_ms, comment, comment_len, needed, error) }
}

/// Appends a move to the main line (`line` None) or to variation `line`: the body of
/// `hayanagi_game_add_move` and `hayanagi_game_variation_add_move`.
///
/// # Safety
/// As [`hayanagi_game_add_move`].
#[allow(clippy::too_many_arguments)]
unsafe fn add_move_to(
    game: *mut u8,
    size: usize,
    line: Option<usize>,
    mv: u16,
    time_ms: i64,
    comment: *const c_char,
    comment_len: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    let result = (|| {
        // SAFETY: the caller's contract.
        let m = unsafe { move_arg(mv, time_ms, comment, comment_len)? };
        // SAFETY: the caller's contract.
        unsafe {
            modify(game, size, needed, |record| match line {
                None => append(&mut record.moves, record.outcome.as_ref(), m),
                Some(index) => {
                    let (line, _) = variation_mut(record, index)?;
                    append(&mut line.moves, line.outcome.as_ref(), m)
                }
            })
        }
        .map(|()| 0)
    })();
    // SAFETY: the caller's contract.
    unsafe { finish(error, result) }
}

/// A move to add, from C: its code (`BadMove` if it is none), its time (< 0: none) and its comment
/// (`comment[0..comment_len)`, lines between `\n`s; "" or NULL with length 0: none).
///
/// # Safety
/// `comment` is NULL or `comment_len` readable bytes.
unsafe fn move_arg(mv: u16, time_ms: i64, comment: *const c_char, comment_len: usize) -> Result<RecordMove, Failure> {
    let mv = Move::from_bits(mv).ok_or(ErrorCode::BadMove)?;
    // SAFETY: the caller's contract.
    let comment = unsafe { text_arg(comment, comment_len)? };
    Ok(RecordMove { mv, time_ms: u64::try_from(time_ms).ok(), comments: split(comment, !comment.is_empty()) })
}

/// Appends `m` to a line's `moves` unless the line has an ending.
fn append(moves: &mut Vec<RecordMove>, outcome: Option<&Outcome>, m: RecordMove) -> Result<(), Failure> {
    if outcome.is_some() {
        return Err(ErrorCode::GameMoveAfterEnd.into());
    }
    moves.push(m);
    Ok(())
}

/// An ending from C, as `hayanagi_game_set_ending` takes it: the ending (`HAYANAGI_ENDING_*`; `None`
/// for `HAYANAGI_ENDING_NONE`), its winner (`Err`: `HAYANAGI_DEFAULT_WINNER`, the ending's usual
/// one) and its time (< 0: none), made an outcome at a line's end where `to_move` is to move.
struct EndingArg {
    ending: Option<Ending>,
    winner: Result<Option<Color>, ()>,
    time_ms: Option<u64>,
}

impl EndingArg {
    fn new(ending: i32, winner: i32, time_ms: i64) -> Result<EndingArg, ErrorCode> {
        let ending = match usize::try_from(ending) {
            Ok(0) => None,
            Ok(i) => Some(ENDINGS.get(i - 1).ok_or(ErrorCode::OutOfRange)?.1),
            Err(_) => return Err(ErrorCode::OutOfRange),
        };
        let winner = match winner {
            0 => Ok(Some(Color::Black)),
            1 => Ok(Some(Color::White)),
            NO_WINNER => Ok(None),
            DEFAULT_WINNER => Err(()),
            _ => return Err(ErrorCode::OutOfRange),
        };
        Ok(EndingArg { ending, winner, time_ms: u64::try_from(time_ms).ok() })
    }

    fn outcome(&self, to_move: Color) -> Option<Outcome> {
        self.ending.map(|ending| {
            let winner = self.winner.unwrap_or_else(|()| Outcome::default_winner(ending, to_move));
            Outcome { ending, winner, time_ms: self.time_ms }
        })
    }
}

/// Appends the header field `key`: `value` (C: `hayanagi_game_add_header`).
///
/// # Safety
/// `game` is NULL or a game in `size` writable bytes; `key` and `value` are NULL or readable for
/// their lengths; `needed` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_add_header(
    game: *mut u8,
    size: usize,
    key: *const c_char,
    key_len: usize,
    value: *const c_char,
    value_len: usize,
    needed: *mut usize,
) -> i32 {
    let result = (|| {
        if key.is_null() || value.is_null() {
            return Err(ErrorCode::NullPointer.into());
        }
        // SAFETY: the caller's contract.
        let (key, value) = unsafe { (text_arg(key, key_len)?, text_arg(value, value_len)?) };
        // SAFETY: the caller's contract.
        unsafe {
            modify(game, size, needed, |record| {
                record.headers.push((key.to_string(), value.to_string()));
                Ok(())
            })
        }
    })();
    result.map_or_else(|f: Failure| f.code.code(), |()| ErrorCode::Ok.code())
}

/// Sets the ending (`HAYANAGI_ENDING_*`; `HAYANAGI_ENDING_NONE` removes it), its winner and its
/// time (< 0: none) (C: `hayanagi_game_set_ending`).
///
/// # Safety
/// `game` is NULL or a game in `size` writable bytes; `needed` and `error` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_set_ending(
    game: *mut u8,
    size: usize,
    ending: i32,
    winner: i32,
    time_ms: i64,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { set_ending_of(game, size, None, ending, winner, time_ms, needed, error) }
}

/// Sets the ending of the main line (`line` None) or of variation `line`: the body of
/// `hayanagi_game_set_ending` and `hayanagi_game_variation_set_ending`.
///
/// # Safety
/// As [`hayanagi_game_set_ending`].
#[allow(clippy::too_many_arguments)]
unsafe fn set_ending_of(
    game: *mut u8,
    size: usize,
    line: Option<usize>,
    ending: i32,
    winner: i32,
    time_ms: i64,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    let result = (|| {
        let arg = EndingArg::new(ending, winner, time_ms)?;
        // SAFETY: the caller's contract.
        unsafe {
            modify(game, size, needed, |record| {
                match line {
                    None => record.outcome = arg.outcome(record.end_position().side_to_move()),
                    Some(index) => {
                        let (line, end) = variation_mut(record, index)?;
                        line.outcome = arg.outcome(end.side_to_move());
                    }
                }
                Ok(())
            })
        }
        .map(|()| 0)
    })();
    // SAFETY: the caller's contract.
    unsafe { finish(error, result) }
}

/// Adds a variation with no moves from ply `ply` of line `parent` (a variation's index, or
/// `HAYANAGI_GAME_MAIN_LINE`) with the comment before its first move (C:
/// `hayanagi_game_add_variation`): its index, or an error.
///
/// # Safety
/// As [`hayanagi_game_add_move`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_add_variation(
    game: *mut u8,
    size: usize,
    parent: i32,
    ply: i32,
    comment: *const c_char,
    comment_len: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    let result = (|| {
        let ply = u32::try_from(ply).map_err(|_| ErrorCode::OutOfRange)?;
        // SAFETY: the caller's contract.
        let comment = unsafe { text_arg(comment, comment_len)? };
        let variation = Variation {
            ply,
            comments: split(comment, !comment.is_empty()),
            moves: Vec::new(),
            outcome: None,
            end_comments: Vec::new(),
            variations: Vec::new(),
        };
        let mut index = 0;
        // SAFETY: the caller's contract.
        unsafe {
            modify(game, size, needed, |record| {
                // Numbered depth-first: after the parent's own variations and theirs.
                if parent == MAIN_LINE_PARENT {
                    record.variations.push(variation);
                    index = record.variations.iter().map(Variation::count).sum::<usize>() - 1;
                } else {
                    let at = usize::try_from(parent).map_err(|_| ErrorCode::OutOfRange)?;
                    let (line, _) = variation_mut(record, at)?;
                    line.variations.push(variation);
                    index = at + line.count() - 1;
                }
                Ok(())
            })?;
        }
        i32::try_from(index).map_err(|_| ErrorCode::BadLength.into())
    })();
    // SAFETY: the caller's contract.
    unsafe { finish(error, result) }
}

/// Appends `mv` to variation `variation` (C: `hayanagi_game_variation_add_move`), as
/// [`hayanagi_game_add_move`] to the main line.
///
/// # Safety
/// As [`hayanagi_game_add_move`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_variation_add_move(
    game: *mut u8,
    size: usize,
    variation: usize,
    mv: u16,
    time_ms: i64,
    comment: *const c_char,
    comment_len: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { add_move_to(game, size, Some(variation), mv, time_ms, comment, comment_len, needed, error) }
}

/// Sets the ending of variation `variation` (C: `hayanagi_game_variation_set_ending`), as
/// [`hayanagi_game_set_ending`] the main line's.
///
/// # Safety
/// As [`hayanagi_game_set_ending`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_variation_set_ending(
    game: *mut u8,
    size: usize,
    variation: usize,
    ending: i32,
    winner: i32,
    time_ms: i64,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { set_ending_of(game, size, Some(variation), ending, winner, time_ms, needed, error) }
}

/// Writes the game in `format` and `encoding` into `buf` (`size` bytes), NUL-terminated (C:
/// `hayanagi_game_write`): the text's length, or an error.
///
/// # Safety
/// `game` is NULL or a game; `buf` is NULL or `size` writable bytes; `needed` and `error` are NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_write(
    game: *const u8,
    format: i32,
    encoding: i32,
    buf: *mut c_char,
    size: usize,
    needed: *mut usize,
    error: *mut GameError,
) -> i32 {
    let result = (|| {
        // SAFETY: the caller's contract.
        let bytes = unsafe { game_bytes(game)? };
        if buf.is_null() {
            return Err(ErrorCode::NullPointer.into());
        }
        if size > isize::MAX as usize {
            return Err(ErrorCode::BadLength.into());
        }
        let format = format_of(format)?.ok_or(ErrorCode::OutOfRange)?;
        let encoding = encoding_of(encoding)?.ok_or(ErrorCode::OutOfRange)?;
        let (record, _) = decode(bytes)?;
        let text = record.write_bytes(format, encoding)?;
        let len = i32::try_from(text.len()).map_err(|_| ErrorCode::BadLength)?;
        // SAFETY: the caller's contract.
        unsafe { put(needed, text.len() + 1) };
        if text.len() >= size {
            return Err(ErrorCode::BufferTooSmall.into());
        }
        // SAFETY: `text.len() + 1 <= size` writable bytes (the caller's contract); ours, not overlapping.
        unsafe {
            ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
            *buf.add(text.len()) = 0;
        }
        Ok(len)
    })();
    // SAFETY: the caller's contract.
    unsafe { finish(error, result) }
}

/// The move entry at `at` as C reads it.
fn move_info(bytes: &[u8], at: usize) -> Result<GameMove, ErrorCode> {
    let (comment, comment_len) = string(bytes, at + 4)?;
    let has_time = bytes[at + 2] != 0;
    Ok(GameMove {
        mv: u16::from_le_bytes([bytes[at], bytes[at + 1]]),
        has_time: i32::from(has_time),
        time_ms: if has_time { u64_le(bytes, at + 16) } else { 0 },
        comment,
        comment_len,
    })
}

/// Runs an accessor on the bytes of `game`.
///
/// # Safety
/// As [`game_bytes`].
unsafe fn with_game(game: *const u8, read: impl FnOnce(&[u8]) -> Result<i32, ErrorCode>) -> i32 {
    // SAFETY: the caller's contract.
    match unsafe { game_bytes(game) }.and_then(read) {
        Ok(value) => value,
        Err(code) => code.code(),
    }
}

fn count(bytes: &[u8], at: usize) -> Result<i32, ErrorCode> {
    i32::try_from(u32_le(bytes, at)).map_err(|_| ErrorCode::BadLength)
}

/// The bytes the game takes (C: `hayanagi_game_size`), what a copy of it must copy.
///
/// # Safety
/// `game` is NULL, a game, or at least 16 readable bytes that are not one.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_size(game: *const u8) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { with_game(game, |bytes| count(bytes, SIZE_AT)) }
}

/// The moves of the main line (C: `hayanagi_game_move_count`).
///
/// # Safety
/// As [`hayanagi_game_size`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_move_count(game: *const u8) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { with_game(game, |bytes| count(bytes, MOVES_AT)) }
}

/// The header fields (C: `hayanagi_game_header_count`).
///
/// # Safety
/// As [`hayanagi_game_size`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_header_count(game: *const u8) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { with_game(game, |bytes| count(bytes, HEADERS_AT)) }
}

/// The variations, every level (C: `hayanagi_game_variation_count`).
///
/// # Safety
/// As [`hayanagi_game_size`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_variation_count(game: *const u8) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { with_game(game, |bytes| count(bytes, VARIATIONS_AT)) }
}

/// Move `index` of the main line (from 0) into `*out` (C: `hayanagi_game_move`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_move(game: *const u8, index: usize, out: *mut GameMove) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if out.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            if index >= u32_le(bytes, MOVES_AT) {
                return Err(ErrorCode::OutOfRange);
            }
            put(out, move_info(bytes, FIXED_SIZE + index * MOVE_SIZE)?);
            Ok(ErrorCode::Ok.code())
        })
    }
}

/// The start position into `*out` (C: `hayanagi_game_start`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; `out` is NULL or a writable position record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_start(game: *const u8, out: *mut PositionRecord) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if out.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let start = read_position(bytes[POSITION_AT..].as_ptr().cast::<PositionRecord>())
                .map_err(|_| ErrorCode::NotAGame)?
                .clone();
            write_position(out, start);
            Ok(ErrorCode::Ok.code())
        })
    }
}

/// The ending into `*out` (C: `hayanagi_game_ending`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_ending(game: *const u8, out: *mut GameEnding) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if out.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let has_time = bytes[ENDING_TIMED_AT] != 0;
            let value = GameEnding {
                ending: i32::from(bytes[ENDING_AT]),
                winner: match bytes[WINNER_AT] {
                    0 | 1 => i32::from(bytes[WINNER_AT]),
                    _ => NO_WINNER,
                },
                has_time: i32::from(has_time),
                time_ms: if has_time { u64_le(bytes, ENDING_TIME_AT) } else { 0 },
            };
            put(out, value);
            Ok(ErrorCode::Ok.code())
        })
    }
}

/// Header field `index` (from 0): its key and value, NUL-terminated, inside the game (C:
/// `hayanagi_game_header`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; the out-parameters are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_header(
    game: *const u8,
    index: usize,
    key: *mut *const c_char,
    key_len: *mut usize,
    value: *mut *const c_char,
    value_len: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if key.is_null() || value.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            if index >= u32_le(bytes, HEADERS_AT) {
                return Err(ErrorCode::OutOfRange);
            }
            let at = FIXED_SIZE + u32_le(bytes, MOVES_AT) * MOVE_SIZE + index * HEADER_SIZE;
            let (k, k_len) = string(bytes, at)?;
            let (v, v_len) = string(bytes, at + 8)?;
            put(key, k);
            put(key_len, k_len);
            put(value, v);
            put(value_len, v_len);
            Ok(ErrorCode::Ok.code())
        })
    }
}

/// The comments before the first move (`HAYANAGI_GAME_COMMENTS_START`) or after the ending
/// (`HAYANAGI_GAME_COMMENTS_END`), lines joined by `\n`, NUL-terminated, inside the game (C:
/// `hayanagi_game_comment`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; the out-parameters are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_comment(
    game: *const u8,
    which: i32,
    text: *mut *const c_char,
    len: *mut usize,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if text.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let at = match which {
                COMMENTS_START => START_COMMENTS_AT,
                COMMENTS_END => END_COMMENTS_AT,
                _ => return Err(ErrorCode::OutOfRange),
            };
            let (s, s_len) = string(bytes, at)?;
            put(text, s);
            put(len, s_len);
            Ok(ErrorCode::Ok.code())
        })
    }
}

/// Variation `index` (depth-first, from 0) into `*out` (C: `hayanagi_game_variation`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_variation(game: *const u8, index: usize, out: *mut GameVariationInfo) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if out.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let at = variation_entry(bytes, index)?;
            let (comment, comment_len) = string(bytes, at + 32)?;
            let (end_comment, end_comment_len) = string(bytes, at + 40)?;
            let parent = u32_le(bytes, at);
            let clamp = |n: usize| i32::try_from(n).map_err(|_| ErrorCode::NotAGame);
            let has_time = bytes[at + 18] != 0;
            let value = GameVariationInfo {
                parent: if parent == MAIN_LINE as usize { MAIN_LINE_PARENT } else { clamp(parent)? },
                ply: clamp(u32_le(bytes, at + 4))?,
                move_count: clamp(u32_le(bytes, at + 12))?,
                outcome: GameEnding {
                    ending: i32::from(bytes[at + 16]),
                    winner: match bytes[at + 17] {
                        0 | 1 => i32::from(bytes[at + 17]),
                        _ => NO_WINNER,
                    },
                    has_time: i32::from(has_time),
                    time_ms: if has_time { u64_le(bytes, at + 24) } else { 0 },
                },
                comment,
                comment_len,
                end_comment,
                end_comment_len,
            };
            put(out, value);
            Ok(ErrorCode::Ok.code())
        })
    }
}

/// Move `index` (from 0) of variation `variation` into `*out` (C: `hayanagi_game_variation_move`).
///
/// # Safety
/// `game` as [`hayanagi_game_size`]; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_game_variation_move(
    game: *const u8,
    variation: usize,
    index: usize,
    out: *mut GameMove,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_game(game, |bytes| {
            if out.is_null() {
                return Err(ErrorCode::NullPointer);
            }
            let at = variation_entry(bytes, variation)?;
            if index >= u32_le(bytes, at + 12) {
                return Err(ErrorCode::OutOfRange);
            }
            put(out, move_info(bytes, variation_moves_at(bytes) + (u32_le(bytes, at + 8) + index) * MOVE_SIZE)?);
            Ok(ErrorCode::Ok.code())
        })
    }
}
