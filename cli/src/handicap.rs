//! Handicap start positions on the command line: `hayanagi handicaps` lists them, and a position may
//! be given as `handicap <name> [moves ...]` wherever the tool takes one.

use std::io::Write;

use hayanagi::{Handicap, Position, Undo};

use crate::Failure;

/// `hayanagi handicaps`: one line per handicap, `<name>\t<Japanese name>\t<SFEN>`.
pub(crate) fn handicaps_command(args: &[String], mut out: impl Write) -> Result<(), Failure> {
    if let Some(word) = args.first() {
        return Err(Failure::BadArguments(format!("handicaps takes no arguments, got {word:?}")));
    }
    for handicap in Handicap::ALL {
        writeln!(out, "{}\t{}\t{}", handicap.name(), handicap.japanese(), handicap.position().sfen())?;
    }
    out.flush()?;
    Ok(())
}

/// `handicap <name>[ moves m1 m2 ...]` (after an optional `position `): the handicap's start
/// position with the moves played, calling `after_move` with the position after each one.
pub(crate) fn handicap_position(text: &[u8], mut after_move: impl FnMut(&Position, Undo)) -> Result<Position, String> {
    let bad = |message: String| format!("bad handicap position: {message}");
    let text = std::str::from_utf8(text).map_err(|_| bad("not UTF-8".into()))?;
    let mut words = text.strip_prefix("position ").unwrap_or(text).split(' ');
    words.next(); // `handicap`
    let Some(name) = words.next() else { return Err(bad("missing the handicap name".into())) };
    let handicap: Handicap = name.parse().map_err(|error| bad(format!("{name:?} is {error}")))?;
    let mut pos = handicap.position();
    match words.next() {
        None => {}
        Some("moves") => {
            for (number, word) in words.enumerate() {
                let illegal = |error: &dyn std::fmt::Display| bad(format!("move {} {word:?}: {error}", number + 1));
                let mv = pos.parse_usi_move(word).map_err(|error| illegal(&error))?;
                let undo = pos.play(mv).map_err(|error| illegal(&error))?;
                after_move(&pos, undo);
            }
        }
        Some(other) => return Err(bad(format!("expected 'moves' after the handicap name, got {other:?}"))),
    }
    Ok(pos)
}

/// Whether `text` gives a handicap position: `handicap ...` or `position handicap ...`.
pub(crate) fn is_handicap_position(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"position ").unwrap_or(text);
    text == b"handicap" || text.starts_with(b"handicap ")
}
