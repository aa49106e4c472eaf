//! Board geometry, written once and compiled into both the library and the table generator (`gen/lib.rs`,
//! through `#[path]`), so the tables and the code that reads them can never disagree.
//!
//! Everything here works on raw numbers (square index, row, column, kind index) so that it needs no
//! type of either crate. The numbering: square = `row * 9 + col`, row 0 = rank `a` (White's back rank),
//! col 0 = file 9; Black moves toward row 0.

// Each crate uses a different subset of these items.
#![allow(dead_code)]

/// Number of files, ranks and squares.
pub const FILES: u8 = 9;
/// Number of ranks.
pub const RANKS: u8 = 9;
/// Number of squares.
pub const SQUARES: usize = 81;

/// Colour indices.
pub const BLACK: usize = 0;
/// White's colour index.
pub const WHITE: usize = 1;

// Piece kind indices. The seven kinds that can be held in hand come first (0..=6), so hand tables are
// indexed by the same number.
pub const PAWN: u8 = 0;
pub const LANCE: u8 = 1;
pub const KNIGHT: u8 = 2;
pub const SILVER: u8 = 3;
pub const GOLD: u8 = 4;
pub const BISHOP: u8 = 5;
pub const ROOK: u8 = 6;
pub const KING: u8 = 7;
pub const PRO_PAWN: u8 = 8;
pub const PRO_LANCE: u8 = 9;
pub const PRO_KNIGHT: u8 = 10;
pub const PRO_SILVER: u8 = 11;
pub const HORSE: u8 = 12;
pub const DRAGON: u8 = 13;
/// Number of piece kinds (8 base + 6 promoted).
pub const KINDS: usize = 14;
/// Number of kinds that can be held in hand (pawn ..= rook).
pub const HAND_KINDS: usize = 7;
/// Largest number of one kind a hand can hold (all 18 pawns).
pub const MAX_HAND_COUNT: usize = 18;

/// Square index of a (row, col) pair; both must be below 9.
pub const fn square_index(row: u8, col: u8) -> u8 {
    row * FILES + col
}

/// Row (0 = rank a) of a square index.
pub const fn row_of(square: u8) -> u8 {
    square / FILES
}

/// Column (0 = file 9) of a square index.
pub const fn col_of(square: u8) -> u8 {
    square % FILES
}

/// File number (1 = Black's right, 9 = Black's left) of a column.
pub const fn file_of_col(col: u8) -> u8 {
    FILES - col
}

/// Column of a file number (1..=9); the inverse of [`file_of_col`].
pub const fn col_of_file(file: u8) -> u8 {
    FILES - file
}

/// Rows and columns from square `from` to square `to` (positive toward row 8 and column 8).
/// (In `i32` throughout: make asks it for every move, and this is its fastest form.)
pub const fn delta(from: i32, to: i32) -> (i32, i32) {
    let files = FILES as i32;
    (to / files - from / files, to % files - from % files)
}

/// A step as (row delta, column delta), written from Black's side: negative rows go forward.
pub type Delta = (i8, i8);

const N: Delta = (-1, 0);
const S: Delta = (1, 0);
const W: Delta = (0, -1);
const E: Delta = (0, 1);
const NW: Delta = (-1, -1);
const NE: Delta = (-1, 1);
const SW: Delta = (1, -1);
const SE: Delta = (1, 1);

const GOLD_STEPS: &[Delta] = &[NW, N, NE, W, E, S];
const ORTHOGONAL: &[Delta] = &[N, S, W, E];
const DIAGONAL: &[Delta] = &[NW, NE, SW, SE];

/// The single steps (including the knight's jump) of each kind, for Black, indexed by kind.
/// Sliding moves are in [`SLIDES`]; a horse or dragon has both.
pub const STEPS: [&[Delta]; KINDS] = [
    &[N],                          // pawn
    &[],                           // lance
    &[(-2, -1), (-2, 1)],          // knight
    &[NW, N, NE, SW, SE],          // silver
    GOLD_STEPS,                    // gold
    &[],                           // bishop
    &[],                           // rook
    &[NW, N, NE, W, E, SW, S, SE], // king
    GOLD_STEPS,                    // promoted pawn
    GOLD_STEPS,                    // promoted lance
    GOLD_STEPS,                    // promoted knight
    GOLD_STEPS,                    // promoted silver
    ORTHOGONAL,                    // horse
    DIAGONAL,                      // dragon
];

/// The sliding directions of each kind, for Black, indexed by kind.
pub const SLIDES: [&[Delta]; KINDS] = [
    &[],        // pawn
    &[N],       // lance
    &[],        // knight
    &[],        // silver
    &[],        // gold
    DIAGONAL,   // bishop
    ORTHOGONAL, // rook
    &[],        // king
    &[],        // promoted pawn
    &[],        // promoted lance
    &[],        // promoted knight
    &[],        // promoted silver
    DIAGONAL,   // horse
    ORTHOGONAL, // dragon
];

/// The four lines a slider moves along, each as its two opposite directions. Slider attacks are looked
/// up per line: rook = file + rank, bishop = diagonal + anti-diagonal, lance = forward part of the file.
pub const LINES: [[Delta; 2]; 4] = [[N, S], [W, E], [NW, SE], [NE, SW]];
/// Index of the file line in [`LINES`].
pub const LINE_FILE: usize = 0;
/// Index of the rank line in [`LINES`].
pub const LINE_RANK: usize = 1;
/// Index of the diagonal (9a-1i) line in [`LINES`].
pub const LINE_DIAGONAL: usize = 2;
/// Index of the anti-diagonal (1a-9i) line in [`LINES`].
pub const LINE_ANTI_DIAGONAL: usize = 3;

/// A Black delta as seen by `color`: White's board is Black's turned 180 degrees.
pub const fn oriented(delta: Delta, color: usize) -> Delta {
    if color == BLACK { delta } else { (-delta.0, -delta.1) }
}

/// The square reached from `square` by `delta`, or `None` off the board.
pub const fn offset(square: u8, delta: Delta) -> Option<u8> {
    let row = row_of(square) as i8 + delta.0;
    let col = col_of(square) as i8 + delta.1;
    if row < 0 || row >= RANKS as i8 || col < 0 || col >= FILES as i8 {
        None
    } else {
        Some(square_index(row as u8, col as u8))
    }
}

/// How many rows lie ahead of `row` in `color`'s direction of travel: Black moves toward row 0,
/// White toward row 8.
pub const fn rows_ahead(color: usize, row: u8) -> u8 {
    if color == BLACK { row } else { RANKS - 1 - row }
}

/// Whether `row` is in `color`'s promotion zone (the three ranks nearest the opponent).
pub const fn in_promotion_zone(color: usize, row: u8) -> bool {
    rows_ahead(color, row) < 3
}

/// Whether an unpromoted piece of `kind` and `color` on `row` could never move again: a pawn or
/// lance on its last rank, a knight on its last two. No piece may be dropped there, and a move there
/// must promote.
pub const fn is_dead(color: usize, kind: u8, row: u8) -> bool {
    let needed = match kind {
        PAWN | LANCE => 1,
        KNIGHT => 2,
        _ => 0,
    };
    rows_ahead(color, row) < needed
}

/// The index one row behind `square` as `color` sees it (toward its own back rank), 81 or more when
/// that is off the board: where a pawn pushed onto `square` came from.
pub const fn behind(square: u8, color: usize) -> u8 {
    if color == BLACK { square.wrapping_add(FILES) } else { square.wrapping_sub(FILES) }
}
