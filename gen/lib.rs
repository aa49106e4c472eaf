//! Build-time generator of hayanagi's tables.
//!
//! [`generate`] searches magic multipliers for the four slider lines (file, rank, diagonal,
//! anti-diagonal) of every square, verifies every entry against a naive ray walk, and emits those
//! tables together with the step (`step_from` / `step_to`), `between`, lance-forward and Zobrist
//! tables as `const` Rust source, in one of two [`Layout`]s: the full one (the default) or the compact
//! one of the library's `compact-tables` feature. The root crate's `build.rs` writes that source to
//! `$OUT_DIR/tables.rs`; `cargo run -p hayanagi-gen -- <file>` writes a copy and reports sizes and time.
//!
//! Determinism: the only randomness is a ChaCha8 stream with a fixed seed ([`SEED`]); magics use
//! stream [`MAGIC_STREAM`], Zobrist keys stream [`ZOBRIST_STREAM`], so a change in the magic search
//! never changes a hash key. No hash maps, no floating point, no clock: the same source gives
//! byte-identical output on every machine.

#[path = "../src/types/geometry.rs"]
mod geometry;

use geometry::{
    BLACK, DRAGON, Delta, FILES, GOLD, HAND_KINDS, HORSE, KINDS, KING, KNIGHT, LANCE, LINE_ANTI_DIAGONAL,
    LINE_DIAGONAL, LINE_FILE, LINE_RANK, LINES, MAX_HAND_COUNT, PAWN, RANKS, SILVER, SLIDES, SQUARES, STEPS, WHITE,
    col_of, file_of_col, offset, oriented, row_of,
};
use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};
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

/// One line's magics (one per square) and its packed table of slots: attack sets (`T` = [`Set`]) in
/// the full layout, ray codes (`T` = `u8`, see [`ray_code`]) in the compact one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineTable<T = Set> {
    /// Per square, in square order.
    pub magics: Vec<LineMagic>,
    /// All squares' slots, packed one after the other.
    pub attacks: Vec<T>,
}

impl<T: Copy> LineTable<T> {
    /// The emitted `Magic::new` line of each square.
    fn magic_lines(&self) -> Vec<String> {
        self.magics
            .iter()
            .enumerate()
            .map(|(square, m)| {
                let mask = bitboard_tokens(m.mask);
                let magic = hex(m.magic, 16);
                let (shift, offset) = (Literal::u32_unsuffixed(m.shift), Literal::u32_unsuffixed(m.offset));
                entry(quote!(Magic::new(#mask, #magic, #shift, #offset)), &square_name(square as u8))
            })
            .collect()
    }

    /// The emitted line of each slot: `show` gives its tokens and the end of its comment, which names
    /// the square and the slot.
    fn slot_lines(&self, show: impl Fn(&T) -> (TokenStream, String)) -> Vec<String> {
        self.attacks
            .iter()
            .enumerate()
            .map(|(slot, value)| {
                let square = self.magics.iter().rposition(|m| m.offset as usize <= slot).unwrap();
                let first = self.magics[square].offset as usize;
                let (tokens, note) = show(value);
                entry(tokens, &format!("{} slot {}{note}", square_name(square as u8), slot - first))
            })
            .collect()
    }

    /// The table lookup the library performs, as the generator understands it.
    pub fn lookup(&self, square: u8, occupancy: Set) -> T {
        let m = &self.magics[square as usize];
        let index = (key(occupancy & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.attacks[m.offset as usize + index]
    }
}

/// Searches a magic for `square` on `line` with a table of `1 << bits` slots. Constructive collisions
/// (two occupancies with the same attack set in one slot) are allowed.
fn search_magic<T: Copy + Eq + Default>(
    rng: &mut ChaCha8Rng,
    mask: Set,
    bits: u32,
    cases: &[(u64, T)],
    max_candidates: u32,
) -> Option<(u64, Vec<T>)> {
    if bits == 0 {
        // Empty mask: the key is always 0, so slot 0 with any multiplier.
        return Some((0, vec![cases[0].1]));
    }
    let shift = 64 - bits;
    let size = 1usize << bits;
    let mut slots: Vec<Option<T>> = vec![None; size];
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
            return Some((magic, slots.into_iter().map(Option::unwrap_or_default).collect()));
        }
    }
    None
}

/// Builds one line's magics and attack table, verifying every entry against the ray walk. A square
/// whose search needs more than `max_candidates` candidates is an error naming the line and square.
pub fn build_line(rng: &mut ChaCha8Rng, line: usize, max_candidates: u32) -> Result<LineTable, String> {
    build_line_of(rng, line, max_candidates, |_, attacks| attacks, |_, attacks| attacks)
}

/// [`build_line`] with slots of any type: `slot(square, attacks)` is what the table holds for an
/// attack set, and `expand(square, slot)` is the library's way back to the set, which every entry is
/// verified through.
pub fn build_line_of<T: Copy + Eq + Default>(
    rng: &mut ChaCha8Rng,
    line: usize,
    max_candidates: u32,
    slot: impl Fn(u8, Set) -> T,
    expand: impl Fn(u8, T) -> Set,
) -> Result<LineTable<T>, String> {
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
        let cases: Vec<(u64, T)> = subsets(mask)
            .map(|occupancy| (key(occupancy), slot(square, line_attacks(line, square, occupancy))))
            .collect();
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
    verify(LINE_NAMES[line], |square, occupancy| expand(square, table.lookup(square, occupancy)), line)?;
    Ok(table)
}

/// Checks `lookup` on every square and every subset of its line mask against the ray walk, also with
/// every square outside the mask occupied (the square itself and the ray ends must not matter).
fn verify(name: &str, lookup: impl Fn(u8, Set) -> Set, line: usize) -> Result<(), String> {
    for square in 0..SQUARES as u8 {
        let mask = line_mask(line, square);
        let outside = ((1u128 << SQUARES) - 1) & !mask;
        for occupancy in subsets(mask) {
            let expected = line_attacks(line, square, occupancy);
            for noise in [0, outside] {
                if lookup(square, occupancy | noise) != expected {
                    return Err(format!("{name} table wrong at {} for occupancy {occupancy:#x}", square_name(square)));
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

fn binary(value: u64, digits: usize) -> Literal {
    format!("{value:#0width$b}", width = digits + 2).parse().expect("a binary integer literal always lexes")
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

/// The full layout's slider, lance, step and `between` tables.
fn emit_full(rng: &mut ChaCha8Rng, out: &mut Emitter) -> Result<(), String> {
    for (line, name) in LINE_NAMES.iter().enumerate() {
        let table = build_line(rng, line, MAX_CANDIDATES)?;
        let magics = table.magic_lines();
        let attack_lines = table.slot_lines(|&set| (bitboard_tokens(set), String::new()));
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

    Ok(())
}

// ---------------------------------------------------------------------------------------------------
// The compact layout.
//
// Slider attacks along a line are stored as the line's own bits (a rank or file attack as 9 bits, a
// diagonal attack as a 1-byte ray code) and expanded to a bitboard by a shift: a rank's attack depends
// only on the column and the rank's other squares (read by one shift), a file's only on the row and
// the file's other squares once the file is shifted to file 9 and gathered by a magic multiply (one
// magic per row); a diagonal keeps one magic per square but a 1-byte slot. Steps are stored for the
// seven step patterns only (`step_to` reads them with the other colour), `between` as an index into
// 29 line patterns shifted to the nearer square.
// ---------------------------------------------------------------------------------------------------

/// Index bits of a file magic: the file's seven inner squares.
pub const FILE_INDEX_BITS: u32 = 7;
/// The inner squares (ranks b..h) of file 9: the relevant occupancy of every file, once shifted there.
pub const FILE_INNER: u64 = {
    let mut mask = 0;
    let mut row = 1;
    while row < RANKS - 1 {
        mask |= 1 << (row * FILES);
        row += 1;
    }
    mask
};
/// Number of ray codes: `below << 4 | above`, both at most 8.
pub const RAY_CODES: usize = (8 << 4 | 8) + 1;

/// Square index step between neighbours along `line` (its second, increasing direction).
fn line_step(line: usize) -> u8 {
    let (rows, cols) = LINES[line][1];
    (rows as i32 * FILES as i32 + cols as i32) as u8
}

/// The squares of a row or column given as 9 bits (bit `i` = column or row `i`).
fn line_bits(set: Set, first: u8, step: u8) -> u16 {
    (0..9).filter(|&i| set & bit(first + i * step) != 0).fold(0, |bits, i| bits | 1 << i)
}

fn from_line_bits(bits: u16, first: u8, step: u8) -> Set {
    (0..9).filter(|&i| bits & 1 << i != 0).fold(0, |set, i| set | bit(first + i * step))
}

/// The ray code of an attack set along a line from `square`: the number of attacked squares below
/// the square's index in the high nibble, above it in the low nibble.
pub fn ray_code(square: u8, attacks: Set) -> u8 {
    let below = (attacks & (bit(square) - 1)).count_ones() as u8;
    let above = (attacks >> square >> 1).count_ones() as u8;
    below << 4 | above
}

/// The squares of a ray code along `line` for a piece on square `step * below`: `step * i` for
/// `i` in `0..=below + above` except `below` (empty for a code no attack has).
pub fn ray_pattern(line: usize, code: u8) -> Set {
    let (below, above) = (code >> 4, code & 15);
    let step = line_step(line) as u32;
    if above > 8 || (below + above) as u32 * step >= SQUARES as u32 {
        return 0;
    }
    (0..=below + above).filter(|&i| i != below).fold(0, |set, i| set | 1 << (i as u32 * step))
}

/// The library's expansion of a ray code: the pattern shifted so that its hole is `square`.
pub fn expand_ray(line: usize, square: u8, code: u8) -> Set {
    ray_pattern(line, code) << (square - (code >> 4) * line_step(line))
}

/// `rank[col][inner]`: a rank attack from column `col` as 9 column bits, `inner` = columns 1..=7
/// occupied (bit `i` = column `i + 1`).
pub fn rank_table() -> Vec<Vec<u16>> {
    (0..FILES)
        .map(|col| {
            (0..1u128 << (FILES - 2)).map(|inner| line_bits(line_attacks(LINE_RANK, col, inner << 1), 0, 1)).collect()
        })
        .collect()
}

/// The library's rank lookup: the rank's inner squares shifted down to the index.
pub fn rank_lookup(rank: &[Vec<u16>], square: u8, occupancy: Set) -> Set {
    let (row, col) = (row_of(square), col_of(square));
    let inner = (occupancy >> (row * FILES + 1)) as usize & ((1 << (FILES - 2)) - 1);
    (rank[col as usize][inner] as Set) << (row * FILES)
}

/// One magic per row for the files, and `file[row][index]`: a file attack from `row` as 9 row bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileTable {
    /// Per row: multiplier of the file's inner squares shifted to file 9.
    pub magics: Vec<u64>,
    /// Per row, `1 << FILE_INDEX_BITS` slots.
    pub attacks: Vec<Vec<u16>>,
}

impl FileTable {
    /// The library's file lookup: the file shifted to file 9, gathered by the row's magic.
    pub fn lookup(&self, square: u8, occupancy: Set) -> Set {
        let (row, col) = (row_of(square), col_of(square));
        let key = (occupancy >> col) as u64 & FILE_INNER;
        let index = (key.wrapping_mul(self.magics[row as usize]) >> (64 - FILE_INDEX_BITS)) as usize;
        from_line_bits(self.attacks[row as usize][index], 0, FILES) << col
    }
}

/// Searches the file magics (stream [`MAGIC_STREAM`], rows in order) and verifies the table.
pub fn file_table(rng: &mut ChaCha8Rng, max_candidates: u32) -> Result<FileTable, String> {
    let mut table = FileTable { magics: Vec::new(), attacks: Vec::new() };
    let inner = FILE_INNER as Set;
    for row in 0..RANKS {
        let square = row * FILES;
        let cases: Vec<(u64, u16)> = subsets(inner)
            .map(|occupancy| (occupancy as u64, line_bits(line_attacks(LINE_FILE, square, occupancy), 0, FILES)))
            .collect();
        let (magic, slots) = search_magic(rng, inner, FILE_INDEX_BITS, &cases, max_candidates)
            .ok_or_else(|| format!("no file magic for row {row} within {max_candidates} candidates"))?;
        table.magics.push(magic);
        table.attacks.push(slots);
    }
    verify("FILE", |square, occupancy| table.lookup(square, occupancy), LINE_FILE)?;
    Ok(table)
}

/// `lance_rows[color][row]`: the rows ahead of a lance on `row`, as 9 row bits (cuts a file attack).
pub fn lance_rows() -> Vec<Vec<u16>> {
    lance_forward()
        .iter()
        .map(|per_square| (0..RANKS).map(|row| line_bits(per_square[(row * FILES) as usize], 0, FILES)).collect())
        .collect()
}

/// The kinds whose step pattern is stored, one row each; every other kind either steps like one of
/// them (the promoted small pieces like a gold) or does not step.
pub const STEP_KINDS: [u8; 7] = [PAWN, KNIGHT, SILVER, GOLD, KING, HORSE, DRAGON];

/// `step_row[kind]`: the row of [`STEP_KINDS`] with the same steps, or 255 for a kind without steps.
pub fn step_rows(step_from: &[Vec<Vec<Set>>]) -> Vec<u8> {
    (0..KINDS)
        .map(|kind| {
            if STEPS[kind].is_empty() {
                return u8::MAX;
            }
            let same = |row: &u8| (0..2).all(|color| step_from[color][kind] == step_from[color][*row as usize]);
            STEP_KINDS.iter().position(same).map_or(u8::MAX, |row| row as u8)
        })
        .collect()
}

/// `between` as `(index, patterns)`: `patterns[index[a][b]] << min(a, b)` is `between[a][b]`.
pub fn between_patterns(between: &[Vec<Set>]) -> Result<(Vec<Vec<u8>>, Vec<Set>), String> {
    let mut patterns = vec![0];
    let mut index = vec![vec![0u8; SQUARES]; SQUARES];
    for a in 0..SQUARES {
        for b in 0..SQUARES {
            let pattern = between[a][b] >> a.min(b);
            let slot = patterns.iter().position(|&p| p == pattern).unwrap_or_else(|| {
                patterns.push(pattern);
                patterns.len() - 1
            });
            index[a][b] = u8::try_from(slot).map_err(|_| "more than 256 between patterns".to_string())?;
            if patterns[slot] << a.min(b) != between[a][b] {
                return Err(format!("between pattern of {a}-{b} does not shift back"));
            }
        }
    }
    Ok((index, patterns))
}

fn u16_lines(rows: &[Vec<u16>], comment: impl Fn(usize, usize) -> String) -> Vec<String> {
    rows.iter()
        .enumerate()
        .flat_map(|(r, row)| row.iter().enumerate().map(move |(i, &v)| (r, i, v)).collect::<Vec<_>>())
        .map(|(r, i, v)| entry(binary(v as u64, 9).into_token_stream(), &comment(r, i)))
        .collect()
}

/// The compact layout's slider, lance, step and `between` tables.
fn emit_compact(rng: &mut ChaCha8Rng, out: &mut Emitter) -> Result<(), String> {
    let rank = rank_table();
    verify("RANK", |square, occupancy| rank_lookup(&rank, square, occupancy), LINE_RANK)?;
    let lines = u16_lines(&rank, |col, inner| format!("file {} attacks, inner {inner:07b}", file_of_col(col as u8)));
    out.table(
        "`RANK_ATTACKS[col][inner]`: a rank attack as column bits, `inner` = columns 1..=7 occupied.",
        "RANK_ATTACKS",
        quote!([[u16; 128]; 9]),
        &lines,
        &[FILES as usize],
        2,
    );

    let file = file_table(rng, MAX_CANDIDATES)?;
    let magics: Vec<String> = file
        .magics
        .iter()
        .enumerate()
        .map(|(row, &m)| entry(hex(m, 16).into_token_stream(), &format!("rank {}", (b'a' + row as u8) as char)))
        .collect();
    out.table(
        "Magic of each row for the file's inner squares shifted to file 9.",
        "FILE_MAGICS",
        quote!([u64; 9]),
        &magics,
        &[],
        8,
    );
    let lines = u16_lines(&file.attacks, |row, slot| format!("rank {} slot {slot}", (b'a' + row as u8) as char));
    out.table(
        "`FILE_ATTACKS[row][index]`: a file attack as row bits.",
        "FILE_ATTACKS",
        quote!([[u16; 128]; 9]),
        &lines,
        &[RANKS as usize],
        2,
    );

    let lance = lance_rows();
    let lines = u16_lines(&lance, |color, row| {
        format!("{} lance on rank {}", ["black", "white"][color], (b'a' + row as u8) as char)
    });
    out.table(
        "`LANCE_ROWS[color][row]`: the rows ahead of a lance, as row bits.",
        "LANCE_ROWS",
        quote!([[u16; 9]; 2]),
        &lines,
        &[2],
        2,
    );

    for line in [LINE_DIAGONAL, LINE_ANTI_DIAGONAL] {
        let name = LINE_NAMES[line];
        let table = build_line_of(rng, line, MAX_CANDIDATES, ray_code, |square, code| expand_ray(line, square, code))?;
        let magics = table.magic_lines();
        out.table(
            &format!("Magic of the {} line of each square.", name.to_lowercase()),
            &format!("{name}_MAGICS"),
            quote!([Magic; 81]),
            &magics,
            &[],
            MAGIC_BYTES,
        );
        let lines = table.slot_lines(|&code| {
            (hex(code as u64, 2).into_token_stream(), format!(": {} below, {} above", code >> 4, code & 15))
        });
        let n = Literal::usize_unsuffixed(lines.len());
        out.table(
            &format!("Ray codes along the {} line, all squares' slots packed.", name.to_lowercase()),
            &format!("{name}_ATTACKS"),
            quote!([u8; #n]),
            &lines,
            &[],
            1,
        );
        let lines: Vec<String> = (0..RAY_CODES as u8)
            .map(|code| {
                entry(bitboard_tokens(ray_pattern(line, code)), &format!("{} below, {} above", code >> 4, code & 15))
            })
            .collect();
        let n = Literal::usize_unsuffixed(RAY_CODES);
        out.table(
            &format!("Squares of each ray code along the {} line, the piece on `step * below`.", name.to_lowercase()),
            &format!("{name}_RAYS"),
            quote!([Bitboard; #n]),
            &lines,
            &[],
            BITBOARD_BYTES,
        );
    }

    let from = step_from();
    let to = step_to(&from);
    for color in 0..2 {
        if to[color] != from[1 - color] {
            return Err("step_to of a colour is not step_from of the other".to_string());
        }
    }
    let rows = step_rows(&from);
    let lines: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(kind, &row)| {
            let row = Literal::u8_unsuffixed(row);
            entry(quote!(#row), KIND_NAMES[kind])
        })
        .collect();
    out.table(
        "`STEP_ROWS[kind]`: the row of `STEPS` with the kind's steps, 255 for none.",
        "STEP_ROWS",
        quote!([u8; 14]),
        &lines,
        &[],
        1,
    );
    let mut lines = Vec::new();
    for color in 0..2 {
        for &kind in &STEP_KINDS {
            for square in 0..SQUARES as u8 {
                let comment = format!(
                    "{} {} reaches from {}",
                    ["black", "white"][color],
                    KIND_NAMES[kind as usize],
                    square_name(square)
                );
                lines.push(entry(bitboard_tokens(from[color][kind as usize][square as usize]), &comment));
            }
        }
    }
    out.table(
        "`STEPS[color][row][square]`: one-step moves of the kinds that step (rows: `STEP_ROWS`).",
        "STEPS",
        quote!([[[Bitboard; 81]; 7]; 2]),
        &lines,
        &[2, STEP_KINDS.len()],
        BITBOARD_BYTES,
    );

    writeln!(
        out.statics,
        "/// Index bits of a file magic.\npub(crate) const FILE_INDEX_BITS: u32 = {FILE_INDEX_BITS};\n\
         /// The inner squares of file 9, where every file's relevant occupancy is shifted.\n\
         pub(crate) const FILE_INNER: u64 = {FILE_INNER:#018x};\n\
         /// Square index step along the diagonal line.\npub(crate) const DIAGONAL_STEP: usize = {};\n\
         /// Square index step along the anti-diagonal line.\npub(crate) const ANTI_DIAGONAL_STEP: usize = {};",
        line_step(LINE_DIAGONAL),
        line_step(LINE_ANTI_DIAGONAL)
    )
    .unwrap();

    let (index, patterns) = between_patterns(&between())?;
    let lines: Vec<String> = index
        .iter()
        .enumerate()
        .flat_map(|(a, row)| {
            row.iter().enumerate().map(move |(b, &i)| {
                entry(
                    Literal::u8_unsuffixed(i).into_token_stream(),
                    &format!("{}-{}", square_name(a as u8), square_name(b as u8)),
                )
            })
        })
        .collect();
    out.table(
        "`BETWEEN_INDEX[a][b]`: the `BETWEEN` pattern of two squares (0 = none).",
        "BETWEEN_INDEX",
        quote!([[u8; 81]; 81]),
        &lines,
        &[SQUARES],
        1,
    );
    let lines: Vec<String> = patterns.iter().map(|&p| entry(bitboard_tokens(p), "")).collect();
    let n = Literal::usize_unsuffixed(patterns.len());
    out.table(
        "Squares between two aligned squares, shifted down to the nearer one.",
        "BETWEEN",
        quote!([Bitboard; #n]),
        &lines,
        &[],
        BITBOARD_BYTES,
    );
    Ok(())
}

/// Which set of tables to emit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One magic table of 16-byte bitboards per square and line, `step_from` and `step_to` for every
    /// kind, `between` for every pair of squares: about 462 KiB, the fastest on a desktop CPU.
    Full,
    /// Line tables shared by every square of a line shape, 1- and 2-byte entries, steps only for the
    /// kinds that step and `between` only for aligned pairs: about 62 KiB, for microcontrollers.
    Compact,
}

/// Generates every table of `layout`; an error says which search or check failed.
///
/// ```
/// use hayanagi_gen::{generate, Layout};
/// for (layout, budget) in [(Layout::Full, 512 * 1024), (Layout::Compact, 64 * 1024)] {
///     let generated = generate(layout).unwrap();
///     assert!(generated.source.starts_with("// @generated"));
///     let total: usize = generated.sizes.iter().map(|s| s.bytes).sum();
///     assert!(total <= budget);
/// }
/// ```
pub fn generate(layout: Layout) -> Result<Generated, String> {
    let mut rng = ChaCha8Rng::from_seed(SEED);
    rng.set_stream(MAGIC_STREAM);
    let mut out = Emitter { data: String::new(), statics: String::new(), sizes: Vec::new() };
    match layout {
        Layout::Full => emit_full(&mut rng, &mut out)?,
        Layout::Compact => emit_compact(&mut rng, &mut out)?,
    }

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
    // The full layout's header is as it was before the compact one existed, so its pinned checksum holds.
    writeln!(source, "// @generated by hayanagi-gen (gen/src/lib.rs): do not edit.").unwrap();
    if layout == Layout::Compact {
        writeln!(source, "// Compact layout (feature `compact-tables`).").unwrap();
    }
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
        for layout in [Layout::Full, Layout::Compact] {
            assert_eq!(generate(layout).unwrap(), generate(layout).unwrap());
        }
    }

    #[test]
    fn ray_codes_expand_to_the_attacks_they_encode() {
        for line in [LINE_DIAGONAL, LINE_ANTI_DIAGONAL] {
            for square in 0..SQUARES as u8 {
                for occupancy in subsets(line_mask(line, square)) {
                    let attacks = line_attacks(line, square, occupancy);
                    assert_eq!(expand_ray(line, square, ray_code(square, attacks)), attacks);
                }
            }
        }
    }

    #[test]
    fn compact_steps_cover_every_stepping_kind() {
        let from = step_from();
        let rows = step_rows(&from);
        for kind in 0..KINDS {
            match rows[kind] {
                u8::MAX => assert!(STEPS[kind].is_empty()),
                row => assert_eq!(from[0][kind], from[0][STEP_KINDS[row as usize] as usize]),
            }
        }
    }

    #[test]
    fn a_file_search_over_its_bound_fails_with_the_row_named() {
        let mut rng = ChaCha8Rng::from_seed(SEED);
        assert_eq!(file_table(&mut rng, 0).unwrap_err(), "no file magic for row 0 within 0 candidates");
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
