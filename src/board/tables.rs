//! The generated tables: `$OUT_DIR/tables.rs`, written by `build.rs` with the generator `gen/lib.rs`.
//!
//! Every table is a `const` in the emitted `mod data` and is read only through the one `static` over
//! it, so it exists once in rodata (flash on a microcontroller) and is never copied to the stack.

//! The layout depends on the `compact-tables` feature (see `gen/lib.rs`, `Layout`).

use crate::Bitboard;
use crate::board::magic::Magic;

/// Short constructor that keeps the emitted source readable.
const fn bb(lo: u64, hi: u64) -> Bitboard {
    Bitboard::from_raw(lo, hi)
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::size_of_val;

    /// FNV-1a, 64-bit: enough to notice any change in the emitted text.
    fn fnv1a(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
    }

    /// The pinned checksum of each layout's `tables.rs`.
    #[cfg(not(feature = "compact-tables"))]
    const CHECKSUM: u64 = 0x25e1_fc7c_01b8_b43f;
    #[cfg(feature = "compact-tables")]
    const CHECKSUM: u64 = 0x672e_9644_9162_6199;

    /// Pins the emitted tables. A change here is a change of magics, table layout or Zobrist keys: if
    /// it is intended, update the checksum (and expect stored hashes to change if the keys did).
    #[test]
    fn emitted_tables_checksum_is_pinned() {
        let source = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));
        assert_eq!(fnv1a(source.as_bytes()), CHECKSUM, "tables.rs checksum changed: {:#x}", fnv1a(source.as_bytes()));
    }

    #[cfg(not(feature = "compact-tables"))]
    #[test]
    fn all_tables_fit_the_rodata_budget() {
        let sizes = [
            size_of_val(&FILE_MAGICS),
            size_of_val(&FILE_ATTACKS),
            size_of_val(&RANK_MAGICS),
            size_of_val(&RANK_ATTACKS),
            size_of_val(&DIAGONAL_MAGICS),
            size_of_val(&DIAGONAL_ATTACKS),
            size_of_val(&ANTI_DIAGONAL_MAGICS),
            size_of_val(&ANTI_DIAGONAL_ATTACKS),
            size_of_val(&LANCE_FORWARD),
            size_of_val(&STEP_FROM),
            size_of_val(&STEP_TO),
            size_of_val(&BETWEEN),
            size_of_val(&ZOBRIST_BOARD),
            size_of_val(&ZOBRIST_HAND),
            size_of_val(&ZOBRIST_SIDE),
        ];
        check_budget(&sizes, 512 * 1024);
    }

    #[cfg(feature = "compact-tables")]
    #[test]
    fn all_tables_fit_the_rodata_budget() {
        let sizes = [
            size_of_val(&RANK_ATTACKS),
            size_of_val(&FILE_MAGICS),
            size_of_val(&FILE_ATTACKS),
            size_of_val(&LANCE_ROWS),
            size_of_val(&DIAGONAL_MAGICS),
            size_of_val(&DIAGONAL_ATTACKS),
            size_of_val(&DIAGONAL_RAYS),
            size_of_val(&ANTI_DIAGONAL_MAGICS),
            size_of_val(&ANTI_DIAGONAL_ATTACKS),
            size_of_val(&ANTI_DIAGONAL_RAYS),
            size_of_val(&STEP_ROWS),
            size_of_val(&STEPS),
            size_of_val(&BETWEEN_INDEX),
            size_of_val(&BETWEEN),
            size_of_val(&ZOBRIST_BOARD),
            size_of_val(&ZOBRIST_HAND),
            size_of_val(&ZOBRIST_SIDE),
        ];
        check_budget(&sizes, 64 * 1024);
    }

    fn check_budget(sizes: &[usize], budget: usize) {
        let total: usize = sizes.iter().sum();
        assert!(total <= budget, "tables take {total} bytes");
        // The generator's own accounting (in the header comment) must agree with the real layout.
        let source = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));
        assert!(source.contains(&std::format!("// Rodata: {total} bytes in all.")));
    }
}
