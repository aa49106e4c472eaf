//! hayanagi on a microcontroller, under QEMU: attack tables, SFEN and USI parsing (valid and
//! invalid), perft, and play/undo with Zobrist keys, each checked against known answers; prints each
//! result and the peak stack use over semihosting, and exits 0 when everything matches, 1 on any
//! mismatch, panic or fault.

#![no_std]
#![no_main]

mod attacks;
mod perft;
mod play;
mod report;
mod runtime;
mod sfen;
mod stack;
mod stack_cost;
mod usi;

/// The tests' rule-book oracle (file and rank coordinates, independent of the tables) and PRNG.
#[path = "../../common/mod.rs"]
mod common;

use cortex_m as _;
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};

use report::Report;
pub use runtime::clock;
use runtime::exit;

/// A named group of checks.
type Phase = (&'static str, fn(&mut Report));

#[entry]
fn main() -> ! {
    let mut report = Report::new();
    let phases: [Phase; 5] = [
        ("attack tables", attacks::check),
        ("SFEN", sfen::check),
        ("USI position", usi::check),
        ("play and undo", play::check),
        ("perft", perft::check),
    ];
    let mut peak = 0;
    for (name, run) in phases {
        stack::paint();
        let start = clock();
        run(&mut report);
        let centiseconds = clock().saturating_sub(start);
        let used = stack::peak();
        peak = peak.max(used);
        hprintln!("     {}: peak stack {} bytes, {}.{:02} s", name, used, centiseconds / 100, centiseconds % 100);
    }
    stack_cost::measure();
    // The stack grows down toward the statics: it must never have reached them.
    let size = stack::size();
    report.check(
        peak < size,
        format_args!("peak stack {peak} bytes of the {size} between the statics and the top of RAM"),
    );
    hprintln!("hayanagi on Cortex-M: {} checks, {} failures", report.checks(), report.failures());
    exit(if report.passed() { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE })
}
