//! Test helpers: a small deterministic PRNG and a naive move oracle written from the rules, in file
//! and rank coordinates, independent of the library's geometry and of the generator.

#![allow(dead_code)]

use hayanagi::{Bitboard, Color, PieceKind, Square};

/// xorshift64*: deterministic, no dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A random set of squares where each square is in with probability about `1 / 2^sparsity`.
    pub fn bitboard(&mut self, sparsity: u32) -> Bitboard {
        let mut bits = u128::MAX;
        for _ in 0..sparsity {
            bits &= (self.next_u64() as u128) << 64 | self.next_u64() as u128;
        }
        Bitboard::from_u128(bits & ((1 << 81) - 1)).unwrap()
    }

    pub fn square(&mut self) -> Square {
        Square::try_index(self.below(81) as usize).unwrap()
    }
}

/// (file number 1..=9, rank number 1..=9 with 1 = rank a).
pub fn coords(square: Square) -> (i32, i32) {
    (square.file().number() as i32, square.rank().number() as i32)
}

pub fn at(file: i32, rank: i32) -> Option<Square> {
    if (1..=9).contains(&file) && (1..=9).contains(&rank) {
        Some(Square::from_usi_bytes(&[b'0' + file as u8, b'a' + rank as u8 - 1]).unwrap())
    } else {
        None
    }
}

/// Movement written as in a rule book, for Black: "forward" is toward rank a (rank number - 1) and
/// "left" toward file 9 as Black sees the board (file number + 1). White is the mirror image.
/// Each entry is (forward, left).
fn steps(kind: PieceKind) -> &'static [(i32, i32)] {
    const GOLD: &[(i32, i32)] = &[(1, 1), (1, 0), (1, -1), (0, 1), (0, -1), (-1, 0)];
    match kind {
        PieceKind::Pawn => &[(1, 0)],
        PieceKind::Knight => &[(2, 1), (2, -1)],
        PieceKind::Silver => &[(1, 1), (1, 0), (1, -1), (-1, 1), (-1, -1)],
        PieceKind::Gold | PieceKind::ProPawn | PieceKind::ProLance | PieceKind::ProKnight | PieceKind::ProSilver => {
            GOLD
        }
        PieceKind::King => &[(1, 1), (1, 0), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)],
        PieceKind::Horse => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        PieceKind::Dragon => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        PieceKind::Lance | PieceKind::Bishop | PieceKind::Rook => &[],
    }
}

fn slides(kind: PieceKind) -> &'static [(i32, i32)] {
    match kind {
        PieceKind::Lance => &[(1, 0)],
        PieceKind::Bishop | PieceKind::Horse => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        PieceKind::Rook | PieceKind::Dragon => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        _ => &[],
    }
}

fn target(color: Color, square: Square, (forward, left): (i32, i32), distance: i32) -> Option<Square> {
    let (file, rank) = coords(square);
    let sign = if color == Color::Black { 1 } else { -1 };
    at(file + sign * left * distance, rank - sign * forward * distance)
}

/// One-step moves of a piece.
pub fn naive_steps(color: Color, kind: PieceKind, square: Square) -> Bitboard {
    steps(kind).iter().filter_map(|&d| target(color, square, d, 1)).collect()
}

/// Full attacks of a piece: steps plus slides stopping at (and including) the first occupied square.
pub fn naive_attacks(color: Color, kind: PieceKind, square: Square, occupied: Bitboard) -> Bitboard {
    let mut set = naive_steps(color, kind, square);
    for &d in slides(kind) {
        let mut distance = 1;
        while let Some(to) = target(color, square, d, distance) {
            set = set.with(to);
            if occupied.contains(to) {
                break;
            }
            distance += 1;
        }
    }
    set
}

/// The squares whose occupancy can change a slider's attacks: its empty-board rays minus each
/// ray's last square.
pub fn relevant_mask(color: Color, kind: PieceKind, square: Square) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &d in slides(kind) {
        let mut distance = 1;
        while let Some(to) = target(color, square, d, distance) {
            if target(color, square, d, distance + 1).is_some() {
                mask = mask.with(to);
            }
            distance += 1;
        }
    }
    mask
}

/// Every subset of `mask`, the empty set first.
pub fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mask = mask.to_u128();
    let mut next = Some(0u128);
    core::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Bitboard::from_u128(current)
    })
}
