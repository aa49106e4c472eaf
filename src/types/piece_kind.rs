//! Piece kinds: the eight base kinds and six promoted ones.

use core::fmt;

use crate::board::geometry;

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
    pub const NUM: usize = geometry::KINDS;
    /// The kinds that can be held in hand, in index order (P L N S G B R): the first seven of [`ALL`](Self::ALL).
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
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of an index, `None` if it is 14 or more.
    #[inline]
    #[must_use]
    pub const fn try_index(index: usize) -> Option<PieceKind> {
        if index < Self::NUM { Some(PieceKind::ALL[index]) } else { None }
    }

    /// Whether this kind can be held in hand (pawn, lance, knight, silver, gold, bishop, rook).
    #[inline]
    #[must_use]
    pub const fn is_hand_kind(self) -> bool {
        (self as usize) < geometry::HAND_KINDS
    }

    /// Whether this is a promoted kind.
    #[inline]
    #[must_use]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= geometry::PRO_PAWN
    }

    /// The promoted kind, `None` for gold, king and kinds already promoted.
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
    #[inline]
    #[must_use]
    pub const fn base_letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Gold => 'G',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            _ => 'K',
        }
    }
}

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
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<PieceKind, crate::ParseError> {
        match crate::Piece::from_sfen_bytes(s.as_bytes()) {
            Some(piece) if piece.color() == crate::Color::Black => Ok(piece.kind()),
            _ => Err(crate::ParseError::PieceKind),
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
