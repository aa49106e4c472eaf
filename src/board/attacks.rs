//! Attack lookups: where a piece on a square attacks, given the occupied squares.
//!
//! Sliders are looked up per line with magic multipliers (rook = file + rank, bishop = diagonal +
//! anti-diagonal, lance = the forward part of the file); stepping pieces read `step_from`.

use crate::board::magic::line_attacks;
use crate::board::tables::{
    ANTI_DIAGONAL_ATTACKS, ANTI_DIAGONAL_MAGICS, BETWEEN, DIAGONAL_ATTACKS, DIAGONAL_MAGICS, FILE_ATTACKS, FILE_MAGICS,
    LANCE_FORWARD, RANK_ATTACKS, RANK_MAGICS, STEP_FROM, STEP_TO,
};
use crate::{Bitboard, Color, Piece, PieceKind, Square};

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
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(&FILE_MAGICS, &FILE_ATTACKS, square, occupied)
        | line_attacks(&RANK_MAGICS, &RANK_ATTACKS, square, occupied)
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
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(&DIAGONAL_MAGICS, &DIAGONAL_ATTACKS, square, occupied)
        | line_attacks(&ANTI_DIAGONAL_MAGICS, &ANTI_DIAGONAL_ATTACKS, square, occupied)
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
pub fn lance_attacks(color: Color, square: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(&FILE_MAGICS, &FILE_ATTACKS, square, occupied) & LANCE_FORWARD[color.index()][square.index()]
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
pub fn step_attacks(color: Color, kind: PieceKind, square: Square) -> Bitboard {
    STEP_FROM[color.index()][kind.index()][square.index()]
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
pub fn step_to(color: Color, kind: PieceKind, square: Square) -> Bitboard {
    STEP_TO[color.index()][kind.index()][square.index()]
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
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}
