//! `hayanagi.GameRecord`: game records (CSA, KIF, KI2, JKF, USI) read and written through
//! hayanagi-records: the start position, headers, moves with their times, comments and engine
//! evaluations, the time control, the ending, and the variations as a tree.

use hayanagi::{Color, Handicap, Position};
use hayanagi_records::{
    Ending, Evaluation as CoreEvaluation, Format, Outcome as CoreOutcome, Record, RecordMove as CoreRecordMove, Score,
    TextEncoding, TimeControl as CoreTimeControl, Variation as CoreVariation, WriteError,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::board::Board;
use crate::errors::{self, kind_name};
use crate::moves::{self, Move};

fn ending_arg(name: &str) -> PyResult<Ending> {
    Ending::ALL.into_iter().find(|e| kind_name(e) == name).ok_or_else(|| {
        let names: Vec<String> = Ending::ALL.iter().map(kind_name).collect();
        PyValueError::new_err(format!("unknown ending {name:?}; expected one of {}", names.join(", ")))
    })
}

/// The formats by name, and the file suffixes that name them.
const FORMATS: [(&str, Format, &[&str]); 5] = [
    ("csa", Format::Csa, &["csa"]),
    ("kif", Format::Kif, &["kif", "kifu"]),
    ("ki2", Format::Ki2, &["ki2", "ki2u"]),
    ("jkf", Format::Jkf, &["jkf", "json"]),
    ("usi", Format::Usi, &["usi", "sfen"]),
];

fn format_arg(name: &str) -> PyResult<Format> {
    let lower = name.to_ascii_lowercase();
    FORMATS.iter().find(|(n, _, _)| *n == lower).map(|&(_, f, _)| f).ok_or_else(|| {
        PyValueError::new_err(format!("record format {name:?}: expected 'csa', 'kif', 'ki2', 'jkf' or 'usi'"))
    })
}

fn format_name(format: Format) -> &'static str {
    FORMATS.iter().find(|(_, f, _)| *f == format).map_or("csa", |(n, _, _)| n)
}

/// The format a path's suffix names (`game.kif` is KIF), for `to_file` without a format.
fn format_of_path(path: &std::path::Path) -> PyResult<Format> {
    let suffix = path.extension().and_then(|s| s.to_str()).unwrap_or("").to_ascii_lowercase();
    FORMATS.iter().find(|(_, _, suffixes)| suffixes.contains(&suffix.as_str())).map(|&(_, f, _)| f).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{}: no record format for the suffix {suffix:?} (.csa, .kif, .kifu, .ki2, .jkf, .json, .usi); give format=",
            path.display()
        ))
    })
}

fn encoding_arg(name: &str) -> PyResult<TextEncoding> {
    match name.to_ascii_lowercase().replace('-', "_").as_str() {
        "utf_8" | "utf8" => Ok(TextEncoding::Utf8),
        "shift_jis" | "sjis" | "cp932" => Ok(TextEncoding::ShiftJis),
        _ => Err(PyValueError::new_err(format!("encoding {name:?}: expected 'utf-8' or 'shift_jis'"))),
    }
}

/// A Python list's repr of strings: `['a', 'b']`.
fn str_list_repr(items: &[String]) -> String {
    let quoted: Vec<String> =
        items.iter().map(|s| format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))).collect();
    format!("[{}]", quoted.join(", "))
}

/// A record the writers refuse, as [`errors::GameRecordError`] with `.ply` (line and column None).
fn write_error(py: Python<'_>, e: &WriteError) -> PyErr {
    let ply = match e.ply.into_pyobject(py) {
        Ok(i) => i.into_any().unbind(),
        Err(never) => match never {},
    };
    errors::new_error::<errors::GameRecordError>(py, e, &kind_name(&e.kind), None, &[("ply", ply)])
}

/// How a game ended: the ending ('resign', 'time_up', 'repetition', 'declaration', ...), the
/// winner (0 black, 1 white, None for a draw or unknown) and the time of the last action in
/// milliseconds, if recorded.
#[pyclass(module = "hayanagi", frozen, eq, hash, get_all)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The ending's name: 'resign', 'abort', 'repetition', 'impasse', 'max_moves', 'mate',
    /// 'no_mate', 'time_up', 'illegal_move', 'illegal_action', 'declaration', 'win_by_default',
    /// 'loss_by_default', 'error', 'take_back' or 'sealed'.
    ending: String,
    /// The winner: 0 (black), 1 (white) or None (a draw, an abort, or not known).
    winner: Option<usize>,
    /// The time spent on the last action in milliseconds, None if not recorded.
    time_ms: Option<u64>,
}

#[pymethods]
impl Outcome {
    /// An outcome. Raises ValueError for an unknown ending name or a colour other than 0 or 1.
    ///
    /// Set on a record (GameRecord.outcome, Variation) without a winner, an ending that names one
    /// gets the usual one: the side to move at the end loses by 'resign', 'mate', 'time_up',
    /// 'illegal_move' and 'loss_by_default', and wins by 'declaration', 'win_by_default' and
    /// 'illegal_action'.
    #[new]
    #[pyo3(signature = (ending, winner = None, time_ms = None))]
    fn new(ending: &str, winner: Option<usize>, time_ms: Option<u64>) -> PyResult<Outcome> {
        ending_arg(ending)?;
        if winner.is_some_and(|w| w > 1) {
            return Err(PyValueError::new_err("winner must be 0 (black), 1 (white) or None"));
        }
        Ok(Outcome { ending: ending.to_owned(), winner, time_ms })
    }

    /// True for an ending without a winner that ends the game: 'repetition', 'impasse' and
    /// 'max_moves' with no winner.
    #[getter]
    fn is_draw(&self) -> bool {
        self.winner.is_none() && matches!(self.ending.as_str(), "repetition" | "impasse" | "max_moves")
    }

    /// Outcome('resign', winner=1, time_ms=None).
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_owned(), |w| w.to_string());
        let time = self.time_ms.map_or("None".to_owned(), |t| t.to_string());
        format!("Outcome('{}', winner={winner}, time_ms={time})", self.ending)
    }
}

impl Outcome {
    fn of(outcome: &CoreOutcome) -> Outcome {
        Outcome {
            ending: kind_name(&outcome.ending),
            winner: outcome.winner.map(Color::index),
            time_ms: outcome.time_ms,
        }
    }

    fn core(&self) -> PyResult<CoreOutcome> {
        Ok(CoreOutcome {
            ending: ending_arg(&self.ending)?,
            winner: self.winner.and_then(Color::try_index),
            time_ms: self.time_ms,
        })
    }
}

/// An engine evaluation read from a move's comments, as GUIs and servers write them: Floodgate's
/// and 電竜戦's CSA `'** 30 -3334FU +2726FU`, ShogiGUI's KIF `**解析 ... 評価値 30 読み筋 ...` and
/// `**対局 ... 評価値 30 読み筋 ...`, ShogiHome's `#評価値=30` / `*評価値=30` with `読み筋=` and
/// `詰み=` lines. Scores are the writer's: Black's point of view in all of these.
#[pyclass(module = "hayanagi", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub struct Evaluation {
    /// The score in centipawns, None for a mate score.
    centipawns: Option<i32>,
    /// Mate in this many plies (negative: the other side mates; 0: the length is not given), None
    /// for a centipawn score.
    mate: Option<i32>,
    /// The expected line (読み筋) as the comment writes its moves ('-3334FU', '△３四歩(33)').
    line: Vec<String>,
}

#[pymethods]
impl Evaluation {
    /// Evaluation(centipawns=30, mate=None, line=[...]).
    fn __repr__(&self) -> String {
        let opt = |v: Option<i32>| v.map_or("None".to_owned(), |v| v.to_string());
        format!(
            "Evaluation(centipawns={}, mate={}, line={})",
            opt(self.centipawns),
            opt(self.mate),
            str_list_repr(&self.line)
        )
    }
}

impl Evaluation {
    fn of(eval: CoreEvaluation) -> Evaluation {
        let (centipawns, mate) = match eval.score {
            Score::Centipawns(cp) => (Some(cp), None),
            Score::Mate(plies) => (None, Some(plies)),
        };
        Evaluation { centipawns, mate, line: eval.line }
    }
}

/// A time control (持ち時間): the main time per side, the byoyomi (秒読み) and the Fischer
/// increment (加算), in milliseconds. GameRecord.time_control reads it from the record's
/// '持ち時間' header, which each writer writes in its format's form (KIF '10分+30秒', CSA
/// '$TIME_LIMIT:00:10+30' or V3.0 '$TIME:600+30+0').
#[pyclass(module = "hayanagi", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The main time (持ち時間) per side, in milliseconds.
    main_ms: u64,
    /// The byoyomi (秒読み), 0 for none.
    byoyomi_ms: u64,
    /// The Fischer increment (加算) per move, 0 for none.
    increment_ms: u64,
}

#[pymethods]
impl TimeControl {
    /// A time control from its three times in milliseconds.
    #[new]
    #[pyo3(signature = (main_ms = 0, byoyomi_ms = 0, increment_ms = 0))]
    fn new(main_ms: u64, byoyomi_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl { main_ms, byoyomi_ms, increment_ms }
    }

    /// Reads a time control as records write it: KIF's '10分+30秒', '各1時間', '5分+10秒加算',
    /// '10分切れ負け', CSA V2.2's '00:10+30' or V3.0's '600+30+0'. Raises hayanagi.Error (kind
    /// 'time_control') for other text.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<TimeControl> {
        CoreTimeControl::parse(text).map(TimeControl::of).ok_or_else(|| {
            errors::new_error::<errors::Error>(
                py,
                format_args!("{text:?} is not a time control"),
                "time_control",
                None,
                &[],
            )
        })
    }

    /// The KIF text: '10分+30秒', '5分+10秒加算'.
    fn kif(&self) -> String {
        self.core().kif()
    }

    /// The CSA V2.2 '$TIME_LIMIT' value ('00:10+30'), None when it cannot say this control (an
    /// increment, or times that are not whole minutes and seconds).
    fn csa_time_limit(&self) -> Option<String> {
        self.core().csa_time_limit()
    }

    /// The CSA V3.0 '$TIME' value: seconds of main time, byoyomi and increment ('600+30+0').
    fn csa_time(&self) -> String {
        self.core().csa_time()
    }

    /// TimeControl(main_ms=600000, byoyomi_ms=30000, increment_ms=0).
    fn __repr__(&self) -> String {
        format!(
            "TimeControl(main_ms={}, byoyomi_ms={}, increment_ms={})",
            self.main_ms, self.byoyomi_ms, self.increment_ms
        )
    }
}

impl TimeControl {
    fn of(tc: CoreTimeControl) -> TimeControl {
        TimeControl { main_ms: tc.main_ms, byoyomi_ms: tc.byoyomi_ms, increment_ms: tc.increment_ms }
    }

    fn core(&self) -> CoreTimeControl {
        CoreTimeControl { main_ms: self.main_ms, byoyomi_ms: self.byoyomi_ms, increment_ms: self.increment_ms }
    }
}

/// One move of a game record: the move, the time spent on it in milliseconds (None if not
/// recorded), the comments after it, and the engine evaluation those comments hold.
#[pyclass(module = "hayanagi", frozen)]
pub struct RecordMove {
    inner: CoreRecordMove,
}

#[pymethods]
impl RecordMove {
    /// A record move (a Move, hayanagi code or USI text; legality is checked when it joins a record).
    #[new]
    #[pyo3(signature = (mv, time_ms = None, comments = Vec::new()))]
    fn new(py: Python<'_>, mv: &Bound<'_, PyAny>, time_ms: Option<u64>, comments: Vec<String>) -> PyResult<RecordMove> {
        let mv = syntax_move(py, mv)?;
        Ok(RecordMove { inner: CoreRecordMove { mv, time_ms, comments } })
    }

    /// The move.
    #[getter(r#move)]
    fn get_move(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        moves::object(py, self.inner.mv)
    }

    /// The time spent on the move in milliseconds, None if not recorded.
    #[getter]
    fn time_ms(&self) -> Option<u64> {
        self.inner.time_ms
    }

    /// The comments after the move, one string per comment line.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.inner.comments.clone()
    }

    /// The engine evaluation written in the comments (see Evaluation), None if there is none.
    #[getter]
    fn evaluation(&self) -> Option<Evaluation> {
        self.inner.evaluation().map(Evaluation::of)
    }

    /// RecordMove(Move.from_usi('7g7f'), time_ms=1000, comments=[]).
    fn __repr__(&self) -> String {
        let time = self.inner.time_ms.map_or("None".to_owned(), |t| t.to_string());
        format!(
            "RecordMove(Move.from_usi('{}'), time_ms={time}, comments={})",
            self.inner.mv,
            str_list_repr(&self.inner.comments)
        )
    }

    /// Equal move, time and comments.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<RecordMove>().is_ok_and(|other| other.get().inner == self.inner)
    }
}

/// A move argument read for its syntax only: a Move, a hayanagi code or USI text.
fn syntax_move(py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<hayanagi::Move> {
    if let Ok(obj) = mv.cast::<Move>() {
        return Ok(obj.get().inner);
    }
    if let Ok(text) = mv.extract::<pyo3::pybacked::PyBackedStr>() {
        return hayanagi::Move::from_usi(&text).map_err(|e| errors::usi_move_error(py, None, &text, e));
    }
    let code: u32 = mv.extract()?;
    u16::try_from(code).ok().and_then(hayanagi::Move::from_bits).ok_or_else(|| {
        errors::new_error::<errors::MoveError>(
            py,
            format_args!("{code} is not a hayanagi move code"),
            "bad_code",
            None,
            &[],
        )
    })
}

/// A list item of moves: a RecordMove, or a Move, code or USI text (no time, no comments).
fn record_move_arg(py: Python<'_>, item: &Bound<'_, PyAny>) -> PyResult<CoreRecordMove> {
    match item.cast::<RecordMove>() {
        Ok(m) => Ok(m.get().inner.clone()),
        Err(_) => Ok(CoreRecordMove { mv: syntax_move(py, item)?, time_ms: None, comments: Vec::new() }),
    }
}

fn record_moves(moves: &[CoreRecordMove]) -> Vec<RecordMove> {
    moves.iter().map(|m| RecordMove { inner: m.clone() }).collect()
}

/// A variation (変化, a JKF fork): another line from a ply of its parent line (the main line or
/// another variation), with its own moves, ending, comments and variations: the record's tree.
///
/// `ply` is the move number (from 1) of its first move, which replaces the parent line's move of
/// that number (or, one past the parent's last move, its ending). Read from KIF, KI2 and JKF and
/// written back to them (CSA and USI hold only the main line). A Variation is a value: change a
/// record's tree by setting GameRecord.variations (checked then: every move legal, every ply one
/// its parent line has).
#[pyclass(module = "hayanagi", frozen)]
pub struct Variation {
    inner: CoreVariation,
}

#[pymethods]
impl Variation {
    /// A variation from move number `ply` (from 1): its moves (RecordMove objects, or Move, code
    /// or USI text), ending, comments before its first move, comments after its ending, and its
    /// own variations. Legality is checked when it joins a record.
    #[new]
    #[pyo3(signature = (ply, moves, outcome = None, comments = Vec::new(), end_comments = Vec::new(), variations = Vec::new()))]
    fn new(
        py: Python<'_>,
        ply: u32,
        moves: Vec<Bound<'_, PyAny>>,
        outcome: Option<PyRef<'_, Outcome>>,
        comments: Vec<String>,
        end_comments: Vec<String>,
        variations: Vec<PyRef<'_, Variation>>,
    ) -> PyResult<Variation> {
        if ply == 0 {
            return Err(PyValueError::new_err("a variation's ply is its first move's number, from 1"));
        }
        let moves = moves.iter().map(|m| record_move_arg(py, m)).collect::<PyResult<Vec<_>>>()?;
        Ok(Variation {
            inner: CoreVariation {
                ply,
                comments,
                moves,
                outcome: outcome.map(|o| o.core()).transpose()?,
                end_comments,
                variations: variations.iter().map(|v| v.inner.clone()).collect(),
            },
        })
    }

    /// The move number (from 1) of its first move.
    #[getter]
    fn ply(&self) -> u32 {
        self.inner.ply
    }

    /// Its moves, with their times, comments and evaluations.
    #[getter]
    fn moves(&self) -> Vec<RecordMove> {
        record_moves(&self.inner.moves)
    }

    /// Its ending, None if it has none.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome.as_ref().map(Outcome::of)
    }

    /// The comments before its first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.inner.comments.clone()
    }

    /// The comments after its ending.
    #[getter]
    fn end_comments(&self) -> Vec<String> {
        self.inner.end_comments.clone()
    }

    /// The variations from its moves (each with a ply after this one's).
    #[getter]
    fn variations(&self) -> Vec<Variation> {
        self.inner.variations.iter().map(|v| Variation { inner: v.clone() }).collect()
    }

    /// The number of its moves.
    fn __len__(&self) -> usize {
        self.inner.moves.len()
    }

    /// <Variation ply=N moves=N variations=N outcome='<ending>'>.
    fn __repr__(&self) -> String {
        format!(
            "<Variation ply={} moves={} variations={} outcome={}>",
            self.inner.ply,
            self.inner.moves.len(),
            self.inner.variations.len(),
            self.inner.outcome.as_ref().map_or("None".to_owned(), |o| format!("'{}'", kind_name(&o.ending)))
        )
    }

    /// Equal ply, moves, ending, comments and variations.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Variation>().is_ok_and(|other| other.get().inner == self.inner)
    }
}

/// Gives every ending without a winner in the line (and the lines under it) the ending's usual
/// winner at its end position (Outcome::default_winner). Lines whose plies do not fit are left for
/// `Record::check` to reject.
fn fill_winners(
    mut pos: Position,
    start: usize,
    moves: &[CoreRecordMove],
    outcome: &mut Option<CoreOutcome>,
    variations: &mut [CoreVariation],
) {
    let mut points = Vec::with_capacity(moves.len() + 1);
    for m in moves {
        points.push(pos.clone());
        if !pos.is_legal(m.mv) {
            return;
        }
        pos.play_unchecked(m.mv);
    }
    if let Some(o) = outcome.as_mut()
        && o.winner.is_none()
    {
        o.winner = CoreOutcome::default_winner(o.ending, pos.side_to_move());
    }
    points.push(pos);
    for v in variations {
        if let Some(at) = (v.ply as usize).checked_sub(start).and_then(|i| points.get(i)) {
            fill_winners(at.clone(), v.ply as usize, &v.moves, &mut v.outcome, &mut v.variations);
        }
    }
}

/// A game record: start position, headers, comments, moves (with times, comments and
/// evaluations), the ending, and the variations as a tree.
///
/// Read one with GameRecord.from_text / from_bytes / from_file (CSA, KIF, KI2, JKF or a USI
/// position command; the format is detected unless given, Shift_JIS or UTF-8 bytes are detected
/// too; all_from_* read every game of a CSA file of several), write it with to_text(format),
/// to_bytes or to_file. GameRecord(board) makes one from a board's start and moves. Every move is
/// legal, in every variation: a record that plays an illegal move raises GameRecordError (a
/// record says that a side moved illegally with its ending, 'illegal_move').
#[pyclass(module = "hayanagi")]
pub struct GameRecord {
    record: Record,
    format: Option<Format>,
}

impl GameRecord {
    fn end(&self) -> Position {
        self.record.end_position()
    }

    fn read(py: Python<'_>, text: &str, format: Option<Format>) -> PyResult<GameRecord> {
        let format = format.or_else(|| Some(Format::detect(text)));
        let record = py.detach(|| Record::read_str(text, format)).map_err(|e| errors::read_error(py, &e))?;
        Ok(GameRecord { record, format })
    }

    fn read_all(py: Python<'_>, text: &str, format: Option<Format>) -> PyResult<Vec<GameRecord>> {
        let format = format.or_else(|| Some(Format::detect(text)));
        let games = py.detach(|| Record::read_all(text, format)).map_err(|e| errors::read_error(py, &e))?;
        Ok(games.into_iter().map(|record| GameRecord { record, format }).collect())
    }

    fn decode(py: Python<'_>, data: &[u8], encoding: Option<&str>) -> PyResult<String> {
        let encoding = encoding.map(encoding_arg).transpose()?;
        let (text, _) = hayanagi_records::decode(data, encoding).map_err(|e| errors::read_error(py, &e))?;
        Ok(text.into_owned())
    }

    /// Replaces the record with `record` if the writers accept it (every line legal, every
    /// variation at a ply its parent has, every ending possible), giving endings without a winner
    /// their usual one first.
    fn replace(&mut self, py: Python<'_>, mut record: Record) -> PyResult<()> {
        fill_winners(record.start.clone(), 1, &record.moves, &mut record.outcome, &mut record.variations);
        record.check().map_err(|e| write_error(py, &e))?;
        self.record = record;
        Ok(())
    }

    /// The variation at `path` (indices into `variations`, then into its variations, ...).
    fn variation_at(&self, path: &[usize]) -> PyResult<Vec<&CoreVariation>> {
        let mut at = Vec::with_capacity(path.len());
        let mut level = &self.record.variations;
        for (depth, &i) in path.iter().enumerate() {
            let v = level.get(i).ok_or_else(|| {
                PyIndexError::new_err(format!("variation path {path:?}: index {i} at depth {depth} of {}", level.len()))
            })?;
            at.push(v);
            level = &v.variations;
        }
        Ok(at)
    }
}

#[pymethods]
impl GameRecord {
    /// A record of a board's game: its start position and the moves played on it.
    #[new]
    #[pyo3(signature = (board = None))]
    fn new(board: Option<PyRef<'_, Board>>) -> PyResult<GameRecord> {
        let Some(board) = board else {
            return Ok(GameRecord { record: Record::new(Position::startpos()), format: None });
        };
        let mut record = Record::new(board.start_position().clone());
        record.handicap = Handicap::of(&record.start);
        for mv in board.moves_played() {
            record.moves.push(CoreRecordMove { mv, time_ms: None, comments: Vec::new() });
        }
        Ok(GameRecord { record, format: None })
    }

    /// Reads a record from text: format 'csa', 'kif', 'ki2', 'jkf' or 'usi', detected if None.
    /// Raises GameRecordError with the line and column.
    #[staticmethod]
    #[pyo3(signature = (text, format = None))]
    fn from_text(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<GameRecord> {
        GameRecord::read(py, text, format.map(format_arg).transpose()?)
    }

    /// Reads a record from bytes in 'utf-8' or 'shift_jis' (detected if None; a UTF-8 BOM or
    /// a CSA/KIF encoding line decides), then as from_text with the format detected.
    #[staticmethod]
    #[pyo3(signature = (data, encoding = None))]
    fn from_bytes(py: Python<'_>, data: &[u8], encoding: Option<&str>) -> PyResult<GameRecord> {
        let text = GameRecord::decode(py, data, encoding)?;
        GameRecord::read(py, &text, None)
    }

    /// Reads a record file (as from_bytes). Raises OSError if it cannot be read.
    #[staticmethod]
    #[pyo3(signature = (path, encoding = None))]
    fn from_file(py: Python<'_>, path: std::path::PathBuf, encoding: Option<&str>) -> PyResult<GameRecord> {
        let data = std::fs::read(&path)?;
        GameRecord::from_bytes(py, &data, encoding)
    }

    /// Every game of a text (a CSA file may hold several, separated by '/' lines; the other
    /// formats hold one). Raises GameRecordError for the first game that cannot be read, with its
    /// line in the whole text.
    #[staticmethod]
    #[pyo3(signature = (text, format = None))]
    fn all_from_text(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Vec<GameRecord>> {
        GameRecord::read_all(py, text, format.map(format_arg).transpose()?)
    }

    /// Every game of bytes (decoded as from_bytes decodes them).
    #[staticmethod]
    #[pyo3(signature = (data, encoding = None))]
    fn all_from_bytes(py: Python<'_>, data: &[u8], encoding: Option<&str>) -> PyResult<Vec<GameRecord>> {
        let text = GameRecord::decode(py, data, encoding)?;
        GameRecord::read_all(py, &text, None)
    }

    /// Every game of a record file (as all_from_bytes). Raises OSError if it cannot be read.
    #[staticmethod]
    #[pyo3(signature = (path, encoding = None))]
    fn all_from_file(py: Python<'_>, path: std::path::PathBuf, encoding: Option<&str>) -> PyResult<Vec<GameRecord>> {
        let data = std::fs::read(&path)?;
        GameRecord::all_from_bytes(py, &data, encoding)
    }

    /// The format the record was read in ('csa', 'kif', 'ki2', 'jkf', 'usi'), None for a record
    /// made in Python.
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.format.map(format_name)
    }

    /// The record written in format 'csa', 'kif', 'ki2', 'jkf' or 'usi' (one line), declaring
    /// UTF-8. KIF, KI2 and JKF write the variations too; CSA and USI hold only the main line.
    /// Raises GameRecordError (with .ply) for a record the writers refuse.
    #[pyo3(signature = (format = "csa"))]
    fn to_text(&self, py: Python<'_>, format: &str) -> PyResult<String> {
        self.record.write(format_arg(format)?).map_err(|e| write_error(py, &e))
    }

    /// The record written as bytes in 'utf-8' or 'shift_jis', the encoding declared as the
    /// format's readers look for it (JKF is always UTF-8).
    #[pyo3(signature = (format = "csa", encoding = "utf-8"))]
    fn to_bytes<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: &str,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let bytes =
            self.record.write_bytes(format_arg(format)?, encoding_arg(encoding)?).map_err(|e| write_error(py, &e))?;
        Ok(pyo3::types::PyBytes::new(py, &bytes))
    }

    /// Writes the record to a file in `format`, by default the one the path's suffix names (.csa,
    /// .kif/.kifu, .ki2, .jkf/.json, .usi), in `encoding` (UTF-8 by default).
    #[pyo3(signature = (path, format = None, encoding = "utf-8"))]
    fn to_file(&self, py: Python<'_>, path: std::path::PathBuf, format: Option<&str>, encoding: &str) -> PyResult<()> {
        let format = match format {
            Some(name) => format_arg(name)?,
            None => format_of_path(&path)?,
        };
        let bytes = self.record.write_bytes(format, encoding_arg(encoding)?).map_err(|e| write_error(py, &e))?;
        std::fs::write(path, bytes)?;
        Ok(())
    }

    /// The headers in file order as (name, value) pairs, under KIF's names whatever the format:
    /// '先手', '後手', '棋戦', '開始日時', '持ち時間', ... (CSA's N+, N-, $EVENT, $START_TIME,
    /// $TIME_LIMIT read and write as those; its other $KEY lines keep '$KEY').
    #[getter]
    fn headers(&self) -> Vec<(String, String)> {
        self.record.headers.clone()
    }

    #[setter]
    fn set_headers(&mut self, headers: Vec<(String, String)>) {
        self.record.headers = headers;
    }

    /// The value of the first header of this name, None if there is none.
    fn header(&self, name: &str) -> Option<String> {
        self.record.header(name).map(str::to_owned)
    }

    /// Sets the first header of this name to `value` (appends it if there is none); None removes
    /// every header of the name.
    fn set_header(&mut self, name: &str, value: Option<String>) {
        let headers = &mut self.record.headers;
        match value {
            None => headers.retain(|(k, _)| k != name),
            Some(value) => match headers.iter_mut().find(|(k, _)| k == name) {
                Some(header) => header.1 = value,
                None => headers.push((name.to_owned(), value)),
            },
        }
    }

    /// The time control of the '持ち時間' header (KIF's text, CSA's $TIME_LIMIT or $TIME), None
    /// if there is none or it is not one TimeControl.parse reads. Setting it writes the header in
    /// KIF's form (None removes it).
    #[getter]
    fn time_control(&self) -> Option<TimeControl> {
        self.record.time_control().map(TimeControl::of)
    }

    #[setter]
    fn set_time_control(&mut self, tc: Option<PyRef<'_, TimeControl>>) {
        self.set_header("持ち時間", tc.map(|tc| tc.core().kif()));
    }

    /// The SFEN of the start position.
    #[getter]
    fn start_sfen(&self) -> String {
        self.record.start.sfen().to_string()
    }

    /// The handicap of the start position by name ('two-pieces', ...), None for an even game or
    /// another position.
    #[getter]
    fn handicap(&self) -> Option<&'static str> {
        self.record.handicap.map(Handicap::name)
    }

    /// The comments before the first move, one string per line.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.record.comments.clone()
    }

    #[setter]
    fn set_comments(&mut self, comments: Vec<String>) {
        self.record.comments = comments;
    }

    /// The comments after the ending (CSA '%TORYO' then "'summary:..."; KIF '*' lines after the
    /// special move).
    #[getter]
    fn end_comments(&self) -> Vec<String> {
        self.record.end_comments.clone()
    }

    #[setter]
    fn set_end_comments(&mut self, comments: Vec<String>) {
        self.record.end_comments = comments;
    }

    /// The moves with their times, comments and evaluations (copies: set the attribute to change
    /// them).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, record_moves(&self.record.moves))
    }

    /// Replaces the moves (RecordMove objects, or Move, code or USI text); each must be legal
    /// after the ones before it from the start position, else MoveError (its .index says which),
    /// and the variations must still fit (else GameRecordError); on an error nothing changes.
    #[setter]
    fn set_moves(&mut self, py: Python<'_>, items: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let mut pos = self.record.start.clone();
        let mut new = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let m = record_move_arg(py, item)?;
            if !pos.is_legal(m.mv) {
                let err = errors::illegal_move(py, &pos, m.mv);
                err.value(py).setattr("index", index)?;
                return Err(err);
            }
            pos.play_unchecked(m.mv);
            new.push(m);
        }
        let record = Record { moves: new, ..self.record.clone() };
        self.replace(py, record)
    }

    /// Appends a legal move (Move, code or USI text) with its time and comments. Raises MoveError.
    #[pyo3(signature = (mv, time_ms = None, comments = Vec::new()))]
    fn append(
        &mut self,
        py: Python<'_>,
        mv: &Bound<'_, PyAny>,
        time_ms: Option<u64>,
        comments: Vec<String>,
    ) -> PyResult<()> {
        let end = self.end();
        let mv = match mv.extract::<pyo3::pybacked::PyBackedStr>() {
            Ok(text) => end.parse_usi_move(&text).map_err(|e| errors::usi_move_error(py, Some(&end), &text, e))?,
            Err(_) => syntax_move(py, mv)?,
        };
        if !end.is_legal(mv) {
            return Err(errors::illegal_move(py, &end, mv));
        }
        self.record.moves.push(CoreRecordMove { mv, time_ms, comments });
        Ok(())
    }

    /// How the game ended, None if the record does not say. An Outcome set without a winner gets
    /// its ending's usual one (see Outcome); one the end position contradicts ('mate' where the
    /// side to move is not mated) raises GameRecordError.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.record.outcome.as_ref().map(Outcome::of)
    }

    #[setter]
    fn set_outcome(&mut self, py: Python<'_>, outcome: Option<PyRef<'_, Outcome>>) -> PyResult<()> {
        let record = Record { outcome: outcome.map(|o| o.core()).transpose()?, ..self.record.clone() };
        self.replace(py, record)
    }

    /// The variations from the main line (KIF and KI2 変化, JKF forks), a tree of Variation
    /// objects (copies). Setting it checks the whole tree (every move legal in its line, every
    /// ply one its parent line has) and raises GameRecordError (with .ply) if it does not fit.
    #[getter]
    fn variations(&self) -> Vec<Variation> {
        self.record.variations.iter().map(|v| Variation { inner: v.clone() }).collect()
    }

    #[setter]
    fn set_variations(&mut self, py: Python<'_>, variations: Vec<PyRef<'_, Variation>>) -> PyResult<()> {
        let variations = variations.iter().map(|v| v.inner.clone()).collect();
        let record = Record { variations, ..self.record.clone() };
        self.replace(py, record)
    }

    /// How many variations the tree holds, at every depth.
    #[getter]
    fn variation_count(&self) -> usize {
        self.record.variations.iter().map(CoreVariation::count).sum()
    }

    /// Every variation of the tree, depth first (a variation before the ones from its moves), with
    /// its path: the indices that reach it, `record.variations[path[0]].variations[path[1]]...`.
    fn walk<'py>(&self, py: Python<'py>) -> PyResult<Vec<(Bound<'py, PyTuple>, Variation)>> {
        fn visit<'py>(
            py: Python<'py>,
            path: &mut Vec<usize>,
            vs: &[CoreVariation],
            out: &mut Vec<(Bound<'py, PyTuple>, Variation)>,
        ) -> PyResult<()> {
            for (i, v) in vs.iter().enumerate() {
                path.push(i);
                out.push((PyTuple::new(py, path.iter())?, Variation { inner: v.clone() }));
                visit(py, path, &v.variations, out)?;
                path.pop();
            }
            Ok(())
        }
        let mut out = Vec::new();
        visit(py, &mut Vec::new(), &self.record.variations, &mut out)?;
        Ok(out)
    }

    /// The game along the variation at `path` (as walk gives it; () is the main line): the same
    /// start, headers and comments, the parent lines' moves before each variation's ply then its
    /// moves, its ending and end comments, and its own variations. The comments a variation has
    /// before its first move join the move before it (the record's comments at ply 1). Raises
    /// IndexError for a path the tree does not have.
    #[pyo3(signature = (path = Vec::new()))]
    fn line(&self, path: Vec<usize>) -> PyResult<GameRecord> {
        let chain = self.variation_at(&path)?;
        let mut record = self.record.clone();
        for v in chain {
            record.moves.truncate(v.ply.saturating_sub(1) as usize);
            match record.moves.last_mut() {
                Some(before) => before.comments.extend(v.comments.iter().cloned()),
                None => record.comments.extend(v.comments.iter().cloned()),
            }
            record.moves.extend(v.moves.iter().cloned());
            record.outcome = v.outcome;
            record.end_comments = v.end_comments.clone();
            record.variations = v.variations.clone();
        }
        Ok(GameRecord { record, format: self.format })
    }

    /// A board at the start position with every move of the main line played (pop takes them back).
    fn board(&self, py: Python<'_>) -> PyResult<Board> {
        self.board_at(py, self.record.moves.len())
    }

    /// A board at the position after the first `ply` moves of the main line (0 = the start). Raises
    /// IndexError past the last move. For a variation's positions: record.line(path).board_at(ply).
    fn board_at(&self, py: Python<'_>, ply: usize) -> PyResult<Board> {
        let moves = self.record.moves.get(..ply).ok_or_else(|| {
            PyIndexError::new_err(format!("ply {ply}: the record has {} moves", self.record.moves.len()))
        })?;
        let mut board = Board::with_start(self.record.start.clone());
        for m in moves {
            board.play(py, m.mv)?;
        }
        Ok(board)
    }

    /// An independent copy.
    fn copy(&self) -> GameRecord {
        GameRecord { record: self.record.clone(), format: self.format }
    }

    /// copy.copy: an independent copy (the record holds no Python objects).
    fn __copy__(&self) -> GameRecord {
        self.copy()
    }

    /// copy.deepcopy: an independent copy.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> GameRecord {
        self.copy()
    }

    /// The number of moves of the main line.
    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    /// <GameRecord start='<SFEN>' moves=N variations=N headers=N outcome='<ending>'>.
    fn __repr__(&self) -> String {
        format!(
            "<GameRecord start='{}' moves={} variations={} headers={} outcome={}>",
            self.record.start.sfen(),
            self.record.moves.len(),
            self.variation_count(),
            self.record.headers.len(),
            self.record.outcome.as_ref().map_or("None".to_owned(), |o| format!("'{}'", kind_name(&o.ending)))
        )
    }

    /// Equal start, headers, comments, moves (with times and comments), ending, end comments and
    /// variations.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<GameRecord>() {
            Ok(other) => match other.try_borrow() {
                Ok(other) => {
                    let (a, b) = (&self.record, &other.record);
                    a.start == b.start
                        && a.headers == b.headers
                        && a.comments == b.comments
                        && a.moves == b.moves
                        && a.outcome == b.outcome
                        && a.end_comments == b.end_comments
                        && a.variations == b.variations
                }
                Err(_) => true,
            },
            Err(_) => false,
        }
    }
}
