//! Attack lookups: where a piece on a square attacks, given the occupied squares.
//!
//! Sliders are looked up per line with magic multipliers (rook = file + rank, bishop = diagonal +
//! anti-diagonal, lance = the forward part of the file); stepping pieces read `step_from`.
//!
//! Two table layouts give the same answers (`lookup` below): the full one (one table of bitboards per
//! square and line) and the compact one of the `compact-tables` feature (line tables shared by the
//! squares of a line shape, entries of one or two bytes expanded by a shift).

use crate::{Bitboard, Color, Piece, PieceKind, Square};
use lookup::{anti_diagonal, diagonal, file, lance_file, rank};

/// The full layout's reads.
#[cfg(not(feature = "compact-tables"))]
mod lookup {
    use crate::board::magic::line_attacks;
    use crate::board::tables::{
        ANTI_DIAGONAL_ATTACKS, ANTI_DIAGONAL_MAGICS, BETWEEN, DIAGONAL_ATTACKS, DIAGONAL_MAGICS, FILE_ATTACKS,
        FILE_MAGICS, LANCE_FORWARD, RANK_ATTACKS, RANK_MAGICS, STEP_FROM, STEP_TO,
    };
    use crate::{Bitboard, Color, PieceKind, Square};

    #[inline(always)]
    pub(super) fn file(square: Square, occupied: Bitboard) -> Bitboard {
        line_attacks(&FILE_MAGICS, &FILE_ATTACKS, square, occupied)
    }

    #[inline(always)]
    pub(super) fn rank(square: Square, occupied: Bitboard) -> Bitboard {
        line_attacks(&RANK_MAGICS, &RANK_ATTACKS, square, occupied)
    }

    #[inline(always)]
    pub(super) fn lance_file(color: Color, square: Square, occupied: Bitboard) -> Bitboard {
        file(square, occupied) & LANCE_FORWARD[color.index()][square.index()]
    }

    #[inline(always)]
    pub(super) fn diagonal(square: Square, occupied: Bitboard) -> Bitboard {
        line_attacks(&DIAGONAL_MAGICS, &DIAGONAL_ATTACKS, square, occupied)
    }

    #[inline(always)]
    pub(super) fn anti_diagonal(square: Square, occupied: Bitboard) -> Bitboard {
        line_attacks(&ANTI_DIAGONAL_MAGICS, &ANTI_DIAGONAL_ATTACKS, square, occupied)
    }

    #[inline(always)]
    pub(super) fn step_from(color: Color, kind: PieceKind, square: Square) -> Bitboard {
        STEP_FROM[color.index()][kind.index()][square.index()]
    }

    #[inline(always)]
    pub(super) fn lance_ray(color: Color, square: Square) -> Bitboard {
        LANCE_FORWARD[color.index()][square.index()]
    }

    /// Per square, the rook's and the bishop's attacks on an empty board (about 2.6 KB, computed
    /// by the compiler from the board's rows and columns).
    static EMPTY_BOARD_LINES: [[Bitboard; 2]; Square::NUM] = {
        let mut lines = [[Bitboard::EMPTY; 2]; Square::NUM];
        let mut from: usize = 0;
        while from < Square::NUM {
            let (row, col) = (from / 9, from % 9);
            let (mut rook, mut bishop): (u128, u128) = (0, 0);
            let mut to: usize = 0;
            while to < Square::NUM {
                let (rows, cols) = ((to / 9).abs_diff(row), (to % 9).abs_diff(col));
                if to != from && (rows == 0 || cols == 0) {
                    rook |= 1 << to;
                }
                if to != from && rows == cols {
                    bishop |= 1 << to;
                }
                to += 1;
            }
            lines[from] = [
                Bitboard::from_raw(rook as u64, (rook >> 64) as u64),
                Bitboard::from_raw(bishop as u64, (bishop >> 64) as u64),
            ];
            from += 1;
        }
        lines
    };

    #[inline(always)]
    pub(super) fn empty_board_lines(square: Square) -> [Bitboard; 2] {
        EMPTY_BOARD_LINES[square.index()]
    }

    #[inline(always)]
    pub(super) fn step_to(color: Color, kind: PieceKind, square: Square) -> Bitboard {
        STEP_TO[color.index()][kind.index()][square.index()]
    }

    #[inline(always)]
    pub(super) fn between(a: Square, b: Square) -> Bitboard {
        BETWEEN[a.index()][b.index()]
    }
}

/// The compact layout's reads.
#[cfg(feature = "compact-tables")]
mod lookup {
    /// The lance's forward ray on an empty board.
    #[inline(always)]
    pub(super) fn lance_ray(color: Color, square: Square) -> Bitboard {
        lance_file(color, square, Bitboard::EMPTY)
    }

    /// The rook's and the bishop's attacks on an empty board.
    #[inline(always)]
    pub(super) fn empty_board_lines(square: Square) -> [Bitboard; 2] {
        [
            file(square, Bitboard::EMPTY) | rank(square, Bitboard::EMPTY),
            diagonal(square, Bitboard::EMPTY) | anti_diagonal(square, Bitboard::EMPTY),
        ]
    }

    use crate::board::magic::ray_attacks;
    use crate::board::tables::{
        ANTI_DIAGONAL_ATTACKS, ANTI_DIAGONAL_MAGICS, ANTI_DIAGONAL_RAYS, ANTI_DIAGONAL_STEP, BETWEEN, BETWEEN_INDEX,
        DIAGONAL_ATTACKS, DIAGONAL_MAGICS, DIAGONAL_RAYS, DIAGONAL_STEP, FILE_ATTACKS, FILE_INDEX_BITS, FILE_INNER,
        FILE_MAGICS, LANCE_ROWS, RANK_ATTACKS, STEP_ROWS, STEPS,
    };
    use crate::types::geometry;
    use crate::{Bitboard, Color, PieceKind, Square};

    /// Row and column of a square (the numbering of `types/geometry.rs`).
    #[inline(always)]
    fn row_col(square: Square) -> (usize, usize) {
        // `row_of` and `col_of` of the geometry, in `usize` (one multiply each on this hot path).
        let (index, files) = (square.index(), geometry::FILES as usize);
        (index / files, index % files)
    }

    /// The file of file 9 with the rows in `rows` (bit `i` = row `i`): rows 0..=7 spread to every
    /// ninth bit by one multiply (the eight partial products never overlap), row 8 by a shift.
    #[inline(always)]
    fn file9(rows: u16) -> Bitboard {
        let lo = (rows as u8 as u64).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        Bitboard::from_raw(lo, (rows as u64 >> 8 & 1) << 8)
    }

    /// Row bits of the file attack from `square`: the file shifted to file 9, its inner squares
    /// gathered by the row's magic.
    #[inline(always)]
    fn file_rows(row: usize, col: usize, occupied: Bitboard) -> u16 {
        let key = occupied.to_u128().wrapping_shr(col as u32) as u64 & FILE_INNER;
        let magic = match FILE_MAGICS.get(row) {
            Some(&magic) => magic,
            None => 0,
        };
        let index = (key.wrapping_mul(magic) >> (64 - FILE_INDEX_BITS)) as usize;
        match FILE_ATTACKS.get(row).and_then(|slots| slots.get(index)) {
            Some(&rows) => rows,
            None => 0,
        }
    }

    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline(never))]
    pub(super) fn file(square: Square, occupied: Bitboard) -> Bitboard {
        let (row, col) = row_col(square);
        file9(file_rows(row, col, occupied)).shifted_up(col)
    }

    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline(never))]
    pub(super) fn lance_file(color: Color, square: Square, occupied: Bitboard) -> Bitboard {
        let (row, col) = row_col(square);
        let ahead = match LANCE_ROWS[color.index()].get(row) {
            Some(&rows) => rows,
            None => 0,
        };
        file9(file_rows(row, col, occupied) & ahead).shifted_up(col)
    }

    /// The rank's inner squares (columns 1..=7) shifted down to the index; the column bits back up.
    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline(never))]
    pub(super) fn rank(square: Square, occupied: Bitboard) -> Bitboard {
        let (row, col) = row_col(square);
        // The row's first square is its bit offset.
        let first = row * geometry::FILES as usize;
        let inner = occupied.to_u128().wrapping_shr(first as u32 + 1) as usize & 0x7f;
        let cols = match RANK_ATTACKS.get(col).and_then(|slots| slots.get(inner)) {
            Some(&cols) => cols,
            None => 0,
        };
        Bitboard::from_raw(cols as u64, 0).shifted_up(first)
    }

    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline(never))]
    pub(super) fn diagonal(square: Square, occupied: Bitboard) -> Bitboard {
        ray_attacks(&DIAGONAL_MAGICS, &DIAGONAL_ATTACKS, &DIAGONAL_RAYS, DIAGONAL_STEP, square, occupied)
    }

    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline(never))]
    pub(super) fn anti_diagonal(square: Square, occupied: Bitboard) -> Bitboard {
        ray_attacks(
            &ANTI_DIAGONAL_MAGICS,
            &ANTI_DIAGONAL_ATTACKS,
            &ANTI_DIAGONAL_RAYS,
            ANTI_DIAGONAL_STEP,
            square,
            occupied,
        )
    }

    /// Steps are stored only for the kinds that step; a kind that does not has none.
    #[inline(always)]
    pub(super) fn step_from(color: Color, kind: PieceKind, square: Square) -> Bitboard {
        match STEPS[color.index()].get(STEP_ROWS[kind.index()] as usize) {
            Some(row) => row[square.index()],
            None => Bitboard::EMPTY,
        }
    }

    /// The squares a piece of `color` steps to `square` from are where a piece of the other colour
    /// steps to from `square` (White's steps are Black's turned round); the generator checks it.
    #[inline(always)]
    pub(super) fn step_to(color: Color, kind: PieceKind, square: Square) -> Bitboard {
        step_from(color.flip(), kind, square)
    }

    #[cfg_attr(target_pointer_width = "64", inline(always))]
    #[cfg_attr(not(target_pointer_width = "64"), inline(never))]
    pub(super) fn between(a: Square, b: Square) -> Bitboard {
        match BETWEEN.get(BETWEEN_INDEX[a.index()][b.index()] as usize) {
            Some(pattern) => pattern.shifted_up(a.index().min(b.index())),
            None => Bitboard::EMPTY,
        }
    }
}

/// Squares a rook on `square` attacks: along its file and rank up to and including the first
/// occupied square in each direction.
///
/// ```
/// use hayanagi::{bitboard, rook_attacks, Bitboard, Square};
/// let occupied = Bitboard::from_square(Square::SQ_5C).with(Square::SQ_3E);
/// assert_eq!(
///     rook_attacks(Square::SQ_5E, occupied),
///     bitboard! {
///         . . . . . . . . .
///         . . . . . . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         X X X X . X X . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///         . . . . X . . . .
///     }
/// );
/// ```
#[inline]
#[must_use]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    file(square, occupied) | rank(square, occupied)
}

/// Squares a bishop on `square` attacks: along both diagonals up to and including the first occupied
/// square in each direction.
///
/// ```
/// use hayanagi::{bitboard, bishop_attacks, Bitboard, Square};
/// assert_eq!(
///     bishop_attacks(Square::SQ_8H, Bitboard::from_square(Square::SQ_4D)),
///     bitboard! {
///         . . . . . . . . .
///         . . . . . . . . .
///         . . . . . . . . .
///         . . . . . X . . .
///         . . . . X . . . .
///         . . . X . . . . .
///         X . X . . . . . .
///         . . . . . . . . .
///         X . X . . . . . .
///     }
/// );
/// ```
#[inline]
#[must_use]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    diagonal(square, occupied) | anti_diagonal(square, occupied)
}

/// Squares a lance of `color` on `square` attacks: forward along its file up to and including the
/// first occupied square.
///
/// ```
/// use hayanagi::{lance_attacks, Bitboard, Color, Square};
/// let occupied = Bitboard::from_square(Square::SQ_1C);
/// let attacks = lance_attacks(Color::Black, Square::SQ_1I, occupied);
/// assert_eq!(attacks.count(), 6); // 1h .. 1c
/// assert!(attacks.contains(Square::SQ_1C) && !attacks.contains(Square::SQ_1B));
/// assert!(lance_attacks(Color::White, Square::SQ_1I, occupied).is_empty());
/// ```
#[inline]
#[must_use]
pub fn lance_attacks(color: Color, square: Square, occupied: Bitboard) -> Bitboard {
    lance_file(color, square, occupied)
}

/// The squares a rook (`[0]`) and a bishop (`[1]`) on `square` attack on an empty board.
#[inline(always)]
pub(crate) fn empty_board_lines(square: Square) -> [Bitboard; 2] {
    lookup::empty_board_lines(square)
}

/// The squares a lance of `color` on `square` attacks on an empty board.
#[inline(always)]
pub(crate) fn lance_ray(color: Color, square: Square) -> Bitboard {
    lookup::lance_ray(color, square)
}

/// The sliders of `color` among `rooks` (rooks and dragons), `bishops` (bishops and horses) and
/// `lances` that attack `square` on an empty board: those aimed at it, whatever stands between.
#[inline(always)]
pub(crate) fn sliders_aimed_at(
    color: Color,
    square: Square,
    rooks: Bitboard,
    bishops: Bitboard,
    lances: Bitboard,
) -> Bitboard {
    let [rook, bishop] = lookup::empty_board_lines(square);
    (rook & rooks) | (bishop & bishops) | (lookup::lance_ray(color.flip(), square) & lances)
}

/// Squares a piece of `color` and `kind` on `square` reaches in one step (a knight's jump counts as
/// one). Sliding moves are not included: empty for lance, bishop and rook; the orthogonal steps for a
/// horse and the diagonal steps for a dragon.
///
/// ```
/// use hayanagi::{step_attacks, Color, PieceKind, Square};
/// let knight = step_attacks(Color::Black, PieceKind::Knight, Square::SQ_8I);
/// assert_eq!(knight.iter().collect::<Vec<_>>(), [Square::SQ_9G, Square::SQ_7G]);
/// ```
#[inline]
#[must_use]
pub fn step_attacks(color: Color, kind: PieceKind, square: Square) -> Bitboard {
    lookup::step_from(color, kind, square)
}

/// The reverse of [`step_attacks`]: the squares from which a piece of `color` and `kind` reaches
/// `square` in one step. `target` is in `step_attacks(c, k, from)` exactly when `from` is in
/// `step_to(c, k, target)`.
///
/// ```
/// use hayanagi::{step_to, Color, PieceKind, Square};
/// // A black pawn attacks 7f only from 7g.
/// assert_eq!(step_to(Color::Black, PieceKind::Pawn, Square::SQ_7F).iter().collect::<Vec<_>>(), [Square::SQ_7G]);
/// ```
#[inline]
#[must_use]
pub fn step_to(color: Color, kind: PieceKind, square: Square) -> Bitboard {
    lookup::step_to(color, kind, square)
}

/// Squares `piece` on `square` attacks with `occupied` blocking its slides. For every kind, including
/// horse (bishop + orthogonal steps) and dragon (rook + diagonal steps).
///
/// ```
/// use hayanagi::{attacks, Bitboard, Color, Piece, PieceKind, Square};
/// let dragon = Piece::new(Color::White, PieceKind::Dragon);
/// assert_eq!(attacks(dragon, Square::SQ_5E, Bitboard::EMPTY).count(), 16 + 4);
/// ```
#[inline]
#[must_use]
pub fn attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    let color = piece.color();
    match piece.kind() {
        PieceKind::Lance => lance_attacks(color, square, occupied),
        PieceKind::Bishop => bishop_attacks(square, occupied),
        PieceKind::Rook => rook_attacks(square, occupied),
        PieceKind::Horse => bishop_attacks(square, occupied) | step_attacks(color, PieceKind::Horse, square),
        PieceKind::Dragon => rook_attacks(square, occupied) | step_attacks(color, PieceKind::Dragon, square),
        kind => step_attacks(color, kind, square),
    }
}

/// Squares strictly between `a` and `b` when they share a file, rank or diagonal; empty otherwise
/// (also for adjacent or equal squares).
///
/// ```
/// use hayanagi::{between, Square};
/// assert_eq!(between(Square::SQ_1A, Square::SQ_1E).count(), 3);
/// assert!(between(Square::SQ_1A, Square::SQ_2C).is_empty());
/// ```
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    lookup::between(a, b)
}
