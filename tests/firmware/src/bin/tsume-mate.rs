//! The tsume solver on the device, in its RAM: mates in 7 and 11 from 将棋無双 solved over a fixed
//! 512 B table and a 1.5 KB scratch of move slots, their lines replayed (src/tsume.rs). Runs on
//! both builds: the micro:bit (Cortex-M0, 16 KB of RAM, compact tables) and the nRF52840
//! (Cortex-M4F). Prints each result and the peak stack, and exits 0 only if everything matched (1
//! on a mismatch, panic or fault).

#![no_std]
#![no_main]

#[path = "../report.rs"]
mod report;
#[path = "../runtime.rs"]
mod runtime;
#[path = "../stack.rs"]
mod stack;
#[path = "../tsume.rs"]
mod tsume;

use cortex_m as _;
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};

use report::Report;
pub use runtime::clock;
use runtime::exit;

#[entry]
fn main() -> ! {
    let mut report = Report::new();
    // stack::cost paints the free stack and calls the checks out of line; the peak is then measured
    // from the top of RAM (main's frame and the runtime's included).
    let cost = stack::cost(|| tsume::check(&mut report));
    let (peak, size) = (stack::peak(), stack::size());
    hprintln!("     stack: the tsume checks {} bytes", cost);
    // The stack grows down toward the statics: it must never have reached them.
    report.check(
        peak < size,
        format_args!("peak stack {peak} bytes of the {size} between the statics and the top of RAM"),
    );
    hprintln!("hayanagi tsume on Cortex-M: {} checks, {} failures", report.checks(), report.failures());
    exit(if report.passed() { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE })
}
