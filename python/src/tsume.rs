//! `Board.mate`: the core's tsume solver (df-pn, `hayanagi::TsumeSolver`) with limits on nodes,
//! time and depth, the GIL released while it searches, and Ctrl-C honoured.

use std::time::{Duration, Instant};

use hayanagi::{Move as CoreMove, Position, TsumeAnswer, TsumeEntry, TsumeError, TsumeSolver, TsumeUnknown};
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
    /// 'too_many_moves', 'stalled', 'line_not_found'), else None.
    reason: Option<&'static str>,
    /// Positions visited.
    nodes: u64,
    /// The deepest ply reached below the root.
    deepest: u32,
    /// The hash table's fill in thousandths.
    table_fill_permille: u32,
}

#[pymethods]
impl TsumeResult {
    /// True when status is 'mate'.
    #[getter]
    fn is_mate(&self) -> bool {
        self.status == "mate"
    }

    /// TsumeResult(status='mate', moves=['G*5b'], nodes=...).
    fn __repr__(&self, py: Python<'_>) -> String {
        let moves: Vec<String> = self.moves.iter().map(|mv| mv.get().inner.to_string()).collect();
        let _ = py;
        match self.reason {
            Some(reason) => format!("TsumeResult(status='unknown', reason='{reason}', nodes={})", self.nodes),
            None => format!("TsumeResult(status='{}', moves={moves:?}, nodes={})", self.status, self.nodes),
        }
    }
}

/// The longest line kept (a mate longer than this is reported as 'unknown', 'line_not_found').
const LINE: usize = 2048;

/// What the search thread hands back.
enum Outcome {
    Mate(Vec<CoreMove>),
    NoMate,
    Unknown(&'static str),
}

fn unknown_name(reason: TsumeUnknown, timed_out: bool) -> &'static str {
    match reason {
        TsumeUnknown::NodeLimit => "node_limit",
        TsumeUnknown::Stopped if timed_out => "time_limit",
        TsumeUnknown::Stopped => "interrupted",
        TsumeUnknown::DepthLimit => "depth_limit",
        TsumeUnknown::TooManyMoves => "too_many_moves",
        TsumeUnknown::Stalled => "stalled",
        _ => "line_not_found",
    }
}

/// Searches `pos` under the limits, with the GIL released (taken back every 4,096 nodes only to
/// check for Ctrl-C).
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve(
    py: Python<'_>,
    pos: &Position,
    nodes: Option<u64>,
    time_ms: Option<u64>,
    table_mb: usize,
    max_depth: u32,
    rest: bool,
) -> PyResult<TsumeResult> {
    let pos = if rest {
        TsumeSolver::give_rest_to_defender(pos)
            .map_err(|e| errors::new_error::<errors::Error>(py, format_args!("rest=True: {e}"), "setup", None, &[]))?
    } else {
        pos.clone()
    };
    let entries = table_mb.saturating_mul(1 << 20) / size_of::<TsumeEntry>();
    if entries == 0 || table_mb > 1 << 16 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("table_mb {table_mb}: expected 1 to 65536")));
    }
    if !(1..=100_000).contains(&max_depth) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("max_depth {max_depth}: expected 1 to 100000")));
    }
    // Any move fills the line buffer (every slot the answer covers is written first).
    let fill = CoreMove::from_usi("1a1b")
        .map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("internal error: placeholder move"))?;
    let deadline = time_ms.map(|ms| Instant::now() + Duration::from_millis(ms));
    // Each ply of the search keeps its moves on the stack (about 1.7 KB): a thread of its own with
    // room for the whole depth, whatever the caller's thread has.
    let stack = (max_depth as usize).saturating_mul(2 << 10).saturating_add(1 << 20);
    let (result, stats, signal) = py
        .detach(|| {
            std::thread::scope(|scope| {
                let worker = std::thread::Builder::new().stack_size(stack).spawn_scoped(scope, || {
                    let mut table = vec![TsumeEntry::EMPTY; entries];
                    let mut line = vec![fill; LINE];
                    let mut solver = TsumeSolver::new(&mut table).with_max_depth(max_depth);
                    if let Some(nodes) = nodes {
                        solver = solver.with_node_limit(nodes);
                    }
                    let (mut timed_out, mut signal) = (false, None);
                    let answer = solver.solve_with_stop(&pos, &mut line, |_| {
                        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                            timed_out = true;
                            return true;
                        }
                        signal = Python::attach(|py| py.check_signals().err());
                        signal.is_some()
                    });
                    let outcome = match answer {
                        Ok(TsumeAnswer::Mate(line)) => Ok(Outcome::Mate(line.to_vec())),
                        Ok(TsumeAnswer::NoMate) => Ok(Outcome::NoMate),
                        Ok(TsumeAnswer::Unknown(reason)) => Ok(Outcome::Unknown(unknown_name(reason, timed_out))),
                        Err(e) => Err(e),
                    };
                    (outcome, solver.stats(), signal)
                });
                match worker {
                    Ok(handle) => handle.join().map_err(|_| "the search thread panicked"),
                    Err(_) => Err("could not start the search thread"),
                }
            })
        })
        .map_err(pyo3::exceptions::PyRuntimeError::new_err)?;
    if let Some(signal) = signal {
        return Err(signal);
    }
    let outcome = result.map_err(|e| {
        let kind = match e {
            TsumeError::NoDefenderKing => "no_defender_king",
            TsumeError::AttackerInCheck => "attacker_in_check",
        };
        errors::new_error::<errors::Error>(py, format_args!("not a tsume: {e}"), kind, None, &[])
    })?;
    let (status, moves, reason) = match outcome {
        Outcome::Mate(line) => ("mate", line.iter().map(|&mv| moves::object(py, mv)).collect::<PyResult<_>>()?, None),
        Outcome::NoMate => ("no_mate", Vec::new(), None),
        Outcome::Unknown(reason) => ("unknown", Vec::new(), Some(reason)),
    };
    Ok(TsumeResult {
        status,
        moves,
        reason,
        nodes: stats.nodes,
        deepest: stats.deepest,
        table_fill_permille: stats.fill_permille(),
    })
}
