//! Moves: a board move (from, to, promotion) or a drop (kind, to), packed in 16 bits.

use core::fmt;
use core::num::NonZeroU16;

use super::{piece_kind::PieceKind, square::Square};

/// Bit set in every move, so that no move is 0 and `Option<Move>` takes 2 bytes.
const VALID: u16 = 1 << 15;
const PROMOTE: u16 = 1 << 14;
const FROM_SHIFT: u32 = 7;
/// `from` values of 81 and above are drops of hand kind `from - 81`.
const DROP_BASE: u16 = Square::NUM as u16;

/// A move: a piece moving on the board (with or without promotion) or a piece dropped from hand.
///
/// A `Move` says only what the USI string says; whether it is legal depends on the position
/// ([`Position::is_legal`](crate::Position::is_legal)). It prints in USI:
///
/// ```
/// use hayanagi::{Move, PieceKind, Square};
/// assert_eq!(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap().to_string(), "7g7f");
/// assert_eq!(Move::normal(Square::SQ_8H, Square::SQ_2B, true).unwrap().to_string(), "8h2b+");
/// assert_eq!(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap().to_string(), "P*5e");
/// assert_eq!(Move::drop(PieceKind::King, Square::SQ_5E), None);
/// assert_eq!(core::mem::size_of::<Option<Move>>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(NonZeroU16);

impl Move {
    /// A board move from `from` to `to`, promoting if `promote`; `None` if `from` is `to` (no move
    /// stays on its square, and such a value would print as text no reader accepts).
    ///
    /// ```
    /// use hayanagi::{Move, Position, Square};
    /// let mv = Move::normal(Square::SQ_2G, Square::SQ_2F, false).unwrap();
    /// assert_eq!(mv.to_string(), "2g2f");
    /// assert!(Position::startpos().is_legal(mv));
    /// // Any two different squares make a move value; legality is the position's question.
    /// let far = Move::normal(Square::SQ_2G, Square::SQ_2E, false).unwrap();
    /// assert!(!Position::startpos().is_legal(far));
    /// assert_eq!(Move::normal(Square::SQ_7G, Square::SQ_7G, false), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Option<Move> {
        if from as u8 == to as u8 { None } else { Some(Move::board(from, to, promote)) }
    }

    /// [`Move::normal`] where the squares are known to differ (the generator's moves, a parse that
    /// checked): a move that stays on its square is a broken invariant.
    #[inline(always)]
    pub(crate) const fn board(from: Square, to: Square, promote: bool) -> Move {
        debug_assert!(from as u8 != to as u8, "a board move must change square");
        let promote = if promote { PROMOTE } else { 0 };
        Move::from_raw(VALID | promote | (from as u16) << FROM_SHIFT | to as u16)
    }

    /// A drop of `kind` on `to`; `None` if `kind` cannot be held in hand.
    ///
    /// ```
    /// use hayanagi::{Move, PieceKind, Square};
    /// let mv = Move::drop(PieceKind::Gold, Square::SQ_5B).unwrap();
    /// assert_eq!(mv.to_string(), "G*5b");
    /// assert_eq!(Move::drop(PieceKind::Horse, Square::SQ_5B), None); // not a hand kind
    /// ```
    #[inline]
    #[must_use]
    pub const fn drop(kind: PieceKind, to: Square) -> Option<Move> {
        if kind.is_hand_kind() {
            Some(Move::from_raw(VALID | (DROP_BASE + kind as u16) << FROM_SHIFT | to as u16))
        } else {
            None
        }
    }

    #[inline(always)]
    const fn from_raw(bits: u16) -> Move {
        match NonZeroU16::new(bits | VALID) {
            Some(bits) => Move(bits),
            // Unreachable: VALID is set.
            None => Move(NonZeroU16::MAX),
        }
    }

    /// The 16-bit encoding: bits 0-6 `to`, bits 7-13 `from` (81 + hand kind for a drop), bit 14
    /// promotion, bit 15 always set. Stable across versions; [`Move::from_bits`] reads it back.
    ///
    /// ```
    /// use hayanagi::{Move, Square};
    /// let mv = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
    /// // bit 15 | from 56 << 7 | to 47 (7g is index 56, 7f index 47)
    /// assert_eq!(mv.to_bits(), 0x8000 | 56 << 7 | 47);
    /// assert_eq!(Move::from_bits(mv.to_bits()), Some(mv));
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_bits(self) -> u16 {
        self.0.get()
    }

    /// The move encoded by [`Move::to_bits`]; `None` for a value no move encodes.
    ///
    /// ```
    /// use hayanagi::{Move, Square};
    /// let mv = Move::normal(Square::SQ_2B, Square::SQ_8H, true).unwrap();
    /// assert_eq!(Move::from_bits(mv.to_bits()), Some(mv));
    /// assert_eq!(Move::from_bits(0), None);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u16) -> Option<Move> {
        // Checked on the integers, so that reading a move back (as the C API does on every call)
        // costs a few comparisons and no re-encoding.
        let to = bits & 0x7f;
        let from = (bits >> FROM_SHIFT) & 0x7f;
        let valid = bits & VALID != 0
            && to < Square::NUM as u16
            && if from < DROP_BASE {
                from != to
            } else {
                from - DROP_BASE < PieceKind::HAND.len() as u16 && bits & PROMOTE == 0
            };
        if valid { Some(Move::from_raw(bits)) } else { None }
    }

    /// The destination square.
    ///
    /// ```
    /// use hayanagi::{Move, Square};
    /// assert_eq!(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap().to(), Square::SQ_7F);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        match Square::try_index((self.0.get() & 0x7f) as usize) {
            Some(square) => square,
            // Every constructor writes a square index below 81 here.
            None => {
                debug_assert!(false, "Move::to: the destination bits are not a square");
                Square::SQ_1I
            }
        }
    }

    /// The origin square of a board move; `None` for a drop.
    ///
    /// ```
    /// use hayanagi::{Move, PieceKind, Square};
    /// assert_eq!(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap().from(), Some(Square::SQ_7G));
    /// assert_eq!(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap().from(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        Square::try_index(((self.0.get() >> FROM_SHIFT) & 0x7f) as usize)
    }

    /// The dropped kind of a drop; `None` for a board move.
    ///
    /// ```
    /// use hayanagi::{Move, PieceKind, Square};
    /// assert_eq!(Move::drop(PieceKind::Rook, Square::SQ_5E).unwrap().drop_kind(), Some(PieceKind::Rook));
    /// assert_eq!(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap().drop_kind(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        let from = ((self.0.get() >> FROM_SHIFT) & 0x7f) as usize;
        if from < Square::NUM { None } else { PieceKind::try_index(from - Square::NUM) }
    }

    /// True for a drop.
    ///
    /// ```
    /// use hayanagi::{Move, PieceKind, Square};
    /// assert!(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap().is_drop());
    /// assert!(!Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap().is_drop());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_drop(self) -> bool {
        (self.0.get() >> FROM_SHIFT) & 0x7f >= DROP_BASE
    }

    /// True for a board move that promotes.
    ///
    /// ```
    /// use hayanagi::{Move, Square};
    /// assert!(Move::normal(Square::SQ_8H, Square::SQ_2B, true).unwrap().is_promotion());
    /// assert!(!Move::normal(Square::SQ_8H, Square::SQ_2B, false).unwrap().is_promotion());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        self.0.get() & PROMOTE != 0
    }
}

/// USI notation: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                write!(f, "{}{}", from, self.to())?;
                if self.is_promotion() { f.write_str("+") } else { Ok(()) }
            }
            (None, Some(kind)) => write!(f, "{}*{}", kind.base_letter(), self.to()),
            // Every constructor writes a square or a hand kind as the origin.
            (None, None) => {
                debug_assert!(false, "Move: the origin bits are neither a square nor a hand kind");
                Err(fmt::Error)
            }
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 16-bit value: a move exactly when the constructors make it (a board move between two
    /// different squares, promoting or not; a drop of a hand kind), and read back to itself.
    #[test]
    fn from_bits_accepts_exactly_the_encodings_of_moves() {
        let mut made = std::vec![false; 1 << 16];
        for to in Square::ALL {
            for from in Square::ALL.into_iter().filter(|&from| from != to) {
                made[Move::normal(from, to, false).unwrap().to_bits() as usize] = true;
                made[Move::normal(from, to, true).unwrap().to_bits() as usize] = true;
            }
            for kind in PieceKind::HAND {
                made[Move::drop(kind, to).unwrap().to_bits() as usize] = true;
            }
        }
        // 81 * 80 board moves, each with and without promotion, and 7 * 81 drops.
        assert_eq!(made.iter().filter(|&&m| m).count(), 81 * 80 * 2 + 7 * 81);
        for bits in 0..=u16::MAX {
            let read = Move::from_bits(bits);
            assert_eq!(read.is_some(), made[bits as usize], "{bits:#06x}");
            assert!(read.is_none_or(|mv| mv.to_bits() == bits));
        }
    }
}
