//! Game status (docs/RULES.md R44–R47): whether the game is over for the side to move, and how.

use core::fmt;

use crate::Position;

/// The state of the game for the side to move (docs/RULES.md R44–R47).
///
/// [`Position::status`] sees only the position, so it answers [`Status::None`], [`Status::Mate`] or
/// [`Status::NoMoves`]; repetition and perpetual check need the moves that led to the position,
/// which a [`History`](crate::History) keeps ([`History::status`](crate::History::status)).
///
/// `Display` writes the spelling of docs/RULES.md R44 (`none`, `mate`, `no_moves`, `draw_repetition`,
/// `win_perpetual_check`, `loss_perpetual_check`, and `draw_max_ply` for the optional move limit):
///
/// ```
/// use hayanagi::{Position, Status};
/// let pos = Position::startpos();
/// assert_eq!(pos.status(), Status::None);
/// assert_eq!(Status::WinPerpetualCheck.to_string(), "win_perpetual_check");
/// assert!(Status::Mate.is_over() && !Status::None.is_over());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    None,
    /// The side to move is in check and has no legal move: it has lost.
    Mate,
    /// The side to move is not in check and has no legal move (possible only in composed positions;
    /// it loses under the usual rules, since it cannot pass).
    NoMoves,
    /// The same board, hands and side to move have occurred four times (this one included), and no
    /// side gave check with every move since the first of those: a draw (千日手).
    DrawRepetition,
    /// Fourth occurrence, and every move of the opponent since the first of those occurrences gave
    /// check: the opponent loses (連続王手の千日手), the side to move wins.
    WinPerpetualCheck,
    /// Fourth occurrence, and every move of the side to move since the first of those occurrences gave
    /// check: the side to move loses.
    LossPerpetualCheck,
    /// The move limit the caller asked for has been reached (only from
    /// [`History::status_with_max_ply`](crate::History::status_with_max_ply)): a draw.
    DrawMaxPly,
}

impl Status {
    /// Every status, in declaration order.
    ///
    /// ```
    /// use hayanagi::Status;
    /// assert_eq!(Status::ALL.len(), 7);
    /// assert!(Status::ALL.iter().filter(|status| !status.is_over()).eq([&Status::None]));
    /// ```
    pub const ALL: [Status; 7] = [
        Status::None,
        Status::Mate,
        Status::NoMoves,
        Status::DrawRepetition,
        Status::WinPerpetualCheck,
        Status::LossPerpetualCheck,
        Status::DrawMaxPly,
    ];

    /// The spelling of docs/RULES.md R44, as `Display` writes it.
    ///
    /// ```
    /// use hayanagi::Status;
    /// assert_eq!(Status::NoMoves.as_str(), "no_moves");
    /// assert_eq!(Status::DrawMaxPly.as_str(), Status::DrawMaxPly.to_string());
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::None => "none",
            Status::Mate => "mate",
            Status::NoMoves => "no_moves",
            Status::DrawRepetition => "draw_repetition",
            Status::WinPerpetualCheck => "win_perpetual_check",
            Status::LossPerpetualCheck => "loss_perpetual_check",
            Status::DrawMaxPly => "draw_max_ply",
        }
    }

    /// True for every status but [`Status::None`]: the game has ended.
    ///
    /// ```
    /// use hayanagi::Status;
    /// assert!(Status::DrawRepetition.is_over() && !Status::None.is_over());
    /// ```
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::None)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reads what [`Display`](fmt::Display) writes ([`Status::as_str`]).
///
/// ```
/// use hayanagi::{ParseError, Status};
/// assert_eq!("draw_repetition".parse(), Ok(Status::DrawRepetition));
/// assert_eq!("draw".parse::<Status>(), Err(ParseError::Status));
/// ```
impl core::str::FromStr for Status {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Status, crate::ParseError> {
        Status::ALL.into_iter().find(|status| status.as_str() == s).ok_or(crate::ParseError::Status)
    }
}

impl Position {
    /// The status judged from the position alone: [`Status::Mate`] or [`Status::NoMoves`] when the
    /// side to move has no legal move, [`Status::None`] otherwise. For repetition and perpetual
    /// check, ask the game's [`History`](crate::History).
    ///
    /// ```
    /// use hayanagi::{Position, Status};
    /// // Black's gold on 5b, supported by the pawn on 5c, mates the king on 5a (頭金).
    /// let pos = Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2").unwrap();
    /// assert_eq!(pos.status(), Status::Mate);
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::None
        } else if self.in_check() {
            Status::Mate
        } else {
            Status::NoMoves
        }
    }
}
