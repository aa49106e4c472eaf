//! `hayanagi`: the command-line tool (docs/RULES.md R107–R111) over the library.
//!
//! ```text
//! hayanagi perft <depth> [--divide] [--no-bulk] <position>
//! hayanagi moves [--kind <kind>] <position>
//! hayanagi mate <plies> <position>
//! hayanagi mate dfpn [--table-mb N] [--nodes N] [--time-ms N] [--cpu-ms N] [--depth N] [--rest] [--shortest [--no-useless]] [--alternatives] [--quiet] <position>
//! hayanagi analyze            (positions on stdin, one per line)
//! hayanagi handicaps
//! hayanagi convert --to usi|csa|kif|ki2|jkf [--encoding utf-8|shift_jis] [--game N] [--main-line] [FILE]
//! hayanagi pack hcp|psfen     (positions on stdin -> hex, one per line)
//! hayanagi unpack hcp|psfen   (hex on stdin -> SFEN)
//! ```
//!
//! The library is `no_std`; this binary is the one place that uses std (arguments, stdin, stdout,
//! the clock). Exit status: 0 on success (also when the reader of stdout goes away early), 2 on
//! bad arguments or a rejected position, 1 on any other I/O error; never a panic.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use hayanagi::{Entry, History, Move, Position, Status, Undo};

mod convert;
mod handicap;
mod mate;
mod moves;
mod pack;

const USAGE: &str = "\
hayanagi: a shogi move generator

usage:
  hayanagi perft <depth> [--divide] [--no-bulk] <position>
      Count the legal move sequences of <depth> plies (0 to 20). --divide prints
      '<move>: <count>' for every root move; --no-bulk plays every leaf move instead
      of counting the last ply's move list. The last line is 'Nodes searched: <N>';
      the time and speed go to stderr.
  hayanagi moves [--kind <kind>] <position>
      The legal moves in USI, one per line, sorted. --kind keeps one kind: captures,
      non-captures (board moves onto empty squares, and drops), drops, checks (direct,
      discovered, drops), quiet-checks (checks that capture nothing), evasions (every
      legal move when in check; nothing when not in check), all (the default).
  hayanagi mate <plies> <position>
      The mating line within <plies> (1 or 3) plies, in USI, space-separated: the
      attacker's check, the defender's first legal reply, the mate; or 'none'. Every
      legal defence is tried (tsume rules: every attacking move checks).
  hayanagi mate dfpn [--table-mb N] [--nodes N] [--time-ms N] [--cpu-ms N] [--depth N] [--rest]
                     [--shortest [--no-useless]] [--alternatives] [--quiet] <position>
      The tsume solver (df-pn): 'mate <plies> <line>', 'nomate' or 'unknown <reason>',
      then 'nodes N time_ms T nps R table used/len (fill) depth D [cpu_ms C]'; progress on
      stderr every second unless --quiet. --table-mb: the table (default 256);
      --nodes, --time-ms, --cpu-ms (the solver thread's CPU time, Linux; else the wall
      clock): limits; --depth: the deepest ply searched (default 4000);
      --rest: give the defender every piece not on the board or in a hand.
      --shortest: prove the minimal mate (the defender's longest defence; 'mate <length>
      <line>', and after the statistics 'shortest minimal|upper_bound line_plies N
      first_proof N'); --no-useless: useless interpositions (無駄合) not counted.
      --alternatives: then the alternative mates (余詰) along the line, within its length
      (counted as --no-useless says): 'alternative <ply> <move> line <mating line through
      it>' each, then 'alternatives <count>' (or 'alternatives unknown <reason>').
  hayanagi analyze
      Reads positions from stdin, one per line, and writes one line per input line:
      ok<TAB>sfen<TAB>key<TAB>in-check<TAB>status<TAB>moves   or   error<TAB>message
  hayanagi handicaps
      The handicap start positions: '<name><TAB><Japanese name><TAB><sfen>' per line.
  hayanagi convert --to usi|csa|kif|ki2|jkf [--encoding utf-8|shift_jis] [--game N] [--main-line] [FILE]
      Reads a USI position command, a CSA, KIF or KI2 record (format and encoding
      detected; stdin when no FILE) and writes its main line in the chosen format.
  hayanagi pack hcp|psfen
      Reads positions from stdin, one per line, and writes each as 64 lowercase hex
      digits: HCP (Apery, cshogi) or PackedSfen (YaneuraOu). Positions without both
      kings do not fit. The first bad line stops it with an error naming the line.
  hayanagi unpack hcp|psfen
      The reverse: 64 hex digits per line in, the SFEN (ply 1) out.
  hayanagi --help

<position> is a plain SFEN (3 or 4 fields) or USI style 'startpos [moves ...]' or
'sfen <4 fields> [moves ...]', or 'handicap <name> [moves ...]' with a name from
'hayanagi handicaps' (lance, two-pieces, ...), optionally after 'position '; on the
command line the words may be given as one argument or several.

examples:
  hayanagi perft 5 startpos
  hayanagi perft 3 --divide position startpos moves 7g7f
  hayanagi mate 3 'k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1'
  hayanagi mate dfpn --table-mb 64 '9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1'
  hayanagi moves 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
  hayanagi moves --kind checks '4k4/9/4P4/9/9/9/9/9/4K4 b G 1'
  hayanagi perft 3 handicap two-pieces moves 5a4b
";

/// The deepest perft the tool accepts: depth 20 of any real position is already far beyond any
/// machine's reach, so a larger number is a typing mistake.
const MAX_DEPTH: u32 = 20;

/// `analyze` input lines longer than this are rejected without being kept in memory; a USI
/// position with a game record of a few thousand moves is still far below it.
const MAX_LINE: usize = 1 << 20;

/// Why the tool stops early.
enum Failure {
    /// No arguments at all: the usage on stderr, exit status 2.
    NoArguments,
    /// Bad arguments: exit status 2, the message and a pointer to `--help` on stderr.
    BadArguments(String),
    /// A rejected position: exit status 2, the parser's message on stderr.
    BadPosition(String),
    /// Reading stdin failed: exit status 1.
    Input(io::Error),
    /// Writing stdout failed: exit status 1 (0 for a closed pipe).
    Output(io::Error),
}

/// `?` on a write: every other I/O is a read of stdin, mapped with [`Failure::Input`].
impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Output(error)
    }
}

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::NoArguments) => {
            let _ = io::stderr().lock().write_all(USAGE.as_bytes());
            ExitCode::from(2)
        }
        Err(Failure::BadArguments(message)) => {
            report(&format!("{message} (see hayanagi --help)"));
            ExitCode::from(2)
        }
        Err(Failure::BadPosition(message)) => {
            report(&message);
            ExitCode::from(2)
        }
        // The reader of our output went away (`hayanagi moves startpos | head -1`): nothing is
        // wrong, and there is nobody left to tell.
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(error)) => {
            report(&format!("writing stdout: {error}"));
            ExitCode::from(1)
        }
        Err(Failure::Input(error)) => {
            report(&format!("reading stdin: {error}"));
            ExitCode::from(1)
        }
    }
}

/// One line `hayanagi: <message>` on stderr. A failing stderr is ignored (`eprintln!` would panic).
fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "hayanagi: {}", one_line(message));
}

fn run(args: Vec<OsString>) -> Result<(), Failure> {
    let mut words = Vec::with_capacity(args.len());
    for (index, arg) in args.into_iter().enumerate() {
        match arg.into_string() {
            Ok(word) => words.push(word),
            Err(arg) => return Err(Failure::BadArguments(format!("argument {} is not UTF-8: {arg:?}", index + 1))),
        }
    }
    if words.iter().any(|word| word == "-h" || word == "--help") {
        io::stdout().lock().write_all(USAGE.as_bytes())?;
        return Ok(());
    }
    let Some((command, rest)) = words.split_first() else { return Err(Failure::NoArguments) };
    match command.as_str() {
        "perft" => perft_command(rest),
        "moves" => moves::moves_command(rest),
        "handicaps" => handicap::handicaps_command(rest, io::stdout().lock()),
        "mate" => mate::mate_command(rest),
        "convert" => convert::command(rest),
        "pack" => pack::pack_command(pack::Direction::Pack, rest),
        "unpack" => pack::pack_command(pack::Direction::Unpack, rest),
        "analyze" => match rest.first() {
            None => analyze(&mut BufReader::with_capacity(1 << 16, io::stdin().lock()), io::stdout().lock()),
            Some(word) => {
                Err(Failure::BadArguments(format!("analyze reads stdin and takes no arguments, got {word:?}")))
            }
        },
        other => Err(Failure::BadArguments(format!(
            "unknown command {other:?}; the commands are perft, moves, mate, analyze, handicaps, convert, pack, unpack"
        ))),
    }
}

// ----- perft -----

fn perft_command(args: &[String]) -> Result<(), Failure> {
    let mut divide = false;
    let mut bulk = true;
    let mut depth = None;
    let mut position_words = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--divide" => divide = true,
            "--no-bulk" => bulk = false,
            option if option.starts_with("--") => return Err(unknown_option(option)),
            word if depth.is_none() => depth = Some(parse_depth(word)?),
            word => position_words.push(word),
        }
    }
    let Some(depth) = depth else { return Err(Failure::BadArguments("perft needs a depth and a position".into())) };
    let mut pos = position_from_words(&position_words)?;

    let mut out = BufWriter::new(io::stdout().lock());
    let start = Instant::now();
    if divide && depth > 0 {
        let mut root = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let undo = pos.play_unchecked(mv);
            root.push((mv.to_string(), pos.perft(depth - 1, bulk)));
            pos.undo_unchecked(undo);
        }
        let elapsed = start.elapsed();
        root.sort_unstable();
        for (usi, count) in &root {
            writeln!(out, "{usi}: {count}")?;
        }
        let total = root.iter().fold(0u64, |total, &(_, count)| total.saturating_add(count));
        finish_perft(out, total, elapsed)
    } else {
        let nodes = pos.perft(depth, bulk);
        finish_perft(out, nodes, start.elapsed())
    }
}

/// The last stdout line, then the time and speed on stderr (after stdout is flushed, so that a
/// terminal shows them in that order).
fn finish_perft(mut out: impl Write, nodes: u64, elapsed: std::time::Duration) -> Result<(), Failure> {
    writeln!(out, "Nodes searched: {nodes}")?;
    out.flush()?;
    let seconds = elapsed.as_secs_f64();
    let speed = if seconds > 0.0 { format!("{:.0} nodes/s", nodes as f64 / seconds) } else { "- nodes/s".into() };
    let _ = writeln!(io::stderr().lock(), "Time: {seconds:.3} s, {speed}");
    Ok(())
}

/// A depth from 0 to [`MAX_DEPTH`], digits only (no sign, no spaces).
fn parse_depth(word: &str) -> Result<u32, Failure> {
    let bad = || Failure::BadArguments(format!("depth must be a whole number from 0 to {MAX_DEPTH}, got {word:?}"));
    if word.is_empty() || !word.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad());
    }
    match word.parse::<u32>() {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        _ => Err(bad()),
    }
}

// ----- analyze -----

/// Answers every line of `input` with exactly one line of `out`, a bad line included.
///
/// Output is buffered, and flushed whenever the input read so far is used up: a pipe full of
/// positions gets large writes, while someone typing (or a program talking to us line by line)
/// gets each answer before we wait for the next line.
fn analyze<R: Read>(input: &mut BufReader<R>, out: impl Write) -> Result<(), Failure> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line).map_err(Failure::Input)?;
        if read == 0 {
            break;
        }
        if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            skip_rest_of_line(input).map_err(Failure::Input)?;
            writeln!(out, "error\tline longer than {MAX_LINE} bytes")?;
        } else {
            analyze_line(strip_line_end(&line), &mut out)?;
        }
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(())
}

fn skip_rest_of_line<R: Read>(input: &mut BufReader<R>) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = buffer.len();
                input.consume(len);
            }
        }
    }
}

/// The line without its `\n` or `\r\n`.
fn strip_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// `ok\t<sfen>\t<key>\t<in check>\t<status>\t<moves>` or `error\t<message>`.
fn analyze_line(line: &[u8], out: &mut impl Write) -> io::Result<()> {
    if line.is_empty() {
        return writeln!(out, "error\tempty line");
    }
    let (pos, status) = match position_and_status(line) {
        Ok(found) => found,
        Err(message) => return writeln!(out, "error\t{}", one_line(&message)),
    };
    let moves = sorted_usi(&pos);
    write!(out, "ok\t{}\t{:016x}\t{}\t{status}\t", pos.sfen(), pos.key(), u8::from(pos.in_check()))?;
    writeln!(out, "{}", moves.join(" "))
}

/// The position and its game status (docs/RULES.md R44–R47), with the positions of the `moves ...` list
/// recorded in a [`History`] on the way, so that repetition and perpetual check are seen.
fn position_and_status(text: &[u8]) -> Result<(Position, Status), String> {
    // One entry per word is more than the move list can need.
    let words = text.split(|&byte| byte == b' ').count();
    let mut history = History::new(vec![Entry::EMPTY; words]);
    let mut recorded = Ok(());
    let pos = parse_position_with(text, |after, undo| {
        if recorded.is_ok() {
            recorded = history.push(after, undo);
        }
    })?;
    let status = recorded.and_then(|()| history.status(&pos)).map_err(|error| format!("history: {error}"))?;
    Ok((pos, status))
}

// ----- shared -----

/// The position given by command-line words, joined with single spaces.
fn position_from_words(words: &[&str]) -> Result<Position, Failure> {
    if words.is_empty() {
        return Err(Failure::BadArguments("missing position".into()));
    }
    parse_position(words.join(" ").as_bytes()).map_err(Failure::BadPosition)
}

/// A plain SFEN, or a USI position command (with or without the word `position`).
fn parse_position(text: &[u8]) -> Result<Position, String> {
    parse_position_with(text, |_, _| {})
}

/// [`parse_position`], calling `after_move` after each move of a USI `moves` list (see
/// [`Position::from_usi_position_with`]). Bytes, so that input that is not UTF-8 gets the parser's
/// message with the offset of the bad byte.
fn parse_position_with(text: &[u8], after_move: impl FnMut(&Position, Undo)) -> Result<Position, String> {
    if handicap::is_handicap_position(text) {
        return handicap::handicap_position(text, after_move);
    }
    match text.split(|&byte| byte == b' ').next() {
        Some(b"position" | b"startpos" | b"sfen") => Position::from_usi_position_bytes_with(text, after_move)
            .map_err(|error| format!("bad USI position: {error}")),
        _ => Position::from_sfen_bytes(text).map_err(|error| format!("bad SFEN: {error}")),
    }
}

/// The legal moves in USI, sorted by byte order.
fn sorted_usi(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    moves.sort_unstable();
    moves
}

fn unknown_option(option: &str) -> Failure {
    Failure::BadArguments(format!("unknown option {option:?}"))
}

/// `message` with any control character (a tab or newline would break the one-line formats)
/// replaced by a space.
fn one_line(message: &str) -> String {
    message.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}
