//! The board's fixed regions as bitboards, each built from its one fact in `types/` (the promotion
//! zone of [`Square::is_promotion_zone`], the dead squares of [`Piece::is_dead_on`]), and the two
//! row-wise shifts move generation needs (pawn pushes, whole files).

use crate::types::geometry::{FILES, KINDS};
use crate::{Bitboard, Color, Piece, PieceKind, Square};

/// Per colour, the squares of its promotion zone.
const PROMOTION_ZONES: [Bitboard; Color::NUM] = [zone(Color::Black), zone(Color::White)];

/// Per colour and kind, the squares where an unpromoted piece of that kind would be dead.
const DEAD_SQUARES: [[Bitboard; KINDS]; Color::NUM] = [dead(Color::Black), dead(Color::White)];

const fn zone(color: Color) -> Bitboard {
    let mut zone = Bitboard::EMPTY;
    let mut i = 0;
    while i < Square::NUM {
        if Square::ALL[i].is_promotion_zone(color) {
            zone = zone.with(Square::ALL[i]);
        }
        i += 1;
    }
    zone
}

const fn dead(color: Color) -> [Bitboard; KINDS] {
    let mut dead = [Bitboard::EMPTY; KINDS];
    let mut kind = 0;
    while kind < KINDS {
        let piece = Piece::new(color, PieceKind::ALL[kind]);
        let mut i = 0;
        while i < Square::NUM {
            if piece.is_dead_on(Square::ALL[i]) {
                dead[kind] = dead[kind].with(Square::ALL[i]);
            }
            i += 1;
        }
        kind += 1;
    }
    dead
}

impl Bitboard {
    /// The promotion zone of `color`: the three ranks nearest the opponent, where its pieces may
    /// promote (moving into, out of or within it). It is also the camp a king must enter to declare.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Color, Rank, Square};
    /// let zone = Bitboard::promotion_zone(Color::White);
    /// assert_eq!(zone, Bitboard::rank(Rank::G) | Bitboard::rank(Rank::H) | Bitboard::rank(Rank::I));
    /// assert!(Square::ALL.iter().all(|&sq| zone.contains(sq) == sq.is_promotion_zone(Color::White)));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn promotion_zone(color: Color) -> Bitboard {
        PROMOTION_ZONES[color.index()]
    }

    /// The squares where an unpromoted piece of `color` and `kind` would be dead (could never move
    /// again, [`Piece::is_dead_on`]): a pawn's or lance's last rank, a knight's last two; empty for
    /// every other kind. No drop goes there, and every move onto them promotes.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Color, PieceKind, Rank};
    /// assert_eq!(Bitboard::dead_squares(Color::Black, PieceKind::Lance), Bitboard::rank(Rank::A));
    /// let knight = Bitboard::dead_squares(Color::White, PieceKind::Knight);
    /// assert_eq!(knight, Bitboard::rank(Rank::H) | Bitboard::rank(Rank::I));
    /// assert!(Bitboard::dead_squares(Color::Black, PieceKind::Gold).is_empty());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn dead_squares(color: Color, kind: PieceKind) -> Bitboard {
        DEAD_SQUARES[color.index()][kind.index()]
    }

    /// Every square moved one row forward for `color` (toward the opponent), those that leave the
    /// board dropped: the targets of pawn pushes. [`Square::behind`] is the inverse for one square.
    #[inline(always)]
    pub(crate) fn forward(self, color: Color) -> Bitboard {
        let bits = match color {
            Color::Black => self.to_u128() >> FILES,
            Color::White => (self.to_u128() << FILES) & Bitboard::FULL.to_u128(),
        };
        Bitboard::from_u128(bits).unwrap_or(Bitboard::EMPTY)
    }

    /// Every square of each file that holds a square of `self` (the files with a pawn, for nifu).
    ///
    /// In 64-bit halves: the rows are folded into one 9-bit row of files (`lo` holds rows 0-6 and
    /// the first square of row 7, `hi` the rest of row 7 and row 8), which is then copied to every row
    /// by one multiply (the copies do not overlap, so nothing carries) and two shifts.
    #[inline(always)]
    pub(crate) fn fill_files(self) -> Bitboard {
        const ROW: u64 = 0x1ff;
        let (lo, hi) = (self.lo(), self.hi());
        // Rows 4-6 and square 63 (row 7, column 0) onto rows 0-3, then halving twice.
        let mut folded = lo | (lo >> 36);
        folded |= folded >> 18;
        folded |= folded >> 9;
        let files = (folded | (hi << 1) | (hi >> 8)) & ROW;
        // Bits 0, 9, ..., 63: the low half's rows, square 63 being row 7's column 0.
        const EVERY_ROW: u64 = 0x8040_2010_0804_0201;
        Bitboard::from_raw(files.wrapping_mul(EVERY_ROW), (files >> 1) | (files << 8))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Bitboard, Square};

    /// `fill_files` against the rule it implements, on every single square and on sets of squares
    /// spread over both halves.
    #[test]
    fn fill_files_fills_exactly_the_files_of_the_set() {
        let file_of = |set: Bitboard| {
            let mut files = Bitboard::EMPTY;
            for square in set {
                for other in Square::ALL {
                    if other.index() % 9 == square.index() % 9 {
                        files = files.with(other);
                    }
                }
            }
            files
        };
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for round in 0..2000 {
            let mut set = Bitboard::EMPTY;
            if round < 81 {
                set = set.with(Square::ALL[round]);
            } else {
                for _ in 0..(round % 5) {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    set = set.with(Square::ALL[(state % 81) as usize]);
                }
            }
            assert_eq!(set.fill_files(), file_of(set), "{set:?}");
        }
    }
}
