//! The smallest program that uses the library as a move generator: from the start position it generates
//! the legal moves, plays each, generates the replies, plays each and counts the legal moves after it
//! (with two move lists, as a program looking two plies ahead would). It prints its peak stack and
//! exits 0 when the count is the perft 3 of docs/RULES.md R114, 25,470. What it links (`size -A`) is
//! what a move generator costs in flash; it avoids `core::fmt` so that the number is the library's.

#![no_std]
#![no_main]

#[path = "../stack.rs"]
#[allow(dead_code)] // `cost` is for the main firmware.
mod stack;

use cortex_m as _;
use cortex_m_rt::{ExceptionFrame, entry, exception};
use cortex_m_semihosting::debug;
use cortex_m_semihosting::hio;
use hayanagi::{MoveList, Position};

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

#[exception]
unsafe fn HardFault(_: &ExceptionFrame) -> ! {
    exit(debug::EXIT_FAILURE)
}

/// Writes `text` and `value` in decimal to the host's stdout, without `core::fmt`.
fn print(text: &str, value: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if let Ok(mut out) = hio::hstdout() {
        let _ = out.write_all(text.as_bytes());
        let _ = out.write_all(&digits[at..]);
        let _ = out.write_all(b"\n");
    }
}

#[entry]
fn main() -> ! {
    stack::paint();
    let mut pos = Position::startpos();
    let (mut moves, mut replies) = (MoveList::new(), MoveList::new());
    let mut nodes = 0;
    pos.generate_legal_moves(&mut moves);
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        pos.generate_legal_moves(&mut replies);
        for &reply in replies.iter() {
            let undo = pos.play_unchecked(reply);
            nodes += pos.count_legal_moves();
            pos.undo_unchecked(undo);
        }
        pos.undo_unchecked(undo);
    }
    let peak = stack::peak();
    print("movegen-only: perft 3 from the start position: ", nodes);
    print("movegen-only: peak stack bytes: ", peak as u64);
    exit(if nodes == 25_470 && peak < stack::size() { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE })
}
