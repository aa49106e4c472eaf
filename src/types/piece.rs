//! Pieces: a kind with a colour.

use core::fmt;

use crate::{Color, PieceKind};

/// A piece on the board: a colour and a kind.
///
/// ```
/// use hayanagi::{Color, Piece, PieceKind};
/// const WHITE_HORSE: Piece = Piece::new(Color::White, PieceKind::Horse);
/// assert_eq!(WHITE_HORSE.to_string(), "+b");
/// assert_eq!(WHITE_HORSE.color(), Color::White);
/// assert_eq!(Piece::try_index(WHITE_HORSE.index()), Some(WHITE_HORSE));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    color: Color,
    kind: PieceKind,
}

impl Piece {
    /// Number of distinct pieces (2 colours x 14 kinds).
    pub const NUM: usize = Color::NUM * PieceKind::NUM;

    /// The piece of `color` and `kind`.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The colour.
    #[inline]
    #[must_use]
    pub const fn color(self) -> Color {
        self.color
    }

    /// The kind.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> PieceKind {
        self.kind
    }

    /// Index `color * 14 + kind`, 0 to 27.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color.index() * PieceKind::NUM + self.kind.index()
    }

    /// The piece of an index, `None` if it is 28 or more.
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<Piece> {
        match (Color::try_index(index / PieceKind::NUM), PieceKind::try_index(index % PieceKind::NUM)) {
            (Some(color), Some(kind)) => Some(Piece::new(color, kind)),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    /// The SFEN spelling: uppercase for Black, lowercase for White, `+` before a promoted piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind.is_promoted() {
            f.write_str("+")?;
        }
        let letter = self.kind.base_letter();
        let letter = match self.color {
            Color::Black => letter,
            Color::White => letter.to_ascii_lowercase(),
        };
        write!(f, "{letter}")
    }
}
