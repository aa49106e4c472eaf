//! Bitboards: sets of squares, one bit per square.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::{File, Rank, Square};

/// Bits of `hi` that hold squares 64..=80.
const HI_MASK: u64 = (1 << 17) - 1;

/// A set of squares.
///
/// Square `i` is bit `i` of `lo` for `i < 64` and bit `i - 64` of `hi` otherwise; the upper 47 bits of
/// `hi` are always zero (docs/RULES.md R4). Every constructor keeps that invariant, so equality is
/// plain field equality.
///
/// The [`bitboard!`](crate::bitboard!) macro writes one as a diagram, rank `a` on top and file 9 on
/// the left, as a board is printed:
///
/// ```
/// use hayanagi::{bitboard, Bitboard, Square};
/// const CORNERS: Bitboard = bitboard! {
///     X . . . . . . . X
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     X . . . . . . . X
/// };
/// assert_eq!(CORNERS.count(), 4);
/// assert!(CORNERS.contains(Square::SQ_9A) && CORNERS.contains(Square::SQ_1I));
/// assert_eq!(
///     CORNERS,
///     Bitboard::EMPTY
///         .with(Square::SQ_9A)
///         .with(Square::SQ_1A)
///         .with(Square::SQ_9I)
///         .with(Square::SQ_1I)
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(C, align(16))]
pub struct Bitboard {
    lo: u64,
    hi: u64,
}

/// The set of each single square, read by [`Bitboard::from_square`].
static SQUARE_SETS: [Bitboard; 81] = {
    let mut sets = [Bitboard { lo: 0, hi: 0 }; 81];
    let mut i = 0;
    while i < 81 {
        sets[i] = if i < 64 { Bitboard { lo: 1 << i, hi: 0 } } else { Bitboard { lo: 0, hi: 1 << (i - 64) } };
        i += 1;
    }
    sets
};

impl Bitboard {
    /// No square.
    ///
    /// ```
    /// use hayanagi::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty() && Bitboard::EMPTY.count() == 0);
    /// ```
    pub const EMPTY: Bitboard = Bitboard { lo: 0, hi: 0 };
    /// All 81 squares.
    ///
    /// ```
    /// use hayanagi::Bitboard;
    /// assert_eq!(Bitboard::FULL.count(), 81);
    /// assert_eq!(Bitboard::FULL.complement(), Bitboard::EMPTY);
    /// ```
    pub const FULL: Bitboard = Bitboard { lo: u64::MAX, hi: HI_MASK };

    /// Builds from the two halves; `None` if `hi` has a bit above square 80.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_parts(1, 0), Some(Bitboard::from_square(Square::SQ_9A)));
    /// assert_eq!(Bitboard::from_parts(0, 1 << 17), None); // there is no square 81
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_parts(lo: u64, hi: u64) -> Option<Bitboard> {
        if hi & !HI_MASK == 0 { Some(Bitboard { lo, hi }) } else { None }
    }

    /// Builds from halves known to be valid: the generated tables, whose values the generator and the
    /// tests check. A bad `hi` is masked, never a panic.
    #[inline]
    pub(crate) const fn from_raw(lo: u64, hi: u64) -> Bitboard {
        Bitboard { lo, hi: hi & HI_MASK }
    }

    #[cfg(feature = "compact-tables")]
    /// The squares of a generated table's line pattern moved up by `by` squares (bits shifted out of
    /// the board are dropped, never a panic).
    #[inline(always)]
    pub(crate) const fn shifted_up(self, by: usize) -> Bitboard {
        let bits = self.to_u128().wrapping_shl(by as u32);
        Bitboard::from_raw(bits as u64, (bits >> 64) as u64)
    }

    /// Builds from bits 0..=80 of a `u128`; `None` if a higher bit is set.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_u128(1 << 80), Some(Bitboard::from_square(Square::SQ_1I)));
    /// assert_eq!(Bitboard::from_u128(1 << 81), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_u128(bits: u128) -> Option<Bitboard> {
        Bitboard::from_parts(bits as u64, (bits >> 64) as u64)
    }

    /// The squares as bits 0..=80 of a `u128`.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::SQ_7G).to_u128(), 1 << 56);
    /// assert_eq!(Bitboard::FULL.to_u128(), (1 << 81) - 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_u128(self) -> u128 {
        self.lo as u128 | (self.hi as u128) << 64
    }

    /// Squares 0..=63 (`9a` ..= `9h`).
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::EMPTY.with(Square::SQ_9A).with(Square::SQ_1I);
    /// assert_eq!(set.lo(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn lo(self) -> u64 {
        self.lo
    }

    /// Squares 64..=80 (`8h` ..= `1i`) in the low 17 bits.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::EMPTY.with(Square::SQ_9A).with(Square::SQ_1I);
    /// assert_eq!(set.hi(), 1 << 16); // square 80 = bit 16 of hi
    /// ```
    #[inline]
    #[must_use]
    pub const fn hi(self) -> u64 {
        self.hi
    }

    /// The set of one square.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::from_square(Square::SQ_5E);
    /// assert!(set.contains(Square::SQ_5E) && set.count() == 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_square(square: Square) -> Bitboard {
        // One load from a table of the 81 single-square sets: make/unmake build several per move.
        SQUARE_SETS[square.index()]
    }

    /// The squares of a diagram in square order (`9a`, `8a`, ... `1i`); see [`bitboard!`](crate::bitboard!).
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let mut cells = [false; 81];
    /// cells[Square::SQ_5E.index()] = true;
    /// assert_eq!(Bitboard::from_diagram(cells), Bitboard::from_square(Square::SQ_5E));
    /// ```
    #[must_use]
    pub const fn from_diagram(cells: [bool; 81]) -> Bitboard {
        let mut board = Bitboard::EMPTY;
        let mut i = 0;
        while i < Square::NUM {
            if cells[i] {
                board = board.with(Square::ALL[i]);
            }
            i += 1;
        }
        board
    }

    /// The nine squares of a file.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Square};
    /// let file = Bitboard::file(File::new(7).unwrap());
    /// assert_eq!(file.count(), 9);
    /// assert!(file.contains(Square::SQ_7A) && file.contains(Square::SQ_7I) && !file.contains(Square::SQ_8A));
    /// ```
    #[must_use]
    pub const fn file(file: File) -> Bitboard {
        let mut board = Bitboard::EMPTY;
        let mut i = 0;
        while i < Rank::NUM {
            board = board.with(Square::new(file, Rank::ALL[i]));
            i += 1;
        }
        board
    }

    /// The nine squares of a rank.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Rank, Square};
    /// let rank = Bitboard::rank(Rank::G);
    /// assert_eq!(rank.count(), 9);
    /// assert!(rank.contains(Square::SQ_9G) && rank.contains(Square::SQ_1G) && !rank.contains(Square::SQ_1H));
    /// ```
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        let mut board = Bitboard::EMPTY;
        let mut i = 0;
        while i < File::NUM {
            board = board.with(Square::new(File::ALL[i], rank));
            i += 1;
        }
        board
    }

    /// This set with `square` added.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::EMPTY.with(Square::SQ_5E).with(Square::SQ_5E);
    /// assert_eq!(set.count(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        self.union(Bitboard::from_square(square))
    }

    /// This set with `square` removed.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::FULL.without(Square::SQ_5E);
    /// assert!(!set.contains(Square::SQ_5E) && set.count() == 80);
    /// ```
    #[inline]
    #[must_use]
    pub const fn without(self, square: Square) -> Bitboard {
        self.difference(Bitboard::from_square(square))
    }

    /// Squares in either set.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Rank};
    /// let cross = Bitboard::file(File::new(5).unwrap()).union(Bitboard::rank(Rank::E));
    /// assert_eq!(cross.count(), 17);
    /// assert_eq!(cross, Bitboard::file(File::new(5).unwrap()) | Bitboard::rank(Rank::E));
    /// ```
    #[inline]
    #[must_use]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo | other.lo, hi: self.hi | other.hi }
    }

    /// Squares in both sets.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Rank, Square};
    /// let meet = Bitboard::file(File::new(5).unwrap()).intersection(Bitboard::rank(Rank::E));
    /// assert_eq!(meet, Bitboard::from_square(Square::SQ_5E));
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo & other.lo, hi: self.hi & other.hi }
    }

    /// Squares in this set and not in `other`.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Rank};
    /// let file = Bitboard::file(File::new(5).unwrap());
    /// assert_eq!(file.difference(Bitboard::rank(Rank::E)).count(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn difference(self, other: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo & !other.lo, hi: self.hi & !other.hi }
    }

    /// Squares in exactly one of the sets.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Rank};
    /// let (file, rank) = (Bitboard::file(File::new(5).unwrap()), Bitboard::rank(Rank::E));
    /// assert_eq!(file.symmetric_difference(rank).count(), 16);
    /// assert_eq!(file.symmetric_difference(rank), file ^ rank);
    /// ```
    #[inline]
    #[must_use]
    pub const fn symmetric_difference(self, other: Bitboard) -> Bitboard {
        Bitboard { lo: self.lo ^ other.lo, hi: self.hi ^ other.hi }
    }

    /// Squares not in this set (within the 81).
    ///
    /// ```
    /// use hayanagi::{Bitboard, Rank};
    /// assert_eq!(Bitboard::rank(Rank::A).complement().count(), 72);
    /// assert_eq!(Bitboard::EMPTY.complement(), Bitboard::FULL);
    /// ```
    #[inline]
    #[must_use]
    pub const fn complement(self) -> Bitboard {
        Bitboard { lo: !self.lo, hi: !self.hi & HI_MASK }
    }

    /// Whether `square` is in the set.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Rank, Square};
    /// assert!(Bitboard::rank(Rank::A).contains(Square::SQ_5A));
    /// assert!(!Bitboard::rank(Rank::A).contains(Square::SQ_5B));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        !self.intersection(Bitboard::from_square(square)).is_empty()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Rank};
    /// assert!(Bitboard::EMPTY.is_empty() && !Bitboard::FULL.is_empty());
    /// assert!((Bitboard::rank(Rank::A) & Bitboard::rank(Rank::B)).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.lo | self.hi == 0
    }

    /// Whether the sets share a square.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File, Rank};
    /// assert!(Bitboard::rank(Rank::A).intersects(Bitboard::file(File::new(1).unwrap())));
    /// assert!(!Bitboard::rank(Rank::A).intersects(Bitboard::rank(Rank::B)));
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        !self.intersection(other).is_empty()
    }

    /// Number of squares.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// assert_eq!(Bitboard::EMPTY.with(Square::SQ_9A).with(Square::SQ_1I).count(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        #[cfg(target_feature = "popcnt")]
        {
            self.lo.count_ones() + self.hi.count_ones()
        }
        // Without a popcount instruction: both halves summed in 4-bit fields (at most 8 each), those
        // in bytes (at most 16), then one multiply instead of two.
        #[cfg(not(target_feature = "popcnt"))]
        {
            const M1: u64 = 0x5555_5555_5555_5555;
            const M2: u64 = 0x3333_3333_3333_3333;
            const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
            let lo = self.lo - ((self.lo >> 1) & M1);
            let hi = self.hi - ((self.hi >> 1) & M1);
            let nibbles = (lo & M2) + ((lo >> 2) & M2) + (hi & M2) + ((hi >> 2) & M2);
            let bytes = (nibbles & M4) + ((nibbles >> 4) & M4);
            (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
        }
    }

    /// Whether the set has more than one square.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let one = Bitboard::from_square(Square::SQ_1I);
    /// assert!(!one.has_more_than_one() && !Bitboard::EMPTY.has_more_than_one());
    /// assert!(one.with(Square::SQ_9A).has_more_than_one());
    /// ```
    #[inline]
    #[must_use]
    pub const fn has_more_than_one(self) -> bool {
        if self.lo != 0 { self.lo & (self.lo - 1) != 0 || self.hi != 0 } else { self.hi & self.hi.wrapping_sub(1) != 0 }
    }

    /// The lowest-index square, if any.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::EMPTY.with(Square::SQ_1I).with(Square::SQ_7G);
    /// assert_eq!(set.lsb(), Some(Square::SQ_7G)); // index 56 before 80
    /// assert_eq!(Bitboard::EMPTY.lsb(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn lsb(self) -> Option<Square> {
        if self.lo != 0 {
            Square::try_index(self.lo.trailing_zeros() as usize)
        } else if self.hi != 0 {
            Square::try_index(64 + self.hi.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// Removes and returns the lowest-index square, if any.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let mut set = Bitboard::EMPTY.with(Square::SQ_1I).with(Square::SQ_9A);
    /// assert_eq!(set.pop_lsb(), Some(Square::SQ_9A));
    /// assert_eq!(set.pop_lsb(), Some(Square::SQ_1I));
    /// assert_eq!(set.pop_lsb(), None);
    /// ```
    #[inline]
    pub const fn pop_lsb(&mut self) -> Option<Square> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros();
            self.lo &= self.lo - 1;
            Square::try_index(i as usize)
        } else if self.hi != 0 {
            let i = self.hi.trailing_zeros();
            self.hi &= self.hi - 1;
            Square::try_index(64 + i as usize)
        } else {
            None
        }
    }

    /// The squares in index order.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Square};
    /// let set = Bitboard::EMPTY.with(Square::SQ_1I).with(Square::SQ_9A);
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::SQ_9A, Square::SQ_1I]);
    /// assert_eq!(set.iter().len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn iter(self) -> Squares {
        Squares(self)
    }
}

/// Iterator over a [`Bitboard`]'s squares, lowest index first.
///
/// ```
/// use hayanagi::{Bitboard, Rank};
/// let squares: Vec<String> = Bitboard::rank(Rank::C).iter().map(|square| square.to_string()).collect();
/// assert_eq!(squares.first().map(String::as_str), Some("9c"));
/// assert_eq!(squares.last().map(String::as_str), Some("1c"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lsb()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

macro_rules! operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:ident) => {
        impl $trait for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                self.$op(other)
            }
        }

        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                *self = self.$op(other);
            }
        }
    };
}

operator!(BitAnd, bitand, BitAndAssign, bitand_assign, intersection);
operator!(BitOr, bitor, BitOrAssign, bitor_assign, union);
operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, symmetric_difference);

impl Not for Bitboard {
    type Output = Bitboard;

    /// The complement within the 81 squares.
    #[inline]
    fn not(self) -> Bitboard {
        self.complement()
    }
}

impl fmt::Debug for Bitboard {
    /// The same diagram as [`Display`](fmt::Display).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Bitboard {
    /// A 9x9 diagram in the [`bitboard!`](crate::bitboard!) syntax: `X` for a member, `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL {
            for (i, file) in File::ALL.iter().rev().enumerate() {
                let cell = if self.contains(Square::new(*file, rank)) { 'X' } else { '.' };
                write!(f, "{}{cell}", if i == 0 { "" } else { " " })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// Reads what [`Display`](fmt::Display) writes: 9 lines (rank `a` first), each of 9 cells `X` or
/// `.` separated by single spaces (file 9 first) and ended by a newline.
///
/// ```
/// use hayanagi::{Bitboard, File, ParseError};
/// let bb = Bitboard::file(File::F5);
/// assert_eq!(bb.to_string().parse(), Ok(bb));
/// assert_eq!("X".parse::<Bitboard>(), Err(ParseError::Bitboard));
/// ```
impl core::str::FromStr for Bitboard {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Bitboard, crate::ParseError> {
        let mut board = Bitboard::EMPTY;
        let mut lines = s.split_terminator('\n');
        for rank in Rank::ALL {
            let line = lines.next().ok_or(crate::ParseError::Bitboard)?.as_bytes();
            if line.len() != 17 {
                return Err(crate::ParseError::Bitboard);
            }
            for (i, file) in File::ALL.iter().rev().enumerate() {
                let gap = i.checked_sub(1).map_or(Some(&b' '), |_| line.get(2 * i - 1));
                match (gap, line.get(2 * i)) {
                    (Some(b' '), Some(b'X')) => board = board.with(Square::new(*file, rank)),
                    (Some(b' '), Some(b'.')) => {}
                    _ => return Err(crate::ParseError::Bitboard),
                }
            }
        }
        if lines.next().is_some() || !s.ends_with('\n') {
            return Err(crate::ParseError::Bitboard);
        }
        Ok(board)
    }
}

/// A [`Bitboard`] written as a 9x9 diagram: 81 cells, `X` (or `x`) for a member, `.` otherwise,
/// rank `a` first and file 9 on the left. Usable in `const` items; a wrong cell count or an unknown
/// cell is a compile error.
///
/// ```
/// use hayanagi::{bitboard, Bitboard, File};
/// assert_eq!(
///     bitboard! {
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///         . . . . . . . . X
///     },
///     Bitboard::file(File::F1)
/// );
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($cell:tt)*) => {
        $crate::Bitboard::from_diagram([$($crate::__bitboard_cell!($cell)),*])
    };
}

/// One cell of [`bitboard!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __bitboard_cell {
    (.) => {
        false
    };
    (X) => {
        true
    };
    (x) => {
        true
    };
}
