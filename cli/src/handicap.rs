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
/// position with the moves played by the core's USI move-list reader, calling `after_move` with the
/// position after each one.
pub(crate) fn handicap_position(text: &[u8], after_move: impl FnMut(&Position, Undo)) -> Result<Position, String> {
    let bad = |message: String| format!("bad handicap position: {message}");
    let start = if text.starts_with(b"position ") { "position ".len() } else { 0 };
    let rest = text.get(start..).unwrap_or(&[]);
    let mut words = rest.splitn(4, |&byte| byte == b' ');
    words.next(); // `handicap`
    let Some(name) = words.next() else { return Err(bad("missing the handicap name".into())) };
    let name = std::str::from_utf8(name).map_err(|_| bad("the handicap name is not UTF-8".into()))?;
    let handicap: Handicap = name.parse().map_err(|error| bad(format!("{name:?} is {error}")))?;
    let mut pos = handicap.position();
    match (words.next(), words.next()) {
        (None, _) | (Some(b"moves"), None) => {}
        (Some(b"moves"), Some([])) => return Err(bad(format!("at byte {}: a space ends the input", text.len()))),
        (Some(b"moves"), Some(list)) => {
            // Offsets into the whole text, as for the other position forms.
            let list_start = text.len() - list.len();
            pos.play_usi_moves_bytes_with(list, after_move)
                .map_err(|error| bad(format!("at byte {}: {}", error.offset() + list_start, error.kind())))?;
        }
        (Some(other), _) => {
            return Err(bad(format!(
                "expected 'moves' after the handicap name, got {:?}",
                String::from_utf8_lossy(other)
            )));
        }
    }
    Ok(pos)
}

/// Whether `text` gives a handicap position: `handicap ...` or `position handicap ...`.
pub(crate) fn is_handicap_position(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"position ").unwrap_or(text);
    text == b"handicap" || text.starts_with(b"handicap ")
}
