//! `hayanagi mate <plies> <position>`: the mating line within 1 or 3 plies, or `none`.

use std::io::{self, Write};

use crate::{Failure, position_from_words, unknown_option};

/// Prints the line [`hayanagi::Position::mate_in_1`] or [`hayanagi::Position::mate_in_3`] finds, in
/// USI, space-separated, or `none`.
pub(crate) fn mate_command(args: &[String]) -> Result<(), Failure> {
    if let Some(option) = args.iter().find(|arg| arg.starts_with("--")) {
        return Err(unknown_option(option));
    }
    let Some((plies, words)) = args.split_first() else {
        return Err(Failure::BadArguments("mate needs a number of plies (1 or 3) and a position".into()));
    };
    let plies = match plies.as_str() {
        "1" => 1,
        "3" => 3,
        other => return Err(Failure::BadArguments(format!("mate searches 1 or 3 plies, got {other:?}"))),
    };
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let pos = position_from_words(&words)?;
    let line = if plies == 1 {
        pos.mate_in_1().map(|mv| mv.to_string())
    } else {
        pos.mate_in_3().map(|line| line.to_string())
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", line.as_deref().unwrap_or("none"))?;
    out.flush()?;
    Ok(())
}
