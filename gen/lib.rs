//! Build-time generator of hayanagi's tables.
//!
//! [`generate`] searches magic multipliers for the four slider lines (file, rank, diagonal,
//! anti-diagonal) of every square, verifies every entry against a naive ray walk, and emits those
//! tables together with the step (`step_from` / `step_to`), `between`, lance-forward and Zobrist
//! tables as `const` Rust source. The root crate's `build.rs` writes that source to
//! `$OUT_DIR/tables.rs`; `cargo run -p hayanagi-gen -- <file>` writes a copy and reports sizes and time.
//!
//! Determinism: the only randomness is a ChaCha8 stream with a fixed seed ([`SEED`]); magics use
//! stream [`MAGIC_STREAM`], Zobrist keys stream [`ZOBRIST_STREAM`], so a change in the magic search
//! never changes a hash key. No hash maps, no floating point, no clock: the same source gives
//! byte-identical output on every machine.

#[path = "../src/board/geometry.rs"]
mod geometry;

use geometry::{
    BLACK, Delta, HAND_KINDS, KINDS, LANCE, LINES, MAX_HAND_COUNT, SLIDES, SQUARES, STEPS, WHITE, col_of, file_of_col,
    offset, oriented, row_of,
};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::fmt::Write as _;

/// The fixed ChaCha8 seed every table is drawn from.
pub const SEED: [u8; 32] = *b"hayanagi tables: fixed seed v1.\0";
/// ChaCha stream of the magic candidates.
pub const MAGIC_STREAM: u64 = 0;
/// ChaCha stream of the Zobrist keys.
pub const ZOBRIST_STREAM: u64 = 1;
/// Magic candidates tried per (line, square) before the build gives up.
pub const MAX_CANDIDATES: u32 = 1 << 20;

/// Size in bytes of one `Bitboard` (two `u64`) in the library.
const BITBOARD_BYTES: usize = 16;
/// Size in bytes of one `Magic` (mask, multiplier, offset, shift; 16-byte aligned) in the library.
const MAGIC_BYTES: usize = 32;
const LINE_NAMES: [&str; 4] = ["FILE", "RANK", "DIAGONAL", "ANTI_DIAGONAL"];
const KIND_NAMES: [&str; KINDS] = [
    "pawn",
    "lance",
    "knight",
    "silver",
    "gold",
    "bishop",
    "rook",
    "king",
    "promoted pawn",
    "promoted lance",
    "promoted knight",
    "promoted silver",
    "horse",
    "dragon",
];

/// A set of squares, bit `i` = square `i`, in the library's `Bitboard` layout (`lo` = bits 0..64).
type Set = u128;

const fn bit(square: u8) -> Set {
    1 << square
}

/// The 64-bit magic key of a masked occupancy: `lo | hi`. Lossless only for masks whose `lo` and `hi`
/// halves share no bit position, which [`line_mask`]'s caller asserts for every mask.
const fn key(occupancy: Set) -> u64 {
    occupancy as u64 | (occupancy >> 64) as u64
}

/// Name of a square in USI (`7g`), for comments in the emitted source.
fn square_name(square: u8) -> String {
    format!("{}{}", file_of_col(col_of(square)), (b'a' + row_of(square)) as char)
}

/// The naive ray walk: squares from `square` along `delta` up to and including the first occupied one.
fn ray(square: u8, delta: Delta, occupancy: Set) -> Set {
    let mut set = 0;
    let mut at = square;
    while let Some(next) = offset(at, delta) {
        set |= bit(next);
        if occupancy & bit(next) != 0 {
            break;
        }
        at = next;
    }
    set
}

fn line_attacks(line: usize, square: u8, occupancy: Set) -> Set {
    ray(square, LINES[line][0], occupancy) | ray(square, LINES[line][1], occupancy)
}

/// Relevant occupancy of a line: the squares of both rays except the last of each (a piece on the last
/// square changes nothing).
fn line_mask(line: usize, square: u8) -> Set {
    let mut mask = 0;
    for delta in LINES[line] {
        let mut at = square;
        while let Some(next) = offset(at, delta) {
            if offset(next, delta).is_some() {
                mask |= bit(next);
            }
            at = next;
        }
    }
    mask
}

/// Every subset of `mask` (carry-rippler), the empty set first.
fn subsets(mask: Set) -> impl Iterator<Item = Set> {
    let mut next: Option<Set> = Some(0);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

/// The magic of one (line, square) pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMagic {
    /// Relevant occupancy.
    pub mask: Set,
    /// The multiplier.
    pub magic: u64,
    /// Right shift applied to `key * magic`.
    pub shift: u32,
    /// Index of this square's first slot in the line's attack table.
    pub offset: u32,
}

/// One line's magics (one per square) and its packed attack table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineTable {
    /// Per square, in square order.
    pub magics: Vec<LineMagic>,
    /// All squares' slots, packed one after the other.
    pub attacks: Vec<Set>,
}

impl LineTable {
    /// The table lookup the library performs, as the generator understands it.
    pub fn lookup(&self, square: u8, occupancy: Set) -> Set {
        let m = &self.magics[square as usize];
        let index = (key(occupancy & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.attacks[m.offset as usize + index]
    }
}

/// Searches a magic for `square` on `line` with a table of `1 << bits` slots. Constructive collisions
/// (two occupancies with the same attack set in one slot) are allowed.
fn search_magic(
    rng: &mut ChaCha8Rng,
    mask: Set,
    bits: u32,
    cases: &[(u64, Set)],
    max_candidates: u32,
) -> Option<(u64, Vec<Set>)> {
    if bits == 0 {
        // Empty mask: the key is always 0, so slot 0 with any multiplier.
        return Some((0, vec![cases[0].1]));
    }
    let shift = 64 - bits;
    let size = 1usize << bits;
    let mut slots: Vec<Option<Set>> = vec![None; size];
    let key_mask = key(mask);
    for _ in 0..max_candidates {
        // Sparse candidates work best (Yamamoto 2010, and chess practice).
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        // A multiplier that leaves too few high bits of the mask's product cannot spread the keys.
        if (key_mask.wrapping_mul(magic) >> shift).count_ones() < bits.min(6) / 2 {
            continue;
        }
        slots.iter_mut().for_each(|slot| *slot = None);
        let fits = cases.iter().all(|&(k, attacks)| {
            let slot = &mut slots[(k.wrapping_mul(magic) >> shift) as usize];
            match *slot {
                None => {
                    *slot = Some(attacks);
                    true
                }
                Some(existing) => existing == attacks,
            }
        });
        if fits {
            // Slots no occupancy reaches are never read; fill them with the empty set.
            return Some((magic, slots.into_iter().map(|s| s.unwrap_or(0)).collect()));
        }
    }
    None
}

/// Builds one line's magics and attack table, verifying every entry against the ray walk. A square
/// whose search needs more than `max_candidates` candidates is an error naming the line and square.
pub fn build_line(rng: &mut ChaCha8Rng, line: usize, max_candidates: u32) -> Result<LineTable, String> {
    let mut magics = Vec::with_capacity(SQUARES);
    let mut attacks = Vec::new();
    for square in 0..SQUARES as u8 {
        let mask = line_mask(line, square);
        if mask as u64 & (mask >> 64) as u64 != 0 {
            return Err(format!(
                "{} mask of {}: lo and hi overlap, so `lo | hi` would lose bits",
                LINE_NAMES[line],
                square_name(square)
            ));
        }
        let cases: Vec<(u64, Set)> =
            subsets(mask).map(|occupancy| (key(occupancy), line_attacks(line, square, occupancy))).collect();
        let bits = mask.count_ones();
        let (magic, slots) = search_magic(rng, mask, bits, &cases, max_candidates).ok_or_else(|| {
            format!(
                "no {} magic for {} within {max_candidates} candidates ({bits} bits)",
                LINE_NAMES[line],
                square_name(square)
            )
        })?;
        magics.push(LineMagic {
            mask,
            magic,
            shift: if bits == 0 { 63 } else { 64 - bits },
            offset: attacks.len() as u32,
        });
        attacks.extend(slots);
    }
    let table = LineTable { magics, attacks };
    verify_line(&table, line)?;
    Ok(table)
}

/// Checks every square and every subset of its mask, plus the bits outside the mask being ignored.
fn verify_line(table: &LineTable, line: usize) -> Result<(), String> {
    for square in 0..SQUARES as u8 {
        let mask = table.magics[square as usize].mask;
        // Everything outside the mask, including the square itself and the ray ends, must not matter.
        let outside = ((1u128 << SQUARES) - 1) & !mask;
        for occupancy in subsets(mask) {
            let expected = line_attacks(line, square, occupancy);
            for noise in [0, outside] {
                if table.lookup(square, occupancy | noise) != expected {
                    return Err(format!(
                        "{} table wrong at {} for occupancy {occupancy:#x}",
                        LINE_NAMES[line],
                        square_name(square)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// `step_from[color][kind][square]`: squares a piece reaches in one step (sliding moves excluded).
pub fn step_from() -> Vec<Vec<Vec<Set>>> {
    [BLACK, WHITE]
        .iter()
        .map(|&color| {
            (0..KINDS)
                .map(|kind| {
                    (0..SQUARES as u8)
                        .map(|square| {
                            STEPS[kind]
                                .iter()
                                .filter_map(|&delta| offset(square, oriented(delta, color)))
                                .fold(0, |set, to| set | bit(to))
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// `step_to[color][kind][square]`: squares from which a piece steps onto `square` (inverse of
/// `step_from`, built by inverting it).
pub fn step_to(step_from: &[Vec<Vec<Set>>]) -> Vec<Vec<Vec<Set>>> {
    step_from
        .iter()
        .map(|per_kind| {
            per_kind
                .iter()
                .map(|from| {
                    (0..SQUARES as u8)
                        .map(|to| {
                            (0..SQUARES as u8)
                                .filter(|&f| from[f as usize] & bit(to) != 0)
                                .fold(0, |set, f| set | bit(f))
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// `between[a][b]`: squares strictly between two squares on one line, empty otherwise.
pub fn between() -> Vec<Vec<Set>> {
    (0..SQUARES as u8)
        .map(|from| {
            let mut row = vec![0; SQUARES];
            for line in LINES {
                for delta in line {
                    let mut passed = 0;
                    let mut at = from;
                    while let Some(next) = offset(at, delta) {
                        row[next as usize] = passed;
                        passed |= bit(next);
                        at = next;
                    }
                }
            }
            row
        })
        .collect()
}

/// `lance_forward[color][square]`: the lance's ray on an empty board, used to cut the file attacks.
pub fn lance_forward() -> Vec<Vec<Set>> {
    [BLACK, WHITE]
        .iter()
        .map(|&color| {
            (0..SQUARES as u8).map(|square| ray(square, oriented(SLIDES[LANCE as usize][0], color), 0)).collect()
        })
        .collect()
}

/// The Zobrist keys, all non-zero and distinct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zobrist {
    /// `board[color][kind][square]`.
    pub board: Vec<Vec<Vec<u64>>>,
    /// `hand[color][hand kind][count 0..=18]`.
    pub hand: Vec<Vec<Vec<u64>>>,
    /// XORed in when White is to move.
    pub side: u64,
}

/// Draws the Zobrist keys from [`ZOBRIST_STREAM`], skipping zero and repeated values.
pub fn zobrist() -> Zobrist {
    let mut rng = ChaCha8Rng::from_seed(SEED);
    rng.set_stream(ZOBRIST_STREAM);
    let mut seen = std::collections::BTreeSet::new();
    let mut draw = || loop {
        let k = rng.next_u64();
        if k != 0 && seen.insert(k) {
            return k;
        }
    };
    let board = (0..2).map(|_| (0..KINDS).map(|_| (0..SQUARES).map(|_| draw()).collect()).collect()).collect();
    let hand =
        (0..2).map(|_| (0..HAND_KINDS).map(|_| (0..=MAX_HAND_COUNT).map(|_| draw()).collect()).collect()).collect();
    let side = draw();
    Zobrist { board, hand, side }
}

/// One emitted table and its size in the library's rodata.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSize {
    /// The `static`'s name.
    pub name: String,
    /// Number of entries.
    pub entries: usize,
    /// Bytes in rodata.
    pub bytes: usize,
}

/// The emitted source and the size of each table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Rust source to `include!` in the library.
    pub source: String,
    /// Size of every table, in emission order.
    pub sizes: Vec<TableSize>,
}

fn hex(value: u64, digits: usize) -> Literal {
    format!("{value:#0width$x}", width = digits + 2).parse().expect("a hex integer literal always lexes")
}

fn bitboard_tokens(set: Set) -> TokenStream {
    let lo = hex(set as u64, 16);
    let hi = hex((set >> 64) as u64, 5);
    quote!(bb(#lo, #hi))
}

/// Collects the emitted source: each table as a `const` in `mod data`, one entry or row per line,
/// and one `static` over it so the table exists once in rodata.
struct Emitter {
    data: String,
    statics: String,
    sizes: Vec<TableSize>,
}

impl Emitter {
    /// A table of one entry per line; `dims` are its outer dimensions (see [`nest`]).
    fn table(&mut self, doc: &str, name: &str, ty: TokenStream, lines: &[String], dims: &[usize], entry_bytes: usize) {
        self.add(doc, name, ty, &array(lines, dims), lines.len(), entry_bytes);
    }

    fn add(&mut self, doc: &str, name: &str, ty: TokenStream, value: &str, entries: usize, entry_bytes: usize) {
        writeln!(self.data, "    pub(super) const {name}: {ty} = {value};\n").unwrap();
        writeln!(self.statics, "/// {doc}\npub(crate) static {name}: {ty} = data::{name};").unwrap();
        self.sizes.push(TableSize { name: name.to_string(), entries, bytes: entries * entry_bytes });
    }

    /// A `[color][kind][_]` table of keys, one row of keys per line.
    fn key_table(&mut self, doc: &str, name: &str, ty: TokenStream, keys: &[Vec<Vec<u64>>], what: &str) {
        let mut rows = Vec::new();
        for (color, per_kind) in keys.iter().enumerate() {
            for (kind, row) in per_kind.iter().enumerate() {
                let row = row.iter().map(|&k| hex(k, 16));
                let comment = format!("{} {} {what}", ["black", "white"][color], KIND_NAMES[kind]);
                rows.push(entry(quote!([#(#row),*]), &comment));
            }
        }
        let entries = keys.iter().flatten().flatten().count();
        self.add(doc, name, ty, &array(&rows, &[2]), entries, 8);
    }
}

/// An array literal of entry lines with outer dimensions `dims` (see [`nest`]).
fn array(lines: &[String], dims: &[usize]) -> String {
    format!("[\n{}    ]", nest(lines, dims).concat())
}

fn entry(tokens: TokenStream, comment: &str) -> String {
    format!("        {tokens}, // {comment}\n")
}

/// Generates every table; an error says which search or check failed.
///
/// ```
/// let generated = hayanagi_gen::generate().unwrap();
/// assert!(generated.source.starts_with("// @generated"));
/// let total: usize = generated.sizes.iter().map(|s| s.bytes).sum();
/// assert!(total <= 512 * 1024);
/// ```
pub fn generate() -> Result<Generated, String> {
    let mut rng = ChaCha8Rng::from_seed(SEED);
    rng.set_stream(MAGIC_STREAM);
    let mut out = Emitter { data: String::new(), statics: String::new(), sizes: Vec::new() };

    for (line, name) in LINE_NAMES.iter().enumerate() {
        let table = build_line(&mut rng, line, MAX_CANDIDATES)?;
        let magics: Vec<String> = table
            .magics
            .iter()
            .enumerate()
            .map(|(square, m)| {
                let mask = bitboard_tokens(m.mask);
                let magic = hex(m.magic, 16);
                let (shift, offset) = (Literal::u32_unsuffixed(m.shift), Literal::u32_unsuffixed(m.offset));
                entry(quote!(Magic::new(#mask, #magic, #shift, #offset)), &square_name(square as u8))
            })
            .collect();
        let attack_lines: Vec<String> = table
            .attacks
            .iter()
            .enumerate()
            .map(|(slot, &set)| {
                let square = table.magics.iter().rposition(|m| m.offset as usize <= slot).unwrap();
                let first = table.magics[square].offset as usize;
                entry(bitboard_tokens(set), &format!("{} slot {}", square_name(square as u8), slot - first))
            })
            .collect();
        let n = Literal::usize_unsuffixed(attack_lines.len());
        out.table(
            &format!("Magic of the {} line of each square.", name.to_lowercase()),
            &format!("{name}_MAGICS"),
            quote!([Magic; 81]),
            &magics,
            &[],
            MAGIC_BYTES,
        );
        out.table(
            &format!("Attacks along the {} line, all squares' slots packed.", name.to_lowercase()),
            &format!("{name}_ATTACKS"),
            quote!([Bitboard; #n]),
            &attack_lines,
            &[],
            BITBOARD_BYTES,
        );
    }

    let lance = lance_forward();
    let rows: Vec<String> = per_color_square(&lance, |c, s| format!("{} lance on {}", ["black", "white"][c], s));
    out.table(
        "The lance's forward ray on an empty board, `[color][square]`.",
        "LANCE_FORWARD",
        quote!([[Bitboard; 81]; 2]),
        &rows,
        &[2],
        BITBOARD_BYTES,
    );

    let from = step_from();
    let to = step_to(&from);
    for (name, table, what) in [("STEP_FROM", &from, "reaches from"), ("STEP_TO", &to, "comes from to reach")] {
        let mut rows = Vec::new();
        for (color, per_kind) in table.iter().enumerate() {
            for (kind, per_square) in per_kind.iter().enumerate() {
                for (square, &set) in per_square.iter().enumerate() {
                    let comment = format!(
                        "{} {} {what} {}",
                        ["black", "white"][color],
                        KIND_NAMES[kind],
                        square_name(square as u8)
                    );
                    rows.push(entry(bitboard_tokens(set), &comment));
                }
            }
        }
        out.table(
            &format!("`{}[color][kind][square]`: one-step moves (sliding excluded).", name.to_lowercase()),
            name,
            quote!([[[Bitboard; 81]; 14]; 2]),
            &rows,
            &[2, KINDS],
            BITBOARD_BYTES,
        );
    }

    let between = between();
    let rows: Vec<String> = between
        .iter()
        .enumerate()
        .flat_map(|(a, row)| {
            row.iter().enumerate().map(move |(b, &set)| {
                entry(bitboard_tokens(set), &format!("{}-{}", square_name(a as u8), square_name(b as u8)))
            })
        })
        .collect();
    out.table(
        "`between[a][b]`: squares strictly between two squares on a line, else empty.",
        "BETWEEN",
        quote!([[Bitboard; 81]; 81]),
        &rows,
        &[SQUARES],
        BITBOARD_BYTES,
    );

    let keys = zobrist();
    out.key_table(
        "Zobrist keys of a piece on a square, `[color][kind][square]`.",
        "ZOBRIST_BOARD",
        quote!([[[u64; 81]; 14]; 2]),
        &keys.board,
        "on 9a..1i",
    );
    out.key_table(
        "Zobrist keys of a hand count, `[color][hand kind][count]`.",
        "ZOBRIST_HAND",
        quote!([[[u64; 19]; 7]; 2]),
        &keys.hand,
        "in hand, count 0..=18",
    );
    let side = hex(keys.side, 16);
    out.add("Zobrist key XORed in when White is to move.", "ZOBRIST_SIDE", quote!(u64), &side.to_string(), 1, 8);

    let total: usize = out.sizes.iter().map(|s| s.bytes).sum();
    let mut source = String::new();
    writeln!(source, "// @generated by hayanagi-gen (gen/src/lib.rs): do not edit.").unwrap();
    writeln!(
        source,
        "// ChaCha8 seed {:?}, magic stream {MAGIC_STREAM}, Zobrist stream {ZOBRIST_STREAM}.",
        String::from_utf8_lossy(&SEED)
    )
    .unwrap();
    writeln!(source, "// Rodata: {total} bytes in all.").unwrap();
    for s in &out.sizes {
        writeln!(source, "//   {:<24} {:>6} entries {:>7} bytes", s.name, s.entries, s.bytes).unwrap();
    }
    // The consts are read only through the statics below, so they exist once in rodata.
    writeln!(source, "\n#[allow(clippy::large_const_arrays)]\nmod data {{\n    use super::{{bb, Bitboard, Magic}};\n")
        .unwrap();
    source.push_str(&out.data);
    source.push_str("}\n\n");
    source.push_str(&out.statics);
    Ok(Generated { source, sizes: out.sizes })
}

fn per_color_square(table: &[Vec<Set>], comment: impl Fn(usize, String) -> String) -> Vec<String> {
    table
        .iter()
        .enumerate()
        .flat_map(|(color, row)| {
            row.iter()
                .enumerate()
                .map(|(square, &set)| entry(bitboard_tokens(set), &comment(color, square_name(square as u8))))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Wraps flat entry lines into nested array brackets: `dims` are the outer dimensions (the innermost
/// one is whatever remains), e.g. `[2, 14]` for `[[[T; 81]; 14]; 2]`.
fn nest(lines: &[String], dims: &[usize]) -> Vec<String> {
    let Some((&outer, rest)) = dims.split_first() else {
        return lines.to_vec();
    };
    let chunk = lines.len() / outer;
    lines.chunks(chunk).map(|part| format!("[\n{}],\n", nest(part, rest).concat())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use geometry::LINE_FILE;

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(generate().unwrap(), generate().unwrap());
    }

    #[test]
    fn masks_never_overlap_in_lo_and_hi() {
        for line in 0..4 {
            for square in 0..SQUARES as u8 {
                let mask = line_mask(line, square);
                assert_eq!(mask as u64 & (mask >> 64) as u64, 0);
            }
        }
    }

    #[test]
    fn file_mask_of_5e_is_the_inner_file_without_the_square() {
        let e5 = 4 * 9 + 4;
        let expected: Set = [1u8, 2, 3, 5, 6, 7].iter().map(|&r| bit(r * 9 + 4)).sum();
        assert_eq!(line_mask(LINE_FILE, e5), expected);
    }

    #[test]
    fn a_search_over_its_bound_fails_with_the_square_named() {
        let mut rng = ChaCha8Rng::from_seed(SEED);
        let error = build_line(&mut rng, LINE_FILE, 0).unwrap_err();
        assert_eq!(error, "no FILE magic for 9a within 0 candidates (7 bits)");
    }

    #[test]
    fn every_line_is_found_well_within_the_bound() {
        // The build must not be one unlucky seed away from failing: every square's search ends within
        // an eighth of the bound (the worst today is a file square at 61,841 candidates).
        let mut rng = ChaCha8Rng::from_seed(SEED);
        rng.set_stream(MAGIC_STREAM);
        for line in 0..4 {
            let table = build_line(&mut rng, line, MAX_CANDIDATES / 8).unwrap();
            assert_eq!(table.magics.len(), SQUARES);
        }
    }

    #[test]
    fn subsets_enumerates_all() {
        assert_eq!(subsets(0b1011).count(), 8);
        assert_eq!(subsets(0).collect::<Vec<_>>(), vec![0]);
    }
}
