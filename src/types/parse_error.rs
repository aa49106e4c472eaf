//! The error of reading a colour, piece kind or piece from text.

use core::fmt;

/// Why a text is not a [`Color`](crate::Color), [`PieceKind`](crate::PieceKind) or
/// [`Piece`](crate::Piece) (their [`FromStr`](core::str::FromStr)).
///
/// ```
/// use hayanagi::{Color, ParseError, Piece, PieceKind};
/// assert_eq!("x".parse::<Color>(), Err(ParseError::Color));
/// assert_eq!("+G".parse::<PieceKind>(), Err(ParseError::PieceKind));
/// assert_eq!("".parse::<Piece>(), Err(ParseError::Piece));
/// assert_eq!(ParseError::Piece.to_string(), "expected a piece in SFEN letters (P, +b, k, ...)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// Not `b`, `w`, `black` or `white`.
    Color,
    /// Not a kind in Black's SFEN letters: `P L N S G B R K`, or `+` and one of `P L N S B R`.
    PieceKind,
    /// Not a piece in SFEN letters: a kind's letter, uppercase for Black and lowercase for White,
    /// `+` before a promoted piece.
    Piece,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::Color => "expected a colour: b, w, black or white",
            ParseError::PieceKind => "expected a piece kind in SFEN letters (P, +P, K, ...)",
            ParseError::Piece => "expected a piece in SFEN letters (P, +b, k, ...)",
        })
    }
}

impl core::error::Error for ParseError {}
