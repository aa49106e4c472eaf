//! The markdown table of results.

use crate::engines::Mode;
use crate::measure::Job;
use crate::options::Options;

pub fn header(with_build: bool) -> String {
    let build = if with_build { " build |" } else { "" };
    let rule = if with_build { "---|" } else { "" };
    format!(
        "| position | depth |{build} engine | mode | nodes | median CPU ms | Mnps | time ÷ hayanagi's |\n\
         |---|--:|{rule}---|---|--:|--:|--:|--:|"
    )
}

/// One row per job, grouped by mode in the order asked for. The last column divides the engine's median time by
/// hayanagi's in the same mode: above 1 the engine is slower than hayanagi.
pub fn rows(jobs: &[Job], options: &Options) -> Vec<String> {
    let baseline =
        |mode: Mode| jobs.iter().find(|job| job.engine.name == "hayanagi" && job.mode == mode).map(Job::median_time);
    let build = options.build.as_ref().map_or(String::new(), |build| format!(" {build} |"));
    let mut rows = Vec::new();
    for &mode in &options.modes {
        for job in jobs.iter().filter(|job| job.mode == mode) {
            let nodes = job.nodes.unwrap_or(0);
            let seconds = job.median_time().as_secs_f64();
            let mnps = if seconds > 0.0 { format!("{:.1}", nodes as f64 / seconds / 1e6) } else { "-".to_string() };
            let ratio = match baseline(mode) {
                Some(base) if !base.is_zero() => format!("{:.2}", seconds / base.as_secs_f64()),
                _ => "-".to_string(),
            };
            rows.push(format!(
                "| {} | {} |{build} {} | {mode} | {} | {} | {mnps} | {ratio} |",
                options.target.label,
                options.depth,
                job.engine.name,
                group_thousands(nodes),
                three_digits(seconds * 1e3)
            ));
        }
    }
    rows
}

/// At least three significant digits, so short runs keep their precision: `0.153`, `15.3`, `1532`.
fn three_digits(value: f64) -> String {
    match value {
        v if v >= 100.0 => format!("{v:.0}"),
        v if v >= 10.0 => format!("{v:.1}"),
        v if v >= 1.0 => format!("{v:.2}"),
        v => format!("{v:.3}"),
    }
}

/// `19861490` as `19,861,490`, the way docs/RULES.md R114 writes counts.
fn group_thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engines::{Engine, Perft};
    use crate::measure;
    use crate::positions::Target;

    struct Fixed;

    impl Perft for Fixed {
        fn perft(&mut self, _depth: u32, _mode: Mode) -> u64 {
            1_234_567
        }
    }

    const HAYANAGI: Engine = Engine { name: "hayanagi", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Fixed)) };
    const PEER: Engine = Engine { name: "peer", about: "", modes: &Mode::ALL, setup: |_| Ok(Box::new(Fixed)) };

    #[test]
    fn rows_divide_by_hayanagis_time_in_the_same_mode() {
        let options = Options {
            target: Target::resolve("4k4/9/9/9/9/9/9/9/4K4 b - 1"),
            depth: 3,
            engines: vec![&PEER, &HAYANAGI],
            modes: vec![Mode::NoBulk, Mode::Bulk],
            reps: 1,
            min_time: Duration::ZERO,
            build: Some("native".to_string()),
            rows_only: false,
        };
        let mut jobs = measure::set_up(&options).unwrap();
        measure::run(&mut jobs, &options).ok().unwrap();
        // Jobs come engine by engine, each in the modes' order: peer nobulk, peer bulk, hayanagi nobulk, hayanagi bulk.
        for (job, millis) in jobs.iter_mut().zip([500, 30, 1000, 10]) {
            job.times = vec![Duration::from_millis(millis)];
        }
        let rows = rows(&jobs, &options);
        let sfen = "`4k4/9/9/9/9/9/9/9/4K4 b - 1`";
        assert_eq!(
            rows,
            [
                format!("| {sfen} | 3 | native | peer | nobulk | 1,234,567 | 500 | 2.5 | 0.50 |"),
                format!("| {sfen} | 3 | native | hayanagi | nobulk | 1,234,567 | 1000 | 1.2 | 1.00 |"),
                format!("| {sfen} | 3 | native | peer | bulk | 1,234,567 | 30.0 | 41.2 | 3.00 |"),
                format!("| {sfen} | 3 | native | hayanagi | bulk | 1,234,567 | 10.0 | 123.5 | 1.00 |"),
            ]
        );
        assert_eq!(header(true).lines().next().map(|line| line.matches('|').count()), Some(10));
    }

    #[test]
    fn times_keep_three_digits() {
        assert_eq!(three_digits(1532.4), "1532");
        assert_eq!(three_digits(15.34), "15.3");
        assert_eq!(three_digits(1.534), "1.53");
        assert_eq!(three_digits(0.1534), "0.153");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(1_000), "1,000");
        assert_eq!(group_thousands(547_581_517), "547,581,517");
    }
}
