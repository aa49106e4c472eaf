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

use std::sync::OnceLock;

use hayanagi::{
    Bitboard, Color, PieceKind, Position, Square, bishop_attacks, lance_attacks, rook_attacks, step_attacks,
};

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

/// The plane of a kind among the 14 per-kind planes (cshogi's order P L N S B R G K +P +L +N +S +B +R),
/// by `PieceKind::index` (P L N S G B R K +P +L +N +S +B +R).
const KIND_PLANE: [usize; 14] = [0, 1, 2, 3, 6, 4, 5, 7, 8, 9, 10, 11, 12, 13];

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
/// rather than a variable shift of a 128-bit value.
static CELL_BITS: [[u128; CELLS]; 2] = {
    let mut bits = [[0u128; CELLS]; 2];
    let mut index = 0;
    while index < CELLS {
        bits[0][index] = 1 << CELL[index];
        bits[1][index] = 1 << CELL_TURNED[index];
        index += 1;
    }
    bits
};

/// Step attacks in cell numbering for a side that moves towards rank a (0) or rank i (1), per
/// `PieceKind::index`, per cell; sliders' own steps (horse, dragon) included, slides not. And the
/// cells ahead of a lance of that side on each cell (its attacks on an empty board).
struct StepTable {
    steps: [[[u128; CELLS]; 14]; 2],
    ahead: [[u128; CELLS]; 2],
}

fn step_table() -> &'static StepTable {
    static TABLE: OnceLock<Box<StepTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new(StepTable { steps: [[[0; CELLS]; 14]; 2], ahead: [[0; CELLS]; 2] });
        let in_cells = |set: Bitboard| set.iter().fold(0u128, |cells, to| cells | 1 << cell_of(to));
        for (side, color) in [Color::Black, Color::White].into_iter().enumerate() {
            for index in 0..CELLS {
                let Some(square) = Square::try_index(index) else { continue };
                for kind in PieceKind::ALL {
                    table.steps[side][kind.index()][cell_of(square)] = in_cells(step_attacks(color, kind, square));
                }
                table.ahead[side][cell_of(square)] = in_cells(lance_attacks(color, square, Bitboard::EMPTY));
            }
        }
        table
    })
}

/// Cells as a hayanagi bitboard, read as if cell `n` were square index `n`. The cell numbering is the
/// board turned a quarter turn, so rook and bishop attacks computed on it are the attacks of the
/// cells (lines map to lines).
#[inline]
fn as_bitboard(cells: u128) -> Bitboard {
    Bitboard::from_u128(cells & ((1 << CELLS) - 1)).unwrap_or(Bitboard::EMPTY)
}

#[inline]
fn rook_cells(cell: usize, occupied: Bitboard) -> u128 {
    Square::try_index(cell).map_or(0, |square| rook_attacks(square, occupied).to_u128())
}

#[inline]
fn bishop_cells(cell: usize, occupied: Bitboard) -> u128 {
    Square::try_index(cell).map_or(0, |square| bishop_attacks(square, occupied).to_u128())
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
}

impl Planes {
    /// The planes of `pos`.
    pub fn new(pos: &Position) -> Planes {
        let table = step_table();
        let us = pos.side_to_move();
        // Cells of each square, turned half a turn when White is to move.
        let turned = usize::from(us == Color::White);
        let cells: &[u8; CELLS] = if turned == 1 { &CELL_TURNED } else { &CELL };
        let cell = |square: Square| cells[square.index()] as usize;
        let bits = &CELL_BITS[turned];
        let bit = |square: Square| bits[square.index()];
        let mut occupied = 0u128;
        for square in pos.occupied() {
            occupied |= bit(square);
        }
        let occupied_set = as_bitboard(occupied);
        let mut planes = [0u128; BOARD_PLANES];
        for (side, color) in [us, us.flip()].into_iter().enumerate() {
            let steps = &table.steps[side];
            let ahead = &table.ahead[side];
            let mut counts = Counts::default();
            for kind in PieceKind::ALL {
                let squares = pos.pieces(color, kind);
                if squares.is_empty() {
                    continue;
                }
                let steps = &steps[kind.index()];
                let mut stand = 0u128;
                let mut reach = 0u128;
                // One loop per kind of attack, so that the branch is taken once per kind.
                match kind {
                    PieceKind::Pawn => {
                        // Each pawn attacks the one cell ahead in its file, and there is at most one
                        // pawn of a side per file: their attacks never overlap, one set to count.
                        for square in squares {
                            stand |= bit(square);
                            reach |= steps[cell(square)];
                        }
                        counts.add(reach);
                    }
                    PieceKind::Lance => {
                        for square in squares {
                            let at = cell(square);
                            stand |= bit(square);
                            // A rook's file line cut to the cells ahead: up to the first piece.
                            let attacks = rook_cells(at, occupied_set) & ahead[at];
                            reach |= attacks;
                            counts.add(attacks);
                        }
                    }
                    PieceKind::Bishop | PieceKind::Horse => {
                        for square in squares {
                            let at = cell(square);
                            stand |= bit(square);
                            let attacks = bishop_cells(at, occupied_set) | steps[at];
                            reach |= attacks;
                            counts.add(attacks);
                        }
                    }
                    PieceKind::Rook | PieceKind::Dragon => {
                        for square in squares {
                            let at = cell(square);
                            stand |= bit(square);
                            let attacks = rook_cells(at, occupied_set) | steps[at];
                            reach |= attacks;
                            counts.add(attacks);
                        }
                    }
                    _ => {
                        for square in squares {
                            let attacks = steps[cell(square)];
                            stand |= bit(square);
                            reach |= attacks;
                            counts.add(attacks);
                        }
                    }
                }
                let plane = side * 31 + KIND_PLANE[kind.index()];
                planes[plane] = stand;
                planes[plane + 14] = reach;
            }
            planes[side * 31 + 28] = counts.one;
            planes[side * 31 + 29] = counts.two;
            planes[side * 31 + 30] = counts.three;
        }
        let mut hand = [[0u8; 7]; 2];
        for (side, color) in [us, us.flip()].into_iter().enumerate() {
            let held = pos.hand(color);
            for (slot, kind) in hand[side].iter_mut().zip(PieceKind::HAND) {
                *slot = held.count(kind).min(HAND_SLOTS[kind.index()].1);
            }
        }
        Planes { board: planes, hand, check: pos.in_check() }
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
        let Some(out) = out.get_mut(..PACKED_BYTES) else { return };
        out.fill(0);
        // Each board plane's 81 bits, shifted to its bit offset within a byte (at most 7), fit in
        // 88 bits: one 128-bit read, or and write at the plane's first byte. The board planes end
        // in byte 627, well before the end, so every 16-byte window is inside `out`.
        for (plane, &cells) in self.board.iter().enumerate() {
            let bit = plane * CELLS;
            let (at, shift) = (bit / 8, bit % 8);
            if let Some(window) = out.get_mut(at..at + 16).and_then(|w| <&mut [u8; 16]>::try_from(w).ok()) {
                let merged = u128::from_le_bytes(*window) | cells << shift;
                *window = merged.to_le_bytes();
            }
        }
        // The hand planes are whole planes of ones or zeros: runs of ones from each kind's first
        // plane, set as bit ranges (whole bytes at once) after the board planes' bits.
        let (hand, base) = (out, BOARD_PLANES * CELLS);
        let mut ones = |from: usize, to: usize| {
            let (first, last) = (from / 8, to / 8);
            let low = 0xffu8 << (from % 8);
            let high = !(0xffu8 << (to % 8));
            if first == last {
                if let Some(byte) = hand.get_mut(first) {
                    *byte |= low & high;
                }
                return;
            }
            if let Some(byte) = hand.get_mut(first) {
                *byte |= low;
            }
            if let Some(middle) = hand.get_mut(first + 1..last) {
                middle.fill(0xff);
            }
            if let Some(byte) = hand.get_mut(last) {
                *byte |= high;
            }
        };
        for side in 0..2 {
            for (&(first, _), &held) in HAND_SLOTS.iter().zip(&self.hand[side]) {
                if held > 0 {
                    let from = base + (side * 28 + first) * CELLS;
                    ones(from, from + held as usize * CELLS);
                }
            }
        }
        if self.check {
            let from = base + (HAND_PLANES - 1) * CELLS;
            ones(from, from + CELLS);
        }
    }
}
