//! Checks every piece's attacks, on every square, against the tests' rule-book oracle run on the
//! device, for a stream of pseudo-random occupancies; also the step, step_to and between tables. Exits through
//! semihosting: 0 when everything matches.

#![no_std]
#![no_main]

use cortex_m as _;
use cortex_m_rt::{ExceptionFrame, entry, exception};
use cortex_m_semihosting::{debug, hprintln};
use hayanagi::{Color, Piece, PieceKind, Square, attacks, between, step_attacks, step_to};

/// The tests' rule-book oracle (file and rank coordinates, independent of the tables).
#[path = "../../common/mod.rs"]
mod common;

/// Ends the QEMU run with `status` (semihosting); on real hardware, sleeps.
fn exit(status: debug::ExitStatus) -> ! {
    debug::exit(status);
    loop {
        cortex_m::asm::wfi();
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    exit(debug::EXIT_FAILURE)
}

// Without this a fault would hang QEMU until the timeout.
#[exception]
unsafe fn HardFault(_: &ExceptionFrame) -> ! {
    exit(debug::EXIT_FAILURE)
}

#[entry]
fn main() -> ! {
    let mut rng = common::Rng::new(0x1234_5678);
    let (mut checks, mut failures) = (0u32, 0u32);
    let mut check = |ok: bool| {
        checks += 1;
        failures += !ok as u32;
    };
    for square in Square::ALL {
        for _ in 0..48 {
            // About a quarter of the board occupied, varying per draw.
            let occupied = rng.bitboard(2);
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let expected = common::naive_attacks(color, kind, square, occupied);
                    check(attacks(Piece::new(color, kind), square, occupied) == expected);
                }
            }
        }
        for other in Square::ALL {
            for kind in PieceKind::ALL {
                check(
                    step_attacks(Color::Black, kind, square).contains(other)
                        == step_to(Color::Black, kind, other).contains(square),
                );
            }
            let line = between(square, other);
            check(line == between(other, square) && !line.contains(square) && !line.contains(other));
        }
    }
    hprintln!("hayanagi on Cortex-M: {} checks, {} failures", checks, failures);
    exit(if failures == 0 && checks > 0 { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE })
}
