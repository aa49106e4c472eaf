//! Piece kinds: the eight base kinds and six promoted ones.

use core::fmt;

use super::geometry;
use super::{color::Color, parse_error::ParseError, piece::Piece};

/// A kind of piece, without colour.
///
/// The seven kinds that can be held in hand come first (index 0..=6), then the king, then the six
/// promoted kinds.
///
/// ```
/// use hayanagi::PieceKind;
/// const P: PieceKind = PieceKind::Pawn;
/// assert_eq!(P.promote(), Some(PieceKind::ProPawn));
/// assert_eq!(PieceKind::Horse.unpromote(), PieceKind::Bishop);
/// assert_eq!(PieceKind::Gold.promote(), None);
/// assert!(PieceKind::Rook.is_hand_kind() && !PieceKind::King.is_hand_kind());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum PieceKind {
    /// 歩 (P).
    Pawn = geometry::PAWN,
    /// 香 (L).
    Lance = geometry::LANCE,
    /// 桂 (N).
    Knight = geometry::KNIGHT,
    /// 銀 (S).
    Silver = geometry::SILVER,
    /// 金 (G).
    Gold = geometry::GOLD,
    /// 角 (B).
    Bishop = geometry::BISHOP,
    /// 飛 (R).
    Rook = geometry::ROOK,
    /// 玉 / 王 (K).
    King = geometry::KING,
    /// と (+P).
    ProPawn = geometry::PRO_PAWN,
    /// 成香 (+L).
    ProLance = geometry::PRO_LANCE,
    /// 成桂 (+N).
    ProKnight = geometry::PRO_KNIGHT,
    /// 成銀 (+S).
    ProSilver = geometry::PRO_SILVER,
    /// 馬 (+B).
    Horse = geometry::HORSE,
    /// 龍 (+R).
    Dragon = geometry::DRAGON,
}

impl PieceKind {
    /// All kinds in index order.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// let promoted = PieceKind::ALL.iter().filter(|k| k.is_promoted()).count();
    /// assert_eq!(promoted, 6);
    /// assert_eq!(PieceKind::ALL[7], PieceKind::King);
    /// ```
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];
    /// Number of kinds.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::NUM, 14);
    /// assert_eq!(PieceKind::try_index(PieceKind::NUM), None);
    /// ```
    pub const NUM: usize = geometry::KINDS;
    /// The kinds that can be held in hand, in index order (P L N S G B R): the first seven of [`ALL`](Self::ALL).
    ///
    /// ```
    /// use hayanagi::{Hand, PieceKind};
    /// let hand = Hand::EMPTY.with(PieceKind::Pawn, 2).with(PieceKind::Rook, 1);
    /// let counts = PieceKind::HAND.map(|kind| hand.count(kind));
    /// assert_eq!(counts, [2, 0, 0, 0, 0, 0, 1]); // P L N S G B R
    /// ```
    pub const HAND: [PieceKind; geometry::HAND_KINDS] = {
        let mut hand = [PieceKind::Pawn; geometry::HAND_KINDS];
        let mut i = 0;
        while i < hand.len() {
            hand[i] = PieceKind::ALL[i];
            i += 1;
        }
        hand
    };

    /// The index, 0 to 13.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::Pawn.index(), 0);
    /// assert_eq!(PieceKind::King.index(), 7);
    /// assert_eq!(PieceKind::Dragon.index(), 13);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of an index, `None` if it is 14 or more.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::try_index(6), Some(PieceKind::Rook));
    /// assert_eq!(PieceKind::try_index(14), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<PieceKind> {
        if index < Self::NUM { Some(PieceKind::ALL[index]) } else { None }
    }

    /// Whether this kind can be held in hand (pawn, lance, knight, silver, gold, bishop, rook).
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert!(PieceKind::Gold.is_hand_kind());
    /// assert!(!PieceKind::King.is_hand_kind());
    /// assert!(!PieceKind::Dragon.is_hand_kind()); // a captured dragon goes to hand as a rook
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_hand_kind(self) -> bool {
        (self as usize) < geometry::HAND_KINDS
    }

    /// Whether this is a promoted kind.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert!(PieceKind::Horse.is_promoted());
    /// assert!(!PieceKind::Bishop.is_promoted());
    /// assert!(!PieceKind::Gold.is_promoted());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= geometry::PRO_PAWN
    }

    /// The promoted kind, `None` for gold, king and kinds already promoted.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::Rook.promote(), Some(PieceKind::Dragon));
    /// assert_eq!(PieceKind::King.promote(), None);
    /// assert_eq!(PieceKind::Dragon.promote(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn promote(self) -> Option<PieceKind> {
        match self {
            PieceKind::Pawn => Some(PieceKind::ProPawn),
            PieceKind::Lance => Some(PieceKind::ProLance),
            PieceKind::Knight => Some(PieceKind::ProKnight),
            PieceKind::Silver => Some(PieceKind::ProSilver),
            PieceKind::Bishop => Some(PieceKind::Horse),
            PieceKind::Rook => Some(PieceKind::Dragon),
            _ => None,
        }
    }

    /// The base kind of a promoted kind; other kinds are returned unchanged.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::ProKnight.unpromote(), PieceKind::Knight);
    /// assert_eq!(PieceKind::Knight.unpromote(), PieceKind::Knight);
    /// ```
    #[inline]
    #[must_use]
    pub const fn unpromote(self) -> PieceKind {
        match self {
            PieceKind::ProPawn => PieceKind::Pawn,
            PieceKind::ProLance => PieceKind::Lance,
            PieceKind::ProKnight => PieceKind::Knight,
            PieceKind::ProSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            other => other,
        }
    }

    /// The SFEN letter of a base kind as Black writes it (`P`, `L`, ... `K`); promoted kinds are
    /// written as `+` and their base letter.
    ///
    /// ```
    /// use hayanagi::PieceKind;
    /// assert_eq!(PieceKind::Knight.base_letter(), 'N');
    /// assert_eq!(PieceKind::ProKnight.base_letter(), 'N');
    /// assert_eq!(PieceKind::King.base_letter(), 'K');
    /// ```
    #[inline]
    #[must_use]
    pub const fn base_letter(self) -> char {
        LETTERS[self.unpromote().index()] as char
    }

    /// The base kind of an uppercase SFEN letter (`P`, `L`, ... `K`): the inverse of
    /// [`base_letter`](Self::base_letter) on the eight base kinds.
    #[inline]
    pub(crate) const fn from_base_letter(letter: u8) -> Option<PieceKind> {
        let mut i = 0;
        while i < LETTERS.len() {
            if LETTERS[i] == letter {
                return Some(PieceKind::ALL[i]);
            }
            i += 1;
        }
        None
    }
}

/// The SFEN letter of each base kind, indexed by kind (P L N S G B R K): the one table both ways.
const LETTERS: [u8; 8] = *b"PLNSGBRK";

/// Reads what [`Display`](fmt::Display) writes: Black's SFEN spelling, `P L N S G B R K`, or `+`
/// and one of `P L N S B R` (uppercase only: lowercase is White's spelling of a [`Piece`](crate::Piece)).
///
/// ```
/// use hayanagi::{ParseError, PieceKind};
/// assert_eq!("+B".parse(), Ok(PieceKind::Horse));
/// assert_eq!("K".parse(), Ok(PieceKind::King));
/// assert_eq!("p".parse::<PieceKind>(), Err(ParseError::PieceKind));
/// for kind in PieceKind::ALL {
///     assert_eq!(kind.to_string().parse(), Ok(kind));
/// }
/// ```
impl core::str::FromStr for PieceKind {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<PieceKind, ParseError> {
        match Piece::from_sfen_bytes(s.as_bytes()) {
            Some(piece) if piece.color() == Color::Black => Ok(piece.kind()),
            _ => Err(ParseError::PieceKind),
        }
    }
}

impl fmt::Display for PieceKind {
    /// Black's SFEN spelling: `P`, `+P`, `K`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_promoted() {
            f.write_str("+")?;
        }
        write!(f, "{}", self.base_letter())
    }
}
