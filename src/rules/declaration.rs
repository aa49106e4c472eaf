//! Entering-king declaration (入玉宣言): whether the side to move may declare, and with what result,
//! under the CSA 27-point rule or the 24-point rule.

use core::fmt;

use crate::{Bitboard, Color, PieceKind, Position};

/// The rule a declaration is judged by.
///
/// ```
/// use hayanagi::{DeclarationOutcome, DeclarationRule, Position};
/// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b - 1")?; // 26 points
/// assert_eq!(pos.declaration(DeclarationRule::Points27).outcome(), DeclarationOutcome::Invalid);
/// assert_eq!(pos.declaration(DeclarationRule::Points24).outcome(), DeclarationOutcome::Draw);
/// # Ok::<(), hayanagi::SfenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeclarationRule {
    /// The CSA 27-point rule (27点法): Black needs at least 28 points, White at least 27; a
    /// declaration that meets the conditions wins.
    Points27,
    /// The 24-point rule (24点法): 31 points or more win; 24 to 30 points make the declaration a
    /// draw; fewer cannot be declared.
    Points24,
}

/// What a declaration by the side to move would bring.
///
/// ```
/// use hayanagi::{DeclarationOutcome, DeclarationRule, Position};
/// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")?; // 30 points, 10 pieces in camp
/// assert_eq!(pos.declaration(DeclarationRule::Points27).outcome(), DeclarationOutcome::Win);
/// assert_eq!(pos.declaration(DeclarationRule::Points24).outcome(), DeclarationOutcome::Draw);
/// assert_eq!(Position::startpos().declaration(DeclarationRule::Points27).outcome(), DeclarationOutcome::Invalid);
/// # Ok::<(), hayanagi::SfenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeclarationOutcome {
    /// Every condition holds and the points win: the declaring side wins (宣言勝ち).
    Win,
    /// Every condition holds and the points make a draw (24-point rule, 24 to 30 points).
    Draw,
    /// Some condition fails ([`Declaration::failed`] says which): the declaration is not valid.
    Invalid,
}

/// The conditions of a declaration that fail, as a small set of flags.
///
/// ```
/// use hayanagi::DeclarationFailures;
/// let failed = DeclarationFailures::IN_CHECK.union(DeclarationFailures::TOO_FEW_POINTS);
/// assert!(failed.contains(DeclarationFailures::IN_CHECK));
/// assert!(!failed.contains(DeclarationFailures::KING_NOT_IN_CAMP));
/// assert_eq!(failed.to_string(), "in_check, too_few_points");
/// assert_eq!(DeclarationFailures::NONE.to_string(), "none");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DeclarationFailures(u8);

impl DeclarationFailures {
    /// No condition fails.
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationRule, Position};
    /// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")?;
    /// assert_eq!(pos.declaration(DeclarationRule::Points27).failed(), DeclarationFailures::NONE);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    pub const NONE: DeclarationFailures = DeclarationFailures(0);
    /// The declaring side's king is not in the enemy camp (or it has no king).
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationRule, Position};
    /// let failed = Position::startpos().declaration(DeclarationRule::Points27).failed();
    /// assert!(failed.contains(DeclarationFailures::KING_NOT_IN_CAMP));
    /// ```
    pub const KING_NOT_IN_CAMP: DeclarationFailures = DeclarationFailures(1);
    /// Fewer than 10 of its other pieces are in the enemy camp.
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationRule, Position};
    /// let pos = Position::from_sfen("4K4/9/9/9/9/9/9/9/4k4 b 2R2B 1")?; // king in camp, nothing beside it
    /// assert!(pos.declaration(DeclarationRule::Points27).failed().contains(DeclarationFailures::TOO_FEW_PIECES));
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    pub const TOO_FEW_PIECES: DeclarationFailures = DeclarationFailures(2);
    /// Its king is in check.
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationRule, Position};
    /// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/4g4/9/9/9/9/9/4k4 b G3P 1")?; // the gold on 5c checks
    /// assert_eq!(pos.declaration(DeclarationRule::Points27).failed(), DeclarationFailures::IN_CHECK);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    pub const IN_CHECK: DeclarationFailures = DeclarationFailures(4);
    /// Its points are below what the rule requires to declare.
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationRule, Position};
    /// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b - 1")?; // 26 of the 28 needed
    /// assert_eq!(pos.declaration(DeclarationRule::Points27).failed(), DeclarationFailures::TOO_FEW_POINTS);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    pub const TOO_FEW_POINTS: DeclarationFailures = DeclarationFailures(8);

    /// Every flag with its name, in bit order.
    const NAMED: [(DeclarationFailures, &'static str); 4] = [
        (DeclarationFailures::KING_NOT_IN_CAMP, "king_not_in_camp"),
        (DeclarationFailures::TOO_FEW_PIECES, "too_few_pieces"),
        (DeclarationFailures::IN_CHECK, "in_check"),
        (DeclarationFailures::TOO_FEW_POINTS, "too_few_points"),
    ];

    /// The flags of both sets.
    ///
    /// ```
    /// use hayanagi::DeclarationFailures;
    /// let both = DeclarationFailures::IN_CHECK.union(DeclarationFailures::TOO_FEW_PIECES);
    /// assert_eq!(both.bits(), 4 | 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn union(self, other: DeclarationFailures) -> DeclarationFailures {
        DeclarationFailures(self.0 | other.0)
    }

    /// True when every flag of `other` is set in `self`.
    ///
    /// ```
    /// use hayanagi::DeclarationFailures;
    /// assert!(DeclarationFailures::IN_CHECK.contains(DeclarationFailures::NONE));
    /// assert!(!DeclarationFailures::NONE.contains(DeclarationFailures::IN_CHECK));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(self, other: DeclarationFailures) -> bool {
        self.0 & other.0 == other.0
    }

    /// True when no flag is set: no condition fails.
    ///
    /// ```
    /// use hayanagi::DeclarationFailures;
    /// assert!(DeclarationFailures::NONE.is_empty() && !DeclarationFailures::IN_CHECK.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The flags as bits: 1 king not in camp, 2 too few pieces, 4 in check, 8 too few points.
    ///
    /// ```
    /// use hayanagi::DeclarationFailures;
    /// assert_eq!(DeclarationFailures::KING_NOT_IN_CAMP.bits(), 1);
    /// assert_eq!(DeclarationFailures::TOO_FEW_POINTS.bits(), 8);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// The names of the failing conditions, separated by `, ` (`none` when every condition holds).
impl fmt::Display for DeclarationFailures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let mut separator = "";
        for (flag, name) in DeclarationFailures::NAMED {
            if self.contains(flag) {
                write!(f, "{separator}{name}")?;
                separator = ", ";
            }
        }
        Ok(())
    }
}

/// Reads what [`Display`](fmt::Display) writes: `none`, or condition names in bit order separated
/// by `, `.
///
/// ```
/// use hayanagi::{DeclarationFailures, ParseError};
/// let both = DeclarationFailures::TOO_FEW_PIECES.union(DeclarationFailures::IN_CHECK);
/// assert_eq!("too_few_pieces, in_check".parse(), Ok(both));
/// assert_eq!("none".parse(), Ok(DeclarationFailures::NONE));
/// assert_eq!("in_check,too_few_pieces".parse::<DeclarationFailures>(), Err(ParseError::DeclarationFailures));
/// ```
impl core::str::FromStr for DeclarationFailures {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<DeclarationFailures, crate::ParseError> {
        if s == "none" {
            return Ok(DeclarationFailures::NONE);
        }
        let mut failures = DeclarationFailures::NONE;
        let mut rest = DeclarationFailures::NAMED.iter();
        for name in s.split(", ") {
            // Each name once, in bit order, as `Display` writes them.
            let Some(&(flag, _)) = rest.by_ref().find(|(_, known)| *known == name) else {
                return Err(crate::ParseError::DeclarationFailures);
            };
            failures = failures.union(flag);
        }
        Ok(failures)
    }
}

impl fmt::Debug for DeclarationFailures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeclarationFailures({self})")
    }
}

/// The judgement of an entering-king declaration by the side to move: the outcome, the conditions
/// that fail and the counts behind them, so a GUI can explain the result. See
/// [`Position::declaration`].
///
/// ```
/// use hayanagi::{DeclarationOutcome, DeclarationRule, Position};
/// let judged = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")?.declaration(DeclarationRule::Points27);
/// assert_eq!(judged.outcome(), DeclarationOutcome::Win);
/// assert_eq!((judged.points(), judged.pieces_in_camp()), (30, 10));
/// assert!(judged.failed().is_empty());
/// # Ok::<(), hayanagi::SfenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declaration {
    outcome: DeclarationOutcome,
    failed: DeclarationFailures,
    points: u32,
    pieces_in_camp: u32,
}

impl Declaration {
    /// What the declaration would bring.
    ///
    /// ```
    /// use hayanagi::{DeclarationOutcome, DeclarationRule, Position};
    /// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")?;
    /// assert_eq!(pos.declaration(DeclarationRule::Points27).outcome(), DeclarationOutcome::Win);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn outcome(&self) -> DeclarationOutcome {
        self.outcome
    }

    /// The conditions that fail (empty unless the outcome is [`DeclarationOutcome::Invalid`]).
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationRule, Position};
    /// let failed = Position::startpos().declaration(DeclarationRule::Points24).failed();
    /// assert!(failed.contains(DeclarationFailures::KING_NOT_IN_CAMP.union(DeclarationFailures::TOO_FEW_PIECES)));
    /// ```
    #[inline]
    #[must_use]
    pub const fn failed(&self) -> DeclarationFailures {
        self.failed
    }

    /// The declaring side's points: 5 for each rook, bishop, dragon and horse, 1 for each other piece,
    /// counting its pieces in the enemy camp (the king excluded) and its pieces in hand.
    ///
    /// ```
    /// use hayanagi::{DeclarationRule, Position};
    /// // In camp: two rooks and two bishops (5 each), four tokin and two silvers; in hand a gold, 3 pawns.
    /// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")?;
    /// assert_eq!(pos.declaration(DeclarationRule::Points27).points(), 20 + 6 + 4);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn points(&self) -> u32 {
        self.points
    }

    /// How many of the declaring side's pieces other than the king stand in the enemy camp.
    ///
    /// ```
    /// use hayanagi::{DeclarationRule, Position};
    /// let pos = Position::from_sfen("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")?;
    /// assert_eq!(pos.declaration(DeclarationRule::Points27).pieces_in_camp(), 10);
    /// # Ok::<(), hayanagi::SfenError>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn pieces_in_camp(&self) -> u32 {
        self.pieces_in_camp
    }
}

/// Big pieces (大駒) count 5 points; every other piece but the king counts 1.
const fn points_of(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

impl Position {
    /// Judges an entering-king declaration (入玉宣言) by the side to move under `rule`.
    ///
    /// The conditions (CSA): the declaring side is to move (this asks for the side to move); its
    /// king is in the enemy camp (the three ranks nearest the opponent); at least 10 of its other
    /// pieces are in the enemy camp; its king is not in check; and its points (see
    /// [`Declaration::points`]) reach what `rule` requires. Conditions outside the position, such as
    /// time left on the clock, are the caller's; handicap games' adjusted thresholds are not applied.
    ///
    /// ```
    /// use hayanagi::{DeclarationFailures, DeclarationOutcome, DeclarationRule, Position};
    /// // Black's king on 5b with 10 pieces in the camp (2 rooks, 2 bishops, 3 golds, 3 silvers)
    /// // and 6 pawns in hand: 20 + 6 + 6 = 32 points.
    /// let pos = Position::from_sfen("1RRBB4/GGGSK4/SS7/9/9/9/9/9/4k4 b 6Pgs4n4l12p 1").unwrap();
    /// let declaration = pos.declaration(DeclarationRule::Points27);
    /// assert_eq!(declaration.outcome(), DeclarationOutcome::Win);
    /// assert_eq!((declaration.points(), declaration.pieces_in_camp()), (32, 10));
    /// assert_eq!(pos.declaration(DeclarationRule::Points24).outcome(), DeclarationOutcome::Win);
    ///
    /// // In the opening nothing holds.
    /// let declaration = Position::startpos().declaration(DeclarationRule::Points27);
    /// assert_eq!(declaration.outcome(), DeclarationOutcome::Invalid);
    /// assert!(declaration.failed().contains(DeclarationFailures::KING_NOT_IN_CAMP));
    /// ```
    #[must_use]
    pub fn declaration(&self, rule: DeclarationRule) -> Declaration {
        let us = self.side_to_move();
        let camp = Bitboard::promotion_zone(us);
        let ours = self.colored(us);
        let mut points = 0;
        let mut pieces_in_camp = 0;
        for square in ours & camp {
            if let Some(piece) = self.piece_at(square)
                && piece.kind() != PieceKind::King
            {
                pieces_in_camp += 1;
                points += points_of(piece.kind());
            }
        }
        let hand = self.hand(us);
        for kind in PieceKind::HAND {
            points += u32::from(hand.count(kind)) * points_of(kind);
        }

        let mut failed = DeclarationFailures::NONE;
        if !self.king(us).is_some_and(|king| camp.contains(king)) {
            failed = failed.union(DeclarationFailures::KING_NOT_IN_CAMP);
        }
        if pieces_in_camp < 10 {
            failed = failed.union(DeclarationFailures::TOO_FEW_PIECES);
        }
        if self.in_check() {
            failed = failed.union(DeclarationFailures::IN_CHECK);
        }
        let (needed, win) = match (rule, us) {
            (DeclarationRule::Points27, Color::Black) => (28, 28),
            (DeclarationRule::Points27, Color::White) => (27, 27),
            (DeclarationRule::Points24, _) => (24, 31),
        };
        if points < needed {
            failed = failed.union(DeclarationFailures::TOO_FEW_POINTS);
        }
        let outcome = if !failed.is_empty() {
            DeclarationOutcome::Invalid
        } else if points >= win {
            DeclarationOutcome::Win
        } else {
            DeclarationOutcome::Draw
        };
        Declaration { outcome, failed, points, pieces_in_camp }
    }
}
