//! Magic lookup of slider attacks along one line (file, rank, diagonal or anti-diagonal).
//!
//! The relevant occupancy of a line is masked, folded to 64 bits as `lo | hi` (lossless: for every
//! line mask no bit position is used in both halves, which the generator asserts), multiplied by the
//! square's magic and shifted to an index into that square's packed slots.

use crate::{Bitboard, Square};

/// The magic of one square on one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Magic {
    mask: Bitboard,
    magic: u64,
    offset: u32,
    shift: u32,
}

impl Magic {
    /// Used by the generated tables.
    pub(crate) const fn new(mask: Bitboard, magic: u64, shift: u32, offset: u32) -> Magic {
        Magic { mask, magic, offset, shift }
    }
}

/// Attacks from `square` along the line whose magics and slots are given, with `occupied` blocking.
#[inline(always)]
pub(crate) fn line_attacks(
    magics: &[Magic; Square::NUM],
    attacks: &[Bitboard],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    let m = &magics[square.index()];
    let masked = occupied & m.mask;
    let key = masked.lo() | masked.hi();
    let index = m.offset as usize + (key.wrapping_mul(m.magic) >> m.shift) as usize;
    // Always in bounds (the generator and the exhaustive tests check every slot); `get` keeps the
    // lookup free of a panic path.
    match attacks.get(index) {
        Some(&set) => set,
        None => Bitboard::EMPTY,
    }
}
