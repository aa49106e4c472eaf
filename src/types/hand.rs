//! Pieces in hand: how many of each of the seven hand kinds one side holds.

use core::fmt;

use super::piece_kind::PieceKind;

/// The pieces one side holds in hand: a count per hand kind (pawn ..= rook).
///
/// Counts are not limited here; a [`Position`](crate::Position) built by the SFEN parser never holds
/// more of a kind than the set has (18 pawns, 4 lances, knights, silvers and golds, 2 bishops and rooks).
///
/// ```
/// use hayanagi::{Hand, PieceKind};
/// let hand = Hand::EMPTY.with(PieceKind::Pawn, 3).with(PieceKind::Rook, 1);
/// assert_eq!(hand.count(PieceKind::Pawn), 3);
/// assert_eq!(hand.count(PieceKind::King), 0);
/// assert_eq!(hand.to_string(), "R3P");
/// assert!(!hand.is_empty() && Hand::EMPTY.is_empty());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    counts: [u8; PieceKind::HAND.len()],
}

impl Hand {
    /// No piece in hand.
    ///
    /// ```
    /// use hayanagi::{Color, Hand, Position};
    /// assert_eq!(Position::startpos().hand(Color::Black), Hand::EMPTY);
    /// assert_eq!(Hand::EMPTY.total(), 0);
    /// assert_eq!(Hand::EMPTY.to_string(), "-");
    /// ```
    pub const EMPTY: Hand = Hand { counts: [0; PieceKind::HAND.len()] };

    /// How many pieces of `kind` are held (0 for the king and promoted kinds).
    ///
    /// ```
    /// use hayanagi::{Color, PieceKind, Position};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b 3PS 1".parse()?;
    /// let hand = pos.hand(Color::Black);
    /// assert_eq!((hand.count(PieceKind::Pawn), hand.count(PieceKind::Silver)), (3, 1));
    /// assert_eq!(hand.count(PieceKind::Gold), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn count(self, kind: PieceKind) -> u8 {
        if kind.is_hand_kind() { self.counts[kind.index()] } else { 0 }
    }

    /// The same hand holding `count` of `kind`; unchanged if `kind` cannot be held in hand.
    ///
    /// ```
    /// use hayanagi::{Hand, PieceKind};
    /// let hand = Hand::EMPTY.with(PieceKind::Bishop, 1).with(PieceKind::Pawn, 2);
    /// assert_eq!(hand.to_string(), "B2P");
    /// assert_eq!(hand.with(PieceKind::Pawn, 0).to_string(), "B");
    /// assert_eq!(hand.with(PieceKind::King, 1), hand); // not a hand kind: unchanged
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(mut self, kind: PieceKind, count: u8) -> Hand {
        if kind.is_hand_kind() {
            self.counts[kind.index()] = count;
        }
        self
    }

    /// True when nothing is held.
    ///
    /// ```
    /// use hayanagi::{Hand, PieceKind};
    /// assert!(Hand::EMPTY.is_empty());
    /// assert!(!Hand::EMPTY.with(PieceKind::Pawn, 1).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.to_bytes() == 0
    }

    /// The counts as the low seven bytes of a `u64`, the pawns' in the lowest (the order of
    /// [`PieceKind::HAND`]), for code that reads or compares all of them at once.
    #[inline(always)]
    pub(crate) const fn to_bytes(self) -> u64 {
        u64::from_le_bytes([
            self.counts[0],
            self.counts[1],
            self.counts[2],
            self.counts[3],
            self.counts[4],
            self.counts[5],
            self.counts[6],
            0,
        ])
    }

    /// The hand [`Hand::to_bytes`] gave (its top byte ignored).
    #[inline(always)]
    pub(crate) const fn from_bytes(bytes: u64) -> Hand {
        let b = bytes.to_le_bytes();
        Hand { counts: [b[0], b[1], b[2], b[3], b[4], b[5], b[6]] }
    }

    /// Total number of pieces held.
    ///
    /// ```
    /// use hayanagi::{Hand, PieceKind};
    /// let hand = Hand::EMPTY.with(PieceKind::Pawn, 18).with(PieceKind::Gold, 2);
    /// assert_eq!(hand.total(), 20);
    /// ```
    #[inline]
    #[must_use]
    pub const fn total(self) -> u32 {
        let mut total = 0;
        let mut i = 0;
        while i < self.counts.len() {
            total += self.counts[i] as u32;
            i += 1;
        }
        total
    }

    /// True when this hand holds at least as many pieces of every kind as `other` (優越: a tsume
    /// solver may then reuse what it proved for `other`'s position with this hand).
    ///
    /// ```
    /// use hayanagi::{Hand, PieceKind};
    /// let more = Hand::EMPTY.with(PieceKind::Gold, 2).with(PieceKind::Pawn, 1);
    /// let less = Hand::EMPTY.with(PieceKind::Gold, 1);
    /// assert!(more.dominates(less) && !less.dominates(more));
    /// assert!(less.dominates(less) && less.dominates(Hand::EMPTY));
    /// assert!(!more.dominates(Hand::EMPTY.with(PieceKind::Silver, 1)));
    /// ```
    #[inline]
    #[must_use]
    pub const fn dominates(self, other: Hand) -> bool {
        let mut i = 0;
        while i < self.counts.len() {
            if self.counts[i] < other.counts[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The count of `kind` read in place: one byte, where copying the whole `Hand` (as
    /// [`Hand::count`] does) after a one-byte update stalls store forwarding in make/undo.
    #[inline(always)]
    pub(crate) fn get(&self, kind: PieceKind) -> u8 {
        match self.counts.get(kind.index()) {
            Some(&count) => count,
            None => 0,
        }
    }

    /// Adds one piece of a hand kind (the caller guarantees `kind` is a hand kind).
    #[inline]
    pub(crate) fn add(&mut self, kind: PieceKind) {
        if let Some(count) = self.counts.get_mut(kind.index()) {
            *count = count.wrapping_add(1);
        }
    }

    /// Removes one piece of a hand kind (the caller guarantees one is held).
    #[inline]
    pub(crate) fn remove(&mut self, kind: PieceKind) {
        if let Some(count) = self.counts.get_mut(kind.index()) {
            *count = count.wrapping_sub(1);
        }
    }
}

/// SFEN order of hand kinds: R B G S N L P.
pub(crate) const SFEN_ORDER: [PieceKind; 7] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
];

/// The SFEN spelling for Black (uppercase, `R2P`); `-` when empty. Count written only when >= 2.
impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for kind in SFEN_ORDER {
            match self.count(kind) {
                0 => {}
                1 => write!(f, "{}", kind.base_letter())?,
                n => write!(f, "{}{}", n, kind.base_letter())?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}
