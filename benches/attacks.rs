//! Attack lookup speed: `cargo bench --bench attacks`.
//!
//! Each lookup kind runs over the same 4096 random (square, occupancy) pairs many times; the result
//! is folded into a checksum so no lookup can be optimised away. A naive ray walk is timed beside the
//! tables for scale. Prints nanoseconds per lookup (median of 7 runs).

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use hayanagi::{Bitboard, Color, Piece, PieceKind, Square, attacks, bishop_attacks, lance_attacks, rook_attacks};

const PAIRS: usize = 4096;
const ROUNDS: usize = 500;

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn measure(name: &str, pairs: &[(Square, Bitboard)], lookup: impl Fn(Square, Bitboard) -> Bitboard) {
    let mut samples = Vec::new();
    let mut checksum = 0u64;
    for _ in 0..7 {
        let start = Instant::now();
        for _ in 0..ROUNDS {
            for &(square, occupied) in pairs {
                let set = lookup(black_box(square), black_box(occupied));
                checksum = checksum.wrapping_add(set.lo() ^ set.hi());
            }
        }
        samples.push(start.elapsed().as_secs_f64() * 1e9 / (ROUNDS * pairs.len()) as f64);
    }
    samples.sort_by(f64::total_cmp);
    black_box(checksum);
    println!("{name:<28} {:>6.2} ns/lookup", samples[3]);
}

fn main() {
    let mut state = 0x9e37_79b9_7f4a_7c15;
    let pairs: Vec<(Square, Bitboard)> = (0..PAIRS)
        .map(|_| {
            let square = Square::ALL[(xorshift(&mut state) % 81) as usize];
            // About one square in four occupied, like a middle game.
            let bits = (xorshift(&mut state) as u128) << 64 | xorshift(&mut state) as u128;
            let bits2 = (xorshift(&mut state) as u128) << 64 | xorshift(&mut state) as u128;
            let occupied = Bitboard::from_u128(bits & bits2 & ((1 << 81) - 1)).unwrap();
            (square, occupied)
        })
        .collect();
    measure("rook_attacks", &pairs, rook_attacks);
    measure("bishop_attacks", &pairs, bishop_attacks);
    measure("lance_attacks (black)", &pairs, |s, o| lance_attacks(Color::Black, s, o));
    measure("attacks (white dragon)", &pairs, |s, o| attacks(Piece::new(Color::White, PieceKind::Dragon), s, o));
    measure("attacks (black gold)", &pairs, |s, o| attacks(Piece::new(Color::Black, PieceKind::Gold), s, o));
    measure("naive rook ray walk", &pairs, |s, o| common::naive_attacks(Color::Black, PieceKind::Rook, s, o));
}
