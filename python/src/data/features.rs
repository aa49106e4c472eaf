//! dlshogi's input features (cshogi `dlshogi.make_input_features`): 62 board planes and 57 hand and
//! check planes of 9 x 9 cells, from the side to move's point of view, as float32 or one bit a cell.
//!
//! The layout, learnt from cshogi's output (tests/python compares every cell on thousands of
//! positions). Cells are numbered `(file - 1) * 9 + rank - 1` (1a = 0, 1b = 1, ..., 9i = 80), the
//! numbering of HCP; when White is to move the board is turned half a turn (cell `80 - n`) and the
//! colours swapped, so "ours" is always the side to move and moves towards rank a.
//!
//! | planes | board planes (`features1`, 62) |
//! |---|---|
//! | 0-13 | our pieces, one plane per kind: P L N S B R G K +P +L +N +S +B +R |
//! | 14-27 | the cells each of our kinds attacks (in that order), blocked by every piece |
//! | 28-30 | the cells at least 1, 2, 3 of our pieces attack |
//! | 31-61 | the same for the opponent |
//!
//! | planes | hand planes (`features2`, 57), each all ones or all zeros |
//! |---|---|
//! | 0-27 | our hand: pawns 0-7, lances 8-11, knights 12-15, silvers 16-19, golds 20-23, bishops 24-25, rooks 26-27 (plane `first + i` is ones when we hold more than `i`; counts above the caps are capped) |
//! | 28-55 | the opponent's hand, the same way |
//! | 56 | ones when the side to move is in check |
//!
//! Attacks are those of each piece as it stands: a pinned piece attacks, sliders stop at (and
//! include) the first occupied cell.

use hayanagi::{Bitboard, Color, PieceKind, Position, Square, bishop_attacks, rook_attacks, step_attacks};

/// Board planes (`features1`).
pub const BOARD_PLANES: usize = 62;
/// Hand and check planes (`features2`).
pub const HAND_PLANES: usize = 57;
/// All planes.
pub const PLANES: usize = BOARD_PLANES + HAND_PLANES;
/// Cells of a plane.
pub const CELLS: usize = 81;
/// Bits of the packed form: one per cell of every plane, board planes first.
pub const PACKED_BITS: usize = PLANES * CELLS;
/// Bytes of the packed form of one position (9,639 bits, the last byte padded with zeros).
pub const PACKED_BYTES: usize = PACKED_BITS.div_ceil(8);

/// The hand planes of each hand kind (by `PieceKind::index`: P L N S G B R): first plane and cap.
const HAND_SLOTS: [(usize, u8); 7] = [(0, 8), (8, 4), (12, 4), (16, 4), (20, 4), (24, 2), (26, 2)];

/// The cell (HCP numbering) of a hayanagi square.
#[inline]
pub const fn cell_of(square: Square) -> usize {
    let index = square.index();
    (8 - index % 9) * 9 + index / 9
}

/// The planes of one position: the 62 board planes as 81-bit sets (bit `n` = cell `n`), the 56 hand
/// planes' fill (per side and hand kind: how many planes are ones) and the check flag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planes {
    /// Board planes, bit `n` of each is cell `n`.
    pub board: [u128; BOARD_PLANES],
    /// For us (0) and the opponent (1), per hand kind P L N S G B R, the count capped at its planes.
    pub hand: [[u8; 7]; 2],
    /// The side to move is in check.
    pub check: bool,
}

/// The eight float32 cells of each byte of a plane (bit `j` is cell `j`).
static BYTE_CELLS: [[f32; 8]; 256] = {
    let mut table = [[0f32; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte][bit] = ((byte >> bit) & 1) as f32;
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The cell of each square (by `Square::index`), and of the square turned half a turn.
const CELL: [u8; CELLS] = {
    let mut cells = [0u8; CELLS];
    let mut index = 0;
    while index < CELLS {
        cells[index] = ((8 - index % 9) * 9 + index / 9) as u8;
        index += 1;
    }
    cells
};
const CELL_TURNED: [u8; CELLS] = {
    let mut cells = [0u8; CELLS];
    let mut index = 0;
    while index < CELLS {
        cells[index] = 80 - CELL[index];
        index += 1;
    }
    cells
};

/// The bit of each square's cell (`1 << CELL[index]`), and of the square turned half a turn: a table
/// rather than a variable shift of a 128-bit value. 128 entries (those past the board's 81 are
/// zero), so that an index below 128 needs no bound check.
static CELL_BITS: [[u128; 128]; 2] = {
    let mut bits = [[0u128; 128]; 2];
    let mut index = 0;
    while index < CELLS {
        bits[0][index] = 1 << CELL[index];
        bits[1][index] = 1 << CELL_TURNED[index];
        index += 1;
    }
    bits
};

/// Cells of a plane: the low 81 bits.
const ALL: u128 = (1 << CELLS) - 1;

/// The cells of rank index `rank` (0 = rank a) in every file.
const fn rank_cells(rank: usize) -> u128 {
    let mut cells = 0u128;
    let mut file = 0;
    while file < 9 {
        cells |= 1 << (file * 9 + rank);
        file += 1;
    }
    cells
}

const RANK_A: u128 = rank_cells(0);
const RANK_B: u128 = rank_cells(1);
const RANK_H: u128 = rank_cells(7);
const RANK_I: u128 = rank_cells(8);
/// The cells of file 1 (cells 0-8); file `f` is this shifted by `9 * (f - 1)`.
const FILE_1: u128 = (1 << 9) - 1;

/// Every cell of `cells` moved by `DELTA` cells (a rank is 1, a file 9), without those that would
/// leave the board or wrap into another file: a step changes the rank by at most 2, so a cell that
/// wraps lands on the ranks at the other end, `wrapped`, which such a step cannot reach.
#[inline(always)]
const fn step<const DELTA: i32>(cells: u128, wrapped: u128) -> u128 {
    let moved = if DELTA >= 0 { cells << DELTA } else { cells >> -DELTA };
    moved & ALL & !wrapped
}

/// The cells ahead of a lance on each cell, in its file (9 consecutive cells, rank a first): ours
/// (0) move towards rank a, the opponent's (1) towards rank i.
static LANCE_LINES: [[u128; CELLS]; 2] = {
    let mut lines = [[0u128; CELLS]; 2];
    let mut cell = 0;
    while cell < CELLS {
        let (first, rank) = (cell / 9 * 9, cell % 9);
        lines[0][cell] = ((1 << rank) - 1) << first;
        lines[1][cell] = (FILE_1 & !((2 << rank) - 1)) << first;
        cell += 1;
    }
    lines
};

/// Rook attacks on the cells as if they were squares: the cell numbering is the board turned a
/// quarter turn (and flipped), so lines map to lines.
#[inline(always)]
fn rook_cells(cell: usize, occupied: Bitboard) -> u128 {
    Square::try_index(cell).map_or(0, |square| rook_attacks(square, occupied).to_u128())
}

#[inline(always)]
fn bishop_cells(cell: usize, occupied: Bitboard) -> u128 {
    Square::try_index(cell).map_or(0, |square| bishop_attacks(square, occupied).to_u128())
}

/// The king's steps from the cells of `kings` (at most one king: the lowest is taken), by the same
/// quarter turn as [`rook_cells`], which maps a square's eight neighbours to the cell's: one table
/// read, not eight shifts.
#[inline(always)]
fn king_cells(kings: u128) -> u128 {
    if kings == 0 {
        return 0;
    }
    Square::try_index(kings.trailing_zeros() as usize)
        .map_or(0, |square| step_attacks(Color::Black, PieceKind::King, square).to_u128())
}

/// The cells attacked at least once, twice and three times, as attack sets are added.
#[derive(Clone, Copy, Default)]
struct Counts {
    one: u128,
    two: u128,
    three: u128,
}

impl Counts {
    /// Adds one piece's attacks (or several pieces' that cannot overlap).
    #[inline(always)]
    fn add(&mut self, attacks: u128) {
        self.three |= self.two & attacks;
        self.two |= self.one & attacks;
        self.one |= attacks;
    }

    /// Adds the slides of each piece of `cells` (`attacks(cell)`; their lines may meet) and returns
    /// their union.
    #[inline(always)]
    fn slides(&mut self, cells: u128, attacks: impl Fn(usize) -> u128) -> u128 {
        let mut reach = 0;
        // One 64-bit word of the cells at a time (no 128-bit bit scans).
        for (word, first) in [(cells as u64, 0), ((cells >> 64) as u64, 64)] {
            let mut rest = word;
            while rest != 0 {
                let at = first + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let cells = attacks(at);
                reach |= cells;
                self.add(cells);
            }
        }
        reach
    }
}

/// One side's board planes in cell numbering, computed a whole set of pieces at a time by shifts.
/// `OURS`: the side to move, which moves towards rank a (cell - 1) once the board is turned; the
/// opponent moves towards rank i (cell + 1).
struct Side<const OURS: bool>;

impl<const OURS: bool> Side<OURS> {
    #[inline(always)]
    fn forward(cells: u128) -> u128 {
        if OURS { step::<-1>(cells, RANK_I) } else { step::<1>(cells, RANK_A) }
    }

    #[inline(always)]
    fn back(cells: u128) -> u128 {
        if OURS { step::<1>(cells, RANK_A) } else { step::<-1>(cells, RANK_I) }
    }

    /// Both sideways steps (nothing wraps: cells past the first or last file leave the board).
    #[inline(always)]
    fn sideways(cells: u128) -> [u128; 2] {
        [step::<9>(cells, 0), step::<-9>(cells, 0)]
    }

    #[inline(always)]
    fn forward_diagonals(cells: u128) -> [u128; 2] {
        if OURS {
            [step::<8>(cells, RANK_I), step::<-10>(cells, RANK_I)]
        } else {
            [step::<10>(cells, RANK_A), step::<-8>(cells, RANK_A)]
        }
    }

    #[inline(always)]
    fn back_diagonals(cells: u128) -> [u128; 2] {
        if OURS {
            [step::<10>(cells, RANK_A), step::<-8>(cells, RANK_A)]
        } else {
            [step::<8>(cells, RANK_I), step::<-10>(cells, RANK_I)]
        }
    }

    #[inline(always)]
    fn knight(cells: u128) -> [u128; 2] {
        if OURS {
            [step::<7>(cells, RANK_H | RANK_I), step::<-11>(cells, RANK_H | RANK_I)]
        } else {
            [step::<11>(cells, RANK_A | RANK_B), step::<-7>(cells, RANK_A | RANK_B)]
        }
    }

    /// A gold's steps (and the promoted pawn's, lance's, knight's and silver's).
    #[inline(always)]
    fn gold(cells: u128) -> u128 {
        if cells == 0 {
            return 0;
        }
        let [s1, s2] = Self::sideways(cells);
        let [f1, f2] = Self::forward_diagonals(cells);
        Self::forward(cells) | Self::back(cells) | s1 | s2 | f1 | f2
    }

    #[inline(always)]
    fn orthogonal(cells: u128) -> u128 {
        if cells == 0 {
            return 0;
        }
        let [s1, s2] = Self::sideways(cells);
        Self::forward(cells) | Self::back(cells) | s1 | s2
    }

    #[inline(always)]
    fn diagonal(cells: u128) -> u128 {
        if cells == 0 {
            return 0;
        }
        let [f1, f2] = Self::forward_diagonals(cells);
        let [b1, b2] = Self::back_diagonals(cells);
        f1 | f2 | b1 | b2
    }

    /// The cells ahead of a lance on `cell` up to and including the first occupied one: its rook
    /// attacks ([`rook_cells`]) within the cells ahead of it in its file.
    #[inline(always)]
    fn lance(cell: usize, occupied: Bitboard) -> u128 {
        let ahead = LANCE_LINES[usize::from(!OURS)].get(cell).copied().unwrap_or(0);
        rook_cells(cell, occupied) & ahead
    }

    /// The side's 31 board planes (pieces, attacks by kind, attack counts) from its pieces `sets`
    /// (cell numbering, by `PieceKind::index`), given to `sink` in order as planes `first` to `first +
    /// 30`; `occupied_cells`: every piece's cell. Returns the cells the side attacks.
    #[inline(always)]
    fn planes(sets: &[u128; 14], occupied_cells: u128, sink: &mut impl PlaneSink, first: usize) -> u128 {
        let occupied = Bitboard::from_u128(occupied_cells).unwrap_or(Bitboard::EMPTY);
        let [pawn, lance, knight, silver, gold, bishop, rook, king, tokin, plance, pknight, psilver, horse, dragon] =
            *sets;
        let mut counts = Counts::default();
        // The steps, one set per direction: cells reached in one direction from different cells never
        // coincide, so each direction's set is added once. The horse's orthogonal and the dragon's
        // diagonal steps are the ones its slides do not cover.
        let golds = gold | tokin | plance | pknight | psilver;
        let orthogonal = golds | king | horse;
        counts.add(Self::forward(pawn | silver | orthogonal));
        counts.add(Self::back(orthogonal));
        let [s1, s2] = Self::sideways(orthogonal);
        counts.add(s1);
        counts.add(s2);
        let [f1, f2] = Self::forward_diagonals(silver | golds | king | dragon);
        counts.add(f1);
        counts.add(f2);
        let [b1, b2] = Self::back_diagonals(silver | king | dragon);
        counts.add(b1);
        counts.add(b2);
        let [n1, n2] = Self::knight(knight);
        counts.add(n1);
        counts.add(n2);
        let lances = counts.slides(lance, |at| Self::lance(at, occupied));
        let bishops = counts.slides(bishop, |at| bishop_cells(at, occupied));
        let rooks = counts.slides(rook, |at| rook_cells(at, occupied));
        let horses = counts.slides(horse, |at| bishop_cells(at, occupied));
        let dragons = counts.slides(dragon, |at| rook_cells(at, occupied));
        let [sf1, sf2] = Self::forward_diagonals(silver);
        let [sb1, sb2] = Self::back_diagonals(silver);
        // cshogi's order of the kinds: P L N S B R G K +P +L +N +S +B +R.
        sink.plane(first, pawn);
        sink.plane(first + 1, lance);
        sink.plane(first + 2, knight);
        sink.plane(first + 3, silver);
        sink.plane(first + 4, bishop);
        sink.plane(first + 5, rook);
        sink.plane(first + 6, gold);
        sink.plane(first + 7, king);
        sink.plane(first + 8, tokin);
        sink.plane(first + 9, plance);
        sink.plane(first + 10, pknight);
        sink.plane(first + 11, psilver);
        sink.plane(first + 12, horse);
        sink.plane(first + 13, dragon);
        sink.plane(first + 14, Self::forward(pawn));
        sink.plane(first + 15, lances);
        sink.plane(first + 16, n1 | n2);
        sink.plane(first + 17, Self::forward(silver) | sf1 | sf2 | sb1 | sb2);
        sink.plane(first + 18, bishops);
        sink.plane(first + 19, rooks);
        sink.plane(first + 20, Self::gold(gold));
        sink.plane(first + 21, king_cells(king));
        sink.plane(first + 22, Self::gold(tokin));
        sink.plane(first + 23, Self::gold(plance));
        sink.plane(first + 24, Self::gold(pknight));
        sink.plane(first + 25, Self::gold(psilver));
        sink.plane(first + 26, horses | Self::orthogonal(horse));
        sink.plane(first + 27, dragons | Self::diagonal(dragon));
        sink.plane(first + 28, counts.one);
        sink.plane(first + 29, counts.two);
        sink.plane(first + 30, counts.three);
        counts.one
    }
}

impl Default for Planes {
    fn default() -> Planes {
        Planes { board: [0; BOARD_PLANES], hand: [[0; 7]; 2], check: false }
    }
}

/// Where board planes go as they are computed, in plane order (0-61).
trait PlaneSink {
    /// Board plane `index`: bit `n` is cell `n`.
    fn plane(&mut self, index: usize, cells: u128);
}

impl PlaneSink for [u128; BOARD_PLANES] {
    #[inline(always)]
    fn plane(&mut self, index: usize, cells: u128) {
        if let Some(plane) = self.get_mut(index) {
            *plane = cells;
        }
    }
}

/// The packed form's board planes, written as they come, a 64-bit word at a time.
///
/// Plane `index` starts at bit `81 * index`: `fill` bits into word `81 * index / 64`, whose lower
/// bits (the previous plane's last ones) are carried in `word`. Each word is stored once, when it is
/// complete (the last one by [`PackedRows::finish`], with zeros above the board planes' 5,022 bits),
/// so the output needs no clearing first; the board planes end in word 78, well before the end.
struct PackedRows<'a> {
    out: &'a mut [u8; PACKED_BYTES],
    /// The bits of the word being filled, below the next plane's first.
    word: u64,
}

impl PackedRows<'_> {
    #[inline(always)]
    fn store(&mut self, word: usize, value: u64) {
        if let Some(bytes) = self.out.get_mut(word * 8..word * 8 + 8).and_then(|w| <&mut [u8; 8]>::try_from(w).ok()) {
            *bytes = value.to_le_bytes();
        }
    }

    /// Stores the last, partly filled word of the board planes.
    #[inline(always)]
    fn finish(&mut self) {
        self.store(BOARD_PLANES * CELLS / 64, self.word);
    }
}

impl PlaneSink for PackedRows<'_> {
    #[inline(always)]
    fn plane(&mut self, index: usize, cells: u128) {
        let start = index * CELLS;
        let (word, fill) = (start / 64, start % 64);
        self.store(word, self.word | (cells << fill) as u64);
        // The plane's bits after that word: 81 - (64 - fill), a whole word more when `fill` > 46.
        let rest = cells >> (64 - fill);
        if CELLS + fill >= 128 {
            self.store(word + 1, rest as u64);
            self.word = (rest >> 64) as u64;
        } else {
            self.word = rest as u64;
        }
    }
}

/// The board planes of `pos` into `sink`; returns the hand planes' fill and the check flag (the
/// rest of [`Planes`]).
#[inline(always)]
fn board_planes(pos: &Position, sink: &mut impl PlaneSink) -> ([[u8; 7]; 2], bool) {
    let us = pos.side_to_move();
    // Cells of each square, turned half a turn when White is to move.
    let turned = usize::from(us == Color::White);
    let bits = &CELL_BITS[turned];
    // The pieces as side-relative sets of cells: ours 0-13, theirs 14-27 (and 4 unused, so that a
    // slot masked to 5 bits needs no bound check).
    let mut sets = [0u128; 32];
    let board = pos.board();
    // Each colour's squares, one word of the set at a time: the colour picks the 14 sets, the
    // piece's kind the set among them.
    for (side, color) in [us, us.flip()].into_iter().enumerate() {
        let Some(own) = sets.get_mut(side * 14..side * 14 + 16) else { continue };
        let squares = pos.colored(color).to_u128();
        for (word, first) in [(squares as u64, 0), ((squares >> 64) as u64, 64)] {
            let mut rest = word;
            while rest != 0 {
                let index = first + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let Some(Some(piece)) = board.get(index) else { continue };
                if let Some(set) = own.get_mut(piece.kind().index() & 15) {
                    *set |= bits[index & 127];
                }
            }
        }
    }
    let occupied = sets[..28].iter().fold(0, |all, &set| all | set);
    let (ours, theirs) = sets.split_at(14);
    let theirs = theirs.get(..14).unwrap_or(&[]);
    let mut attacked = 0;
    if let (Ok(ours), Ok(theirs)) = (<&[u128; 14]>::try_from(ours), <&[u128; 14]>::try_from(theirs)) {
        Side::<true>::planes(ours, occupied, sink, 0);
        attacked = Side::<false>::planes(theirs, occupied, sink, 31);
    }
    let mut hand = [[0u8; 7]; 2];
    for (side, color) in [us, us.flip()].into_iter().enumerate() {
        let held = pos.hand(color);
        for (slot, kind) in hand[side].iter_mut().zip(PieceKind::HAND) {
            *slot = held.count(kind).min(HAND_SLOTS[kind.index()].1);
        }
    }
    // In check: our king's cell is among the cells the opponent attacks (pinned pieces give check).
    (hand, sets[PieceKind::King.index()] & attacked != 0)
}

/// Writes the hand and check planes of the packed form (planes 62-118) into `out`, after the board
/// planes' bits, which are already there.
#[inline(always)]
fn write_packed_hands(hand: &[[u8; 7]; 2], check: bool, out: &mut [u8; PACKED_BYTES]) {
    // Cleared from the byte after the last board plane's bits, then runs of ones.
    if let Some(rest) = out.get_mut(BOARD_PLANES * CELLS / 8 + 1..) {
        rest.fill(0);
    }
    // The hand planes are whole planes of ones or zeros: runs of ones from each kind's first plane,
    // set as bit ranges (whole bytes at once) after the board planes' bits.
    let base = BOARD_PLANES * CELLS;
    let mut ones = |from: usize, to: usize| {
        let (first, last) = (from / 8, to / 8);
        let low = 0xffu8 << (from % 8);
        let high = !(0xffu8 << (to % 8));
        if first == last {
            if let Some(byte) = out.get_mut(first) {
                *byte |= low & high;
            }
            return;
        }
        if let Some(byte) = out.get_mut(first) {
            *byte |= low;
        }
        if let Some(middle) = out.get_mut(first + 1..last) {
            middle.fill(0xff);
        }
        if let Some(byte) = out.get_mut(last) {
            *byte |= high;
        }
    };
    for (side, held) in hand.iter().enumerate() {
        for (&(first, _), &held) in HAND_SLOTS.iter().zip(held) {
            if held > 0 {
                let from = base + (side * 28 + first) * CELLS;
                ones(from, from + held as usize * CELLS);
            }
        }
    }
    if check {
        let from = base + (HAND_PLANES - 1) * CELLS;
        ones(from, from + CELLS);
    }
}

/// The packed planes of `pos` into `out` (at least [`PACKED_BYTES`]): the bytes
/// [`Planes::write_packed`] writes for `Planes::new(pos)`, each board plane written as it is
/// computed (no [`Planes`] in between).
#[inline]
pub fn write_packed(pos: &Position, out: &mut [u8]) {
    let Some(out) = out.get_mut(..PACKED_BYTES).and_then(|out| <&mut [u8; PACKED_BYTES]>::try_from(out).ok()) else {
        return;
    };
    let mut rows = PackedRows { out, word: 0 };
    let (hand, check) = board_planes(pos, &mut rows);
    rows.finish();
    write_packed_hands(&hand, check, rows.out);
}

impl Planes {
    /// The planes of `pos`.
    pub fn new(pos: &Position) -> Planes {
        let mut planes = Planes::default();
        planes.set(pos);
        planes
    }

    /// Makes these the planes of `pos` (no new value: a loop over records reuses one).
    #[inline]
    pub fn set(&mut self, pos: &Position) {
        (self.hand, self.check) = board_planes(pos, &mut self.board);
    }

    /// Whether hand plane `plane` (0-56) is all ones.
    #[inline]
    pub fn hand_plane(&self, plane: usize) -> bool {
        if plane >= 56 {
            return self.check;
        }
        let (side, within) = (plane / 28, plane % 28);
        let kind = HAND_SLOTS.iter().rposition(|&(first, _)| first <= within).unwrap_or(0);
        (within - HAND_SLOTS[kind].0) < self.hand[side][kind] as usize
    }

    /// Writes the planes as float32 0.0 / 1.0: `board` gets 62 x 81 cells, `hand` 57 x 81.
    pub fn write_f32(&self, board: &mut [f32], hand: &mut [f32]) {
        for (plane, cells) in self.board.iter().zip(board.chunks_exact_mut(CELLS)) {
            // Eight cells at a time from a table of every byte's eight values.
            let (bytes, last) = cells.split_at_mut(CELLS - 1);
            for (i, out) in bytes.chunks_exact_mut(8).enumerate() {
                out.copy_from_slice(&BYTE_CELLS[(plane >> (8 * i)) as usize & 0xff]);
            }
            last[0] = (plane >> (CELLS - 1) & 1) as f32;
        }
        for (plane, cells) in hand.chunks_exact_mut(CELLS).enumerate() {
            cells.fill(if self.hand_plane(plane) { 1.0 } else { 0.0 });
        }
    }

    /// Writes the packed form into `out` (at least [`PACKED_BYTES`]): bit `plane * 81 + cell` of the
    /// planes (board planes 0-61, then hand planes as 62-118) is bit `i % 8` of byte `i / 8`
    /// (`numpy.unpackbits(..., bitorder="little")` order).
    pub fn write_packed(&self, out: &mut [u8]) {
        let Some(out) = out.get_mut(..PACKED_BYTES).and_then(|out| <&mut [u8; PACKED_BYTES]>::try_from(out).ok())
        else {
            return;
        };
        let mut rows = PackedRows { out, word: 0 };
        for (index, &cells) in self.board.iter().enumerate() {
            rows.plane(index, cells);
        }
        rows.finish();
        write_packed_hands(&self.hand, self.check, rows.out);
    }
}
