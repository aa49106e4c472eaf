//! `peers mate1`: mate-in-1 searches per second on a fixed corpus, hayanagi beside rsshogi.
//!
//! The corpus is the SFEN column of `tests/data/mate.txt` (written deterministically by
//! `tests/differential/mate.py`: random tsume-like placements, positions a few random moves on from
//! them, positions from random games). Every engine answers every position once untimed first, and
//! the answers (mate or not) must agree with hayanagi's, or the run stops; then timed passes over the
//! whole corpus, engines interleaved, timed by thread CPU time, median of the repetitions.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Duration;

use crate::cpu_time::thread_cpu_time;

const USAGE: &str = "\
usage: peers mate1 [--corpus FILE] [--reps N] [--passes N] [--only ENGINE]

--corpus  tests/data/mate.txt style file (tab-separated, SFEN in the second field); default: the repository's
--reps    timed repetitions per engine, interleaved; the median is shown; default 5
--passes  passes over the corpus per timed repetition; default 20
--only    time this engine alone (hayanagi, rsshogi, rsshogi-in-place), without the agreement check: for
          instruction counts under valgrind, e.g. the difference between --passes 3 and --passes 1";

const DEFAULT_CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/mate.txt");

/// One engine's mate-in-1 over the corpus: returns the number of positions it finds a mate in.
struct Engine {
    name: &'static str,
    about: &'static str,
    run: Box<dyn FnMut() -> Vec<bool>>,
}

fn hayanagi_engine(sfens: &[String]) -> Result<Engine, String> {
    let positions: Vec<hayanagi::Position> = sfens
        .iter()
        .map(|sfen| hayanagi::Position::from_sfen(sfen).map_err(|error| format!("hayanagi: {sfen}: {error}")))
        .collect::<Result<_, _>>()?;
    Ok(Engine {
        name: "hayanagi",
        about: "Position::mate_in_1(&self)",
        run: Box::new(move || positions.iter().map(|pos| black_box(pos.mate_in_1()).is_some()).collect()),
    })
}

fn rsshogi_positions(sfens: &[String]) -> Result<Vec<rsshogi::board::Position>, String> {
    rsshogi::board::init();
    sfens
        .iter()
        .map(|sfen| {
            let mut pos =
                rsshogi::board::position_from_sfen(sfen).map_err(|error| format!("rsshogi: {sfen}: {error:?}"))?;
            pos.init_stack();
            Ok(pos)
        })
        .collect()
}

fn rsshogi_engine(sfens: &[String]) -> Result<Engine, String> {
    let positions = rsshogi_positions(sfens)?;
    Ok(Engine {
        name: "rsshogi",
        about: "rsshogi 1.7.3 mate::solve_mate_in_one(&Position)",
        run: Box::new(move || {
            positions.iter().map(|pos| black_box(rsshogi::mate::solve_mate_in_one(pos)).is_some()).collect()
        }),
    })
}

fn rsshogi_in_place_engine(sfens: &[String]) -> Result<Engine, String> {
    let mut positions = rsshogi_positions(sfens)?;
    Ok(Engine {
        name: "rsshogi-in-place",
        about: "rsshogi 1.7.3 mate::solve_mate_in_one_in_place(&mut Position)",
        run: Box::new(move || {
            positions
                .iter_mut()
                .map(|pos| black_box(rsshogi::mate::solve_mate_in_one_in_place(pos)).is_some())
                .collect()
        }),
    })
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Runs `peers mate1 ...`; `args` are the words after `mate1`.
pub fn main(args: &[String]) -> ExitCode {
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("peers mate1: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let (mut corpus, mut reps, mut passes) = (DEFAULT_CORPUS.to_string(), 5usize, 20usize);
    let mut only = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |flag: &str| rest.next().cloned().ok_or(format!("{flag} needs a value"));
        match arg.as_str() {
            "--corpus" => corpus = value("--corpus")?,
            "--reps" => reps = value("--reps")?.parse().map_err(|_| "--reps needs a count".to_string())?,
            "--passes" => passes = value("--passes")?.parse().map_err(|_| "--passes needs a count".to_string())?,
            "--only" => only = Some(value("--only")?),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if reps == 0 || passes == 0 {
        return Err("--reps and --passes must be at least 1".into());
    }
    let text = std::fs::read_to_string(&corpus).map_err(|error| format!("{corpus}: {error}"))?;
    let sfens: Vec<String> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .filter_map(|line| line.split('\t').nth(1).map(str::to_string))
        .collect();
    let mut engines = match only.as_deref() {
        None => vec![hayanagi_engine(&sfens)?, rsshogi_engine(&sfens)?, rsshogi_in_place_engine(&sfens)?],
        Some("hayanagi") => vec![hayanagi_engine(&sfens)?],
        Some("rsshogi") => vec![rsshogi_engine(&sfens)?],
        Some("rsshogi-in-place") => vec![rsshogi_in_place_engine(&sfens)?],
        Some(other) => return Err(format!("unknown engine `{other}`")),
    };
    if only.is_some() {
        for _ in 0..passes {
            black_box((engines[0].run)());
        }
        return Ok(());
    }

    // Untimed: every engine must find a mate exactly where hayanagi does.
    let reference = (engines[0].run)();
    for engine in &mut engines[1..] {
        let answers = (engine.run)();
        let differ: Vec<&str> = sfens
            .iter()
            .zip(reference.iter().zip(&answers))
            .filter(|(_, (a, b))| a != b)
            .map(|(s, _)| &s[..])
            .collect();
        if !differ.is_empty() {
            return Err(format!(
                "{} disagrees with hayanagi on {} positions, e.g. {}",
                engine.name,
                differ.len(),
                differ.iter().take(3).copied().collect::<Vec<_>>().join(" | ")
            ));
        }
    }
    let mates = reference.iter().filter(|&&mate| mate).count();
    eprintln!("{} positions ({mates} with a mate in 1), {passes} passes x {reps} repetitions", sfens.len());

    let mut times = vec![Vec::new(); engines.len()];
    for _ in 0..reps {
        for (engine, times) in engines.iter_mut().zip(&mut times) {
            let start = thread_cpu_time();
            for _ in 0..passes {
                black_box((engine.run)());
            }
            times.push(thread_cpu_time() - start);
        }
    }
    let searches = (sfens.len() * passes) as f64;
    let best = times.iter_mut().map(|t| median(t)).collect::<Vec<_>>();
    let hayanagi = best[0].as_secs_f64();
    println!("| engine | calls | mate-in-1 searches/s | ns per search | time ÷ hayanagi's |");
    println!("|---|---|--:|--:|--:|");
    for (engine, time) in engines.iter().zip(&best) {
        let seconds = time.as_secs_f64();
        println!(
            "| {} | {} | {:.2} M | {:.0} | {:.2} |",
            engine.name,
            engine.about,
            searches / seconds / 1e6,
            seconds * 1e9 / searches,
            seconds / hayanagi
        );
    }
    Ok(())
}
