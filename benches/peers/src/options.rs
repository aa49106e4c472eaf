//! The command line.

use std::time::Duration;

use crate::engines::{self, ENGINES, Engine, Mode};
use crate::positions::{NAMED, Target};

pub const USAGE: &str = "\
usage: peers <position> <depth> [--engines a,b,...] [--modes bulk,nobulk] [--reps N] [--min-time S] [--build LABEL] [--rows-only]
       peers list
       peers header   (the table header with the build column, for run.sh)
       peers mate1 [--corpus FILE] [--reps N] [--passes N]   (mate-in-1 searches per second; see src/mate.rs)

<position>   startpos | matsuri | maxmoves | an SFEN (quoted; a leading `sfen ` is allowed)
--engines    default: all (see `peers list`)
--modes      bulk counts the last ply's legal list without playing it, nobulk plays every leaf; default: both
--reps       timed runs of every (engine, mode), interleaved round-robin; the table shows medians; default: 3
--min-time   seconds of CPU time a timed run must last at least: a shorter perft is repeated within the run that
             many times (the same rule for every engine, counted on its first run) and timed per perft; default: 0.2
--build      adds a `build` column with this label (run.sh passes default / native)
--rows-only  prints the table rows without the header (run.sh joins several runs into one table)";

pub struct Options {
    pub target: Target,
    pub depth: u32,
    pub engines: Vec<&'static Engine>,
    pub modes: Vec<Mode>,
    pub reps: usize,
    /// The least CPU time of one timed run; shorter perfts are repeated within it.
    pub min_time: Duration,
    pub build: Option<String>,
    pub rows_only: bool,
}

pub enum Command {
    List,
    Header,
    Run(Options),
}

/// Reads the arguments after the program name; the error says which one is wrong.
pub fn parse(args: &[String]) -> Result<Command, String> {
    match args.first().map(String::as_str) {
        Some("list") => return Ok(Command::List),
        Some("header") => return Ok(Command::Header),
        _ => {}
    }
    let mut positional = Vec::new();
    let mut engines: Vec<&'static Engine> = ENGINES.iter().collect();
    let mut modes = Mode::ALL.to_vec();
    let mut reps = 3;
    let mut min_time = Duration::from_millis(200);
    let mut build = None;
    let mut rows_only = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |flag: &str| rest.next().cloned().ok_or(format!("{flag} needs a value"));
        match arg.as_str() {
            "--engines" => {
                engines = value("--engines")?
                    .split(',')
                    .map(|name| engines::find(name).ok_or(format!("unknown engine `{name}` (see `peers list`)")))
                    .collect::<Result<_, _>>()?;
            }
            "--modes" => {
                modes = value("--modes")?
                    .split(',')
                    .map(|mode| Mode::parse(mode).ok_or(format!("unknown mode `{mode}`: bulk or nobulk")))
                    .collect::<Result<_, _>>()?;
            }
            "--reps" => {
                let text = value("--reps")?;
                reps = text.parse().map_err(|_| format!("--reps `{text}` is not a count"))?;
                if reps == 0 {
                    return Err("--reps must be at least 1".to_string());
                }
            }
            "--min-time" => {
                let text = value("--min-time")?;
                min_time = text
                    .parse::<f64>()
                    .ok()
                    .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
                    .ok_or(format!("--min-time `{text}` is not a number of seconds"))?;
            }
            "--build" => build = Some(value("--build")?),
            "--rows-only" => rows_only = true,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with("--") => return Err(format!("unknown option `{flag}`")),
            _ => positional.push(arg.as_str()),
        }
    }
    let [position, depth] = positional[..] else {
        return Err(format!("expected a position and a depth, got {} arguments", positional.len()));
    };
    let depth = depth.parse().map_err(|_| format!("depth `{depth}` is not a number"))?;
    if !(1..=20).contains(&depth) {
        return Err(format!("depth {depth} is outside 1..=20"));
    }
    Ok(Command::Run(Options {
        target: Target::resolve(position),
        depth,
        engines,
        modes,
        reps,
        min_time,
        build,
        rows_only,
    }))
}

pub fn print_list() {
    println!("engines:");
    for engine in ENGINES {
        println!("  {:<14} {}", engine.name, engine.about);
    }
    println!("positions:");
    for position in NAMED {
        println!("  {:<14} {}", position.name, position.sfen);
    }
}
