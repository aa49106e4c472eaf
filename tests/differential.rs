//! Differential test: legal moves, check and mate for every position in `tests/data/differential.txt`, which
//! records what cshogi says about hand-made rule cases and thousands of random positions (written by
//! `tests/differential/generate.py`; its docstring describes the data). Each position is read with
//! `Position::from_sfen` and must print back as the same SFEN.

use std::collections::BTreeSet;
use std::fmt::Write;

use hayanagi::Position;

const DATA: &str = include_str!("data/differential.txt");
/// The data must not silently shrink: the generator writes over 7,000 positions, 100 of them hand-made.
const MIN_POSITIONS: usize = 7_000;
const MIN_HAND_MADE: usize = 100;
/// Failures printed in full; the rest are only counted.
const MAX_REPORTED: usize = 20;

/// One data row.
struct Record<'a> {
    line: usize,
    label: &'a str,
    sfen: &'a str,
    in_check: bool,
    mate: bool,
    count: usize,
    moves: Moves<'a>,
}

enum Moves<'a> {
    /// The sorted USI list.
    Listed(Vec<&'a str>),
    /// FNV-1a 64 of the sorted USI list joined by single spaces.
    Hashed(u64),
}

fn flag(field: &str) -> Result<bool, String> {
    match field {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(format!("expected 0 or 1, found {field:?}")),
    }
}

fn parse_record(line: usize, text: &str) -> Result<Record<'_>, String> {
    let fields: Vec<&str> = text.split('\t').collect();
    let [label, sfen, in_check, mate, count, moves] = fields[..] else {
        return Err(format!("{} tab-separated fields, expected 6", fields.len()));
    };
    let moves = if let Some(hex) = moves.strip_prefix("fnv1a64:") {
        Moves::Hashed(u64::from_str_radix(hex, 16).map_err(|e| format!("hash {hex:?}: {e}"))?)
    } else if moves == "-" {
        Moves::Listed(Vec::new())
    } else {
        Moves::Listed(moves.split(' ').collect())
    };
    Ok(Record {
        line,
        label,
        sfen,
        in_check: flag(in_check)?,
        mate: flag(mate)?,
        count: count.parse().map_err(|e| format!("move count {count:?}: {e}"))?,
        moves,
    })
}

fn fnv1a64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// What is wrong with hayanagi's answer for this record (empty when it agrees).
fn check(record: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let pos = match Position::from_sfen(record.sfen) {
        Ok(pos) => pos,
        Err(error) => return vec![format!("from_sfen rejects it: {error}")],
    };
    let printed = pos.sfen().to_string();
    if printed != record.sfen {
        problems.push(format!("prints back as {printed}"));
    }
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|mv| mv.to_string()).collect();
    ours.sort();
    if pos.in_check() != record.in_check {
        problems.push(format!("in_check() = {}, cshogi: {}", pos.in_check(), record.in_check));
    }
    let mate = pos.in_check() && ours.is_empty();
    if mate != record.mate {
        problems.push(format!("mate = {mate}, cshogi: {}", record.mate));
    }
    if ours.len() != record.count {
        problems.push(format!("{} legal moves, cshogi: {}", ours.len(), record.count));
    }
    let counted = pos.count_legal_moves();
    if counted != ours.len() as u64 {
        problems.push(format!("count_legal_moves() = {counted} but legal_moves() has {}", ours.len()));
    }
    match &record.moves {
        Moves::Listed(theirs) => {
            let ours_set: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
            let theirs_set: BTreeSet<&str> = theirs.iter().copied().collect();
            let extra: Vec<&str> = ours_set.difference(&theirs_set).copied().collect();
            let missing: Vec<&str> = theirs_set.difference(&ours_set).copied().collect();
            if !extra.is_empty() || !missing.is_empty() {
                problems.push(format!(
                    "moves differ: hayanagi only: [{}]; cshogi only: [{}]",
                    extra.join(" "),
                    missing.join(" ")
                ));
            }
        }
        Moves::Hashed(hash) => {
            let joined = ours.join(" ");
            if fnv1a64(&joined) != *hash {
                problems.push(format!(
                    "moves differ (the data keeps only their hash); for the difference run:\n      \
                     python3 tests/differential/explain.py '{}' '{joined}'",
                    record.sfen
                ));
            }
        }
    }
    problems
}

#[test]
fn legal_moves_check_and_mate_match_cshogi() {
    let mut records = Vec::new();
    for (index, text) in DATA.lines().enumerate() {
        if text.starts_with('#') || text.is_empty() {
            continue;
        }
        match parse_record(index + 1, text) {
            Ok(record) => records.push(record),
            Err(error) => panic!("tests/data/differential.txt line {}: {error}", index + 1),
        }
    }
    let hand_made = records.iter().filter(|r| r.label.starts_with("rule/")).count();
    assert!(records.len() >= MIN_POSITIONS, "only {} positions in the data file", records.len());
    assert!(hand_made >= MIN_HAND_MADE, "only {hand_made} hand-made positions in the data file");

    let mut report = String::new();
    let mut failed = 0;
    for record in &records {
        let problems = check(record);
        if problems.is_empty() {
            continue;
        }
        failed += 1;
        if failed <= MAX_REPORTED {
            let _ = writeln!(report, "line {} [{}] {}", record.line, record.label, record.sfen);
            for problem in problems {
                let _ = writeln!(report, "    {problem}");
            }
        }
    }
    assert!(failed == 0, "{failed} of {} positions disagree with cshogi:\n{report}", records.len());
}

#[test]
fn fnv1a64_matches_the_generator() {
    // The FNV-1a reference vectors; the Python side is checked against the same ones in reference.py.
    assert_eq!(fnv1a64(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a64("foobar"), 0x8594_4171_f739_67e8);
}
