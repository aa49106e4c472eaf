//! `Board.mate` and `Board.mate_alternatives`: the core's tsume solver (df-pn,
//! `hayanagi::TsumeSolver`: the first proof, the shortest mate, the alternative mates) with limits
//! on nodes, time and depth, the GIL released while it searches, and Ctrl-C honoured.

use std::time::{Duration, Instant};

use hayanagi::{
    Move as CoreMove, Position, TsumeAlternative as CoreAlternative, TsumeAnswer, TsumeCounting, TsumeEntry,
    TsumeError, TsumeSolver, TsumeStats, TsumeUnknown,
};
use pyo3::prelude::*;

use crate::errors;
use crate::moves::{self, Move};

/// The answer of Board.mate: whether the side to move mates under tsume rules (every attacking
/// move a check), and how much searching it took.
#[pyclass(module = "hayanagi", frozen, get_all)]
pub struct TsumeResult {
    /// 'mate', 'no_mate' or 'unknown'.
    status: &'static str,
    /// The mating line (attacker first, odd length, ending in mate) when status is 'mate', else [].
    moves: Vec<Py<Move>>,
    /// Why there is no answer when status is 'unknown' ('node_limit', 'time_limit', 'depth_limit',
    /// 'too_many_moves', 'stalled', 'line_too_long', 'line_not_found'), else None.
    reason: Option<&'static str>,
    /// Positions visited.
    nodes: u64,
    /// The deepest ply reached below the root.
    deepest: u32,
    /// The hash table's fill in thousandths.
    table_fill_permille: u32,
    /// With shortest=True and a mate: the mate's length as counting counts it (with
    /// 'useless_interpositions_free' the line may show a useless interposition and its capture, two
    /// plies more); else None.
    length: Option<u16>,
    /// With shortest=True: True when no mate shorter than length exists (False when a limit stopped
    /// the shortening: length is then the shortest found); else False.
    minimal: bool,
    /// With shortest=True and a mate: the length of the first proof's line, before shortening; else
    /// None.
    first_proof: Option<u16>,
}

#[pymethods]
impl TsumeResult {
    /// True when status is 'mate'.
    #[getter]
    fn is_mate(&self) -> bool {
        self.status == "mate"
    }

    /// TsumeResult(status='mate', moves=['G*5b'], nodes=...).
    fn __repr__(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|mv| mv.get().inner.to_string()).collect();
        let shortest = match self.length {
            Some(length) => format!(", length={length}, minimal={}", if self.minimal { "True" } else { "False" }),
            None => String::new(),
        };
        match self.reason {
            Some(reason) => format!("TsumeResult(status='unknown', reason='{reason}', nodes={})", self.nodes),
            None => format!("TsumeResult(status='{}', moves={moves:?}{shortest}, nodes={})", self.status, self.nodes),
        }
    }
}

/// An alternative mate (余詰) of Board.mate_alternatives: at index ply of the line (an attacker's
/// move), move instead of the line's also mates within the plies the line has left.
#[pyclass(module = "hayanagi", frozen, get_all)]
pub struct TsumeAlternative {
    /// The index in the line (0: the first move).
    ply: usize,
    /// The other mating move, legal in the position before that ply.
    #[pyo3(name = "move")]
    mv: Py<Move>,
}

#[pymethods]
impl TsumeAlternative {
    /// TsumeAlternative(ply=0, move='G*8b').
    fn __repr__(&self) -> String {
        format!("TsumeAlternative(ply={}, move='{}')", self.ply, self.mv.get().inner)
    }
}

/// The answer of Board.mate_alternatives.
#[pyclass(module = "hayanagi", frozen, get_all)]
pub struct TsumeAlternatives {
    /// 'ok' when every attacker's ply of the line was searched, 'unknown' when a limit stopped it.
    status: &'static str,
    /// Why the search stopped when status is 'unknown' ('node_limit', 'depth_limit', ...), else
    /// None.
    reason: Option<&'static str>,
    /// The alternatives found (also those before a limit), by ply.
    alternatives: Vec<Py<TsumeAlternative>>,
    /// Positions visited.
    nodes: u64,
}

#[pymethods]
impl TsumeAlternatives {
    /// TsumeAlternatives(status='ok', alternatives=[(0, 'G*8b')], nodes=...).
    fn __repr__(&self) -> String {
        let found: Vec<String> =
            self.alternatives.iter().map(|a| format!("({}, '{}')", a.get().ply, a.get().mv.get().inner)).collect();
        format!(
            "TsumeAlternatives(status='{}', alternatives=[{}], nodes={})",
            self.status,
            found.join(", "),
            self.nodes
        )
    }
}

/// The longest line kept (a mate longer than this is reported as 'unknown', 'line_too_long').
const LINE: usize = 2048;
/// The most alternatives Board.mate_alternatives gives.
const ALTERNATIVES: usize = 1024;

/// The counting of a Python argument ('strict', 'useless_interpositions_free').
fn counting_arg(counting: &str) -> PyResult<TsumeCounting> {
    match counting {
        "strict" => Ok(TsumeCounting::Strict),
        "useless_interpositions_free" => Ok(TsumeCounting::UselessInterpositionsFree),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "counting {other:?}: expected 'strict' or 'useless_interpositions_free'"
        ))),
    }
}

fn unknown_name(reason: TsumeUnknown, timed_out: bool) -> &'static str {
    match reason {
        TsumeUnknown::NodeLimit => "node_limit",
        TsumeUnknown::Stopped if timed_out => "time_limit",
        TsumeUnknown::Stopped => "interrupted",
        TsumeUnknown::DepthLimit => "depth_limit",
        TsumeUnknown::TooManyMoves => "too_many_moves",
        TsumeUnknown::Stalled => "stalled",
        TsumeUnknown::LineTooLong => "line_too_long",
        TsumeUnknown::LineNotFound => "line_not_found",
    }
}

/// The solver's limits, checked: the table's entries and the search thread's stack.
struct Limits {
    nodes: Option<u64>,
    entries: usize,
    max_depth: u32,
    counting: TsumeCounting,
    stack: usize,
}

impl Limits {
    fn new(nodes: Option<u64>, table_mb: usize, max_depth: u32, counting: &str) -> PyResult<Limits> {
        let entries = table_mb.saturating_mul(1 << 20) / size_of::<TsumeEntry>();
        if entries == 0 || table_mb > 1 << 16 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!("table_mb {table_mb}: expected 1 to 65536")));
        }
        if !(1..=100_000).contains(&max_depth) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "max_depth {max_depth}: expected 1 to 100000"
            )));
        }
        // Each ply of the search keeps its moves on the stack (about 2 KB): a thread of its own
        // with room for the whole depth, whatever the caller's thread has.
        let stack = (max_depth as usize).saturating_mul(2 << 10).saturating_add(1 << 20);
        Ok(Limits { nodes, entries, max_depth, counting: counting_arg(counting)?, stack })
    }

    /// Runs `search` over a solver with these limits on a thread of its own, the GIL released.
    fn run<T: Send>(&self, py: Python<'_>, search: impl FnOnce(&mut TsumeSolver<'_>) -> T + Send) -> PyResult<T> {
        py.detach(|| {
            std::thread::scope(|scope| {
                let worker = std::thread::Builder::new().stack_size(self.stack).spawn_scoped(scope, || {
                    let mut table = vec![TsumeEntry::EMPTY; self.entries];
                    let mut solver =
                        TsumeSolver::new(&mut table).with_max_depth(self.max_depth).with_counting(self.counting);
                    if let Some(nodes) = self.nodes {
                        solver = solver.with_node_limit(nodes);
                    }
                    search(&mut solver)
                });
                match worker {
                    Ok(handle) => handle.join().map_err(|_| "the search thread panicked"),
                    Err(_) => Err("could not start the search thread"),
                }
            })
        })
        .map_err(pyo3::exceptions::PyRuntimeError::new_err)
    }
}

/// What the search thread hands back.
enum Outcome {
    Mate(Vec<CoreMove>),
    NoMate,
    Unknown(&'static str),
}

/// What a shortest search adds: the counted length, minimal, the first proof's length.
type Shortest = Option<(u16, bool, u16)>;

/// Searches `pos` under the limits (the first proof, or with `shortest` the shortest mate counted
/// as `counting` says), with the GIL released (taken back every 4,096 nodes only to check for
/// Ctrl-C).
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve(
    py: Python<'_>,
    pos: &Position,
    nodes: Option<u64>,
    time_ms: Option<u64>,
    table_mb: usize,
    max_depth: u32,
    rest: bool,
    shortest: bool,
    counting: &str,
) -> PyResult<TsumeResult> {
    let pos = if rest {
        TsumeSolver::give_rest_to_defender(pos)
            .map_err(|e| errors::new_error::<errors::Error>(py, format_args!("rest=True: {e}"), "setup", None, &[]))?
    } else {
        pos.clone()
    };
    let limits = Limits::new(nodes, table_mb, max_depth, counting)?;
    if !shortest && limits.counting != TsumeCounting::Strict {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "counting applies to the shortest mate: pass shortest=True with it",
        ));
    }
    let fill = placeholder()?;
    let deadline = time_ms.map(|ms| Instant::now() + Duration::from_millis(ms));
    let (result, stats, signal) = limits.run(py, |solver| {
        let mut line = vec![fill; LINE];
        let (mut timed_out, mut signal) = (false, None);
        let stop = |_: &TsumeStats| {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                timed_out = true;
                return true;
            }
            signal = Python::attach(|py| py.check_signals().err());
            signal.is_some()
        };
        let answer = if shortest {
            solver
                .solve_shortest_with_stop(&pos, &mut line, stop)
                .map(|found| (found.answer, Some((found.length, found.minimal, found.first_proof))))
        } else {
            solver.solve_with_stop(&pos, &mut line, stop).map(|answer| (answer, None))
        };
        let outcome = answer.map(|(answer, shortest): (TsumeAnswer<'_>, Shortest)| {
            let outcome = match answer {
                TsumeAnswer::Mate(line) => Outcome::Mate(line.to_vec()),
                TsumeAnswer::NoMate => Outcome::NoMate,
                TsumeAnswer::Unknown(reason) => Outcome::Unknown(unknown_name(reason, timed_out)),
            };
            (outcome, shortest)
        });
        (outcome, solver.stats(), signal)
    })?;
    if let Some(signal) = signal {
        return Err(signal);
    }
    let (outcome, shortest) = result.map_err(|e| not_a_tsume(py, e))?;
    let (status, moves, reason) = match outcome {
        Outcome::Mate(line) => ("mate", line.iter().map(|&mv| moves::object(py, mv)).collect::<PyResult<_>>()?, None),
        Outcome::NoMate => ("no_mate", Vec::new(), None),
        Outcome::Unknown(reason) => ("unknown", Vec::new(), Some(reason)),
    };
    let shortest = shortest.filter(|_| status == "mate");
    Ok(TsumeResult {
        status,
        moves,
        reason,
        nodes: stats.nodes,
        deepest: stats.deepest,
        table_fill_permille: stats.fill_permille(),
        length: shortest.map(|(length, _, _)| length),
        minimal: shortest.is_some_and(|(_, minimal, _)| minimal),
        first_proof: shortest.map(|(_, _, first)| first),
    })
}

/// Any move, to fill a buffer (every slot an answer covers is written first).
fn placeholder() -> PyResult<CoreMove> {
    CoreMove::from_usi("1a1b")
        .map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("internal error: placeholder move"))
}

/// The hayanagi.Error of a position that is no tsume.
fn not_a_tsume(py: Python<'_>, e: TsumeError) -> PyErr {
    let kind = match e {
        TsumeError::NoDefenderKing => "no_defender_king",
        TsumeError::AttackerInCheck => "attacker_in_check",
    };
    errors::new_error::<errors::Error>(py, format_args!("not a tsume: {e}"), kind, None, &[])
}

/// The alternative mates along `line` (each move legal where it is played: checked by the caller),
/// a mate of counted `length` from `pos`, with the GIL released.
#[allow(clippy::too_many_arguments)]
pub(crate) fn alternatives(
    py: Python<'_>,
    pos: &Position,
    line: &[CoreMove],
    length: u16,
    nodes: Option<u64>,
    table_mb: usize,
    max_depth: u32,
    counting: &str,
) -> PyResult<TsumeAlternatives> {
    let limits = Limits::new(nodes, table_mb, max_depth, counting)?;
    // `ply: usize::MAX` marks a slot not written (an alternative's ply is within the line).
    let fill = CoreAlternative { ply: usize::MAX, mv: placeholder()? };
    let (found, result, stats) = limits.run(py, |solver| {
        let mut out = vec![fill; ALTERNATIVES];
        let result = solver.alternatives(pos, line, length, &mut out);
        // The alternatives found before a search stopped are in `out` too (`ply` within the line).
        let count = match result {
            Ok(count) => count,
            Err(_) => out.iter().take_while(|a| a.ply != usize::MAX).count(),
        };
        out.truncate(count);
        (out, result, solver.stats())
    })?;
    let alternatives = found
        .iter()
        .map(|a| Py::new(py, TsumeAlternative { ply: a.ply, mv: moves::object(py, a.mv)? }))
        .collect::<PyResult<_>>()?;
    let (status, reason) = match result {
        Ok(_) => ("ok", None),
        Err(reason) => ("unknown", Some(unknown_name(reason, false))),
    };
    Ok(TsumeAlternatives { status, reason, alternatives, nodes: stats.nodes })
}
