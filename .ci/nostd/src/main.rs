//! Calls the library from a binary without std, alloc or the Rust runtime; exits 0 when the answers
//! are right.

#![no_std]
#![no_main]

use hayanagi::{Bitboard, Color, Piece, PieceKind, Square, attacks, between, rook_attacks, zobrist};

#[link(name = "c")]
unsafe extern "C" {
    fn abort() -> !;
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: libc's abort takes no arguments and never returns.
    unsafe { abort() }
}

#[unsafe(no_mangle)]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    let occupied = Bitboard::EMPTY.with(Square::SQ_5C).with(Square::SQ_3E);
    let mut failures = 0;
    failures += (rook_attacks(Square::SQ_5E, occupied).count() != 12) as i32;
    let dragon = Piece::new(Color::White, PieceKind::Dragon);
    failures += (attacks(dragon, Square::SQ_1A, Bitboard::FULL).count() != 3) as i32;
    failures += (between(Square::SQ_9A, Square::SQ_1I).count() != 7) as i32;
    failures += (zobrist::hand(Color::Black, PieceKind::Pawn, 18).is_none()) as i32;
    failures
}
