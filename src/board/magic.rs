//! Magic lookup of slider attacks along one line (file, rank, diagonal or anti-diagonal).
//!
//! The relevant occupancy of a line is masked, folded to 64 bits as `lo | hi` (lossless: for every
//! line mask no bit position is used in both halves, which the generator asserts), multiplied by the
//! square's magic and shifted to an index into that square's packed slots: attack sets in the full
//! layout, 1-byte ray codes in the compact one (`compact-tables`).

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

impl Magic {
    /// The slot of `occupied` in the line's packed table.
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        let masked = occupied & self.mask;
        let key = masked.lo() | masked.hi();
        self.offset as usize + (key.wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Attacks from `square` along the line whose magics and slots are given, with `occupied` blocking.
#[cfg(not(feature = "compact-tables"))]
#[inline(always)]
pub(crate) fn line_attacks(
    magics: &[Magic; Square::NUM],
    attacks: &[Bitboard],
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    // Always in bounds (the generator and the exhaustive tests check every slot); `get` keeps the
    // lookup free of a panic path.
    match attacks.get(magics[square.index()].index(occupied)) {
        Some(&set) => set,
        None => Bitboard::EMPTY,
    }
}

/// Attacks from `square` along a line whose slots are ray codes (compact tables): the code's pattern
/// (`below << 4 | above` attacked squares, the piece on `step * below`) moved up to the square.
#[cfg(feature = "compact-tables")]
#[inline(always)]
pub(crate) fn ray_attacks(
    magics: &[Magic; Square::NUM],
    codes: &[u8],
    rays: &[Bitboard],
    step: usize,
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    let code = match codes.get(magics[square.index()].index(occupied)) {
        Some(&code) => code,
        None => 0,
    };
    match rays.get(code as usize) {
        Some(&ray) => ray.shifted_up(square.index().wrapping_sub((code >> 4) as usize * step)),
        None => Bitboard::EMPTY,
    }
}
