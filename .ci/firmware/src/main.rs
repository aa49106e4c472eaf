//! Checks every slider lookup, on every square, against a ray walk done on the device, for a stream
//! of pseudo-random occupancies; also the step, step_to and between tables. Exits through
//! semihosting: 0 when everything matches.

#![no_std]
#![no_main]

use cortex_m as _;
use cortex_m_rt::{ExceptionFrame, entry, exception};
use cortex_m_semihosting::{debug, hprintln};
use hayanagi::{
    Bitboard, Color, File, Piece, PieceKind, Rank, Square, attacks, between, bishop_attacks, lance_attacks,
    rook_attacks, step_attacks, step_to,
};

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

/// xorshift32: cheap on a Cortex-M0.
fn next(state: &mut u32) -> u32 {
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    *state
}

fn random_occupancy(state: &mut u32) -> Bitboard {
    let word = |s: &mut u32| (next(s) & next(s)) as u128;
    let bits = word(state) | word(state) << 32 | word(state) << 64 | word(state) << 96;
    Bitboard::from_u128(bits & ((1 << 81) - 1)).unwrap_or(Bitboard::EMPTY)
}

/// Walks from `square` by (file step, rank step) until the edge or the first occupied square.
fn walk(square: Square, df: i8, dr: i8, occupied: Bitboard) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    let (mut f, mut r) = (square.file().number() as i8, square.rank().index() as i8);
    loop {
        f += df;
        r += dr;
        let (Some(file), Some(rank)) = (File::new(f as u8), Rank::try_index(r as usize)) else {
            return set;
        };
        let to = Square::new(file, rank);
        set = set.with(to);
        if occupied.contains(to) {
            return set;
        }
    }
}

#[entry]
fn main() -> ! {
    let mut state = 0x1234_5678;
    let (mut checks, mut failures) = (0u32, 0u32);
    let mut check = |ok: bool| {
        checks += 1;
        failures += !ok as u32;
    };
    for square in Square::ALL {
        for _ in 0..48 {
            let occupied = random_occupancy(&mut state);
            let rook = walk(square, 0, 1, occupied)
                | walk(square, 0, -1, occupied)
                | walk(square, 1, 0, occupied)
                | walk(square, -1, 0, occupied);
            let bishop = walk(square, 1, 1, occupied)
                | walk(square, 1, -1, occupied)
                | walk(square, -1, 1, occupied)
                | walk(square, -1, -1, occupied);
            check(rook_attacks(square, occupied) == rook);
            check(bishop_attacks(square, occupied) == bishop);
            // Black's lance moves toward rank a (rank index down), White's toward rank i.
            check(lance_attacks(Color::Black, square, occupied) == walk(square, 0, -1, occupied));
            check(lance_attacks(Color::White, square, occupied) == walk(square, 0, 1, occupied));
            // A dragon is a rook plus the four diagonal neighbours.
            let diagonal_steps = bishop_attacks(square, Bitboard::FULL);
            let dragon = Piece::new(Color::White, PieceKind::Dragon);
            check(attacks(dragon, square, occupied) == rook | diagonal_steps);
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
