//! A fixed-capacity list of moves, large enough for every legal position.

use core::fmt;
use core::ops::{Deref, DerefMut};

use super::{moves::Move, square::Square};

/// A list of at most [`MoveList::CAPACITY`] moves, on the stack.
///
/// The richest known position has 593 legal moves (docs/RULES.md R19), but that record assumes both
/// kings are on the board, and the library also accepts positions without them. The capacity is
/// therefore a proven bound for every position the library accepts (at most the set's pieces): drops
/// are at most 7 kinds x 81 squares = 567, and board moves at most two per attacked square of each
/// piece, each piece counted at its richest form — 2 rooks x 32, 2 bishops x 32, 4 lances x 16, 4
/// silvers x 10, 4 golds, 4 knights and 18 pawns x 6 (promoted), the king 8 — 396 together: 963 < 1024.
///
/// It behaves like a slice (`Deref`/`DerefMut` to `[Move]`: index, `iter`, `sort`, `contains`,
/// `retain`-style reordering through `as_mut_slice`) and iterates by value, by reference or by
/// mutable reference. Adding moves never drops one silently: [`MoveList::try_push`] and
/// [`MoveList::try_extend`] return [`MoveListFull`] when the list is full (so does `TryFrom<&[Move]>`);
/// `FromIterator` and `Extend` are not implemented, since they could only panic or drop moves.
///
/// ```
/// use hayanagi::{Move, MoveList, Position};
/// let mut moves = Position::startpos().legal_moves();
/// moves.sort_unstable_by_key(|mv| mv.to_string());
/// assert_eq!(moves[0].to_string(), "1g1f");
/// let drops = moves.iter().filter(|mv| mv.is_drop()).count();
/// assert_eq!(drops, 0);
/// let all: Vec<Move> = moves.into_iter().collect(); // by value
/// assert_eq!(all.len(), 30);
/// ```
///
/// ```
/// use hayanagi::{Move, MoveList, Square};
/// let mut list = MoveList::new();
/// list.try_push(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap())?;
/// assert_eq!(list.len(), 1);
/// assert_eq!(list[0].to_string(), "7g7f");
/// # Ok::<(), hayanagi::MoveListFull>(())
/// ```
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MoveList::CAPACITY],
}

/// What unused slots hold (never read: only `..len` is).
const FILLER: Move = Move::board(Square::SQ_9A, Square::SQ_9B, false);

impl MoveList {
    /// Capacity: more than any accepted position can have (see the type's documentation).
    ///
    /// ```
    /// use hayanagi::{Move, MoveList, Square};
    /// let mut list = MoveList::new();
    /// let mv = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
    /// while list.try_push(mv).is_ok() {}
    /// assert_eq!(list.len(), MoveList::CAPACITY); // full: the next push was refused
    /// ```
    pub const CAPACITY: usize = 1024;

    /// An empty list.
    ///
    /// ```
    /// use hayanagi::MoveList;
    /// let list = MoveList::new();
    /// assert!(list.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn new() -> MoveList {
        // Copied from a constant: a repeat expression here was filled into a temporary and then
        // copied (a second 2 KiB of stack on Cortex-M).
        const EMPTY: MoveList = MoveList { len: 0, moves: [FILLER; MoveList::CAPACITY] };
        EMPTY
    }

    /// Appends `mv`; false (the move not stored) if the list is full. The generator's append: no
    /// generation holds more than 593 moves, so it treats `false` as a broken invariant. Users have
    /// [`try_push`](MoveList::try_push), whose refusal cannot go unnoticed.
    #[inline(always)]
    #[must_use]
    pub(crate) fn push(&mut self, mv: Move) -> bool {
        match self.moves.get_mut(self.len) {
            Some(slot) => {
                *slot = mv;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Appends `mv` (as given: the list does not check legality or repeats).
    ///
    /// # Errors
    /// [`MoveListFull`] if the list holds [`MoveList::CAPACITY`] moves; the list is then unchanged.
    ///
    /// ```
    /// use hayanagi::{Move, MoveList, Square};
    /// let mut list = MoveList::new();
    /// list.try_push(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap())?;
    /// assert_eq!(list.len(), 1);
    /// # Ok::<(), hayanagi::MoveListFull>(())
    /// ```
    #[inline]
    pub fn try_push(&mut self, mv: Move) -> Result<(), MoveListFull> {
        if self.push(mv) { Ok(()) } else { Err(MoveListFull) }
    }

    /// Appends every move of `moves`, stopping at the first that does not fit.
    ///
    /// # Errors
    /// [`MoveListFull`] if the moves do not all fit; the list then holds those that did
    /// (exactly [`MoveList::CAPACITY`]), and the iterator is left after the first that did not.
    ///
    /// ```
    /// use hayanagi::{MoveList, Position};
    /// let moves = Position::startpos().legal_moves();
    /// let mut list = MoveList::new();
    /// list.try_extend(moves.iter().copied().filter(|mv| mv.to().rank() == hayanagi::Rank::F))?;
    /// assert_eq!(list.len(), 9); // the nine pawn pushes
    /// # Ok::<(), hayanagi::MoveListFull>(())
    /// ```
    pub fn try_extend(&mut self, moves: impl IntoIterator<Item = Move>) -> Result<(), MoveListFull> {
        for mv in moves {
            self.try_push(mv)?;
        }
        Ok(())
    }

    /// Removes every move.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut list = Position::startpos().legal_moves();
    /// list.clear();
    /// assert!(list.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    ///
    /// ```
    /// use hayanagi::{Move, Position};
    /// let list = Position::startpos().legal_moves();
    /// let moves: &[Move] = list.as_slice();
    /// assert_eq!(moves.len(), 30);
    /// assert_eq!(moves, &list[..]);
    /// ```
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        // `len` never exceeds the capacity.
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// The moves as a mutable slice (to sort or reorder them).
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut list = Position::startpos().legal_moves();
    /// // Pawn pushes first, the rest after them.
    /// list.as_mut_slice().sort_by_key(|mv| mv.to().rank() != hayanagi::Rank::F);
    /// assert!(list[..9].iter().all(|mv| mv.to().rank() == hayanagi::Rank::F));
    /// ```
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

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

/// The moves as a new list.
///
/// ```
/// use hayanagi::{Move, MoveList, Square};
/// let mv = Move::normal(Square::SQ_2G, Square::SQ_2F, false).unwrap();
/// let list = MoveList::try_from(&[mv, mv][..])?;
/// assert_eq!(list.as_slice(), [mv, mv]);
/// assert!(MoveList::try_from(&[mv; MoveList::CAPACITY + 1][..]).is_err());
/// # Ok::<(), hayanagi::MoveListFull>(())
/// ```
impl TryFrom<&[Move]> for MoveList {
    type Error = MoveListFull;

    fn try_from(moves: &[Move]) -> Result<MoveList, MoveListFull> {
        let mut list = MoveList::new();
        list.try_extend(moves.iter().copied())?;
        Ok(list)
    }
}

/// The error of adding a move to a full [`MoveList`] ([`MoveList::CAPACITY`] moves).
///
/// ```
/// use hayanagi::{Move, MoveList, MoveListFull, Square};
/// let mv = Move::normal(Square::SQ_2G, Square::SQ_2F, false).unwrap();
/// let mut list = MoveList::try_from(&[mv; MoveList::CAPACITY][..])?;
/// assert_eq!(list.try_push(mv), Err(MoveListFull));
/// assert_eq!(MoveListFull.to_string(), "the move list is full (1024 moves)");
/// # Ok::<(), MoveListFull>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveListFull;

impl fmt::Display for MoveListFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the move list is full ({} moves)", MoveList::CAPACITY)
    }
}

impl core::error::Error for MoveListFull {}

/// The moves by value, in order.
impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter { list: self, next: 0 }
    }
}

/// The iterator of a [`MoveList`] by value (`for mv in pos.legal_moves()`).
///
/// ```
/// use hayanagi::Position;
/// let mut n = 0;
/// for mv in Position::startpos().legal_moves() {
///     assert!(!mv.is_drop());
///     n += 1;
/// }
/// assert_eq!(n, 30);
/// ```
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.as_slice().get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl DoubleEndedIterator for MoveListIntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        if self.next >= self.list.len {
            return None;
        }
        self.list.len -= 1;
        self.list.moves.get(self.list.len).copied()
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl core::iter::FusedIterator for MoveListIntoIter {}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
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
