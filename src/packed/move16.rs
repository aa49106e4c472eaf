//! The 16-bit move codes of the training-data ecosystems.

use core::fmt;

use crate::packed::position::{packed_of_square, square_of_packed};
use crate::{Move, PieceKind, Position};

/// A 16-bit move code layout. Both number squares `(file - 1) * 9 + rank - 1` (1a = 0, 9i = 80)
/// and put the destination in bits 0-6 and the origin in bits 7-13; they differ in drops and in
/// the promotion bit:
///
/// | | board move | promotion | drop of kind `k` (P=1 L=2 N=3 S=4 B=5 R=6 G=7) |
/// |---|---|---|---|
/// | [`Cshogi`](Move16Format::Cshogi) | from, to | bit 14 | origin field 80 + `k`; bit 15 always 0 |
/// | [`YaneuraOu`](Move16Format::YaneuraOu) | from, to | bit 15 | origin field `k`, bit 14 set |
///
/// ```
/// use hayanagi::{Move, Move16Format, PieceKind, Square};
/// let mv = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
/// assert_eq!(mv.to_move16(Move16Format::Cshogi), 0x1e3b);
/// let drop = Move::drop(PieceKind::Lance, Square::SQ_5E).unwrap();
/// assert_eq!(drop.to_move16(Move16Format::Cshogi), 0x2928);
/// assert_eq!(drop.to_move16(Move16Format::YaneuraOu), 0x4128);
/// assert_eq!(Move::from_move16(0x4128, Move16Format::YaneuraOu), Ok(drop));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move16Format {
    /// Apery's move code as cshogi gives it (`cshogi.move16`, `Board.move_from_move16`), the best
    /// move of hcpe records.
    Cshogi,
    /// YaneuraOu's `Move16` (`cshogi.move16_to_psv`, `Board.move_from_psv`), the move of PSV records.
    YaneuraOu,
}

/// Why a 16-bit code is not a move (of the position).
///
/// ```
/// use hayanagi::{Move, Move16Error, Move16Format};
/// assert_eq!(Move::from_move16(0, Move16Format::Cshogi), Err(Move16Error::NoMove));
/// let err = Move::from_move16(0x7f, Move16Format::Cshogi).unwrap_err();
/// assert_eq!(err, Move16Error::BadSquare { value: 127 });
/// assert_eq!(err.to_string(), "destination 127, expected a square 0-80");
/// ```
// Not `non_exhaustive`, so that a mapping of the kinds (the C API's error codes) fails to build
// when one is added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move16Error {
    /// The code 0 (no move).
    NoMove,
    /// A destination above 80.
    BadSquare {
        /// The 7-bit destination field.
        value: u8,
    },
    /// An origin field that is neither a square nor a drop of the layout.
    BadOrigin {
        /// The 7-bit origin field.
        value: u8,
    },
    /// Origin and destination are the same square (YaneuraOu's special codes: null move 0x81,
    /// resign 0x102, win declaration 0x183).
    SameSquare,
    /// A drop with the promotion bit set.
    DropPromotion,
    /// Bit 15 set in a [`Move16Format::Cshogi`] code.
    UnusedBit,
    /// A well-formed move that is not legal in the position.
    Illegal(Move),
}

impl fmt::Display for Move16Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move16Error::NoMove => f.write_str("the code 0 is no move"),
            Move16Error::BadSquare { value } => write!(f, "destination {value}, expected a square 0-80"),
            Move16Error::BadOrigin { value } => write!(f, "origin field {value} is neither a square nor a drop"),
            Move16Error::SameSquare => f.write_str("origin and destination are the same square"),
            Move16Error::DropPromotion => f.write_str("a drop with the promotion bit"),
            Move16Error::UnusedBit => f.write_str("bit 15 is set (unused in this layout)"),
            Move16Error::Illegal(mv) => write!(f, "illegal move {mv}"),
        }
    }
}

impl core::error::Error for Move16Error {}

/// The layouts' number of a hand kind (Apery's and YaneuraOu's order: P L N S B R G), from 1.
const fn drop_number(kind: PieceKind) -> u16 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 2,
        PieceKind::Knight => 3,
        PieceKind::Silver => 4,
        PieceKind::Bishop => 5,
        PieceKind::Rook => 6,
        _ => 7,
    }
}

const DROP_KINDS: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Gold,
];

impl Move {
    /// The move's 16-bit code in `format`.
    ///
    /// ```
    /// use hayanagi::{Move, Move16Format, Square};
    /// let mv = Move::normal(Square::SQ_8H, Square::SQ_2B, true).unwrap();
    /// let code = mv.to_move16(Move16Format::YaneuraOu);
    /// assert_eq!(code & 0x8000, 0x8000); // YaneuraOu's promotion bit
    /// assert_eq!(Move::from_move16(code, Move16Format::YaneuraOu), Ok(mv));
    /// assert_ne!(mv.to_move16(Move16Format::Cshogi), code); // cshogi keeps it in bit 14
    /// ```
    #[must_use]
    pub const fn to_move16(self, format: Move16Format) -> u16 {
        let to = packed_of_square(self.to()) as u16;
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                let promote = match format {
                    Move16Format::Cshogi => 1 << 14,
                    Move16Format::YaneuraOu => 1 << 15,
                };
                let promote = if self.is_promotion() { promote } else { 0 };
                promote | (packed_of_square(from) as u16) << 7 | to
            }
            (None, kind) => {
                let number = match kind {
                    Some(kind) => drop_number(kind),
                    None => 1,
                };
                match format {
                    Move16Format::Cshogi => (80 + number) << 7 | to,
                    Move16Format::YaneuraOu => 1 << 14 | number << 7 | to,
                }
            }
        }
    }

    /// The move a 16-bit code in `format` stands for, without a position (see
    /// [`Position::move_from_move16`] to check it is legal too).
    ///
    /// # Errors
    /// A [`Move16Error`] for a code that is no move: 0, a square above 80, an origin that is no
    /// square or drop, origin equal to destination, a promoting drop, bit 15 in a cshogi code.
    ///
    /// ```
    /// use hayanagi::{Move, Move16Error, Move16Format};
    /// assert_eq!(Move::from_move16(0x1e3b, Move16Format::Cshogi).unwrap().to_string(), "7g7f");
    /// assert_eq!(Move::from_move16(0x102, Move16Format::YaneuraOu), Err(Move16Error::SameSquare));
    /// ```
    pub const fn from_move16(code: u16, format: Move16Format) -> Result<Move, Move16Error> {
        if code == 0 {
            return Err(Move16Error::NoMove);
        }
        let to_field = (code & 0x7f) as u8;
        let from_field = ((code >> 7) & 0x7f) as u8;
        let Some(to) = square_of_packed(to_field as usize) else {
            return Err(Move16Error::BadSquare { value: to_field });
        };
        let (drop, promote) = match format {
            Move16Format::Cshogi => {
                if code & 1 << 15 != 0 {
                    return Err(Move16Error::UnusedBit);
                }
                let drop = if from_field > 80 { Some(from_field - 80) } else { None };
                (drop, code & 1 << 14 != 0)
            }
            Move16Format::YaneuraOu => {
                let drop = if code & 1 << 14 != 0 { Some(from_field) } else { None };
                (drop, code & 1 << 15 != 0)
            }
        };
        match drop {
            Some(number) => {
                if promote {
                    return Err(Move16Error::DropPromotion);
                }
                let kind = if number >= 1 && number <= 7 { Some(DROP_KINDS[number as usize - 1]) } else { None };
                match kind {
                    Some(kind) => match Move::drop(kind, to) {
                        Some(mv) => Ok(mv),
                        None => Err(Move16Error::BadOrigin { value: from_field }),
                    },
                    None => Err(Move16Error::BadOrigin { value: from_field }),
                }
            }
            None => match square_of_packed(from_field as usize) {
                Some(from) if from as usize == to as usize => Err(Move16Error::SameSquare),
                Some(from) => Ok(Move::board(from, to, promote)),
                None => Err(Move16Error::BadOrigin { value: from_field }),
            },
        }
    }
}

impl Position {
    /// The legal move a 16-bit code in `format` stands for in this position.
    ///
    /// # Errors
    /// What [`Move::from_move16`] rejects, and [`Move16Error::Illegal`] for a move that is not legal
    /// here (the promotion bit must match: a promotion code for a piece that cannot promote is
    /// illegal, not read as the plain move).
    ///
    /// ```
    /// use hayanagi::{Move16Error, Move16Format, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.move_from_move16(0x1e3b, Move16Format::YaneuraOu)?.to_string(), "7g7f");
    /// assert!(matches!(pos.move_from_move16(0x5e3b, Move16Format::Cshogi), Err(Move16Error::Illegal(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_from_move16(&self, code: u16, format: Move16Format) -> Result<Move, Move16Error> {
        let mv = Move::from_move16(code, format)?;
        if self.is_legal(mv) { Ok(mv) } else { Err(Move16Error::Illegal(mv)) }
    }
}
