//! `hayanagi.GameRecord`: game records (CSA, KIF, KI2, USI) read and written through
//! hayanagi-records: the start position, headers, moves with their times and comments, the ending.

use hayanagi::{Color, Handicap, Position};
use hayanagi_records::{Ending, Format, Outcome as CoreOutcome, Record, RecordMove as CoreRecordMove, TextEncoding};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::Board;
use crate::errors::{self, kind_name};
use crate::moves::{self, Move};

/// Every ending, for reading an ending's name back (names are `kind_name` of the variant).
const ENDINGS: [Ending; 14] = [
    Ending::Resign,
    Ending::Abort,
    Ending::Repetition,
    Ending::Impasse,
    Ending::MaxMoves,
    Ending::Mate,
    Ending::NoMate,
    Ending::TimeUp,
    Ending::IllegalMove,
    Ending::IllegalAction,
    Ending::Declaration,
    Ending::WinByDefault,
    Ending::LossByDefault,
    Ending::Error,
];

fn ending_arg(name: &str) -> PyResult<Ending> {
    ENDINGS.into_iter().find(|e| kind_name(e) == name).ok_or_else(|| {
        let names: Vec<String> = ENDINGS.iter().map(kind_name).collect();
        PyValueError::new_err(format!("unknown ending {name:?}; expected one of {}", names.join(", ")))
    })
}

fn format_arg(name: &str) -> PyResult<Format> {
    match name.to_ascii_lowercase().as_str() {
        "csa" => Ok(Format::Csa),
        "kif" => Ok(Format::Kif),
        "ki2" => Ok(Format::Ki2),
        "usi" => Ok(Format::Usi),
        _ => Err(PyValueError::new_err(format!("record format {name:?}: expected 'csa', 'kif', 'ki2' or 'usi'"))),
    }
}

fn encoding_arg(name: &str) -> PyResult<TextEncoding> {
    match name.to_ascii_lowercase().replace('-', "_").as_str() {
        "utf_8" | "utf8" => Ok(TextEncoding::Utf8),
        "shift_jis" | "sjis" | "cp932" => Ok(TextEncoding::ShiftJis),
        _ => Err(PyValueError::new_err(format!("encoding {name:?}: expected 'utf-8' or 'shift_jis'"))),
    }
}

/// How a game ended: the ending ('resign', 'time_up', 'repetition', 'declaration', ...), the
/// winner (0 black, 1 white, None for a draw or unknown) and the time of the last action in
/// milliseconds, if recorded.
#[pyclass(module = "hayanagi", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub struct Outcome {
    /// The ending's name: 'resign', 'abort', 'repetition', 'impasse', 'max_moves', 'mate',
    /// 'no_mate', 'time_up', 'illegal_move', 'illegal_action', 'declaration', 'win_by_default',
    /// 'loss_by_default' or 'error'.
    ending: String,
    /// The winner: 0 (black), 1 (white) or None.
    winner: Option<usize>,
    /// The time spent on the last action in milliseconds, None if not recorded.
    time_ms: Option<u64>,
}

#[pymethods]
impl Outcome {
    /// An outcome. Raises ValueError for an unknown ending name or a colour other than 0 or 1.
    #[new]
    #[pyo3(signature = (ending, winner = None, time_ms = None))]
    fn new(ending: &str, winner: Option<usize>, time_ms: Option<u64>) -> PyResult<Outcome> {
        ending_arg(ending)?;
        if winner.is_some_and(|w| w > 1) {
            return Err(PyValueError::new_err("winner must be 0 (black), 1 (white) or None"));
        }
        Ok(Outcome { ending: ending.to_owned(), winner, time_ms })
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

/// One move of a game record: the move, the time spent on it in milliseconds (None if not
/// recorded) and the comments after it.
#[pyclass(module = "hayanagi", frozen)]
pub struct RecordMove {
    mv: hayanagi::Move,
    time_ms: Option<u64>,
    comments: Vec<String>,
}

#[pymethods]
impl RecordMove {
    /// A record move (a Move, hayanagi code or USI text; legality is checked when it joins a record).
    #[new]
    #[pyo3(signature = (mv, time_ms = None, comments = Vec::new()))]
    fn new(py: Python<'_>, mv: &Bound<'_, PyAny>, time_ms: Option<u64>, comments: Vec<String>) -> PyResult<RecordMove> {
        let mv = syntax_move(py, mv)?;
        Ok(RecordMove { mv, time_ms, comments })
    }

    /// The move.
    #[getter(r#move)]
    fn get_move(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        moves::object(py, self.mv)
    }

    /// The time spent on the move in milliseconds, None if not recorded.
    #[getter]
    fn time_ms(&self) -> Option<u64> {
        self.time_ms
    }

    /// The comments after the move, one string per comment line.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.comments.clone()
    }

    /// RecordMove(Move.from_usi('7g7f'), time_ms=1000, comments=[]).
    fn __repr__(&self) -> String {
        let time = self.time_ms.map_or("None".to_owned(), |t| t.to_string());
        format!("RecordMove(Move.from_usi('{}'), time_ms={time}, comments={:?})", self.mv, self.comments)
    }

    /// Equal move, time and comments.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<RecordMove>() {
            Ok(other) => {
                let other = other.get();
                other.mv == self.mv && other.time_ms == self.time_ms && other.comments == self.comments
            }
            Err(_) => false,
        }
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

/// A game record: start position, headers, comments, moves (with times and comments) and ending.
///
/// Read one with GameRecord.from_text / from_bytes / from_file (CSA, KIF, KI2 or a USI position
/// command; the format is detected unless given, Shift_JIS or UTF-8 bytes are detected too), write
/// it with to_text(format). GameRecord(board) makes one from a board's start and moves. Every move
/// is legal: a record that plays an illegal move raises GameRecordError (a record says that a side
/// moved illegally with its ending, 'illegal_move').
#[pyclass(module = "hayanagi")]
pub struct GameRecord {
    record: Record,
}

impl GameRecord {
    fn end(&self) -> Position {
        self.record.end_position()
    }
}

#[pymethods]
impl GameRecord {
    /// A record of a board's game: its start position and the moves played on it.
    #[new]
    #[pyo3(signature = (board = None))]
    fn new(board: Option<PyRef<'_, Board>>) -> PyResult<GameRecord> {
        let Some(board) = board else { return Ok(GameRecord { record: Record::new(Position::startpos()) }) };
        let mut record = Record::new(board.start_position().clone());
        record.handicap = Handicap::of(&record.start);
        for mv in board.moves_played() {
            record.moves.push(CoreRecordMove { mv, time_ms: None, comments: Vec::new() });
        }
        Ok(GameRecord { record })
    }

    /// Reads a record from text: format 'csa', 'kif', 'ki2' or 'usi', detected if None. Raises
    /// GameRecordError with the line and column.
    #[staticmethod]
    #[pyo3(signature = (text, format = None))]
    fn from_text(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<GameRecord> {
        let format = format.map(format_arg).transpose()?;
        let record = py.detach(|| Record::read_str(text, format)).map_err(|e| errors::read_error(py, &e))?;
        Ok(GameRecord { record })
    }

    /// Reads a record from bytes in 'utf-8' or 'shift_jis' (detected if None; a UTF-8 BOM or
    /// a CSA/KIF encoding line decides), then as from_text with the format detected.
    #[staticmethod]
    #[pyo3(signature = (data, encoding = None))]
    fn from_bytes(py: Python<'_>, data: &[u8], encoding: Option<&str>) -> PyResult<GameRecord> {
        let encoding = encoding.map(encoding_arg).transpose()?;
        let record = py.detach(|| Record::read_bytes(data, encoding)).map_err(|e| errors::read_error(py, &e))?;
        Ok(GameRecord { record })
    }

    /// Reads a record file (as from_bytes). Raises OSError if it cannot be read.
    #[staticmethod]
    #[pyo3(signature = (path, encoding = None))]
    fn from_file(py: Python<'_>, path: std::path::PathBuf, encoding: Option<&str>) -> PyResult<GameRecord> {
        let data = std::fs::read(&path)?;
        GameRecord::from_bytes(py, &data, encoding)
    }

    /// The record written in format 'csa', 'kif', 'ki2' or 'usi' (one line).
    #[pyo3(signature = (format = "csa"))]
    fn to_text(&self, format: &str) -> PyResult<String> {
        self.record.write(format_arg(format)?).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Writes the record to a file in format 'csa', 'kif', 'ki2' or 'usi', in UTF-8.
    #[pyo3(signature = (path, format = "csa"))]
    fn to_file(&self, path: std::path::PathBuf, format: &str) -> PyResult<()> {
        std::fs::write(path, self.to_text(format)?)?;
        Ok(())
    }

    /// The headers in file order as (name, value) pairs: CSA 'N+', 'N-', '$EVENT', ...; KIF '先手',
    /// '棋戦', ... (names as the file spells them).
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

    /// The moves with their times and comments (copies: set the attribute to change them).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .record
            .moves
            .iter()
            .map(|m| Ok(RecordMove { mv: m.mv, time_ms: m.time_ms, comments: m.comments.clone() }))
            .collect::<PyResult<Vec<RecordMove>>>()?;
        PyList::new(py, items)
    }

    /// Replaces the moves (RecordMove objects); each must be legal after the ones before it from
    /// the start position, else MoveError (its .index says which) and nothing changes.
    #[setter]
    fn set_moves(&mut self, py: Python<'_>, items: Vec<PyRef<'_, RecordMove>>) -> PyResult<()> {
        let mut pos = self.record.start.clone();
        let mut new = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let mv = item.mv;
            if !pos.is_legal(mv) {
                let err = errors::illegal_move(py, &pos, mv);
                err.value(py).setattr("index", index)?;
                return Err(err);
            }
            pos.play_unchecked(mv);
            new.push(CoreRecordMove { mv, time_ms: item.time_ms, comments: item.comments.clone() });
        }
        self.record.moves = new;
        Ok(())
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

    /// How the game ended, None if the record does not say.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.record.outcome.as_ref().map(Outcome::of)
    }

    #[setter]
    fn set_outcome(&mut self, outcome: Option<PyRef<'_, Outcome>>) -> PyResult<()> {
        self.record.outcome = outcome.map(|o| o.core()).transpose()?;
        Ok(())
    }

    /// The number of variations (KIF 変化 branches) the reader skipped; only the main line is kept.
    #[getter]
    fn skipped_variations(&self) -> usize {
        self.record.variations.len()
    }

    /// A board at the start position with every move of the record played (pop takes them back).
    fn board(&self, py: Python<'_>) -> PyResult<Board> {
        let mut board = Board::with_start(self.record.start.clone());
        for m in &self.record.moves {
            board.play(py, m.mv)?;
        }
        Ok(board)
    }

    /// A board at the position after the first `ply` moves (0 = the start). Raises IndexError past
    /// the last move.
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

    /// The number of moves.
    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    /// <GameRecord start='<SFEN>' moves=N headers=N outcome='<ending>'>.
    fn __repr__(&self) -> String {
        format!(
            "<GameRecord start='{}' moves={} headers={} outcome={}>",
            self.record.start.sfen(),
            self.record.moves.len(),
            self.record.headers.len(),
            self.record.outcome.as_ref().map_or("None".to_owned(), |o| format!("'{}'", kind_name(&o.ending)))
        )
    }

    /// Equal start, headers, comments, moves (with times and comments) and outcome.
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
                }
                Err(_) => true,
            },
            Err(_) => false,
        }
    }
}
