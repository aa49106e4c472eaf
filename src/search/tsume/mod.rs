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

mod shortest;
mod solver;
mod table;

use core::fmt;

use shortest::Bounded;
pub use solver::TsumeSlot;
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
    /// A position had more moves than one ply of the search holds (128, or what was left of the
    /// scratch given with [`TsumeSolver::with_scratch`]), so the search could not rule out a mate.
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
/// The search is df-pn with the df-pn+ threshold of 1+ε. The table ([`TsumeEntry`], 16 bytes
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
/// No allocation: each position on the search's path holds its moves in 16-byte slots
/// ([`TsumeSlot`]), one per move, taken on the stack (about 1.5 KB a ply on x86-64 with the frame;
/// the depth is bounded by [`TsumeSolver::with_max_depth`]) or from the caller's scratch
/// ([`TsumeSolver::with_scratch`]).
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
    /// The caller's scratch ([`TsumeSolver::with_scratch`]); empty by default.
    scratch: &'t mut [TsumeSlot],
    /// False when the scratch is the caller's and all the search may use.
    grow: bool,
    node_limit: u64,
    max_depth: u32,
    counting: TsumeCounting,
    stats: TsumeStats,
}

/// How [`TsumeSolver::solve_shortest`] counts a mate's length.
///
/// ```
/// use hayanagi::{Move, Position, TsumeCounting, TsumeEntry, TsumeSolver};
/// // 将棋図巧 #26 (Open Tsume, CC0) three moves before its recorded end: after 2b3a the defender
/// // can only drop a piece on 4a, captured with mate (a useless interposition).
/// let pos: Position = "5k2n/3pp2+R+N/5p2r/9/6G2/5Lpp1/9/9/9 b P2b3g4s2n3l12p 23".parse()?;
/// let mut table = vec![TsumeEntry::EMPTY; 1 << 12];
/// let mut line = [Move::from_usi("1a1b")?; 32];
/// let mut solver = TsumeSolver::new(&mut table);
/// let strict = solver.solve_shortest(&pos, &mut line)?;
/// assert!(strict.minimal && strict.length == 5);
/// let strict_length = strict.length;
/// let mut solver = solver.with_counting(TsumeCounting::UselessInterpositionsFree);
/// let conventional = solver.solve_shortest(&pos, &mut line)?;
/// assert!(conventional.minimal && conventional.length == 3 && strict_length == 5);
/// // The line still ends in mate: the interposition and its capture are shown, not counted.
/// assert!(matches!(conventional.answer, hayanagi::TsumeAnswer::Mate(moves) if moves.len() == 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TsumeCounting {
    /// Every defence counts, useless interpositions (無駄合) included: the length of the game.
    #[default]
    Strict,
    /// The composers' convention: a useless interposition (無駄合) and its capture are not
    /// counted. At a defender's node in check by one ranging piece not adjacent to the king, an
    /// interposition (a drop, or a move of a piece other than the king, to a square between them)
    /// is useless when the attacker captures the interposed piece at once with a check and the
    /// mate after that capture is no longer than the node's longest defence that is not an
    /// interposition (0 plies when it has none). Such an interposition still has to lose (the
    /// counting never changes whether a position is mate); an interposition that lengthens the
    /// mate by more than its own two plies (有効合) counts like any defence. A line that ends with
    /// the defender left only useless interpositions shows one of them and its capture, so that it
    /// ends in mate: it is then two plies longer than the counted length.
    UselessInterpositionsFree,
}

/// What [`TsumeSolver::solve_shortest`] found.
///
/// ```
/// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
/// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
/// let mut table = [TsumeEntry::EMPTY; 256];
/// let mut line = [Move::from_usi("1a1b")?; 8];
/// let shortest = TsumeSolver::new(&mut table).solve_shortest(&pos, &mut line)?;
/// assert_eq!((shortest.length, shortest.minimal), (1, true));
/// assert!(matches!(shortest.answer, TsumeAnswer::Mate(moves) if moves.len() == 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsumeShortest<'l> {
    /// The answer; a mate's line is legal, checks at every attacker's move and ends in mate.
    pub answer: TsumeAnswer<'l>,
    /// The mate's length as counted ([`TsumeCounting`]); 0 unless a mate.
    pub length: u16,
    /// True when no mate shorter than `length` exists (with the counting): `length` is the
    /// problem's length, the defender plays its longest defences along the line and the attacker
    /// a shortest mate. False when a limit stopped the shortening: `length` is then the shortest
    /// found.
    pub minimal: bool,
    /// The length of the first proof's mate (before shortening), counted strictly.
    pub first_proof: u16,
}

/// An alternative mate ([`TsumeSolver::alternatives`]): at ply `ply` of a line, the attacker's
/// move `mv` instead of the line's also mates within the plies the line has left from there.
///
/// ```
/// use hayanagi::{Move, TsumeAlternative};
/// let alternative = TsumeAlternative { ply: 0, mv: Move::from_usi("G*5b")? };
/// assert_eq!(alternative.mv.to_string(), "G*5b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TsumeAlternative {
    /// The ply of the line (0: the first move), an attacker's move.
    pub ply: usize,
    /// The other mating move.
    pub mv: Move,
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
        TsumeSolver {
            table,
            scratch: &mut [],
            grow: true,
            node_limit: u64::MAX,
            max_depth: 400,
            counting: TsumeCounting::Strict,
            stats,
        }
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

    /// The same solver, searching at most `plies` below the root. Each ply takes about 1.5 KB of
    /// stack on x86-64, so a long problem needs a thread with a large stack (1,000 plies: about
    /// 2 MB); with [`with_scratch`](TsumeSolver::with_scratch) its moves are in the scratch and a
    /// ply's stack is its frame.
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

    /// The same solver, counting lengths in [`solve_shortest`](TsumeSolver::solve_shortest) and
    /// [`alternatives`](TsumeSolver::alternatives) as `counting` says (strict by default).
    ///
    /// ```
    /// use hayanagi::{TsumeCounting, TsumeEntry, TsumeSolver};
    /// let mut table = [TsumeEntry::EMPTY; 64];
    /// let solver = TsumeSolver::new(&mut table).with_counting(TsumeCounting::UselessInterpositionsFree);
    /// assert_eq!(solver.counting(), TsumeCounting::UselessInterpositionsFree);
    /// ```
    #[must_use]
    pub fn with_counting(mut self, counting: TsumeCounting) -> TsumeSolver<'t> {
        self.counting = counting;
        self
    }

    /// The same solver, keeping the moves of the positions on its path in `scratch` and nowhere
    /// else: the search's memory is then the table, `scratch` and a small frame of the stack a ply
    /// (about 600 B on a Cortex-M0), for a device whose RAM is counted. Each position on the path
    /// takes as many slots as it has moves (the attacker's checks, or every reply of the
    /// defender; at most 128). A position whose moves do not all fit in what the plies above it
    /// left is searched on those that fit: a mate found so is a mate, but no refutation is
    /// trusted, so the answer is then a mate or [`TsumeUnknown::TooManyMoves`], never a wrong one.
    /// With 128 slots for each ply of the depth limit the search is the one without a scratch (the
    /// same answers and nodes). Without a scratch the solver takes its slots on the stack, 256 at a
    /// time (4 KB), as the plies use them up. The first-proof search and the reading of its line
    /// use the scratch; the bounded searches of [`solve_shortest`](TsumeSolver::solve_shortest)
    /// and [`alternatives`](TsumeSolver::alternatives) still hold 128 moves a ply on the stack.
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSlot, TsumeSolver, TsumeUnknown};
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// let mut line = [Move::from_usi("1a1b")?; 16];
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut scratch = [TsumeSlot::EMPTY; 256];
    /// let mut solver = TsumeSolver::new(&mut table).with_scratch(&mut scratch);
    /// match solver.solve(&pos, &mut line)? {
    ///     TsumeAnswer::Mate(moves) => assert!(TsumeSolver::is_mating_line(&pos, moves)),
    ///     other => panic!("expected a mate, got {other:?}"),
    /// }
    /// // Two slots cannot hold the attacker's checks: no wrong answer, an unknown one.
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut scratch = [TsumeSlot::EMPTY; 2];
    /// let mut solver = TsumeSolver::new(&mut table).with_scratch(&mut scratch);
    /// assert_eq!(solver.solve(&pos, &mut line)?, TsumeAnswer::Unknown(TsumeUnknown::TooManyMoves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_scratch(mut self, scratch: &'t mut [TsumeSlot]) -> TsumeSolver<'t> {
        self.scratch = scratch;
        self.grow = false;
        self
    }

    /// How lengths are counted ([`with_counting`](TsumeSolver::with_counting)).
    ///
    /// ```
    /// use hayanagi::{TsumeCounting, TsumeEntry, TsumeSolver};
    /// let mut table = [TsumeEntry::EMPTY; 64];
    /// assert_eq!(TsumeSolver::new(&mut table).counting(), TsumeCounting::Strict);
    /// ```
    #[must_use]
    pub fn counting(&self) -> TsumeCounting {
        self.counting
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
        let attacker = tsume_attacker(pos)?;
        self.table.start(pos);
        let mut search = Search {
            table: &mut self.table,
            attacker,
            nodes: 0,
            node_limit: self.node_limit,
            max_depth: self.max_depth,
            deepest: 0,
            stop: &mut stop,
            aborted: None,
            scratch: &mut *self.scratch,
            grow: self.grow,
        };
        let mut root = pos.clone();
        let value = search.search_root(&mut root);
        let answer = if value.pn == 0 { proved(&mut search, pos, line) } else { unproved(&value, search.aborted) };
        self.stats = search.stats();
        Ok(answer)
    }
}

impl TsumeSolver<'_> {
    /// Solves `pos` and then proves the shortest mate: after the first proof, mate within fewer
    /// plies is asked again and again (a search bounded by the length, over the same table) until
    /// a bound is disproved, with lengths counted as [`with_counting`](TsumeSolver::with_counting)
    /// says. The line written is one of that length: the attacker plays a shortest mate, the
    /// defender its longest defence and, among defences of equal length, one after which the line
    /// ends with no piece left in the attacker's hand when there is one (the composers'
    /// convention). The node limit counts every search; when it is reached the answer is the
    /// shortest mate proved so far (`minimal` false), and reading its line back may take up to a
    /// quarter more nodes (and ignores the stop callback).
    ///
    /// # Errors
    /// [`TsumeError`] when `pos` cannot be a tsume, as [`solve`](TsumeSolver::solve).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver};
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// let mut table = vec![TsumeEntry::EMPTY; 1 << 12];
    /// let mut line = [Move::from_usi("1a1b")?; 64];
    /// let shortest = TsumeSolver::new(&mut table).solve_shortest(&pos, &mut line)?;
    /// assert!(shortest.minimal && shortest.length == 3);
    /// match shortest.answer {
    ///     TsumeAnswer::Mate(moves) => assert!(moves.len() == 3 && TsumeSolver::is_mating_line(&pos, moves)),
    ///     other => panic!("expected a mate, got {other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_shortest<'l>(
        &mut self,
        pos: &Position,
        line: &'l mut [Move],
    ) -> Result<TsumeShortest<'l>, TsumeError> {
        self.solve_shortest_with_stop(pos, line, |_| false)
    }

    /// [`solve_shortest`](TsumeSolver::solve_shortest) with a stop callback, as
    /// [`solve_with_stop`](TsumeSolver::solve_with_stop).
    ///
    /// # Errors
    /// As [`solve`](TsumeSolver::solve).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSolver, TsumeUnknown};
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// let mut table = vec![TsumeEntry::EMPTY; 1 << 12];
    /// let mut line = [Move::from_usi("1a1b")?; 64];
    /// let mut solver = TsumeSolver::new(&mut table);
    /// let shortest = solver.solve_shortest_with_stop(&pos, &mut line, |_| true)?;
    /// // Asked to stop at once: a mate may still be found before the first poll, never a wrong one.
    /// assert!(matches!(shortest.answer, TsumeAnswer::Mate(_) | TsumeAnswer::Unknown(TsumeUnknown::Stopped)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_shortest_with_stop<'l>(
        &mut self,
        pos: &Position,
        line: &'l mut [Move],
        mut stop: impl FnMut(&TsumeStats) -> bool,
    ) -> Result<TsumeShortest<'l>, TsumeError> {
        let attacker = tsume_attacker(pos)?;
        self.table.start(pos);
        let mut never = |_: &TsumeStats| false;
        let mut search = Search {
            table: &mut self.table,
            attacker,
            nodes: 0,
            node_limit: self.node_limit,
            max_depth: self.max_depth,
            deepest: 0,
            stop: &mut stop,
            aborted: None,
            scratch: &mut *self.scratch,
            grow: self.grow,
        };
        let mut root = pos.clone();
        let value = search.search_root(&mut root);
        if value.pn != 0 {
            let answer = unproved(&value, search.aborted);
            self.stats = search.stats();
            return Ok(TsumeShortest { answer, length: 0, minimal: false, first_proof: 0 });
        }
        let first_proof = value.len;
        let mut upper = i32::from(value.len);
        let counting = self.counting;
        let mut bounded = Bounded { search: &mut search, counting };
        let mut minimal = loop {
            if upper < 3 {
                break true;
            }
            let value = bounded.root(&mut root, upper - 2);
            if value.pn == 0 {
                upper = i32::from(value.len).min(upper - 2);
            } else {
                break value.dn == 0 && value.len & (DEPTH | WIDE) == 0 && bounded.search.aborted.is_none();
            }
        };
        // Reading the line back: the stop callback is done with, the node limit grows by a quarter.
        // After a limit the line is only an upper bound's: the defender's ties are not broken by the
        // convention (each try reads a whole line again).
        let search = bounded.search;
        let stopped = search.aborted.is_some();
        if stopped {
            search.aborted = None;
            search.node_limit = search.nodes.saturating_add(search.nodes / 4).saturating_add(100_000);
        }
        search.stop = &mut never;
        let mut bounded = Bounded { search, counting };
        let found = bounded.line(pos, upper, line, 0, !stopped);
        let (answer, length) = match found {
            Ok((end, counted)) => match line.get(..end) {
                Some(moves) if TsumeSolver::is_mating_line(pos, moves) => {
                    minimal &= counted == upper;
                    (TsumeAnswer::Mate(moves), u16::try_from(counted).unwrap_or(u16::MAX))
                }
                _ => (TsumeAnswer::Unknown(TsumeUnknown::LineNotFound), 0),
            },
            Err(TsumeUnknown::LineTooLong) => (TsumeAnswer::Unknown(TsumeUnknown::LineTooLong), 0),
            Err(_) => {
                // The bounded line could not be read: the first proof's line, which is no shortest
                // (read with a node allowance of its own: the line's may be spent).
                minimal = false;
                let search = &mut *bounded.search;
                search.aborted = None;
                search.node_limit = search.nodes.saturating_add(search.nodes / 4).saturating_add(100_000);
                match proved(bounded.search, pos, line) {
                    TsumeAnswer::Mate(moves) => {
                        let length = u16::try_from(moves.len()).unwrap_or(u16::MAX);
                        (TsumeAnswer::Mate(moves), length)
                    }
                    other => (other, 0),
                }
            }
        };
        self.stats = bounded.search.stats();
        let minimal = minimal && matches!(answer, TsumeAnswer::Mate(_));
        Ok(TsumeShortest { answer, length, minimal, first_proof })
    }
}

impl TsumeSolver<'_> {
    /// The attacker's alternative mates (余詰) along `line`, a mate of counted `length` from `pos`
    /// (as [`solve_shortest`](TsumeSolver::solve_shortest) gives): at each attacker's ply, every
    /// other check after which the attacker still mates within the plies the line has left from
    /// there (counted as [`with_counting`](TsumeSolver::with_counting) says). At the last move an
    /// alternative is another mate in 1 (the composers call that a final move that is not unique,
    /// not a cook). Writes up to `out.len()` of them; returns how many.
    ///
    /// # Errors
    /// [`TsumeUnknown::LineNotFound`] when `line` is not a mating line from `pos`; the reason a
    /// bounded search stopped ([`TsumeUnknown::NodeLimit`], ...) when one did (the alternatives
    /// found before are in `out`).
    ///
    /// ```
    /// use hayanagi::{Move, Position, TsumeAlternative, TsumeEntry, TsumeSolver};
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let mut table = [TsumeEntry::EMPTY; 256];
    /// let mut out = [TsumeAlternative { ply: 0, mv: Move::from_usi("1a1b")? }; 4];
    /// let line = [pos.parse_usi_move("G*5b")?];
    /// // G*5b is the only mate in 1.
    /// assert_eq!(TsumeSolver::new(&mut table).alternatives(&pos, &line, 1, &mut out), Ok(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn alternatives(
        &mut self,
        pos: &Position,
        line: &[Move],
        length: u16,
        out: &mut [TsumeAlternative],
    ) -> Result<usize, TsumeUnknown> {
        if !TsumeSolver::is_mating_line(pos, line) || pos.in_check() {
            return Err(TsumeUnknown::LineNotFound);
        }
        self.table.start(pos);
        let mut stop = |_: &TsumeStats| false;
        let mut search = Search {
            table: &mut self.table,
            attacker: pos.side_to_move(),
            nodes: 0,
            node_limit: self.node_limit,
            max_depth: self.max_depth,
            deepest: 0,
            stop: &mut stop,
            aborted: None,
            scratch: &mut *self.scratch,
            grow: self.grow,
        };
        let mut bounded = Bounded { search: &mut search, counting: self.counting };
        let mut found = 0;
        let mut at = pos.clone();
        let mut result = Ok(());
        'plies: for (ply, &played) in line.iter().enumerate().take(usize::from(length)) {
            if ply % 2 == 0 {
                let left = i32::from(length) - i32::try_from(ply).unwrap_or(i32::MAX);
                let mut checks = [played; 128];
                let mut count = 0;
                let _ = at.for_each_legal_move(crate::MoveFilter::Checks, |mv| match checks.get_mut(count) {
                    Some(slot) => {
                        *slot = mv;
                        count += 1;
                        core::ops::ControlFlow::Continue(())
                    }
                    None => core::ops::ControlFlow::Break(()),
                });
                for &mv in checks.iter().take(count).filter(|&&mv| mv != played) {
                    let mut child = at.clone();
                    let _ = child.make(mv);
                    match bounded.within(&child, left - 1) {
                        Ok(true) => {
                            let Some(slot) = out.get_mut(found) else { break 'plies };
                            *slot = TsumeAlternative { ply, mv };
                            found += 1;
                        }
                        Ok(false) => {}
                        Err(reason) => {
                            result = Err(reason);
                            break 'plies;
                        }
                    }
                }
            }
            let _ = at.make(played);
        }
        self.stats = bounded.search.stats();
        result.map(|()| found)
    }
}

/// Reads the mating line of the proved `root` into `line`; returns its length.
/// The attacker of a tsume (the side to move), or why the position cannot be one.
fn tsume_attacker(pos: &Position) -> Result<crate::Color, TsumeError> {
    let attacker = pos.side_to_move();
    if pos.king(attacker.flip()).is_none() {
        return Err(TsumeError::NoDefenderKing);
    }
    if pos.in_check() {
        return Err(TsumeError::AttackerInCheck);
    }
    Ok(attacker)
}

/// The answer for a root that is not proved: a disproof is "no mate" unless it rests on a limit.
fn unproved<'l>(value: &solver::Value, aborted: Option<TsumeUnknown>) -> TsumeAnswer<'l> {
    if value.dn != 0 {
        TsumeAnswer::Unknown(aborted.unwrap_or(TsumeUnknown::Stalled))
    } else if value.len & DEPTH != 0 {
        TsumeAnswer::Unknown(TsumeUnknown::DepthLimit)
    } else if value.len & WIDE != 0 {
        TsumeAnswer::Unknown(TsumeUnknown::TooManyMoves)
    } else {
        TsumeAnswer::NoMate
    }
}

/// The line of a proved root read from the table, returned only if it replays as a mate. Out of
/// line, so that its positions are not in the frame the first search runs under.
#[inline(never)]
fn proved<'l>(search: &mut Search<'_, '_>, pos: &Position, line: &'l mut [Move]) -> TsumeAnswer<'l> {
    match extract(search, pos, line) {
        Ok(len) => match line.get(..len) {
            Some(moves) if TsumeSolver::is_mating_line(pos, moves) => TsumeAnswer::Mate(moves),
            _ => TsumeAnswer::Unknown(TsumeUnknown::LineNotFound),
        },
        Err(reason) => TsumeAnswer::Unknown(reason),
    }
}

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
