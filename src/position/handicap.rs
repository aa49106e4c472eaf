//! The standard handicap start positions (駒落ち): the stronger player, White (上手), gives up
//! pieces and moves first.

use core::fmt;
use core::str::FromStr;

use crate::{Color, PieceKind, Position, Relaxations, Setup, Square};

/// A standard handicap (駒落ち). Each start position is the usual one with White's listed pieces
/// taken off the board; White moves first, at ply 1. Left and right are White's own (seen from
/// White's side of the board): the lance of 香落ち is White's left lance, on 1a.
///
/// ```
/// use hayanagi::{Handicap, Position};
///
/// let pos = Handicap::TwoPieces.position();
/// assert_eq!(pos.sfen().to_string(), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
/// assert_eq!("二枚落ち".parse::<Handicap>(), Ok(Handicap::TwoPieces));
/// assert_eq!("two-pieces".parse::<Handicap>(), Ok(Handicap::TwoPieces));
/// assert_eq!(Handicap::of(&pos), Some(Handicap::TwoPieces));
/// assert_eq!(Handicap::of(&Position::startpos()), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Handicap {
    /// 香落ち: White's left lance (1a).
    Lance,
    /// 右香落ち: White's right lance (9a).
    RightLance,
    /// 角落ち: White's bishop.
    Bishop,
    /// 飛車落ち: White's rook.
    Rook,
    /// 飛香落ち: rook and left lance.
    RookLance,
    /// 二枚落ち: rook and bishop.
    TwoPieces,
    /// 三枚落ち: rook, bishop and left lance.
    ThreePieces,
    /// 四枚落ち: rook, bishop and both lances.
    FourPieces,
    /// 五枚落ち: rook, bishop, both lances and the right knight (8a).
    FivePieces,
    /// 左五枚落ち: rook, bishop, both lances and the left knight (2a).
    LeftFivePieces,
    /// 六枚落ち: rook, bishop, both lances and both knights.
    SixPieces,
    /// 左七枚落ち: six pieces and the left silver (3a).
    LeftSevenPieces,
    /// 右七枚落ち: six pieces and the right silver (7a).
    RightSevenPieces,
    /// 八枚落ち: everything but the king and the two golds.
    EightPieces,
    /// 十枚落ち: everything but the king and the pawns.
    TenPieces,
    /// 歩三兵: White has only the king on the board and three pawns in hand.
    ThreePawns,
}

impl Handicap {
    /// Every handicap, in the order of the enum (from the smallest handicap to the largest).
    ///
    /// ```
    /// use hayanagi::Handicap;
    /// let names: Vec<&str> = Handicap::ALL.iter().map(|handicap| handicap.japanese()).collect();
    /// assert_eq!(names.first(), Some(&"香落ち"));
    /// assert_eq!(names.last(), Some(&"歩三兵"));
    /// ```
    pub const ALL: [Handicap; 16] = [
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::SixPieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
        Handicap::ThreePawns,
    ];

    /// The relaxation a handicap start position needs to validate: pieces are missing from the set.
    ///
    /// ```
    /// use hayanagi::Handicap;
    /// for handicap in Handicap::ALL {
    ///     assert_eq!(handicap.setup().validate(Handicap::RELAXATIONS), Ok(handicap.position()));
    /// }
    /// ```
    pub const RELAXATIONS: Relaxations = Relaxations::INCOMPLETE_MATERIAL;

    /// The index of the handicap in [`ALL`](Self::ALL).
    ///
    /// ```
    /// use hayanagi::Handicap;
    /// assert!(Handicap::ALL.iter().enumerate().all(|(i, h)| h.index() == i));
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used in text and by the CLI: `lance`, `right-lance`, `bishop`, `rook`,
    /// `rook-lance`, `two-pieces`, `three-pieces`, `four-pieces`, `five-pieces`, `left-five-pieces`,
    /// `six-pieces`, `left-seven-pieces`, `right-seven-pieces`, `eight-pieces`, `ten-pieces`,
    /// `three-pawns`.
    ///
    /// ```
    /// use hayanagi::Handicap;
    /// assert_eq!(Handicap::RightLance.name(), "right-lance");
    /// assert_eq!(Handicap::RightLance.to_string(), "right-lance");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::Lance => "lance",
            Handicap::RightLance => "right-lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPieces => "two-pieces",
            Handicap::ThreePieces => "three-pieces",
            Handicap::FourPieces => "four-pieces",
            Handicap::FivePieces => "five-pieces",
            Handicap::LeftFivePieces => "left-five-pieces",
            Handicap::SixPieces => "six-pieces",
            Handicap::LeftSevenPieces => "left-seven-pieces",
            Handicap::RightSevenPieces => "right-seven-pieces",
            Handicap::EightPieces => "eight-pieces",
            Handicap::TenPieces => "ten-pieces",
            Handicap::ThreePawns => "three-pawns",
        }
    }

    /// The Japanese name, as KIF's `手合割` header writes it.
    ///
    /// ```
    /// use hayanagi::Handicap;
    /// assert_eq!(Handicap::RookLance.japanese(), "飛香落ち");
    /// ```
    #[must_use]
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::ThreePieces => "三枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::FivePieces => "五枚落ち",
            Handicap::LeftFivePieces => "左五枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::LeftSevenPieces => "左七枚落ち",
            Handicap::RightSevenPieces => "右七枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
            Handicap::ThreePawns => "歩三兵",
        }
    }

    /// The squares White's pieces are taken from, in reading order (square indices; 1a = 8,
    /// 8b = 10, 2b = 16). [`ThreePawns`](Handicap::ThreePawns) also takes the pawns of rank c.
    const fn removed(self) -> &'static [u8] {
        match self {
            Handicap::Lance => &[8],
            Handicap::RightLance => &[0],
            Handicap::Bishop => &[16],
            Handicap::Rook => &[10],
            Handicap::RookLance => &[8, 10],
            Handicap::TwoPieces => &[10, 16],
            Handicap::ThreePieces => &[8, 10, 16],
            Handicap::FourPieces => &[0, 8, 10, 16],
            Handicap::FivePieces => &[0, 1, 8, 10, 16],
            Handicap::LeftFivePieces => &[0, 7, 8, 10, 16],
            Handicap::SixPieces => &[0, 1, 7, 8, 10, 16],
            Handicap::LeftSevenPieces => &[0, 1, 6, 7, 8, 10, 16],
            Handicap::RightSevenPieces => &[0, 1, 2, 7, 8, 10, 16],
            Handicap::EightPieces => &[0, 1, 2, 6, 7, 8, 10, 16],
            Handicap::TenPieces => &[0, 1, 2, 3, 5, 6, 7, 8, 10, 16],
            Handicap::ThreePawns => &[0, 1, 2, 3, 5, 6, 7, 8, 10, 16, 18, 19, 20, 21, 22, 23, 24, 25, 26],
        }
    }

    /// The start position as plain data.
    ///
    /// ```
    /// use hayanagi::{Color, Handicap, PieceKind};
    /// let setup = Handicap::ThreePawns.setup();
    /// assert_eq!(setup.hand(Color::White).count(PieceKind::Pawn), 3);
    /// assert_eq!(setup.side_to_move, Color::White);
    /// ```
    #[must_use]
    pub fn setup(self) -> Setup {
        let mut setup = Setup::from(&Position::startpos());
        for &index in self.removed() {
            if let Some(square) = Square::try_index(index as usize) {
                debug_assert!(setup.piece_at(square).is_some_and(|piece| piece.color() == Color::White));
                setup.set(square, None);
            }
        }
        if self == Handicap::ThreePawns {
            setup.hands[Color::White.index()] = setup.hand(Color::White).with(PieceKind::Pawn, 3);
        }
        setup.side_to_move = Color::White;
        setup
    }

    /// The start position.
    ///
    /// ```
    /// use hayanagi::{Color, Handicap};
    /// let pos = Handicap::Lance.position();
    /// assert_eq!(pos.side_to_move(), Color::White);
    /// assert_eq!(pos.ply(), 1);
    /// ```
    #[must_use]
    pub fn position(self) -> Position {
        let setup = self.setup();
        // Every handicap position is valid with its relaxation (a test checks each one).
        debug_assert!(setup.validate(Handicap::RELAXATIONS).is_ok());
        Position::from_parts(&setup.board, setup.hands, setup.side_to_move, setup.ply)
    }

    /// The handicap whose start position `pos` is (board, hands and side to move; the ply is not
    /// compared), if any.
    ///
    /// ```
    /// use hayanagi::{Handicap, Position};
    /// let pos = Position::from_sfen("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")?;
    /// assert_eq!(Handicap::of(&pos), Some(Handicap::Lance));
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    #[must_use]
    pub fn of(pos: &Position) -> Option<Handicap> {
        let mut setup = Setup::from(pos);
        setup.ply = 1;
        Handicap::ALL.into_iter().find(|handicap| handicap.setup() == setup)
    }
}

impl fmt::Display for Handicap {
    /// The [`name`](Handicap::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a handicap's ([`Handicap::name`] or [`Handicap::japanese`]).
///
/// ```
/// use hayanagi::{Handicap, HandicapParseError};
/// assert_eq!("queen".parse::<Handicap>(), Err(HandicapParseError));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandicapParseError;

impl fmt::Display for HandicapParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a handicap name (lance, right-lance, bishop, rook, rook-lance, two-pieces, three-pieces, four-pieces, five-pieces, left-five-pieces, six-pieces, left-seven-pieces, right-seven-pieces, eight-pieces, ten-pieces, three-pawns, or the Japanese name)")
    }
}

impl core::error::Error for HandicapParseError {}

impl FromStr for Handicap {
    type Err = HandicapParseError;

    /// Reads a [`name`](Handicap::name) or a [`japanese`](Handicap::japanese) name.
    fn from_str(text: &str) -> Result<Handicap, HandicapParseError> {
        Handicap::ALL
            .into_iter()
            .find(|handicap| handicap.name() == text || handicap.japanese() == text)
            .ok_or(HandicapParseError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Piece;

    #[test]
    fn every_handicap_removes_only_white_pieces_and_validates() {
        for handicap in Handicap::ALL {
            let setup = handicap.setup();
            assert!(setup.validate(Handicap::RELAXATIONS).is_ok(), "{handicap}");
            assert!(setup.validate(Relaxations::NONE).is_err(), "{handicap}");
            let start = Setup::from(&Position::startpos());
            for square in Square::ALL {
                if setup.piece_at(square) != start.piece_at(square) {
                    assert_eq!(start.piece_at(square).map(Piece::color), Some(Color::White), "{handicap} {square}");
                    assert!(setup.piece_at(square).is_none());
                }
            }
        }
    }
}
