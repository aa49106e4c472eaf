//! What every firmware binary of the checks needs around its `main` (the main firmware and
//! tsume-mate; movegen-only keeps its own without `core::fmt`): the exit over semihosting, the panic
//! and HardFault handlers that print and exit 1, and the host clock for the timings printed.

use cortex_m_rt::{ExceptionFrame, exception};
use cortex_m_semihosting::{debug, hprintln, nr, syscall1};

/// Ends the QEMU run with `status` (semihosting); on real hardware, sleeps.
pub fn exit(status: debug::ExitStatus) -> ! {
    debug::exit(status);
    loop {
        cortex_m::asm::wfi();
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("FAIL panic: {}", info);
    exit(debug::EXIT_FAILURE)
}

// Without this a fault would hang QEMU until the timeout.
#[exception]
unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
    hprintln!("FAIL hard fault at pc {:#010x}", frame.pc());
    exit(debug::EXIT_FAILURE)
}

/// Host time in centiseconds (semihosting SYS_CLOCK), for the timings printed.
pub fn clock() -> usize {
    // SAFETY: SYS_CLOCK takes no argument block.
    unsafe { syscall1(nr::CLOCK, 0) }
}
