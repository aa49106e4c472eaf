//! Typed generation: which legal moves to generate ([`MoveFilter`]), the groups they come in
//! ([`MoveGroup`]), and the public list, count and callback entry points over one generator.

use core::ops::ControlFlow;

use super::checks::CheckSink;
use super::{CountSink, ListSink, Scope, Sink};
use crate::{Bitboard, Color, Move, MoveList, PieceKind, Position, Square};

/// Which of the legal moves to generate. Each kind is exactly the legal list filtered by its
/// predicate, in the generator's order (not sorted).
///
/// | filter | the legal moves that |
/// |---|---|
/// | [`All`](MoveFilter::All) | every one |
/// | [`Captures`](MoveFilter::Captures) | move a piece onto an enemy piece (with or without promotion) |
/// | [`NonCaptures`](MoveFilter::NonCaptures) | move a piece onto an empty square, and every drop |
/// | [`Drops`](MoveFilter::Drops) | drop a piece from hand |
/// | [`Checks`](MoveFilter::Checks) | give check: directly, by uncovering a slider (discovered check), or by a drop |
/// | [`QuietChecks`](MoveFilter::QuietChecks) | give check without capturing (drops included) |
/// | [`Evasions`](MoveFilter::Evasions) | every one when the side to move is in check; **none** when it is not |
///
/// `Captures` and `NonCaptures` split the legal moves in two; so do `Checks` minus `QuietChecks`
/// (the capturing checks) and `QuietChecks`. `Evasions` is empty outside check, so that a search
/// asking for evasions in the wrong place sees no moves rather than moves that evade nothing.
///
/// ```
/// use hayanagi::{MoveFilter, Position};
/// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse().unwrap();
/// assert_eq!(pos.count_legal_moves_of(MoveFilter::Captures), 0);
/// assert_eq!(pos.count_legal_moves_of(MoveFilter::Drops), 78); // every empty square
/// let mut checks: Vec<String> = pos.legal_moves_of(MoveFilter::Checks).iter().map(|m| m.to_string()).collect();
/// checks.sort();
/// assert_eq!(checks, ["5c5b", "5c5b+", "G*4a", "G*4b", "G*5b", "G*6a", "G*6b"]);
/// assert_eq!(pos.count_legal_moves_of(MoveFilter::Evasions), 0); // not in check
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveFilter {
    /// Every legal move.
    All,
    /// Board moves that capture.
    Captures,
    /// Board moves onto an empty square, and drops.
    NonCaptures,
    /// Drops.
    Drops,
    /// Moves that give check (direct, discovered, or both; drops included).
    Checks,
    /// Moves that give check and capture nothing (drops included).
    QuietChecks,
    /// Every legal move when in check (all of them evade it); no move when not in check.
    Evasions,
}

impl MoveFilter {
    /// Every filter, in declaration order.
    ///
    /// ```
    /// use hayanagi::{MoveFilter, Position};
    /// let pos = Position::startpos();
    /// let counts: Vec<u64> = MoveFilter::ALL.iter().map(|&f| pos.count_legal_moves_of(f)).collect();
    /// assert_eq!(counts, [30, 0, 30, 0, 0, 0, 0]);
    /// ```
    pub const ALL: [MoveFilter; 7] = [
        MoveFilter::All,
        MoveFilter::Captures,
        MoveFilter::NonCaptures,
        MoveFilter::Drops,
        MoveFilter::Checks,
        MoveFilter::QuietChecks,
        MoveFilter::Evasions,
    ];

    /// The name the CLI uses: `all`, `captures`, `non-captures`, `drops`, `checks`, `quiet-checks`,
    /// `evasions`.
    ///
    /// ```
    /// use hayanagi::MoveFilter;
    /// assert_eq!(MoveFilter::QuietChecks.as_str(), "quiet-checks");
    /// assert_eq!(MoveFilter::from_name("quiet-checks"), Some(MoveFilter::QuietChecks));
    /// assert_eq!(MoveFilter::from_name("quiet"), None);
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveFilter::All => "all",
            MoveFilter::Captures => "captures",
            MoveFilter::NonCaptures => "non-captures",
            MoveFilter::Drops => "drops",
            MoveFilter::Checks => "checks",
            MoveFilter::QuietChecks => "quiet-checks",
            MoveFilter::Evasions => "evasions",
        }
    }

    /// The filter named `name` (as [`MoveFilter::as_str`] spells it); `None` for any other text.
    ///
    /// ```
    /// use hayanagi::MoveFilter;
    /// assert_eq!(MoveFilter::from_name("captures"), Some(MoveFilter::Captures));
    /// assert_eq!(MoveFilter::from_name("Captures"), None); // names are lower case
    /// assert!(MoveFilter::ALL.iter().all(|f| MoveFilter::from_name(f.as_str()) == Some(*f)));
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<MoveFilter> {
        MoveFilter::ALL.into_iter().find(|filter| filter.as_str() == name)
    }
}

impl core::fmt::Display for MoveFilter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reads what [`Display`](core::fmt::Display) writes ([`MoveFilter::from_name`]).
///
/// ```
/// use hayanagi::{MoveFilter, ParseError};
/// assert_eq!("quiet-checks".parse(), Ok(MoveFilter::QuietChecks));
/// assert_eq!("quiet".parse::<MoveFilter>(), Err(ParseError::MoveFilter));
/// ```
impl core::str::FromStr for MoveFilter {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<MoveFilter, crate::ParseError> {
        MoveFilter::from_name(s).ok_or(crate::ParseError::MoveFilter)
    }
}

/// Which promotion choices each target of a [`MoveGroup`] stands for.
///
/// ```
/// use core::ops::ControlFlow;
/// use hayanagi::{MoveFilter, Position, Promotion};
/// // King on 5i: five steps, none promotes; the lone pawn on 5d may promote on 5c or not.
/// let pos: Position = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1".parse()?;
/// let mut rules = Vec::new();
/// let _ = pos.for_each_group(MoveFilter::All, |g| {
///     rules.push(g.promotion());
///     ControlFlow::<()>::Continue(())
/// });
/// assert_eq!(rules, [Promotion::Unpromoted, Promotion::Both]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// One move per target, without promotion (the piece cannot promote there, or, in a filtered
    /// generation, only the unpromoted move passes the filter).
    Unpromoted,
    /// One move per target, promoting (promotion is forced, or only the promoting move passes the
    /// filter).
    Promoted,
    /// Two moves per target: promoting, then not promoting.
    Both,
}

impl Promotion {
    /// Moves per target: 1 or 2.
    ///
    /// ```
    /// use hayanagi::Promotion;
    /// assert_eq!(Promotion::Both.moves_per_target(), 2);
    /// assert_eq!(Promotion::Promoted.moves_per_target(), 1);
    /// assert_eq!(Promotion::Unpromoted.moves_per_target(), 1);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn moves_per_target(self) -> u32 {
        match self {
            Promotion::Both => 2,
            _ => 1,
        }
    }
}

/// Where the moves of a [`MoveGroup`] start.
///
/// ```
/// use core::ops::ControlFlow;
/// use hayanagi::{Color, MoveFilter, Origin, PieceKind, Position, Square};
/// let pos: Position = "4k4/9/9/4P4/9/9/9/9/4K4 b G 1".parse()?;
/// let mut origins = Vec::new();
/// let _ = pos.for_each_group(MoveFilter::All, |g| {
///     origins.push(g.origin());
///     ControlFlow::<()>::Continue(())
/// });
/// assert!(origins.contains(&Origin::Square(Square::SQ_5I))); // king steps
/// assert!(origins.contains(&Origin::PawnPushes(Color::Black)));
/// assert!(origins.contains(&Origin::Drop(PieceKind::Gold)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Every target is reached from this square.
    Square(Square),
    /// Pawn pushes of `Color`'s pawns: each target is reached from the square one rank behind it
    /// (behind as that colour sees the board).
    PawnPushes(Color),
    /// Drops of this hand kind from the side to move's hand.
    Drop(PieceKind),
}

/// A group of legal moves as the generator produces them: one origin, a set of target squares, and
/// one promotion rule for all of them. [`Position::for_each_group`] hands these out without writing
/// a move; [`MoveGroup::len`] counts them and [`MoveGroup::iter`] lists them.
///
/// ```
/// use core::ops::ControlFlow;
/// use hayanagi::{MoveFilter, Origin, Position};
/// let pos = Position::startpos();
/// let mut total = 0;
/// let _ = pos.for_each_group(MoveFilter::All, |group| {
///     if let Origin::Square(from) = group.origin() {
///         assert!(group.iter().all(|mv| mv.from() == Some(from)));
///     }
///     total += group.len();
///     ControlFlow::<()>::Continue(())
/// });
/// assert_eq!(total, 30);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveGroup {
    origin: Origin,
    targets: Bitboard,
    promotion: Promotion,
}

impl MoveGroup {
    #[inline(always)]
    pub(crate) const fn new(origin: Origin, targets: Bitboard, promotion: Promotion) -> MoveGroup {
        MoveGroup { origin, targets, promotion }
    }

    /// Where the moves start.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Origin, PieceKind, Position};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let drop = pos.for_each_group(MoveFilter::Drops, |group| ControlFlow::Break(group.origin()));
    /// assert_eq!(drop, ControlFlow::Break(Origin::Drop(PieceKind::Gold)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn origin(&self) -> Origin {
        self.origin
    }

    /// The target squares (never empty in a group the generator hands out).
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Position};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let drops = pos.for_each_group(MoveFilter::Drops, |group| ControlFlow::Break(group.targets()));
    /// assert_eq!(drops, ControlFlow::Break(!pos.occupied())); // a gold drops on every empty square
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn targets(&self) -> Bitboard {
        self.targets
    }

    /// The promotion rule of every target.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Origin, Position, Promotion};
    /// // The lone pawn on 5d: its push to 5c may promote or not.
    /// let pos: Position = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1".parse()?;
    /// let pushes = pos.for_each_group(MoveFilter::All, |group| match group.origin() {
    ///     Origin::PawnPushes(_) => ControlFlow::Break(group.promotion()),
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert_eq!(pushes, ControlFlow::Break(Promotion::Both));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn promotion(&self) -> Promotion {
        self.promotion
    }

    /// The number of moves: targets times [`Promotion::moves_per_target`].
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Origin, Position};
    /// let pos: Position = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1".parse()?;
    /// let lens = pos.for_each_group(MoveFilter::All, |group| match group.origin() {
    ///     Origin::PawnPushes(_) => ControlFlow::Break((group.targets().count(), group.len())),
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert_eq!(lens, ControlFlow::Break((1, 2))); // one target, two moves: 5d5c+ and 5d5c
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty)] // A group the generator hands out is never empty.
    #[must_use]
    pub const fn len(&self) -> usize {
        (self.targets.count() * self.promotion.moves_per_target()) as usize
    }

    /// The move of this group's kind from its origin to `to` (promoting if `promote`); `None` if
    /// the origin gives no square there (a pawn push from off the board).
    #[inline(always)]
    fn make(&self, to: Square, promote: bool) -> Option<Move> {
        match self.origin {
            Origin::Square(from) => Some(Move::board(from, to, promote)),
            Origin::PawnPushes(color) => to.behind(color).map(|from| Move::board(from, to, promote)),
            Origin::Drop(kind) => Move::drop(kind, to),
        }
    }

    /// True when `mv` is one of this group's moves.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Position};
    /// let pos = Position::startpos();
    /// let mv = pos.parse_usi_move("7g7f").unwrap();
    /// let found = pos.for_each_group(MoveFilter::All, |group| {
    ///     if group.contains(mv) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert!(found.is_break());
    /// ```
    #[inline]
    #[must_use]
    pub fn contains(&self, mv: Move) -> bool {
        let to = mv.to();
        if !self.targets.contains(to) {
            return false;
        }
        let promotion_ok = match self.promotion {
            Promotion::Unpromoted => !mv.is_promotion(),
            Promotion::Promoted => mv.is_promotion(),
            Promotion::Both => true,
        };
        promotion_ok && self.make(to, mv.is_promotion()) == Some(mv)
    }

    /// The group's moves, target by target (lowest square first), the promoting move before the
    /// unpromoted one where both exist.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Position};
    /// let pos: Position = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1".parse()?;
    /// let mut all = Vec::new();
    /// let _ = pos.for_each_group(MoveFilter::All, |group| {
    ///     all.extend(group.iter().map(|mv| mv.to_string()));
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(all.len(), pos.count_legal_moves() as usize);
    /// assert!(all.contains(&"5d5c+".to_string()) && all.contains(&"5d5c".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn iter(&self) -> MoveGroupIter {
        MoveGroupIter { group: *self, pending: None }
    }
}

/// The group's moves, as [`MoveGroup::iter`]: `for mv in group`.
///
/// ```
/// use core::ops::ControlFlow;
/// use hayanagi::{MoveFilter, Position};
/// let pos = Position::startpos();
/// let mut n = 0;
/// let _ = pos.for_each_group(MoveFilter::All, |group| {
///     for _mv in group {
///         n += 1;
///     }
///     ControlFlow::<()>::Continue(())
/// });
/// assert_eq!(n, 30);
/// ```
impl IntoIterator for MoveGroup {
    type Item = Move;
    type IntoIter = MoveGroupIter;

    #[inline]
    fn into_iter(self) -> MoveGroupIter {
        self.iter()
    }
}

/// The moves of a [`MoveGroup`], from [`MoveGroup::iter`].
///
/// ```
/// use core::ops::ControlFlow;
/// use hayanagi::{MoveFilter, Origin, Position};
/// let pos: Position = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1".parse()?;
/// let pushes = pos.for_each_group(MoveFilter::All, |group| match group.origin() {
///     Origin::PawnPushes(_) => ControlFlow::Break(group.iter().map(|mv| mv.to_string()).collect::<Vec<_>>()),
///     _ => ControlFlow::Continue(()),
/// });
/// assert_eq!(pushes, ControlFlow::Break(vec!["5d5c+".to_string(), "5d5c".to_string()]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MoveGroupIter {
    group: MoveGroup,
    /// The unpromoted move still to come after a promoting one.
    pending: Option<Move>,
}

impl Iterator for MoveGroupIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if let Some(mv) = self.pending.take() {
            return Some(mv);
        }
        loop {
            let to = self.group.targets.pop_lsb()?;
            let made = match self.group.promotion {
                Promotion::Unpromoted => self.group.make(to, false),
                Promotion::Promoted => self.group.make(to, true),
                Promotion::Both => {
                    self.pending = self.group.make(to, false);
                    self.group.make(to, true)
                }
            };
            if made.is_some() {
                return made;
            }
        }
    }
}

/// Calls a closure with each group; keeps the closure's break value.
struct CallbackSink<F, B> {
    f: F,
    stopped: Option<B>,
}

impl<F: FnMut(MoveGroup) -> ControlFlow<B>, B> Sink for CallbackSink<F, B> {
    #[inline(always)]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        if group.targets().is_empty() {
            return ControlFlow::Continue(());
        }
        match (self.f)(group) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(value) => {
                self.stopped = Some(value);
                ControlFlow::Break(())
            }
        }
    }
}

impl Position {
    /// Runs the generator for `filter` into `sink`; stops when the sink breaks.
    #[inline(always)]
    pub(crate) fn generate_filtered<S: Sink>(&self, filter: MoveFilter, sink: &mut S) -> ControlFlow<()> {
        let empty = !self.occupied();
        let enemy = self.colored(self.side_to_move().flip());
        match filter {
            MoveFilter::All => self.generate_into(sink, Scope::ALL),
            MoveFilter::Captures => self.generate_into(sink, Scope { board: enemy, drops: false }),
            MoveFilter::NonCaptures => self.generate_into(sink, Scope { board: empty, drops: true }),
            MoveFilter::Drops => self.generate_into(sink, Scope { board: Bitboard::EMPTY, drops: true }),
            MoveFilter::Checks => self.generate_into(&mut CheckSink::new(self, sink), Scope::ALL),
            MoveFilter::QuietChecks => {
                self.generate_into(&mut CheckSink::new(self, sink), Scope { board: empty, drops: true })
            }
            MoveFilter::Evasions if self.in_check() => self.generate_into(sink, Scope::ALL),
            MoveFilter::Evasions => ControlFlow::Continue(()),
        }
    }

    /// The legal moves that `filter` selects, in a fresh list.
    ///
    /// ```
    /// use hayanagi::{MoveFilter, Position};
    /// let pos = Position::from_usi_position("startpos moves 7g7f 3c3d").unwrap();
    /// let captures: Vec<String> = pos.legal_moves_of(MoveFilter::Captures).iter().map(|m| m.to_string()).collect();
    /// assert_eq!(captures, ["8h2b+", "8h2b"]); // the promoting move first
    /// ```
    #[must_use]
    pub fn legal_moves_of(&self, filter: MoveFilter) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal_moves_of(filter, &mut list);
        list
    }

    /// Writes the legal moves that `filter` selects into `list`, replacing its contents.
    ///
    /// ```
    /// use hayanagi::{MoveFilter, MoveList, Position};
    /// let pos = Position::startpos();
    /// let mut list = MoveList::new();
    /// pos.generate_legal_moves_of(MoveFilter::NonCaptures, &mut list);
    /// assert_eq!(list.len(), 30);
    /// pos.generate_legal_moves_of(MoveFilter::Captures, &mut list);
    /// assert!(list.is_empty());
    /// ```
    #[inline]
    pub fn generate_legal_moves_of(&self, filter: MoveFilter, list: &mut MoveList) {
        list.clear();
        let _ = self.generate_filtered(filter, &mut ListSink(list));
    }

    /// The number of legal moves that `filter` selects, counted without writing them.
    ///
    /// ```
    /// use hayanagi::{MoveFilter, Position};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b R 1".parse().unwrap();
    /// assert_eq!(pos.count_legal_moves_of(MoveFilter::Drops), 79);
    /// assert_eq!(pos.count_legal_moves_of(MoveFilter::Checks), 7 + 8); // R*5b..R*5h, and rank a
    /// ```
    #[inline]
    #[must_use]
    pub fn count_legal_moves_of(&self, filter: MoveFilter) -> u64 {
        let mut sink = CountSink(0);
        let _ = self.generate_filtered(filter, &mut sink);
        sink.0
    }

    /// Calls `f` with each group of the legal moves that `filter` selects (see [`MoveGroup`]), in
    /// the generator's order, without writing a move; stops as soon as `f` returns
    /// [`ControlFlow::Break`] and returns that break. Allocation-free: the callback gets each group
    /// by value.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Origin, Position};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b 2GS 1".parse().unwrap();
    /// // The first drop kind that can check.
    /// let first = pos.for_each_group(MoveFilter::Checks, |group| match group.origin() {
    ///     Origin::Drop(kind) => ControlFlow::Break(kind),
    ///     _ => ControlFlow::Continue(()),
    /// });
    /// assert!(matches!(first, ControlFlow::Break(_)));
    /// ```
    #[inline]
    pub fn for_each_group<B>(&self, filter: MoveFilter, f: impl FnMut(MoveGroup) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut sink = CallbackSink { f, stopped: None };
        let _ = self.generate_filtered(filter, &mut sink);
        match sink.stopped {
            Some(value) => ControlFlow::Break(value),
            None => ControlFlow::Continue(()),
        }
    }

    /// [`Position::for_each_group`] for the checks whose board moves end on `board` (drops are
    /// all passed on): a caller that knows where the moves it wants can land (the mate search)
    /// spares the generator the rest, the king's steps included.
    #[inline]
    pub(crate) fn for_each_check_group_onto<B>(
        &self,
        board: Bitboard,
        f: impl FnMut(MoveGroup) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut sink = CallbackSink { f, stopped: None };
        let _ = self.generate_into(&mut CheckSink::new(self, &mut sink), Scope { board, drops: true });
        match sink.stopped {
            Some(value) => ControlFlow::Break(value),
            None => ControlFlow::Continue(()),
        }
    }

    /// Calls `f` with each legal move that `filter` selects, in the order of [`Position::legal_moves_of`];
    /// stops as soon as `f` returns [`ControlFlow::Break`] and returns that break.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use hayanagi::{MoveFilter, Position};
    /// let pos = Position::startpos();
    /// let mut n = 0;
    /// let stop = pos.for_each_legal_move(MoveFilter::All, |_| {
    ///     n += 1;
    ///     if n == 10 { ControlFlow::Break(n) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(stop, ControlFlow::Break(10));
    /// ```
    #[inline]
    pub fn for_each_legal_move<B>(
        &self,
        filter: MoveFilter,
        mut f: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.for_each_group(filter, |group| {
            for mv in group.iter() {
                f(mv)?;
            }
            ControlFlow::Continue(())
        })
    }

    /// True when `filter` selects at least one legal move; stops at the first one found.
    ///
    /// ```
    /// use hayanagi::{MoveFilter, Position};
    /// let pos = Position::startpos();
    /// assert!(pos.has_legal_move_of(MoveFilter::All));
    /// assert!(!pos.has_legal_move_of(MoveFilter::Checks));
    /// ```
    #[inline]
    pub fn has_legal_move_of(&self, filter: MoveFilter) -> bool {
        self.generate_filtered(filter, &mut AnySink).is_break()
    }

    /// True when the side to move has at least one legal move; stops at the first one found
    /// ([`Position::status`] asks this).
    ///
    /// ```
    /// use hayanagi::Position;
    /// assert!(Position::startpos().has_legal_move());
    /// let mated = Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2").unwrap();
    /// assert!(!mated.has_legal_move());
    /// ```
    #[inline]
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.has_legal_move_of(MoveFilter::All)
    }
}

/// Stops at the first group that holds a move.
struct AnySink;

impl Sink for AnySink {
    #[inline(always)]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        if group.targets().is_empty() { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
    }
}
