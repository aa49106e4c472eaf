//! Timed, interleaved perft runs and the check that every engine counts the same nodes.

use std::time::{Duration, Instant};

use crate::cpu_time::thread_cpu_time;
use crate::engines::{Engine, Mode, Perft};
use crate::options::Options;

/// One engine in one mode, with its own copy of the position.
pub struct Job {
    pub engine: &'static Engine,
    pub mode: Mode,
    perft: Box<dyn Perft>,
    /// The count of the first timed run; every later run must repeat it.
    pub nodes: Option<u64>,
    /// Thread CPU time per perft of each timed run.
    pub times: Vec<Duration>,
    /// Perfts per timed run, set by the first run: as many as last at least `Options::min_time`.
    calls: Option<u32>,
}

impl Job {
    pub fn median_time(&self) -> Duration {
        let mut times = self.times.clone();
        times.sort();
        match times.len() {
            0 => Duration::ZERO,
            n if n % 2 == 1 => times[n / 2],
            n => (times[n / 2 - 1] + times[n / 2]) / 2,
        }
    }
}

/// A node count that is not the one it must be: the benchmark stops rather than time a wrong generator.
pub struct Disagreement(pub String);

/// Sets up every (engine, mode) the options ask for. An engine that refuses the position is left out with a note
/// on stderr; none left is an error.
pub fn set_up(options: &Options) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    'engines: for &engine in &options.engines {
        for &mode in options.modes.iter().filter(|mode| engine.modes.contains(mode)) {
            match (engine.setup)(&options.target.sfen) {
                Ok(perft) => jobs.push(Job { engine, mode, perft, nodes: None, times: Vec::new(), calls: None }),
                Err(reason) => {
                    eprintln!("note: {} left out, it refuses the position: {reason}", engine.name);
                    continue 'engines;
                }
            }
        }
    }
    if jobs.is_empty() {
        return Err("no engine can run this position in the modes asked for".to_string());
    }
    Ok(jobs)
}

/// Runs every job `options.reps` times, round-robin (each repetition starts one job later, so no engine always
/// follows the same one), so a change in the machine's load falls on all engines alike.
pub fn run(jobs: &mut [Job], options: &Options) -> Result<(), Disagreement> {
    let depth = options.depth;
    for job in jobs.iter_mut() {
        // Warm-up, untimed: lazily built tables, first touches of static tables, the instruction cache.
        job.perft.perft(depth.min(2), job.mode);
    }
    let count = jobs.len();
    for rep in 0..options.reps {
        for index in (0..count).map(|offset| (rep + offset) % count) {
            let job = &mut jobs[index];
            let (mut nodes, mut cpu, mut wall, mut calls) = timed(job, depth, job.calls.unwrap_or(1))?;
            if job.calls.is_none() {
                // The first run sets the perfts per run; one too short to time is repeated at once with
                // enough perfts, and that repetition is the sample.
                let needed = calls_for(cpu, options.min_time);
                if needed > 1 {
                    (nodes, cpu, wall, calls) = timed(job, depth, needed)?;
                }
                job.calls = Some(calls);
            }
            eprintln!(
                "  rep {}/{} {:<14} {:<6} {nodes:>12} nodes  {:>8.3} s CPU  {:>8.3} s wall  ({calls} perft{})",
                rep + 1,
                options.reps,
                job.engine.name,
                job.mode,
                cpu.as_secs_f64(),
                wall.as_secs_f64(),
                if calls == 1 { "" } else { "s" }
            );
            let cpu = cpu / calls;
            if let Some(first) = job.nodes.filter(|&first| first != nodes) {
                return Err(Disagreement(format!(
                    "{} {} counted {first} nodes, then {nodes} on repetition {}",
                    job.engine.name,
                    job.mode,
                    rep + 1
                )));
            }
            job.nodes = Some(nodes);
            job.times.push(cpu);
        }
        if rep == 0 {
            check_agreement(jobs, options)?;
        }
    }
    Ok(())
}

/// `calls` perfts of `job` in a row: (nodes of one, thread CPU time and wall time of all, calls). Every perft
/// must count the same nodes.
fn timed(job: &mut Job, depth: u32, calls: u32) -> Result<(u64, Duration, Duration, u32), Disagreement> {
    let wall_start = Instant::now();
    let cpu_start = thread_cpu_time();
    let nodes = job.perft.perft(depth, job.mode);
    for call in 1..calls {
        let again = job.perft.perft(depth, job.mode);
        if again != nodes {
            return Err(Disagreement(format!(
                "{} {} counted {nodes} nodes, then {again} on perft {} of one run",
                job.engine.name,
                job.mode,
                call + 1
            )));
        }
    }
    let cpu = thread_cpu_time().saturating_sub(cpu_start);
    Ok((nodes, cpu, wall_start.elapsed(), calls))
}

/// How many perfts a timed run needs to last at least `min_time`, given that one took `one` (with a tenth to
/// spare; at most 100,000).
fn calls_for(one: Duration, min_time: Duration) -> u32 {
    if one >= min_time {
        return 1;
    }
    let one = one.max(Duration::from_micros(2)).as_secs_f64();
    ((min_time.as_secs_f64() * 1.1 / one).ceil() as u32).clamp(1, 100_000)
}

/// Every job must have counted the same nodes, and that count must be the reference count of docs/RULES.md R114
/// where it gives one. Without a reference count, the report marks the counts that differ from the most common one.
fn check_agreement(jobs: &[Job], options: &Options) -> Result<(), Disagreement> {
    let known = options.target.known_nodes(options.depth);
    let most_common = jobs
        .iter()
        .map(|job| job.nodes)
        .max_by_key(|&nodes| jobs.iter().filter(|job| job.nodes == nodes).count())
        .flatten();
    let reference = known.or(most_common);
    if jobs.iter().all(|job| job.nodes.is_some() && job.nodes == reference) {
        return Ok(());
    }
    let mut report = format!("node counts differ on {} at depth {}:\n", options.target.label, options.depth);
    if let Some(known) = known {
        report += &format!("  {:<14} {:<6} {known:>12}\n", "RULES.md R114", "");
    }
    for job in jobs {
        let nodes = job.nodes.map_or("none".to_string(), |nodes| nodes.to_string());
        let mark = if job.nodes == reference { "" } else { "  <-- differs" };
        report += &format!("  {:<14} {:<6} {nodes:>12}{mark}\n", job.engine.name, job.mode);
    }
    Err(Disagreement(report))
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::engines::ENGINES;
    use crate::positions::Target;

    /// Always the same count.
    struct Fixed(u64);

    impl Perft for Fixed {
        fn perft(&mut self, _depth: u32, _mode: Mode) -> u64 {
            self.0
        }
    }

    /// One more node on every call, like a generator with a bug in undo.
    struct Drifting(u64);

    impl Perft for Drifting {
        fn perft(&mut self, _depth: u32, _mode: Mode) -> u64 {
            self.0 += 1;
            self.0
        }
    }

    thread_local! {
        static CALLS: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
    }

    /// Records the order engines are called in.
    struct Logged(&'static str);

    impl Perft for Logged {
        fn perft(&mut self, _depth: u32, _mode: Mode) -> u64 {
            CALLS.with(|calls| calls.borrow_mut().push(self.0));
            900
        }
    }

    const RIGHT: Engine = Engine { name: "right", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Fixed(900))) };
    const ALSO_RIGHT: Engine =
        Engine { name: "also-right", about: "", modes: &[Mode::Bulk], setup: |_| Ok(Box::new(Fixed(900))) };
    const OFF_BY_ONE: Engine =
        Engine { name: "off-by-one", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Fixed(901))) };
    const DRIFTING: Engine =
        Engine { name: "drifting", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Drifting(898))) };
    const REFUSING: Engine =
        Engine { name: "refusing", about: "", modes: &Mode::ALL, setup: |_| Err("no parser".to_string()) };
    const FIRST: Engine =
        Engine { name: "first", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Logged("first"))) };
    const SECOND: Engine =
        Engine { name: "second", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Logged("second"))) };
    const THIRD: Engine =
        Engine { name: "third", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Logged("third"))) };

    fn options(position: &str, depth: u32, engines: &[&'static Engine], reps: usize) -> Options {
        Options {
            target: Target::resolve(position),
            depth,
            engines: engines.to_vec(),
            modes: vec![Mode::Bulk],
            reps,
            min_time: Duration::ZERO,
            build: None,
            rows_only: false,
        }
    }

    fn measure(options: &Options) -> Result<Vec<Job>, String> {
        let mut jobs = set_up(options)?;
        run(&mut jobs, options).map_err(|Disagreement(report)| report)?;
        Ok(jobs)
    }

    #[test]
    fn counts_that_agree_with_each_other_and_the_reference_pass() {
        let jobs = measure(&options("startpos", 2, &[&RIGHT, &ALSO_RIGHT], 3)).unwrap();
        assert_eq!(jobs.len(), 2);
        assert!(jobs.iter().all(|job| job.nodes == Some(900) && job.times.len() == 3));
    }

    #[test]
    fn one_engine_off_by_one_fails_and_is_named() {
        let report = measure(&options("startpos", 2, &[&RIGHT, &OFF_BY_ONE], 3)).err().unwrap();
        assert!(report.contains("off-by-one") && report.contains("901  <-- differs"), "{report}");
        assert!(!report.contains("900  <-- differs"), "{report}");
    }

    #[test]
    fn engines_that_agree_with_each_other_but_not_with_the_reference_fail() {
        let report = measure(&options("startpos", 2, &[&OFF_BY_ONE, &OFF_BY_ONE], 3)).err().unwrap();
        assert!(report.contains("RULES.md R114") && report.contains("900"), "{report}");
    }

    #[test]
    fn without_a_reference_count_the_engines_are_checked_against_each_other() {
        let sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
        assert!(measure(&options(sfen, 2, &[&RIGHT, &ALSO_RIGHT], 1)).is_ok());
        assert!(measure(&options(sfen, 2, &[&RIGHT, &OFF_BY_ONE], 1)).is_err());
        let report = measure(&options(sfen, 2, &[&OFF_BY_ONE, &RIGHT, &ALSO_RIGHT], 1)).err().unwrap();
        assert!(
            report.lines().any(|line| line.contains("off-by-one") && line.ends_with("901  <-- differs")),
            "{report}"
        );
        assert!(!report.contains("900  <-- differs"), "{report}");
    }

    #[test]
    fn a_count_that_changes_between_repetitions_fails() {
        // After the warm-up call, Drifting's first timed count (900) is right; its second is not.
        assert!(measure(&options("startpos", 2, &[&DRIFTING], 1)).is_ok());
        let report = measure(&options("startpos", 2, &[&DRIFTING], 2)).err().unwrap();
        assert!(report.contains("drifting bulk counted 900 nodes, then 901 on repetition 2"), "{report}");
    }

    #[test]
    fn an_engine_that_refuses_the_position_is_left_out() {
        let jobs = measure(&options("startpos", 2, &[&REFUSING, &RIGHT], 1)).unwrap();
        assert_eq!(jobs.iter().map(|job| job.engine.name).collect::<Vec<_>>(), ["right"]);
        assert!(set_up(&options("startpos", 2, &[&REFUSING], 1)).is_err());
    }

    #[test]
    fn a_mode_an_engine_lacks_is_skipped() {
        let mut both = options("startpos", 2, &[&RIGHT, &ALSO_RIGHT], 1);
        both.modes = Mode::ALL.to_vec();
        let jobs = set_up(&both).unwrap();
        let names: Vec<_> = jobs.iter().map(|job| (job.engine.name, job.mode)).collect();
        assert_eq!(names, [("right", Mode::Bulk), ("right", Mode::NoBulk), ("also-right", Mode::Bulk)]);
    }

    #[test]
    fn each_repetition_starts_one_engine_later() {
        CALLS.with(|calls| calls.borrow_mut().clear());
        measure(&options("startpos", 2, &[&FIRST, &SECOND, &THIRD], 3)).unwrap();
        let calls = CALLS.with(|calls| calls.borrow().clone());
        let warm_up = ["first", "second", "third"];
        let timed = ["first", "second", "third", "second", "third", "first", "third", "first", "second"];
        assert_eq!(calls, [&warm_up[..], &timed[..]].concat());
    }

    #[test]
    fn short_perfts_are_repeated_to_the_least_run_time() {
        let ms = Duration::from_millis;
        assert_eq!(calls_for(ms(300), ms(200)), 1);
        assert_eq!(calls_for(ms(200), ms(200)), 1);
        assert_eq!(calls_for(ms(17), ms(200)), 13); // 220 ms / 17 ms, rounded up
        assert_eq!(calls_for(ms(100), ms(200)), 3);
        assert_eq!(calls_for(Duration::ZERO, ms(200)), 100_000);
        assert_eq!(calls_for(ms(5), Duration::ZERO), 1);
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        let mut jobs = set_up(&options("startpos", 2, &[&RIGHT], 1)).unwrap();
        let job = &mut jobs[0];
        job.times = [5, 1, 3].map(Duration::from_millis).to_vec();
        assert_eq!(job.median_time(), Duration::from_millis(3));
        job.times = [4, 1, 3, 10].map(Duration::from_millis).to_vec();
        assert_eq!(job.median_time(), Duration::from_millis(3) + Duration::from_micros(500));
    }

    /// The real engines, on depths small enough for a debug build: every count must be docs/RULES.md R114's.
    #[test]
    fn every_engine_matches_the_reference_on_small_depths() {
        for (position, depth) in [("startpos", 3), ("matsuri", 2), ("maxmoves", 1)] {
            let mut options = options(position, depth, &[], 1);
            options.engines = ENGINES.iter().collect();
            options.modes = Mode::ALL.to_vec();
            let jobs = measure(&options).unwrap();
            let expected = ENGINES.iter().map(|engine| engine.modes.len()).sum::<usize>();
            assert_eq!(jobs.len(), expected, "{position}: an engine refused the position");
        }
    }
}
