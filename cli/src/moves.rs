//! `hayanagi moves [--kind <kind>] <position>`: the legal moves in USI, one per line, sorted; with
//! `--kind`, only those of one kind (captures, non-captures, drops, checks, quiet-checks, evasions).

use std::io::{self, BufWriter, Write};

use hayanagi::{Move, MoveFilter};

use crate::{Failure, position_from_words, unknown_option};

/// The kinds `--kind` takes, as the usage and the error list them.
const KINDS: &str = "all, captures, non-captures, drops, checks, quiet-checks, evasions";

pub(crate) fn moves_command(args: &[String]) -> Result<(), Failure> {
    let mut filter = None;
    let mut position_words = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let name = if arg == "--kind" {
            match args.next() {
                Some(name) => name.as_str(),
                None => return Err(Failure::BadArguments(format!("--kind needs one of: {KINDS}"))),
            }
        } else if let Some(name) = arg.strip_prefix("--kind=") {
            name
        } else if arg.starts_with("--") {
            return Err(unknown_option(arg));
        } else {
            position_words.push(arg.as_str());
            continue;
        };
        if filter.is_some() {
            return Err(Failure::BadArguments("--kind given twice".into()));
        }
        match MoveFilter::from_name(name) {
            Some(kind) => filter = Some(kind),
            None => return Err(Failure::BadArguments(format!("unknown move kind {name:?}; the kinds are {KINDS}"))),
        }
    }
    let pos = position_from_words(&position_words)?;
    let mut moves: Vec<String> =
        pos.legal_moves_of(filter.unwrap_or(MoveFilter::All)).iter().map(Move::to_string).collect();
    moves.sort_unstable();
    let mut out = BufWriter::new(io::stdout().lock());
    for usi in moves {
        writeln!(out, "{usi}")?;
    }
    out.flush()?;
    Ok(())
}
