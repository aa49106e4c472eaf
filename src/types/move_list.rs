//! A fixed-capacity list of moves, large enough for every legal position.

use core::fmt;
use core::ops::Deref;

use crate::{Move, Square};

/// A list of at most [`MoveList::CAPACITY`] moves, on the stack.
///
/// The richest known position has 593 legal moves (SPEC §3), but that record assumes both kings are
/// on the board, and the library also accepts positions without them. The capacity is therefore a
/// proven bound for every position the library accepts (at most the set's pieces): drops are at most
/// 7 kinds x 81 squares = 567, and board moves at most two per attacked square of each piece, each
/// piece counted at its richest form — 2 rooks x 32, 2 bishops x 32, 4 lances x 16, 4 silvers x 10,
/// 4 golds, 4 knights and 18 pawns x 6 (promoted), the king 8 — 396 together: 963 < 1024. It
/// dereferences to a slice.
///
/// ```
/// use hayanagi::{Move, MoveList, Square};
/// let mut list = MoveList::new();
/// assert!(list.push(Move::normal(Square::SQ_7G, Square::SQ_7F, false)));
/// assert_eq!(list.len(), 1);
/// assert_eq!(list[0].to_string(), "7g7f");
/// ```
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MoveList::CAPACITY],
}

/// What unused slots hold (never read: only `..len` is).
const FILLER: Move = Move::normal(Square::SQ_9A, Square::SQ_9B, false);

impl MoveList {
    /// Capacity: more than any accepted position can have (see the type's documentation).
    pub const CAPACITY: usize = 1024;

    /// An empty list.
    #[inline]
    #[must_use]
    pub const fn new() -> MoveList {
        // Copied from a constant: a repeat expression here was filled into a temporary and then
        // copied (a second 2 KiB of stack on Cortex-M).
        const EMPTY: MoveList = MoveList { len: 0, moves: [FILLER; MoveList::CAPACITY] };
        EMPTY
    }

    /// Appends `mv`; returns false (and drops it) if the list is full.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) -> bool {
        match self.moves.get_mut(self.len) {
            Some(slot) => {
                *slot = mv;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        // `len` never exceeds the capacity.
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// The moves as a mutable slice (to sort or reorder them).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        self.moves.get_mut(..self.len).unwrap_or(&mut [])
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}
