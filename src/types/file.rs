//! Files (筋): the columns, numbered 1 to 9 from Black's right.

use core::fmt;

use super::geometry;
use super::parse_error::ParseError;

/// A file, 1 to 9. File 1 is on Black's right (the `1` of USI `1a`), file 9 on Black's left.
///
/// ```
/// use hayanagi::File;
/// const SEVEN: File = File::new(7).unwrap();
/// assert_eq!(SEVEN, File::F7);
/// assert_eq!(SEVEN.number(), 7);
/// assert_eq!(File::new(10), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // the variant names are the file numbers
pub enum File {
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    F7,
    F8,
    F9,
}

impl File {
    /// All files, 1 to 9.
    ///
    /// ```
    /// use hayanagi::File;
    /// let numbers: Vec<u8> = File::ALL.iter().map(|f| f.number()).collect();
    /// assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    /// ```
    pub const ALL: [File; 9] =
        [File::F1, File::F2, File::F3, File::F4, File::F5, File::F6, File::F7, File::F8, File::F9];
    /// Number of files.
    ///
    /// ```
    /// use hayanagi::{Bitboard, File};
    /// // Pawns per file: one slot for each file.
    /// let mut pawns = [0u8; File::NUM];
    /// pawns[File::F5.index()] += 1;
    /// assert_eq!(pawns.iter().sum::<u8>(), 1);
    /// assert_eq!(Bitboard::file(File::F5).count() as usize, File::NUM);
    /// ```
    pub const NUM: usize = 9;

    /// The file with this number (1 to 9), `None` otherwise.
    ///
    /// ```
    /// use hayanagi::File;
    /// assert_eq!(File::new(1), Some(File::F1));
    /// assert_eq!(File::new(0), None);
    /// assert_eq!(File::new(10), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(number: u8) -> Option<File> {
        if number >= 1 && number <= 9 { Some(File::ALL[number as usize - 1]) } else { None }
    }

    /// The file of an index (0 = file 1), `None` if the index is 9 or more.
    ///
    /// ```
    /// use hayanagi::File;
    /// assert_eq!(File::try_index(0), Some(File::F1));
    /// assert_eq!(File::try_index(8), Some(File::F9));
    /// assert_eq!(File::try_index(9), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<File> {
        if index < 9 { Some(File::ALL[index]) } else { None }
    }

    /// The file of a USI digit (`b'1'` to `b'9'`).
    ///
    /// ```
    /// use hayanagi::File;
    /// assert_eq!(File::from_usi(b'7'), Some(File::F7));
    /// assert_eq!(File::from_usi(b'0'), None);
    /// assert_eq!(File::from_usi(b'a'), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_usi(byte: u8) -> Option<File> {
        File::new(byte.wrapping_sub(b'0'))
    }

    /// The number, 1 to 9.
    ///
    /// ```
    /// use hayanagi::{File, Square};
    /// assert_eq!(File::F7.number(), 7);
    /// assert_eq!(Square::SQ_2H.file().number(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The index, 0 (file 1) to 8 (file 9).
    ///
    /// ```
    /// use hayanagi::File;
    /// assert_eq!(File::F1.index(), 0);
    /// assert_eq!(File::F9.index(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The board column of this file in the square numbering: 0 for file 9, 8 for file 1.
    #[inline]
    pub(crate) const fn col(self) -> u8 {
        geometry::col_of_file(self.number())
    }

    /// The USI digit.
    ///
    /// ```
    /// use hayanagi::File;
    /// assert_eq!(File::F3.to_usi(), '3');
    /// assert_eq!(File::from_usi(File::F3.to_usi() as u8), Some(File::F3));
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_usi(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The same file seen from the other side (file 1 <-> file 9).
    ///
    /// ```
    /// use hayanagi::File;
    /// assert_eq!(File::F1.flip(), File::F9);
    /// assert_eq!(File::F5.flip(), File::F5);
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip(self) -> File {
        File::ALL[8 - self as usize]
    }
}

/// Reads what [`Display`](fmt::Display) writes: the digit `1`-`9`.
///
/// ```
/// use hayanagi::{File, ParseError};
/// assert_eq!("7".parse(), Ok(File::F7));
/// assert_eq!("0".parse::<File>(), Err(ParseError::File));
/// ```
impl core::str::FromStr for File {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<File, ParseError> {
        match s.as_bytes() {
            [digit] => File::from_usi(*digit).ok_or(ParseError::File),
            _ => Err(ParseError::File),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_usi())
    }
}
