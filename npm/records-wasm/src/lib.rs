//! # hayanagi-records-wasm
//!
//! The game-records module of the npm package: [`hayanagi_records`] (KIF, KI2, CSA and USI records,
//! in UTF-8 or Shift_JIS) as a WebAssembly module that `npm/records.mjs` wraps. A separate module, so
//! that the core module stays small.
//!
//! The boundary is bytes in, JSON out (no bindings generator): the wrapper copies its input into a
//! block from [`hayanagi_records_alloc`], calls a function, and reads the answer it returns, a block
//! holding a little-endian `u32` length and that many bytes of UTF-8 JSON, which it gives back with
//! [`hayanagi_records_free`]. Every answer is `{"records": [...]}`, `{"text": "..."}` or
//! `{"error": {...}}` naming what and where; no input makes the module trap (the records crate does
//! not panic on any input, and its readers are fuzzed).

#![deny(missing_docs)]

use std::fmt::Write as _;

use hayanagi::{Color, JapaneseStyle, Move, Position};
use hayanagi_records::{
    Ending, Format, Outcome, ReadError, ReadErrorKind, Record, RecordMove, TextEncoding, Variation, decode,
};

/// A block of `len` bytes for the caller to fill (NULL never: the allocator aborts instead).
#[unsafe(no_mangle)]
pub extern "C" fn hayanagi_records_alloc(len: usize) -> *mut u8 {
    let mut block = Vec::<u8>::with_capacity(len.max(1));
    let pointer = block.as_mut_ptr();
    std::mem::forget(block);
    pointer
}

/// Gives back a block from [`hayanagi_records_alloc`] of `len` bytes, or an answer (`len`: 4 plus
/// its length).
///
/// # Safety
/// `pointer` came from [`hayanagi_records_alloc`]`(len)` or is an answer of `len` bytes, and is not
/// used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_records_free(pointer: *mut u8, len: usize) {
    // SAFETY: the caller's contract: a Vec's buffer of capacity `len.max(1)`.
    drop(unsafe { Vec::from_raw_parts(pointer, 0, len.max(1)) });
}

/// The format of a C argument: -1 detect, 0 CSA, 1 KIF, 2 KI2, 3 USI, 4 JKF.
fn format(code: i32) -> Option<Format> {
    match code {
        0 => Some(Format::Csa),
        1 => Some(Format::Kif),
        2 => Some(Format::Ki2),
        3 => Some(Format::Usi),
        4 => Some(Format::Jkf),
        _ => None,
    }
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Csa => "csa",
        Format::Kif => "kif",
        Format::Ki2 => "ki2",
        Format::Usi => "usi",
        Format::Jkf => "jkf",
    }
}

/// Reads the records in `len` bytes at `input`: UTF-8 text if `text` is not 0 (the wrapper encoded a
/// string), else a file's bytes, decoded (`encoding` -1 detect, 0 UTF-8, 1 Shift_JIS). `format` -1
/// detects it. Answers `{"records": [...]}` or `{"error": ...}`.
///
/// # Safety
/// `input` points to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_records_read(
    input: *const u8,
    len: usize,
    text: i32,
    format_code: i32,
    encoding: i32,
) -> *mut u8 {
    // SAFETY: the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(input, len) };
    let encoding = match encoding {
        0 => Some(TextEncoding::Utf8),
        1 => Some(TextEncoding::ShiftJis),
        _ => None,
    };
    let decoded = if text != 0 {
        std::str::from_utf8(bytes).map(std::borrow::Cow::Borrowed).map_err(|_| "the text is not UTF-8".to_string())
    } else {
        decode(bytes, encoding).map(|(text, _)| text).map_err(|error| error.to_string())
    };
    let text = match decoded {
        Ok(text) => text,
        Err(message) => {
            let mut out = String::from("{\"error\":{\"kind\":\"encoding\",\"line\":1,\"column\":1,\"message\":");
            string(&mut out, &message);
            out.push_str("}}");
            return answer(out);
        }
    };
    let requested = format(format_code);
    let used = requested.unwrap_or_else(|| Format::detect(&text));
    answer(match Record::read_all(&text, requested) {
        Ok(records) => {
            let mut out = String::from("{\"records\":[");
            for (i, record) in records.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_record(&mut out, record, used);
            }
            out.push_str("]}");
            out
        }
        Err(error) => read_error(&error),
    })
}

/// Writes a record given as lines of tab-separated fields (npm/records.mjs writes them):
/// `start SFEN`, `header NAME VALUE`, `comment TEXT` (before the first move of the line, else after
/// its last move so far), `move USI TIME_MS`, `end ENDING WINNER TIME_MS`, `endcomment TEXT`, and
/// `variation PLY` ... `endvariation` around the lines of a variation of the line they are in (after
/// that line's own lines: its first move replaces the line's move numbered PLY, or follows its last
/// move); an empty time or a `-` winner is none, a `?` winner the ending's usual one
/// (`Outcome::default_winner`). `format` 0-4 as in [`hayanagi_records_read`] (KIF, KI2 and JKF write the
/// variations; CSA and USI have none and write the main line). Answers `{"text": "..."}`
/// or `{"error": {"kind": "input", "line": N, "message": ...}}` (a line of the input is wrong) or
/// `{"error": {"kind": "write", "ply": N, "message": ...}}` (the writer refuses the record).
///
/// # Safety
/// `input` points to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hayanagi_records_write(input: *const u8, len: usize, format_code: i32) -> *mut u8 {
    // SAFETY: the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(input, len) };
    let record = match (std::str::from_utf8(bytes), format(format_code)) {
        (Ok(text), Some(format)) => build(text).map(|record| (record, format)),
        (Err(_), _) => Err((1, "the input is not UTF-8".to_string())),
        (_, None) => Err((1, format!("no format numbered {format_code}"))),
    };
    let mut out = String::new();
    match record.map(|(record, format)| record.write(format)) {
        Ok(Ok(text)) => {
            out.push_str("{\"text\":");
            string(&mut out, &text);
            out.push('}');
        }
        // What the writer refuses (an ending the position contradicts: 詰み where there is no mate).
        Ok(Err(error)) => {
            let _ = write!(
                out,
                "{{\"error\":{{\"kind\":\"write\",\"line\":0,\"column\":0,\"ply\":{},\"message\":",
                error.ply
            );
            string(&mut out, &error.to_string());
            out.push_str("}}");
        }
        Err((line, message)) => {
            let _ = write!(out, "{{\"error\":{{\"kind\":\"input\",\"line\":{line},\"column\":1,\"message\":");
            string(&mut out, &message);
            out.push_str("}}");
        }
    }
    answer(out)
}

/// A line being built: the main line or a variation (the main line as a variation at ply 1), the
/// position before its first move, and the position after its moves so far.
struct Frame {
    line: Variation,
    start: Position,
    pos: Position,
}

/// The record the lines of [`hayanagi_records_write`] describe; the line and what is wrong otherwise.
fn build(text: &str) -> Result<Record, (usize, String)> {
    let mut record: Option<Record> = None;
    // The main line at the bottom, the variations being read above it.
    let mut frames: Vec<Frame> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let fields: Vec<&str> = line.split('\t').collect();
        let bad = |what: &str| (number, format!("{what} (line {number}: {line:?})"));
        let time = |field: Option<&&str>| -> Result<Option<u64>, (usize, String)> {
            match field {
                None | Some(&"") => Ok(None),
                Some(value) => value.parse().map(Some).map_err(|_| bad("a time is a whole number of milliseconds")),
            }
        };
        if fields[0] == "start" {
            if record.is_some() {
                return Err(bad("a second start"));
            }
            let sfen = fields.get(1).ok_or_else(|| bad("start needs an SFEN"))?;
            let position = Position::from_sfen(sfen).map_err(|error| bad(&format!("the start SFEN: {error}")))?;
            record = Some(Record::new(position.clone()));
            frames.push(Frame { line: empty_line(1), start: position.clone(), pos: position });
            continue;
        }
        let Some(record) = record.as_mut() else { return Err(bad("the first line is the start")) };
        let depth = frames.len();
        let Some(frame) = frames.last_mut() else { return Err(bad("the first line is the start")) };
        // Where a line is: "move 3", "move 5 of the variation at move 4".
        let at = |frame: &Frame| match depth {
            1 => format!("move {}", frame.line.moves.len() + 1),
            _ => format!(
                "move {} of the variation at move {}",
                frame.line.ply as usize + frame.line.moves.len(),
                frame.line.ply
            ),
        };
        match fields[0] {
            "header" if fields.len() == 3 => record.headers.push((fields[1].to_string(), fields[2].to_string())),
            "comment" if fields.len() == 2 => match frame.line.moves.last_mut() {
                Some(last) => last.comments.push(fields[1].to_string()),
                None => frame.line.comments.push(fields[1].to_string()),
            },
            "endcomment" if fields.len() == 2 => frame.line.end_comments.push(fields[1].to_string()),
            "move" if (2..=3).contains(&fields.len()) => {
                if frame.line.outcome.is_some() || !frame.line.variations.is_empty() {
                    return Err(bad(&format!("{}: a move after the end or the variations", at(frame))));
                }
                let mv =
                    frame.pos.parse_usi_move(fields[1]).map_err(|error| bad(&format!("{}: {error}", at(frame))))?;
                frame.pos.play_unchecked(mv);
                frame.line.moves.push(RecordMove { mv, time_ms: time(fields.get(2))?, comments: Vec::new() });
            }
            "end" if (3..=4).contains(&fields.len()) => {
                let ending = ending_of(fields[1]).ok_or_else(|| bad("not an ending"))?;
                let winner = match fields[2] {
                    "b" => Some(Color::Black),
                    "w" => Some(Color::White),
                    "-" => None,
                    "?" => Outcome::default_winner(ending, frame.pos.side_to_move()),
                    _ => return Err(bad("a winner is b, w, - or ?")),
                };
                frame.line.outcome = Some(Outcome { ending, winner, time_ms: time(fields.get(3))? });
            }
            "variation" if fields.len() == 2 => {
                // Its first move replaces one of the line's moves (after the line's first, for a
                // variation of a variation: one at the same ply is its sibling), or follows the last.
                let first = frame.line.ply as usize;
                let last = first + frame.line.moves.len();
                let lowest = if depth == 1 { first } else { first + 1 };
                let ply = fields[1]
                    .parse::<usize>()
                    .ok()
                    .filter(|ply| (lowest..=last).contains(ply))
                    .ok_or_else(|| bad(&format!("a variation's ply is from {lowest} to {last} here")))?;
                let mut start = frame.start.clone();
                for played in &frame.line.moves[..ply - first] {
                    start.play_unchecked(played.mv);
                }
                frames.push(Frame { line: empty_line(ply as u32), pos: start.clone(), start });
            }
            "endvariation" if fields.len() == 1 && depth > 1 => {
                if let Some(done) = frames.pop()
                    && let Some(parent) = frames.last_mut()
                {
                    parent.line.variations.push(done.line);
                }
            }
            _ => return Err(bad("not a line of a record")),
        }
    }
    let Some(mut record) = record else { return Err((1, "no start line".to_string())) };
    if frames.len() != 1 {
        return Err((text.lines().count(), "a variation is not closed (endvariation)".to_string()));
    }
    if let Some(main) = frames.pop() {
        let line = main.line;
        record.comments = line.comments;
        record.moves = line.moves;
        record.outcome = line.outcome;
        record.end_comments = line.end_comments;
        record.variations = line.variations;
    }
    Ok(record)
}

/// A line with nothing in it yet, from move number `ply`.
fn empty_line(ply: u32) -> Variation {
    Variation {
        ply,
        comments: Vec::new(),
        moves: Vec::new(),
        outcome: None,
        end_comments: Vec::new(),
        variations: Vec::new(),
    }
}

/// The endings by the names the wrapper uses.
const ENDINGS: [(&str, Ending); 16] = [
    ("resign", Ending::Resign),
    ("abort", Ending::Abort),
    ("repetition", Ending::Repetition),
    ("impasse", Ending::Impasse),
    ("max_moves", Ending::MaxMoves),
    ("mate", Ending::Mate),
    ("no_mate", Ending::NoMate),
    ("time_up", Ending::TimeUp),
    ("illegal_move", Ending::IllegalMove),
    ("illegal_action", Ending::IllegalAction),
    ("declaration", Ending::Declaration),
    ("win_by_default", Ending::WinByDefault),
    ("loss_by_default", Ending::LossByDefault),
    ("error", Ending::Error),
    ("take_back", Ending::TakeBack),
    ("sealed", Ending::Sealed),
];

fn ending_of(name: &str) -> Option<Ending> {
    ENDINGS.iter().find(|(n, _)| *n == name).map(|&(_, ending)| ending)
}

fn ending_name(ending: Ending) -> &'static str {
    ENDINGS.iter().find(|(_, e)| *e == ending).map_or("unknown", |&(name, _)| name)
}

/// One record as JSON: its moves with their notations, replayed from the start.
fn write_record(out: &mut String, record: &Record, format: Format) {
    out.push_str("{\"format\":");
    string(out, format_name(format));
    out.push_str(",\"headers\":[");
    for (i, (name, value)) in record.headers.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        string(out, name);
        out.push(',');
        string(out, value);
        out.push(']');
    }
    out.push_str("],\"start\":");
    string(out, &record.start.sfen().to_string());
    out.push_str(",\"handicap\":");
    match record.handicap {
        Some(handicap) => string(out, handicap.name()),
        None => out.push_str("null"),
    }
    out.push_str(",\"comments\":");
    strings(out, &record.comments);
    out.push_str(",\"moves\":");
    let end = write_line(out, &record.start, 1, &record.moves, None);
    out.push_str(",\"end\":");
    string(out, &end.sfen().to_string());
    out.push_str(",\"outcome\":");
    outcome_json(out, record.outcome);
    out.push_str(",\"variations\":");
    variations_json(out, &record.start, 1, &record.moves, &record.variations);
    out.push_str(",\"endComments\":");
    strings(out, &record.end_comments);
    out.push('}');
}

/// The moves of a line that starts at `start` with move number `first` (after a move onto
/// `previous`), as a JSON array; returns the position at its end.
fn write_line(
    out: &mut String,
    start: &Position,
    first: u32,
    moves: &[RecordMove],
    previous: Option<hayanagi::Square>,
) -> Position {
    out.push('[');
    let mut pos = start.clone();
    let mut previous = previous;
    for (i, played) in moves.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        move_json(out, &pos, played.mv, previous);
        let _ = write!(out, ",\"ply\":{}", first as usize + i);
        out.push_str(",\"time\":");
        number(out, played.time_ms);
        out.push_str(",\"comments\":");
        strings(out, &played.comments);
        out.push('}');
        previous = Some(played.mv.to());
        pos.play_unchecked(played.mv);
    }
    out.push(']');
    pos
}

/// The variations that branch off a line (starting at `start`, move number `first`), as a JSON array:
/// each replaces the line's move numbered `ply` and has its own moves, ending and variations.
fn variations_json(out: &mut String, start: &Position, first: u32, moves: &[RecordMove], variations: &[Variation]) {
    out.push('[');
    for (i, variation) in variations.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // The position before the move it replaces: the line's first `ply - first` moves played.
        let mut pos = start.clone();
        let mut previous = None;
        let before = variation.ply.saturating_sub(first) as usize;
        for played in moves.iter().take(before) {
            previous = Some(played.mv.to());
            pos.play_unchecked(played.mv);
        }
        let _ = write!(out, "{{\"ply\":{},\"comments\":", variation.ply);
        strings(out, &variation.comments);
        out.push_str(",\"moves\":");
        write_line(out, &pos, variation.ply, &variation.moves, previous);
        out.push_str(",\"outcome\":");
        outcome_json(out, variation.outcome);
        out.push_str(",\"endComments\":");
        strings(out, &variation.end_comments);
        out.push_str(",\"variations\":");
        variations_json(out, &pos, variation.ply, &variation.moves, &variation.variations);
        out.push('}');
    }
    out.push(']');
}

fn outcome_json(out: &mut String, outcome: Option<Outcome>) {
    match outcome {
        Some(outcome) => {
            out.push_str("{\"ending\":");
            string(out, ending_name(outcome.ending));
            out.push_str(",\"winner\":");
            match outcome.winner {
                Some(Color::Black) => out.push_str("\"b\""),
                Some(Color::White) => out.push_str("\"w\""),
                None => out.push_str("null"),
            }
            out.push_str(",\"time\":");
            number(out, outcome.time_ms);
            out.push('}');
        }
        None => out.push_str("null"),
    }
}

/// `{"usi", "kif", "ki2", "csa"` of a legal move (left open for more fields).
fn move_json(out: &mut String, pos: &Position, mv: Move, previous: Option<hayanagi::Square>) {
    out.push_str("{\"usi\":");
    string(out, &mv.to_string());
    for (name, style) in [("kif", JapaneseStyle::Kif), ("ki2", JapaneseStyle::Ki2)] {
        let _ = write!(out, ",\"{name}\":");
        match pos.japanese_move(mv, previous, style) {
            Ok(text) => string(out, &text.to_string()),
            Err(_) => out.push_str("null"),
        }
    }
    out.push_str(",\"csa\":");
    match pos.csa_move(mv) {
        Ok(text) => string(out, &text.to_string()),
        Err(_) => out.push_str("null"),
    }
}

fn read_error(error: &ReadError) -> String {
    let kind = match &error.kind {
        ReadErrorKind::Encoding(_) => "encoding",
        ReadErrorKind::Expected(_) => "expected",
        ReadErrorKind::CsaMove(_) => "csa_move",
        ReadErrorKind::JapaneseMove(_) => "japanese_move",
        ReadErrorKind::Position(_) => "position",
        ReadErrorKind::Usi(_) => "usi",
        ReadErrorKind::MoveNumber { .. } => "move_number",
        ReadErrorKind::MoveAfterEnd => "move_after_end",
        ReadErrorKind::UnknownHandicap(_) => "unknown_handicap",
        ReadErrorKind::PositionAfterMoves => "position_after_moves",
        ReadErrorKind::Illegal { .. } => "illegal",
        ReadErrorKind::NoDiagram(_) => "no_diagram",
        _ => "other",
    };
    let mut out = String::from("{\"error\":{\"kind\":");
    string(&mut out, kind);
    let _ = write!(out, ",\"line\":{},\"column\":{},\"message\":", error.line, error.column);
    string(&mut out, &error.to_string());
    out.push_str(",\"takenAs\":");
    match error.taken_as {
        Some((format, reason)) => {
            string(&mut out, format_name(format));
            out.push_str(",\"reason\":");
            string(&mut out, reason);
        }
        None => out.push_str("null,\"reason\":null"),
    }
    out.push_str("}}");
    out
}

fn strings(out: &mut String, list: &[String]) {
    out.push('[');
    for (i, item) in list.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, item);
    }
    out.push(']');
}

fn number(out: &mut String, value: Option<u64>) {
    match value {
        Some(value) => {
            let _ = write!(out, "{value}");
        }
        None => out.push_str("null"),
    }
}

/// A JSON string (the records crate's one writer of them).
fn string(out: &mut String, text: &str) {
    hayanagi_records::write_json_string(out, text);
}

/// An answer block: the length, then the JSON.
fn answer(json: String) -> *mut u8 {
    let mut block = Vec::with_capacity(4 + json.len());
    block.extend_from_slice(&(json.len() as u32).to_le_bytes());
    block.extend_from_slice(json.as_bytes());
    // The wrapper frees it with its length (4 + the JSON's): capacity must be that exactly.
    let mut block = block.into_boxed_slice();
    let pointer = block.as_mut_ptr();
    std::mem::forget(block);
    pointer
}
