//! Ranks (段): the rows, lettered `a` (White's back rank) to `i` (Black's back rank).

use core::fmt;

use super::color::Color;
use super::geometry;
use super::parse_error::ParseError;

/// A rank, `a` to `i` in USI (一段目 to 九段目). Rank `a` is White's back rank and is row 0 of the
/// square numbering.
///
/// ```
/// use hayanagi::{Color, Rank};
/// const G: Rank = Rank::from_usi(b'g').unwrap();
/// assert_eq!(G, Rank::G);
/// assert!(Rank::C.is_promotion_zone(Color::Black));
/// assert!(!Rank::C.is_promotion_zone(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the variant names are the USI rank letters
pub enum Rank {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
}

impl Rank {
    /// All ranks, `a` to `i`.
    ///
    /// ```
    /// use hayanagi::{Color, Rank};
    /// let zone: Vec<Rank> = Rank::ALL.into_iter().filter(|r| r.is_promotion_zone(Color::White)).collect();
    /// assert_eq!(zone, [Rank::G, Rank::H, Rank::I]);
    /// ```
    pub const ALL: [Rank; 9] = [Rank::A, Rank::B, Rank::C, Rank::D, Rank::E, Rank::F, Rank::G, Rank::H, Rank::I];
    /// Number of ranks.
    ///
    /// ```
    /// use hayanagi::{Bitboard, Rank};
    /// assert_eq!(Bitboard::rank(Rank::E).count() as usize, Rank::NUM);
    /// assert_eq!(Rank::ALL.len(), Rank::NUM);
    /// ```
    pub const NUM: usize = 9;

    /// The rank of an index (0 = `a`), `None` if the index is 9 or more.
    ///
    /// ```
    /// use hayanagi::Rank;
    /// assert_eq!(Rank::try_index(0), Some(Rank::A));
    /// assert_eq!(Rank::try_index(9), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<Rank> {
        if index < 9 { Some(Rank::ALL[index]) } else { None }
    }

    /// The rank of a USI letter (`b'a'` to `b'i'`).
    ///
    /// ```
    /// use hayanagi::Rank;
    /// assert_eq!(Rank::from_usi(b'i'), Some(Rank::I));
    /// assert_eq!(Rank::from_usi(b'j'), None);
    /// assert_eq!(Rank::from_usi(b'A'), None); // lowercase only
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_usi(byte: u8) -> Option<Rank> {
        Rank::try_index(byte.wrapping_sub(b'a') as usize)
    }

    /// The index, 0 (`a`) to 8 (`i`); also the board row of the square numbering.
    ///
    /// ```
    /// use hayanagi::{Rank, Square};
    /// assert_eq!(Rank::A.index(), 0);
    /// assert_eq!(Square::SQ_7G.rank().index(), 6);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The traditional number, 1 (一段目, `a`) to 9 (九段目, `i`).
    ///
    /// ```
    /// use hayanagi::Rank;
    /// assert_eq!(Rank::A.number(), 1);
    /// assert_eq!(Rank::G.number(), 7); // 7g is 7七
    /// ```
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The USI letter.
    ///
    /// ```
    /// use hayanagi::Rank;
    /// assert_eq!(Rank::G.to_usi(), 'g');
    /// assert_eq!(Rank::G.to_string(), "g");
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_usi(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The same rank seen from the other side (`a` <-> `i`).
    ///
    /// ```
    /// use hayanagi::Rank;
    /// assert_eq!(Rank::A.flip(), Rank::I);
    /// assert_eq!(Rank::C.flip(), Rank::G);
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Rank {
        Rank::ALL[8 - self as usize]
    }

    /// Whether a piece of `color` may promote on this rank (the three ranks nearest the opponent).
    ///
    /// ```
    /// use hayanagi::{Color, Rank};
    /// assert!(Rank::A.is_promotion_zone(Color::Black) && Rank::C.is_promotion_zone(Color::Black));
    /// assert!(!Rank::D.is_promotion_zone(Color::Black));
    /// assert!(Rank::G.is_promotion_zone(Color::White));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_promotion_zone(self, color: Color) -> bool {
        geometry::in_promotion_zone(color.index(), self as u8)
    }
}

/// Reads what [`Display`](fmt::Display) writes: the letter `a`-`i` (lowercase only).
///
/// ```
/// use hayanagi::{ParseError, Rank};
/// assert_eq!("g".parse(), Ok(Rank::G));
/// assert_eq!("G".parse::<Rank>(), Err(ParseError::Rank));
/// ```
impl core::str::FromStr for Rank {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Rank, ParseError> {
        match s.as_bytes() {
            [letter] => Rank::from_usi(*letter).ok_or(ParseError::Rank),
            _ => Err(ParseError::Rank),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_usi())
    }
}
