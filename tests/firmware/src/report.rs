//! The tally of checks, and the lines printed over semihosting.

use core::fmt;

use cortex_m_semihosting::hprintln;

/// Counts checks and failures.
pub struct Report {
    checks: u32,
    failures: u32,
}

impl Report {
    pub const fn new() -> Report {
        Report { checks: 0, failures: 0 }
    }

    /// Records one check without printing it (a sweep of thousands prints one summary line).
    pub fn tally(&mut self, ok: bool) -> bool {
        self.checks += 1;
        self.failures += u32::from(!ok);
        ok
    }

    /// Records one check and prints `ok` or `FAIL` with what was checked.
    pub fn check(&mut self, ok: bool, what: fmt::Arguments) -> bool {
        hprintln!("{} {}", if ok { "ok  " } else { "FAIL" }, what);
        self.tally(ok)
    }

    pub fn checks(&self) -> u32 {
        self.checks
    }

    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// Everything passed, and something was checked.
    pub fn passed(&self) -> bool {
        self.failures == 0 && self.checks > 0
    }
}
