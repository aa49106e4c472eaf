//! The two sides.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

use super::geometry;
use super::parse_error::ParseError;

/// A side: Black (先手, moves first, uppercase in SFEN) or White (後手).
///
/// ```
/// use hayanagi::{Color, Position};
/// let pos = Position::from_usi_position("startpos moves 7g7f")?;
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!("white".parse::<Color>()?, Color::White);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// Black (先手, sente), moves toward rank `a`.
    Black = geometry::BLACK as u8,
    /// White (後手, gote), moves toward rank `i`.
    White = geometry::WHITE as u8,
}

impl Color {
    /// Both colours, in index order.
    ///
    /// ```
    /// use hayanagi::{Color, Position};
    /// let pos = Position::startpos();
    /// let pieces = Color::ALL.map(|c| pos.colored(c).count());
    /// assert_eq!(pieces, [20, 20]);
    /// assert!(Color::ALL.iter().enumerate().all(|(i, c)| c.index() == i));
    /// ```
    pub const ALL: [Color; 2] = [Color::Black, Color::White];
    /// Number of colours.
    ///
    /// ```
    /// use hayanagi::Color;
    /// // One slot per colour.
    /// let mut captures = [0u32; Color::NUM];
    /// captures[Color::White.index()] += 1;
    /// assert_eq!(captures, [0, 1]);
    /// ```
    pub const NUM: usize = 2;

    /// Index 0 (Black) or 1 (White).
    ///
    /// ```
    /// use hayanagi::Color;
    /// assert_eq!(Color::Black.index(), 0);
    /// assert_eq!(Color::White.index(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of an index, `None` if it is not 0 or 1.
    ///
    /// ```
    /// use hayanagi::Color;
    /// assert_eq!(Color::try_index(1), Some(Color::White));
    /// assert_eq!(Color::try_index(2), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// The other colour.
    ///
    /// ```
    /// use hayanagi::Color;
    /// assert_eq!(Color::Black.flip(), Color::White);
    /// assert_eq!(Color::White.flip().flip(), Color::White);
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SFEN side-to-move letter: `b` or `w`.
    ///
    /// ```
    /// use hayanagi::Color;
    /// assert_eq!(Color::Black.to_sfen(), 'b');
    /// assert_eq!(Color::White.to_sfen(), 'w');
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_sfen(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// `black` or `white`; with `{:#}`, the SFEN letter `b` or `w`.
///
/// ```
/// use hayanagi::Color;
/// assert_eq!(Color::White.to_string(), "white");
/// assert_eq!(format!("{:#}", Color::White), "w");
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return write!(f, "{}", self.to_sfen());
        }
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Reads what [`Display`](fmt::Display) writes: `black` or `white`, or the SFEN letter `b` or `w`
/// (lowercase only).
///
/// ```
/// use hayanagi::{Color, ParseError};
/// assert_eq!("b".parse(), Ok(Color::Black));
/// assert_eq!("white".parse(), Ok(Color::White));
/// assert_eq!("B".parse::<Color>(), Err(ParseError::Color));
/// ```
impl FromStr for Color {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Color, ParseError> {
        match s {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseError::Color),
        }
    }
}
