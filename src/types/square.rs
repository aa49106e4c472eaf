//! Squares: the 81 points of the board, numbered as docs/RULES.md R1 says.

use core::fmt;
use core::str::FromStr;

use super::geometry;
use super::{color::Color, file::File, rank::Rank};

/// A square of the board.
///
/// Index = `row * 9 + col`, row 0 = rank `a`, col 0 = file 9, so `9a` = 0, `1a` = 8, `7g` = 56 and
/// `1i` = 80: the reading order of a board diagram. The variants are named by USI square (`SQ_7G` is
/// `7g`). `Option<Square>` is one byte.
///
/// ```
/// use hayanagi::{File, Rank, Square};
/// const SQ: Square = Square::new(File::F7, Rank::G);
/// assert_eq!(SQ, Square::SQ_7G);
/// assert_eq!(SQ.index(), 56);
/// assert_eq!("7g".parse::<Square>(), Ok(Square::SQ_7G));
/// assert_eq!(Square::SQ_7G.to_string(), "7g");
/// assert_eq!(core::mem::size_of::<Option<Square>>(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(non_camel_case_types, missing_docs)] // the variant names are the USI names
#[rustfmt::skip]
pub enum Square {
    SQ_9A, SQ_8A, SQ_7A, SQ_6A, SQ_5A, SQ_4A, SQ_3A, SQ_2A, SQ_1A,
    SQ_9B, SQ_8B, SQ_7B, SQ_6B, SQ_5B, SQ_4B, SQ_3B, SQ_2B, SQ_1B,
    SQ_9C, SQ_8C, SQ_7C, SQ_6C, SQ_5C, SQ_4C, SQ_3C, SQ_2C, SQ_1C,
    SQ_9D, SQ_8D, SQ_7D, SQ_6D, SQ_5D, SQ_4D, SQ_3D, SQ_2D, SQ_1D,
    SQ_9E, SQ_8E, SQ_7E, SQ_6E, SQ_5E, SQ_4E, SQ_3E, SQ_2E, SQ_1E,
    SQ_9F, SQ_8F, SQ_7F, SQ_6F, SQ_5F, SQ_4F, SQ_3F, SQ_2F, SQ_1F,
    SQ_9G, SQ_8G, SQ_7G, SQ_6G, SQ_5G, SQ_4G, SQ_3G, SQ_2G, SQ_1G,
    SQ_9H, SQ_8H, SQ_7H, SQ_6H, SQ_5H, SQ_4H, SQ_3H, SQ_2H, SQ_1H,
    SQ_9I, SQ_8I, SQ_7I, SQ_6I, SQ_5I, SQ_4I, SQ_3I, SQ_2I, SQ_1I,
}

impl Square {
    /// All squares in index order (`9a`, `8a`, ... `1a`, `9b`, ... `1i`).
    ///
    /// ```
    /// use hayanagi::{Position, Square};
    /// let pos = Position::startpos();
    /// let empty = Square::ALL.iter().filter(|&&sq| pos.piece_at(sq).is_none()).count();
    /// assert_eq!(empty, 41);
    /// assert_eq!((Square::ALL[0], Square::ALL[80]), (Square::SQ_9A, Square::SQ_1I));
    /// ```
    #[rustfmt::skip]
    pub const ALL: [Square; 81] = [
        Square::SQ_9A, Square::SQ_8A, Square::SQ_7A, Square::SQ_6A, Square::SQ_5A, Square::SQ_4A, Square::SQ_3A, Square::SQ_2A, Square::SQ_1A,
        Square::SQ_9B, Square::SQ_8B, Square::SQ_7B, Square::SQ_6B, Square::SQ_5B, Square::SQ_4B, Square::SQ_3B, Square::SQ_2B, Square::SQ_1B,
        Square::SQ_9C, Square::SQ_8C, Square::SQ_7C, Square::SQ_6C, Square::SQ_5C, Square::SQ_4C, Square::SQ_3C, Square::SQ_2C, Square::SQ_1C,
        Square::SQ_9D, Square::SQ_8D, Square::SQ_7D, Square::SQ_6D, Square::SQ_5D, Square::SQ_4D, Square::SQ_3D, Square::SQ_2D, Square::SQ_1D,
        Square::SQ_9E, Square::SQ_8E, Square::SQ_7E, Square::SQ_6E, Square::SQ_5E, Square::SQ_4E, Square::SQ_3E, Square::SQ_2E, Square::SQ_1E,
        Square::SQ_9F, Square::SQ_8F, Square::SQ_7F, Square::SQ_6F, Square::SQ_5F, Square::SQ_4F, Square::SQ_3F, Square::SQ_2F, Square::SQ_1F,
        Square::SQ_9G, Square::SQ_8G, Square::SQ_7G, Square::SQ_6G, Square::SQ_5G, Square::SQ_4G, Square::SQ_3G, Square::SQ_2G, Square::SQ_1G,
        Square::SQ_9H, Square::SQ_8H, Square::SQ_7H, Square::SQ_6H, Square::SQ_5H, Square::SQ_4H, Square::SQ_3H, Square::SQ_2H, Square::SQ_1H,
        Square::SQ_9I, Square::SQ_8I, Square::SQ_7I, Square::SQ_6I, Square::SQ_5I, Square::SQ_4I, Square::SQ_3I, Square::SQ_2I, Square::SQ_1I,
    ];
    /// Number of squares.
    ///
    /// ```
    /// use hayanagi::{Position, Square};
    /// assert_eq!(Position::startpos().board().len(), Square::NUM);
    /// assert_eq!(Square::try_index(Square::NUM), None);
    /// ```
    pub const NUM: usize = 81;

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use hayanagi::{File, Rank, Square};
    /// assert_eq!(Square::new(File::F5, Rank::I), Square::SQ_5I);
    /// assert_eq!(Square::new(File::F1, Rank::A).index(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[geometry::square_index(rank.index() as u8, file.col()) as usize]
    }

    /// The square of an index (0 to 80), `None` otherwise.
    ///
    /// ```
    /// use hayanagi::Square;
    /// assert_eq!(Square::try_index(56), Some(Square::SQ_7G));
    /// assert_eq!(Square::try_index(81), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<Square> {
        if index < Square::NUM { Some(Square::ALL[index]) } else { None }
    }

    /// The index, 0 (`9a`) to 80 (`1i`).
    ///
    /// ```
    /// use hayanagi::Square;
    /// assert_eq!(Square::SQ_9A.index(), 0);
    /// assert_eq!(Square::SQ_7G.index(), 56);
    /// assert_eq!(Square::SQ_1I.index(), 80);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file.
    ///
    /// ```
    /// use hayanagi::{File, Square};
    /// assert_eq!(Square::SQ_7G.file(), File::F7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[geometry::file_of_col(geometry::col_of(self as u8)) as usize - 1]
    }

    /// The rank.
    ///
    /// ```
    /// use hayanagi::{Rank, Square};
    /// assert_eq!(Square::SQ_7G.rank(), Rank::G);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[geometry::row_of(self as u8) as usize]
    }

    /// The square seen from the other side (the board turned 180 degrees): `7g` <-> `3c`.
    ///
    /// ```
    /// use hayanagi::Square;
    /// assert_eq!(Square::SQ_7G.flip(), Square::SQ_3C);
    /// assert_eq!(Square::SQ_5E.flip(), Square::SQ_5E);
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square::ALL[80 - self as usize]
    }

    /// The square as `color` sees it: itself for Black, flipped for White.
    ///
    /// ```
    /// use hayanagi::{Color, Square};
    /// // Each side's rook starts on its own 2h.
    /// assert_eq!(Square::SQ_2H.relative_to(Color::Black), Square::SQ_2H);
    /// assert_eq!(Square::SQ_2H.relative_to(Color::White), Square::SQ_8B);
    /// ```
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::Black => self,
            Color::White => self.flip(),
        }
    }

    /// The square one row behind this one as `color` sees it (toward its own back rank), `None` off
    /// the board: where a pawn of `color` pushed onto this square came from.
    #[inline(always)]
    pub(crate) const fn behind(self, color: Color) -> Option<Square> {
        Square::try_index(geometry::behind(self as u8, color.index()) as usize)
    }

    /// Whether a piece of `color` may promote moving to or from this square.
    ///
    /// ```
    /// use hayanagi::{Color, Square};
    /// assert!(Square::SQ_2C.is_promotion_zone(Color::Black));
    /// assert!(!Square::SQ_2C.is_promotion_zone(Color::White));
    /// assert!(Square::SQ_2G.is_promotion_zone(Color::White));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_promotion_zone(self, color: Color) -> bool {
        self.rank().is_promotion_zone(color)
    }

    /// Parses a USI square such as `"7g"` (also `"7g".parse()`).
    ///
    /// # Errors
    /// [`SquareParseError`]: not two bytes, or not a file digit `1`-`9` and a rank letter `a`-`i`.
    ///
    /// ```
    /// use hayanagi::Square;
    /// const SQ: Square = match Square::from_usi("7g") {
    ///     Ok(square) => square,
    ///     Err(_) => panic!(),
    /// };
    /// assert_eq!(SQ, Square::SQ_7G);
    /// ```
    pub const fn from_usi(usi: &str) -> Result<Square, SquareParseError> {
        Square::from_usi_bytes(usi.as_bytes())
    }

    /// [`Square::from_usi`] on bytes, such as `b"7g"`.
    ///
    /// # Errors
    /// As [`Square::from_usi`].
    ///
    /// ```
    /// use hayanagi::{Square, SquareParseError};
    /// assert_eq!(Square::from_usi_bytes(b"1i"), Ok(Square::SQ_1I));
    /// assert_eq!(Square::from_usi_bytes(b"0a"), Err(SquareParseError::File));
    /// assert_eq!(Square::from_usi_bytes(b"7G"), Err(SquareParseError::Rank));
    /// assert_eq!(Square::from_usi_bytes(b"7g+"), Err(SquareParseError::Length));
    /// ```
    pub const fn from_usi_bytes(usi: &[u8]) -> Result<Square, SquareParseError> {
        let [file, rank] = usi else {
            return Err(SquareParseError::Length);
        };
        let Some(file) = File::from_usi(*file) else {
            return Err(SquareParseError::File);
        };
        let Some(rank) = Rank::from_usi(*rank) else {
            return Err(SquareParseError::Rank);
        };
        Ok(Square::new(file, rank))
    }
}

/// Why a USI square did not parse.
///
/// ```
/// use hayanagi::{Square, SquareParseError};
/// assert_eq!("7j".parse::<Square>(), Err(SquareParseError::Rank));
/// assert_eq!(Square::from_usi("77g"), Err(SquareParseError::Length));
/// assert_eq!(SquareParseError::Rank.to_string(), "the rank of a square must be a letter a-i");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareParseError {
    /// Not exactly two bytes.
    Length,
    /// The first byte is not a file digit `1`-`9`.
    File,
    /// The second byte is not a rank letter `a`-`i`.
    Rank,
}

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SquareParseError::Length => "a square is two bytes, such as 7g",
            SquareParseError::File => "the file of a square must be a digit 1-9",
            SquareParseError::Rank => "the rank of a square must be a letter a-i",
        })
    }
}

impl core::error::Error for SquareParseError {}

impl FromStr for Square {
    type Err = SquareParseError;

    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        Square::from_usi(s)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}
