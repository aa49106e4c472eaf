//! The error of reading a colour, piece kind or piece from text.

use core::fmt;

/// Why a text is not the value its [`FromStr`](core::str::FromStr) reads: a [`Color`](crate::Color),
/// [`PieceKind`](crate::PieceKind), [`Piece`](crate::Piece), [`File`](crate::File),
/// [`Rank`](crate::Rank), [`Status`](crate::Status), [`MoveFilter`](crate::MoveFilter),
/// [`PackedFormat`](crate::PackedFormat), [`DeclarationFailures`](crate::DeclarationFailures) or
/// [`Bitboard`](crate::Bitboard). Each reads what its `Display` writes.
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
    /// Not a file digit `1`-`9`.
    File,
    /// Not a rank letter `a`-`i`.
    Rank,
    /// Not a status name (`none`, `mate`, `no_moves`, `draw_repetition`, ...).
    Status,
    /// Not a move filter name (`all`, `captures`, `non-captures`, ...).
    MoveFilter,
    /// Not `HCP` or `PackedSfen`.
    PackedFormat,
    /// Not `none` or condition names separated by `, ` (`in_check, too_few_points`).
    DeclarationFailures,
    /// Not 9 lines of 9 cells (`X` or `.`, separated by single spaces).
    Bitboard,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::Color => "expected a colour: b, w, black or white",
            ParseError::PieceKind => "expected a piece kind in SFEN letters (P, +P, K, ...)",
            ParseError::Piece => "expected a piece in SFEN letters (P, +b, k, ...)",
            ParseError::File => "expected a file digit 1-9",
            ParseError::Rank => "expected a rank letter a-i",
            ParseError::Status => "expected a status name (none, mate, no_moves, draw_repetition, ...)",
            ParseError::MoveFilter => "expected a move filter name (all, captures, non-captures, ...)",
            ParseError::PackedFormat => "expected HCP or PackedSfen",
            ParseError::DeclarationFailures => "expected none or condition names such as in_check, too_few_points",
            ParseError::Bitboard => "expected 9 lines of 9 cells, X or ., separated by spaces",
        })
    }
}

impl core::error::Error for ParseError {}
