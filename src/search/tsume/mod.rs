//! A tsume (詰将棋) solver: df-pn over a transposition table the caller provides.
//!
//! The text of the solver is on [`TsumeSolver`] (this module is private).
//!
//! ```
//! use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
//!
//! let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
//! let mut table = vec![TsumeEntry::EMPTY; 1 << 12];
//! let mut solver = TsumeSolver::new(&mut table);
//! let mut line = [Move::from_usi("1a1b").unwrap(); 64];
//! match solver.solve(&pos, &mut line)? {
//!     TsumeAnswer::Mate(moves) => {
//!         // A mate exists in 3; the first proof found need not be the shortest.
//!         assert!(moves.len() >= 3 && moves.len() % 2 == 1);
//!         assert!(TsumeSolver::is_mating_line(&pos, moves));
//!     }
//!     other => panic!("expected a mate, got {other:?}"),
//! }
//! assert!(solver.stats().nodes > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod solver;
mod table;

use core::fmt;

use solver::{DEPTH, Search, WIDE, board_key};
use table::Table;
pub use table::TsumeEntry;

use crate::{Move, Position, Relaxations, Setup, SetupError};

/// What [`TsumeSolver::solve`] found.
///
/// ```
/// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
/// // A gold dropped on 5b, held by the pawn on 5c, mates at once.
/// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
/// let mut table = [TsumeEntry::EMPTY; 256];
/// let mut line = [Move::from_usi("1a1b").unwrap(); 16];
/// match TsumeSolver::new(&mut table).solve(&pos, &mut line)? {
///     TsumeAnswer::Mate(moves) => assert_eq!(moves, [Move::from_usi("G*5b").unwrap()]),
///     other => panic!("expected a mate, got {other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TsumeAnswer<'l> {
    /// The attacker mates; the line (attacker first, odd length, ending in mate), stored in the
    /// caller's buffer, has been checked move by move.
    Mate(&'l [Move]),
    /// The attacker cannot force mate under tsume rules (checking at every move).
    NoMate,
    /// No answer: a limit was reached or the line could not be given.
    Unknown(TsumeUnknown),
}

/// Why [`TsumeSolver::solve`] gave no answer.
///
/// ```
/// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver, TsumeUnknown};
/// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
/// let mut table = [TsumeEntry::EMPTY; 256];
/// // A mate in 1 needs a line of one move: an empty buffer cannot hold it.
/// let answer = TsumeSolver::new(&mut table).solve(&pos, &mut [])?;
/// assert_eq!(answer, TsumeAnswer::Unknown(TsumeUnknown::LineTooLong));
/// assert_eq!(TsumeUnknown::NodeLimit.to_string(), "node limit reached");
/// # let _ = Move::from_usi("1a1b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TsumeUnknown {
    /// The node limit ([`TsumeSolver::with_node_limit`]) was reached.
    NodeLimit,
    /// The stop callback asked to stop.
    Stopped,
    /// A line was cut off by the depth limit ([`TsumeSolver::with_max_depth`]), so the search
    /// could not rule out a mate.
    DepthLimit,
    /// A position had more moves than one ply of the search holds (128), so the search could not
    /// rule out a mate.
    TooManyMoves,
    /// The search stopped making progress (a cycle of the table's numbers).
    Stalled,
    /// Mate was proved but its line is longer than the buffer given.
    LineTooLong,
    /// Mate was proved but its line could not be read back within the limits (the table was too
    /// small to keep it and searching again hit a limit).
    LineNotFound,
}

impl fmt::Display for TsumeUnknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TsumeUnknown::NodeLimit => "node limit reached",
            TsumeUnknown::Stopped => "stopped",
            TsumeUnknown::DepthLimit => "depth limit reached",
            TsumeUnknown::TooManyMoves => "a position had too many moves",
            TsumeUnknown::Stalled => "the search made no progress",
            TsumeUnknown::LineTooLong => "mate proved, line longer than the buffer",
            TsumeUnknown::LineNotFound => "mate proved, line not recovered",
        })
    }
}

/// A position that cannot be a tsume.
///
/// ```
/// use hayanagi::{Position, TsumeEntry, TsumeError, TsumeSolver};
/// let mut table = [TsumeEntry::EMPTY; 16];
/// // The side to move (the attacker) is in check: not a tsume.
/// let pos: Position = "4k4/9/9/9/9/9/9/4r4/4K4 b G 1".parse()?;
/// assert_eq!(TsumeSolver::new(&mut table).solve(&pos, &mut []), Err(TsumeError::AttackerInCheck));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TsumeError {
    /// The defender (the side not to move) has no king.
    NoDefenderKing,
    /// The attacker (the side to move) is in check.
    AttackerInCheck,
}

impl fmt::Display for TsumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TsumeError::NoDefenderKing => "not a tsume: the defender (the side not to move) has no king",
            TsumeError::AttackerInCheck => "not a tsume: the attacker (the side to move) is in check",
        })
    }
}

impl core::error::Error for TsumeError {}

/// Counters of the last search.
///
/// ```
/// use hayanagi::{Move, Position, TsumeEntry, TsumeSolver};
/// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
/// let mut table = [TsumeEntry::EMPTY; 256];
/// let mut solver = TsumeSolver::new(&mut table);
/// let _ = solver.solve(&pos, &mut [Move::from_usi("1a1b").unwrap(); 8])?;
/// let stats = solver.stats();
/// assert!(stats.nodes > 0 && stats.table_len == 256 && stats.table_used <= stats.table_len);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TsumeStats {
    /// Positions visited.
    pub nodes: u64,
    /// Entries of the table in use.
    pub table_used: usize,
    /// Entries of the table in all.
    pub table_len: usize,
    /// The deepest ply reached below the root.
    pub deepest: u32,
}

impl TsumeStats {
    /// The table's fill in thousandths (0 for an empty table).
    ///
    /// ```
    /// use hayanagi::TsumeStats;
    /// let stats = TsumeStats { nodes: 10, table_used: 25, table_len: 100, deepest: 3 };
    /// assert_eq!(stats.fill_permille(), 250);
    /// ```
    #[must_use]
    pub fn fill_permille(&self) -> u32 {
        if self.table_len == 0 {
            return 0;
        }
        u32::try_from(self.table_used as u128 * 1000 / self.table_len as u128).unwrap_or(1000)
    }
}

/// The df-pn tsume solver over a caller's table.
///
/// [`TsumeSolver`] proves or disproves that the side to move (the attacker) mates by checking at
/// every move, whatever the defender plays: every legal defence is tried, useless interpositions
/// (無駄合) included, and a pawn drop that mates is illegal (uchifuzume), as in the rest of the
/// crate. A repetition is never a mate.
///
/// The search is df-pn with the df-pn+ threshold of 1+ε. The table ([`TsumeEntry`], 32 bytes
/// each) is a slice of any length, in buckets of 8 entries keyed by the board; each entry holds the
/// attacker's hand, so a proof found with a hand proves the same board with any hand that
/// [dominates](crate::Hand::dominates) it, and a disproof disproves every hand it dominates. When
/// a bucket is full the entry that cost the least work is replaced, those of earlier searches
/// first. A disproof that rests on a repetition on the path (or on the depth limit) is never
/// written to the table, so what the table holds is true whatever the path.
///
/// A mate comes with its line, read back from the table (searching again where an entry was
/// replaced) and checked before it is returned: every move legal, every attacker's move a check,
/// the last position mate. The line is not necessarily the shortest mate: the attacker plays the
/// shortest move the search proved and the defender the longest proved defence.
///
/// No allocation: each ply of the search holds its moves on the stack (about 1.7 KB a ply; the
/// depth is bounded by [`TsumeSolver::with_max_depth`]).
///
/// ```
/// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
/// let mut table = [TsumeEntry::EMPTY; 256];
/// let mut line = [Move::from_usi("1a1b").unwrap(); 16];
/// // One gold in hand, the king in the corner: no check mates and there is no mate.
/// let pos: Position = "8k/9/9/9/9/9/9/9/9 b G 1".parse()?;
/// assert_eq!(TsumeSolver::new(&mut table).solve(&pos, &mut line)?, TsumeAnswer::NoMate);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TsumeSolver<'t> {
    table: Table<'t>,
    node_limit: u64,
    max_depth: u32,
    stats: TsumeStats,
}

impl<'t> TsumeSolver<'t> {
    /// A solver over `table`, with no node limit and a depth limit of 400 plies. Entries already in
    /// the table (of an earlier solver) are kept and used.
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 8];
    /// let mut solver = TsumeSolver::new(&mut table);
    /// assert!(matches!(solver.solve(&pos, &mut line)?, TsumeAnswer::Mate(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(table: &'t mut [TsumeEntry]) -> TsumeSolver<'t> {
        let table = Table::new(table);
        let stats = TsumeStats { table_used: table.used(), table_len: table.len(), ..TsumeStats::default() };
        TsumeSolver { table, node_limit: u64::MAX, max_depth: 400, stats }
    }

    /// The same solver, stopping after `nodes` positions per [`solve`](TsumeSolver::solve).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver, TsumeUnknown};
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 16];
    /// let answer = TsumeSolver::new(&mut table).with_node_limit(1).solve(&pos, &mut line)?;
    /// assert_eq!(answer, TsumeAnswer::Unknown(TsumeUnknown::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_node_limit(mut self, nodes: u64) -> TsumeSolver<'t> {
        self.node_limit = nodes;
        self
    }

    /// The same solver, searching at most `plies` below the root. Each ply takes about 1.7 KB of
    /// stack, so a long problem needs a thread with a large stack (1,000 plies: about 2 MB).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver, TsumeUnknown};
    /// // A rook and a bishop cannot mate this king at once; with no ply to search there is no answer.
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b RB 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 8];
    /// let answer = TsumeSolver::new(&mut table).with_max_depth(0).solve(&pos, &mut line)?;
    /// assert!(matches!(answer, TsumeAnswer::Unknown(_)));
    /// # let _ = TsumeUnknown::DepthLimit;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_max_depth(mut self, plies: u32) -> TsumeSolver<'t> {
        self.max_depth = plies;
        self
    }

    /// The counters of the last search (or of the table, before any).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 8];
    /// let mut solver = TsumeSolver::new(&mut table);
    /// assert_eq!(solver.stats().nodes, 0);
    /// let _ = solver.solve(&pos, &mut line)?;
    /// assert!(solver.stats().nodes > 0);
    /// # let _ = TsumeAnswer::NoMate;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> TsumeStats {
        self.stats
    }

    /// Empties the table.
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 8];
    /// let mut solver = TsumeSolver::new(&mut table);
    /// let _ = solver.solve(&pos, &mut line)?;
    /// assert!(solver.stats().table_used > 0);
    /// solver.clear_table();
    /// assert_eq!(solver.stats().table_used, 0);
    /// # let _ = TsumeAnswer::NoMate;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_table(&mut self) {
        self.table.clear();
        self.stats.table_used = 0;
    }

    /// The position with every piece on neither the board nor in a hand given to the defender
    /// (the side not to move), as tsume problems are set ([`Setup::give_rest_to`]).
    ///
    /// # Errors
    /// The [`SetupError`] of the completed position (it is validated as SFEN positions are).
    ///
    /// ```
    /// use hayanagi::{Position, TsumeSolver};
    /// let pos: Position = "8k/9/8P/9/9/9/9/9/9 b G 1".parse()?;
    /// let full = TsumeSolver::give_rest_to_defender(&pos)?;
    /// assert_eq!(full.sfen().to_string(), "8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn give_rest_to_defender(pos: &Position) -> Result<Position, SetupError> {
        let mut setup = Setup::from(pos);
        setup.give_rest_to(pos.side_to_move().flip());
        setup.validate(Relaxations::SFEN)
    }

    /// True when `line` is a mate under tsume rules from `pos`: every move legal, every move of the
    /// side to move in `pos` a check, and the position after the last move mate (an odd number of
    /// moves).
    ///
    /// ```
    /// use hayanagi::{Position, TsumeSolver};
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// assert!(TsumeSolver::is_mating_line(&pos, &[pos.parse_usi_move("G*5b")?]));
    /// assert!(!TsumeSolver::is_mating_line(&pos, &[pos.parse_usi_move("G*4b")?]));
    /// assert!(!TsumeSolver::is_mating_line(&pos, &[]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_mating_line(pos: &Position, line: &[Move]) -> bool {
        let attacker = pos.side_to_move();
        let mut pos = pos.clone();
        for &mv in line {
            if !pos.is_legal(mv) || pos.side_to_move() == attacker && !pos.gives_check(mv) {
                return false;
            }
            let _ = pos.make(mv);
        }
        pos.side_to_move() != attacker && pos.in_check() && !pos.has_legal_move()
    }

    /// Solves `pos` (the side to move attacks), writing a mating line into `line`.
    ///
    /// # Errors
    /// [`TsumeError`] when `pos` cannot be a tsume: the defender has no king, or the attacker is in
    /// check.
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 8];
    /// match TsumeSolver::new(&mut table).solve(&pos, &mut line)? {
    ///     TsumeAnswer::Mate(moves) => assert!(TsumeSolver::is_mating_line(&pos, moves)),
    ///     other => panic!("expected a mate, got {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve<'l>(&mut self, pos: &Position, line: &'l mut [Move]) -> Result<TsumeAnswer<'l>, TsumeError> {
        self.solve_with_stop(pos, line, |_| false)
    }

    /// [`solve`](TsumeSolver::solve), calling `stop` every 4,096 nodes with the counters so far:
    /// returning true stops the search ([`TsumeUnknown::Stopped`]). A caller can show progress
    /// from it, or stop at a deadline.
    ///
    /// # Errors
    /// As [`solve`](TsumeSolver::solve).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 1024];
    /// let mut line = [Move::from_usi("1a1b").unwrap(); 16];
    /// let mut calls = 0;
    /// let answer = TsumeSolver::new(&mut table).solve_with_stop(&pos, &mut line, |_stats| {
    ///     calls += 1;
    ///     false
    /// })?;
    /// assert!(matches!(answer, TsumeAnswer::Mate(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_with_stop<'l>(
        &mut self,
        pos: &Position,
        line: &'l mut [Move],
        mut stop: impl FnMut(&TsumeStats) -> bool,
    ) -> Result<TsumeAnswer<'l>, TsumeError> {
        let attacker = pos.side_to_move();
        if pos.king(attacker.flip()).is_none() {
            return Err(TsumeError::NoDefenderKing);
        }
        if pos.in_check() {
            return Err(TsumeError::AttackerInCheck);
        }
        self.table.next_generation();
        let mut search = Search {
            table: &mut self.table,
            attacker,
            nodes: 0,
            node_limit: self.node_limit,
            max_depth: self.max_depth,
            deepest: 0,
            stop: &mut stop,
            aborted: None,
        };
        let mut root = pos.clone();
        let value = search.search_root(&mut root);
        let answer = if value.pn == 0 {
            match extract(&mut search, pos, line) {
                Ok(len) => match line.get(..len) {
                    Some(moves) if TsumeSolver::is_mating_line(pos, moves) => TsumeAnswer::Mate(moves),
                    _ => TsumeAnswer::Unknown(TsumeUnknown::LineNotFound),
                },
                Err(reason) => TsumeAnswer::Unknown(reason),
            }
        } else if value.dn == 0 {
            if value.len & DEPTH != 0 {
                TsumeAnswer::Unknown(TsumeUnknown::DepthLimit)
            } else if value.len & WIDE != 0 {
                TsumeAnswer::Unknown(TsumeUnknown::TooManyMoves)
            } else {
                TsumeAnswer::NoMate
            }
        } else {
            TsumeAnswer::Unknown(search.aborted.unwrap_or(TsumeUnknown::Stalled))
        };
        self.stats = search.stats();
        Ok(answer)
    }
}

/// Reads the mating line of the proved `root` into `line`; returns its length.
fn extract(search: &mut Search<'_, '_>, root: &Position, line: &mut [Move]) -> Result<usize, TsumeUnknown> {
    let mut pos = root.clone();
    let mut len = 0;
    loop {
        let mv = if pos.side_to_move() == search.attacker {
            match pos.mate_in_1() {
                Some(mv) => mv,
                None => proved_move(search, &pos)?,
            }
        } else {
            if !pos.has_legal_move() {
                return Ok(len);
            }
            longest_defence(search, &pos)?
        };
        if !pos.is_legal(mv) {
            return Err(TsumeUnknown::LineNotFound);
        }
        let slot = line.get_mut(len).ok_or(TsumeUnknown::LineTooLong)?;
        *slot = mv;
        len += 1;
        let _ = pos.make(mv);
    }
}

/// The attacker's proved move in `pos`: from the table, or from a new search of `pos`.
fn proved_move(search: &mut Search<'_, '_>, pos: &Position) -> Result<Move, TsumeUnknown> {
    if let Some(probe) = search.table.probe(board_key(pos), search.hand(pos))
        && let (0, Some(mv)) = (probe.pn, probe.best)
        && pos.gives_check(mv)
    {
        return Ok(mv);
    }
    let mut work = pos.clone();
    let value = search.search_root(&mut work);
    match (value.pn, value.best) {
        (0, Some(mv)) => Ok(mv),
        _ => Err(search.aborted.unwrap_or(TsumeUnknown::LineNotFound)),
    }
}

/// The defender's longest proved defence in `pos` (every defence is proved to lose).
fn longest_defence(search: &mut Search<'_, '_>, pos: &Position) -> Result<Move, TsumeUnknown> {
    let mut best: Option<(Move, u16)> = None;
    let mut failed = None;
    let mut work = pos.clone();
    let _ = pos.for_each_legal_move(crate::MoveFilter::All, |mv| {
        let restore = work.make(mv);
        let len = match search.table.probe(board_key(&work), search.hand(&work)) {
            Some(probe) if probe.pn == 0 => Some(probe.len),
            _ if work.mate_in_1().is_some() => Some(1),
            _ => {
                let value = search.search_root(&mut work);
                if value.pn == 0 { Some(value.len) } else { None }
            }
        };
        work.unmake(mv, restore);
        match len {
            Some(len) => {
                if best.is_none_or(|(_, longest)| len > longest) {
                    best = Some((mv, len));
                }
                core::ops::ControlFlow::Continue(())
            }
            None => {
                failed = Some(search.aborted.unwrap_or(TsumeUnknown::LineNotFound));
                core::ops::ControlFlow::Break(())
            }
        }
    });
    if let Some(reason) = failed {
        return Err(reason);
    }
    best.map(|(mv, _)| mv).ok_or(TsumeUnknown::LineNotFound)
}
