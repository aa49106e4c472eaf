//! `peers`: perft speed of hayanagi beside the other Rust shogi move generators, measured in one process.
//!
//! Every engine runs the same perft on the same position, interleaved round-robin, timed by the thread's CPU time;
//! all node counts must agree with each other and with docs/RULES.md R114 where it has the number, or the run fails. The
//! result is a markdown table. `run.sh` next to this crate runs the README's set of positions.

mod cpu_time;
mod engines;
mod mate;
mod measure;
mod options;
mod positions;
mod table;

use std::process::ExitCode;

use options::Command;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("mate1") {
        return mate::main(&args[1..]);
    }
    let options = match options::parse(&args) {
        Ok(Command::List) => {
            options::print_list();
            return ExitCode::SUCCESS;
        }
        Ok(Command::Header) => {
            println!("{}", table::header(true));
            return ExitCode::SUCCESS;
        }
        Ok(Command::Run(options)) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("peers: {message}");
            }
            eprintln!("{}", options::USAGE);
            return ExitCode::from(2);
        }
    };
    let mut jobs = match measure::set_up(&options) {
        Ok(jobs) => jobs,
        Err(message) => {
            eprintln!("peers: {message}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("{} depth {} ({})", options.target.label, options.depth, options.target.sfen);
    if let Err(measure::Disagreement(report)) = measure::run(&mut jobs, &options) {
        eprintln!("\n!!! PERFT DISAGREEMENT: {report}");
        return ExitCode::FAILURE;
    }
    if !options.rows_only {
        println!("{}", table::header(options.build.is_some()));
    }
    for row in table::rows(&jobs, &options) {
        println!("{row}");
    }
    ExitCode::SUCCESS
}
