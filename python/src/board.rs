//! `hayanagi.Board`: a mutable game position with its moves since the start (for pop, repetition
//! and perpetual check).

use hayanagi::{
    Color, DeclarationFailures, DeclarationOutcome, DeclarationRule, Entry, Handicap, History, HistoryError,
    Move as CoreMove, MoveFilter as CoreFilter, PackedFormat, Piece, PieceKind, Position, Square, Status as CoreStatus,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::moves::{self, Move};
use crate::{errors, picture};

/// Which moves Board.legal_moves generates (every one is legal).
#[pyclass(module = "hayanagi", eq, eq_int, frozen, hash, rename_all = "SCREAMING_SNAKE_CASE")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveFilter {
    /// Every legal move.
    All,
    /// Moves that capture a piece.
    Captures,
    /// Board moves and drops that capture nothing.
    NonCaptures,
    /// Drops only.
    Drops,
    /// Moves that give check.
    Checks,
    /// Moves that give check and capture nothing.
    QuietChecks,
    /// Every legal move when in check (none otherwise).
    Evasions,
}

impl MoveFilter {
    fn core(self) -> CoreFilter {
        match self {
            MoveFilter::All => CoreFilter::All,
            MoveFilter::Captures => CoreFilter::Captures,
            MoveFilter::NonCaptures => CoreFilter::NonCaptures,
            MoveFilter::Drops => CoreFilter::Drops,
            MoveFilter::Checks => CoreFilter::Checks,
            MoveFilter::QuietChecks => CoreFilter::QuietChecks,
            MoveFilter::Evasions => CoreFilter::Evasions,
        }
    }
}

/// The state of the game for the side to move (Board.status).
#[pyclass(module = "hayanagi", eq, eq_int, frozen, hash, rename_all = "SCREAMING_SNAKE_CASE")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    None,
    /// In check with no legal move: the side to move has lost.
    Mate,
    /// Not in check and no legal move (the side to move has lost under the usual rules).
    NoMoves,
    /// The fourth occurrence of the position: a draw (sennichite).
    DrawRepetition,
    /// The fourth occurrence, every move of the opponent since the first a check: the side to move wins.
    WinPerpetualCheck,
    /// The fourth occurrence, every move of the side to move since the first a check: it loses.
    LossPerpetualCheck,
    /// The move limit given to Board.status was reached: a draw.
    DrawMaxPly,
}

impl Status {
    fn of(status: CoreStatus) -> Status {
        match status {
            CoreStatus::None => Status::None,
            CoreStatus::Mate => Status::Mate,
            CoreStatus::NoMoves => Status::NoMoves,
            CoreStatus::DrawRepetition => Status::DrawRepetition,
            CoreStatus::WinPerpetualCheck => Status::WinPerpetualCheck,
            CoreStatus::LossPerpetualCheck => Status::LossPerpetualCheck,
            CoreStatus::DrawMaxPly => Status::DrawMaxPly,
        }
    }
}

#[pymethods]
impl Status {
    /// True when the game has ended (anything but Status.NONE).
    #[getter]
    fn is_over(&self) -> bool {
        *self != Status::None
    }
}

/// The answer of Board.declaration: whether the side to move may declare an entering-king win.
#[pyclass(module = "hayanagi", frozen, get_all)]
pub struct Declaration {
    /// 'win', 'draw' (24-point rule, 24 to 30 points) or 'invalid'.
    outcome: &'static str,
    /// The conditions that fail: a list of 'king_not_in_camp', 'too_few_pieces', 'in_check',
    /// 'too_few_points'.
    failed: Vec<&'static str>,
    /// The declaring side's points (big pieces 5, others 1; kings 0), in camp and in hand.
    points: u32,
    /// The declaring side's pieces in the camp, the king not counted.
    pieces_in_camp: u32,
}

#[pymethods]
impl Declaration {
    /// Declaration(outcome='win', points=..., pieces_in_camp=..., failed=[...]).
    fn __repr__(&self) -> String {
        format!(
            "Declaration(outcome={:?}, points={}, pieces_in_camp={}, failed={:?})",
            self.outcome, self.points, self.pieces_in_camp, self.failed
        )
    }
}

/// SFEN of the standard start position.
pub(crate) const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A shogi position with the moves played on it since the start.
///
/// Board() is the start position; Board(sfen) reads an SFEN; Board.from_usi reads a USI position
/// command, Board.from_handicap a handicap name. push/pop play and take back moves; the moves are
/// kept, so status() sees repetition and perpetual check. Boards compare equal when their
/// positions are equal (board, hands, side to move and ply), and hash by position.
#[pyclass(module = "hayanagi", name = "Board")]
pub struct Board {
    pub(crate) pos: Position,
    start: Position,
    /// The moves recorded for the rules (repetition, perpetual check: each with whether it gave
    /// check), up to the last `pending` one.
    history: History<Vec<Entry>>,
    /// The moves played after the history's, not recorded yet, oldest first: push and pop only
    /// play and take back moves, and status() records them (asking each whether it gave check).
    pending: Vec<hayanagi::Undo>,
    listed: Listed,
}

/// The legal moves this board has listed (legal_moves, legal_move_codes) at the plies it still
/// holds, so that push plays a listed move without checking it a second time (as the JavaScript
/// wrapper does with its lists).
///
/// A level is the list made when the history was `len` moves long. It stays the list of the
/// position at that length for as long as the history never gets shorter than `len`: moves pushed
/// after it and popped again restore that position exactly. So a pop to length `n` forgets the
/// levels above `n`, and anything that replaces the position (set_sfen, set_hcp) forgets them all.
#[derive(Default)]
struct Listed {
    /// The codes of every level, one after the other.
    codes: Vec<u16>,
    /// The levels, by increasing history length.
    levels: Vec<Level>,
}

#[derive(Clone, Copy)]
struct Level {
    /// The history's length when the list was made.
    len: usize,
    /// Where its codes start in `codes` (they run to the next level's start or the end).
    start: usize,
    /// Whether it is every legal move (not one MoveFilter's).
    full: bool,
}

impl Listed {
    fn clear(&mut self) {
        self.codes.clear();
        self.levels.clear();
    }

    /// Forgets the levels made when the history was longer than `len`.
    #[inline]
    fn truncate(&mut self, len: usize) {
        while let Some(top) = self.levels.last().copied() {
            if top.len <= len {
                break;
            }
            self.codes.truncate(top.start);
            self.levels.pop();
        }
    }

    /// Keeps `moves`, listed at history length `len` (a filtered list does not replace a full one).
    fn record(&mut self, len: usize, moves: &[CoreMove], full: bool) {
        self.truncate(len);
        if let Some(top) = self.levels.last().copied()
            && top.len == len
        {
            if top.full && !full {
                return;
            }
            self.codes.truncate(top.start);
            self.levels.pop();
        }
        let start = self.codes.len();
        self.codes.extend(moves.iter().map(|mv| mv.to_bits()));
        self.levels.push(Level { len, start, full });
    }

    /// True if `mv` is in the list of history length `len`.
    #[inline]
    fn holds(&self, len: usize, mv: CoreMove) -> bool {
        match self.levels.last() {
            Some(top) if top.len == len => {
                self.codes.get(top.start..).is_some_and(|codes| contains(codes, mv.to_bits()))
            }
            _ => false,
        }
    }
}

/// `codes.contains(&code)`, sixteen codes a step (one vector compare each).
#[inline]
fn contains(codes: &[u16], code: u16) -> bool {
    let mut chunks = codes.chunks_exact(16);
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |any, &c| any | (c == code)) {
            return true;
        }
    }
    chunks.remainder().contains(&code)
}

impl Board {
    pub(crate) fn with_start(pos: Position) -> Board {
        Board {
            start: pos.clone(),
            pos,
            history: History::new(vec![Entry::EMPTY; 64]),
            pending: Vec::new(),
            listed: Listed::default(),
        }
    }

    /// The current position (for the array functions of `data`).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Makes room in the history for `more` entries.
    fn reserve(&mut self, more: usize) -> PyResult<()> {
        let needed = self.history.len() + more;
        if needed <= self.history.capacity() {
            return Ok(());
        }
        let old = core::mem::replace(&mut self.history, History::new(Vec::new()));
        let (len, start_key) = (old.len(), old.start_key());
        let mut storage = old.into_storage();
        storage.resize(needed.max(32) * 2, Entry::EMPTY);
        self.history = History::from_parts(storage, len, start_key)
            .ok_or_else(|| PyRuntimeError::new_err("internal error: history storage"))?;
        Ok(())
    }

    /// The number of moves played.
    #[inline]
    fn len(&self) -> usize {
        self.history.len() + self.pending.len()
    }

    /// Plays a legal move (a move this board listed here is not checked again).
    #[inline]
    pub(crate) fn play(&mut self, py: Python<'_>, mv: CoreMove) -> PyResult<()> {
        if !self.listed.holds(self.len(), mv) && !self.pos.is_legal(mv) {
            return Err(errors::illegal_move(py, &self.pos, mv));
        }
        if self.pos.ply() == u64::MAX {
            return Err(self.history_error(py, HistoryError::PlyLimit));
        }
        let undo = self.pos.play_unchecked(mv);
        self.pending.push(undo);
        Ok(())
    }

    /// Takes back the last move.
    #[inline]
    fn undo(&mut self, py: Python<'_>) -> PyResult<CoreMove> {
        let mv = match self.pending.pop() {
            Some(undo) => {
                self.pos.undo_unchecked(undo);
                undo.mv()
            }
            None => self.history.undo(&mut self.pos).map_err(|e| self.history_error(py, e))?,
        };
        self.listed.truncate(self.len());
        Ok(mv)
    }

    /// Records the pending moves in the history, each with the position it reached: takes back all
    /// but the first, then records the first and plays the others again, recording each (the
    /// position ends where it was; one pending move, the usual case, is recorded as it stands).
    fn record_pending(&mut self) -> PyResult<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.reserve(self.pending.len())?;
        // Taken out while the position is walked, put back empty (keeping its room).
        let mut pending = core::mem::take(&mut self.pending);
        let Some((&first, rest)) = pending.split_first() else { return Ok(()) };
        for undo in rest.iter().rev() {
            self.pos.undo_unchecked(*undo);
        }
        let mut result = self.history.push(&self.pos, first);
        for undo in rest {
            let again = self.pos.play_unchecked(undo.mv());
            if result.is_ok() {
                result = self.history.push(&self.pos, again);
            }
        }
        pending.clear();
        self.pending = pending;
        result.map_err(|e| PyRuntimeError::new_err(format!("internal error: recording the moves: {e}")))
    }

    /// The last move played.
    fn last_move(&self) -> Option<CoreMove> {
        self.pending.last().map(|undo| undo.mv()).or_else(|| self.history.moves().next_back())
    }

    /// Reads a move argument and plays it: a Move, a hayanagi code (int) or USI text (str).
    #[inline]
    fn push_arg(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        // Exact types first: one pointer compare each (Move cannot be subclassed).
        if let Ok(obj) = mv.cast_exact::<Move>() {
            return self.play(py, obj.get().inner);
        }
        if mv.is_exact_instance_of::<PyInt>()
            && let Ok(code) = mv.extract::<u16>()
            && let Some(mv) = CoreMove::from_bits(code)
        {
            return self.play(py, mv);
        }
        if let Ok(text) = mv.cast::<PyString>() {
            return self.push_text(py, text);
        }
        let mv = self.move_arg(py, mv)?;
        self.play(py, mv)
    }

    /// Plays a legal move written in USI: its syntax read here, its legality checked once, by play.
    #[inline]
    fn push_text(&mut self, py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<()> {
        let mv = match crate::fast::short_ascii(text)? {
            Some((bytes, len)) => {
                let usi = bytes.get(..len).unwrap_or_default();
                CoreMove::from_usi_bytes(usi).map_err(|e| {
                    let text = String::from_utf8_lossy(usi);
                    errors::usi_move_error(py, Some(&self.pos), &text, e)
                })?
            }
            None => {
                let text: PyBackedStr = text.extract()?;
                CoreMove::from_usi(&text).map_err(|e| errors::usi_move_error(py, Some(&self.pos), &text, e))?
            }
        };
        self.play(py, mv)
    }

    fn history_error(&self, py: Python<'_>, e: HistoryError) -> PyErr {
        match e {
            HistoryError::IllegalMove(mv) => errors::illegal_move(py, &self.pos, mv),
            HistoryError::PlyLimit => errors::new_error::<errors::MoveError>(
                py,
                "the ply is at its maximum: no move can be played",
                "ply_limit",
                None,
                &[],
            ),
            HistoryError::Empty => PyIndexError::new_err("pop from a board with no moves"),
            e => PyRuntimeError::new_err(format!("internal error: {e}")),
        }
    }

    /// Reads a move argument: a Move, a hayanagi code (int) or USI text (str); legality unchecked.
    #[inline]
    fn move_arg(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<CoreMove> {
        move_in(py, &self.pos, mv)
    }

    /// Board.push (a METH_O method, see `fast`): plays a legal Move, code or USI text.
    pub(crate) fn push_o(py: Python<'_>, slf: &Bound<'_, Board>, mv: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        slf.try_borrow_mut()?.push_arg(py, mv)?;
        Ok(py.None())
    }

    /// Board.push_usi: plays a legal move written in USI.
    pub(crate) fn push_usi_o(py: Python<'_>, slf: &Bound<'_, Board>, usi: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let text = usi.cast::<PyString>()?;
        slf.try_borrow_mut()?.push_text(py, text)?;
        Ok(py.None())
    }

    /// Board.pop (a METH_NOARGS method, see `fast`): takes back the last move and returns it.
    pub(crate) fn pop_o(py: Python<'_>, slf: &Bound<'_, Board>) -> PyResult<Py<PyAny>> {
        let mv = slf.try_borrow_mut()?.undo(py)?;
        moves::object(py, mv).map(Py::into_any)
    }

    /// Board.set_sfen: the position of an SFEN, the moves forgotten; nothing changes on an error.
    pub(crate) fn set_sfen_o(py: Python<'_>, slf: &Bound<'_, Board>, sfen: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let text: PyBackedStr = sfen.extract()?;
        let pos = Position::from_sfen(&text).map_err(|e| errors::sfen_error(py, e))?;
        slf.try_borrow_mut()?.reset_to(pos);
        Ok(py.None())
    }

    /// Board.set_hcp: the position of 32 HCP bytes (bytes, a numpy row or any 32-byte buffer), the
    /// moves forgotten; nothing changes on an error.
    pub(crate) fn set_hcp_o(py: Python<'_>, slf: &Bound<'_, Board>, data: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let pos = packed_bytes(py, data, |bytes| {
            Position::from_packed(bytes, PackedFormat::Hcp).map_err(|e| errors::unpack_error(py, e))
        })?;
        slf.try_borrow_mut()?.reset_to(pos);
        Ok(py.None())
    }

    /// Board.is_legal: whether a Move, code or USI text is legal here (malformed text raises).
    pub(crate) fn is_legal_o(py: Python<'_>, slf: &Bound<'_, Board>, mv: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let board = slf.try_borrow()?;
        let legal = if mv.is_instance_of::<PyString>() {
            let text: PyBackedStr = mv.extract()?;
            let mv = CoreMove::from_usi(&text).map_err(|e| errors::usi_move_error(py, None, &text, e))?;
            board.pos.is_legal(mv)
        } else {
            board.pos.is_legal(board.move_arg(py, mv)?)
        };
        Ok(pyo3::types::PyBool::new(py, legal).to_owned().into_any().unbind())
    }

    fn from_position(py: Python<'_>, pos: Result<Position, PyErr>) -> PyResult<Board> {
        let _ = py;
        pos.map(Board::with_start)
    }

    /// The position the moves were played from.
    pub(crate) fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played, oldest first.
    pub(crate) fn moves_played(&self) -> Vec<CoreMove> {
        self.history.moves().chain(self.pending.iter().map(|undo| undo.mv())).collect()
    }
}

/// Calls `f` with the 32 bytes of a packed position: `bytes`, a one-dimensional uint8 numpy array
/// (a row of a HuffmanCodedPos array's 'hcp' field), or anything else `bytes()` reads (a numpy
/// record of the HuffmanCodedPos dtype, a memoryview, a bytearray). Raises PackedError for another
/// length, TypeError for an int (which `bytes()` would read as a length).
pub(crate) fn packed_bytes<T>(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    f: impl FnOnce(&[u8; 32]) -> PyResult<T>,
) -> PyResult<T> {
    let exact = |bytes: &[u8]| -> PyResult<[u8; 32]> {
        bytes.try_into().map_err(|_| {
            errors::new_error::<errors::PackedError>(
                py,
                format_args!("packed positions are 32 bytes, not {}", bytes.len()),
                "length",
                None,
                &[],
            )
        })
    };
    if let Ok(bytes) = data.cast::<PyBytes>() {
        return f(&exact(bytes.as_bytes())?);
    }
    if let Ok(array) = data.cast::<PyArray1<u8>>() {
        let array = array.try_readonly()?;
        if let Ok(slice) = array.as_slice() {
            return f(&exact(slice)?);
        }
    }
    if data.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err("packed position data is bytes or a buffer, not an int"));
    }
    let copied = py.get_type::<PyBytes>().call1((data,))?;
    f(&exact(copied.cast::<PyBytes>()?.as_bytes())?)
}

fn color_arg(color: usize) -> PyResult<Color> {
    Color::try_index(color).ok_or_else(|| PyIndexError::new_err(format!("color {color} is not 0 (black) or 1 (white)")))
}

/// A square argument: an index 0-80 or USI text ('7g').
fn square_arg(py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<Square> {
    if square.is_instance_of::<PyString>() {
        let name: PyBackedStr = square.extract()?;
        return crate::moves::parse_square(py, &name).and_then(|i| {
            Square::try_index(i).ok_or_else(|| PyIndexError::new_err(format!("square {i} is not 0-80")))
        });
    }
    let index: i64 = square.extract()?;
    usize::try_from(index)
        .ok()
        .and_then(Square::try_index)
        .ok_or_else(|| PyIndexError::new_err(format!("square {index} is not 0-80")))
}

fn hand_dict<'py>(py: Python<'py>, pos: &Position, color: Color) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let hand = pos.hand(color);
    for kind in PieceKind::HAND {
        dict.set_item(moves::kind_letter(kind), hand.count(kind))?;
    }
    Ok(dict)
}

fn declaration_rule(rule: &str) -> PyResult<DeclarationRule> {
    match rule {
        "27" | "points27" => Ok(DeclarationRule::Points27),
        "24" | "points24" | "csa24" => Ok(DeclarationRule::Points24),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!("rule {rule:?}: expected '27' or '24'"))),
    }
}

#[pymethods]
impl Board {
    /// A board from an SFEN (3 or 4 fields; the start position if omitted). Raises SfenError.
    #[new]
    #[pyo3(signature = (sfen = None))]
    fn new(py: Python<'_>, sfen: Option<&str>) -> PyResult<Board> {
        match sfen {
            None => Ok(Board::with_start(Position::startpos())),
            Some(text) => Board::from_position(py, Position::from_sfen(text).map_err(|e| errors::sfen_error(py, e))),
        }
    }

    /// A board from an SFEN (3 or 4 fields). Raises SfenError naming the field and byte offset.
    #[staticmethod]
    fn from_sfen(py: Python<'_>, sfen: &str) -> PyResult<Board> {
        Board::from_position(py, Position::from_sfen(sfen).map_err(|e| errors::sfen_error(py, e)))
    }

    /// A board from a USI position command ('startpos moves 7g7f', 'sfen <4 fields> moves ...', with
    /// or without 'position '); the moves are played and kept. Raises SfenError or UsiError.
    #[staticmethod]
    fn from_usi(py: Python<'_>, command: &str) -> PyResult<Board> {
        let mut played: Vec<(Position, hayanagi::Undo)> = Vec::new();
        let pos = Position::from_usi_position_with(command, |after, undo| played.push((after.clone(), undo)))
            .map_err(|e| errors::usi_error(py, e))?;
        let start = match played.first() {
            Some((after, undo)) => {
                let mut start = after.clone();
                start.undo_unchecked(*undo);
                start
            }
            None => pos.clone(),
        };
        let mut board = Board::with_start(start);
        for (_, undo) in &played {
            board.play(py, undo.mv())?;
        }
        if board.pos != pos {
            return Err(PyRuntimeError::new_err("internal error: replayed USI command differs"));
        }
        Ok(board)
    }

    /// The start position of a handicap game (White, the stronger side, moves first), by name
    /// ('lance', 'bishop', 'rook', 'two-pieces', ..., 'three-pawns') or Japanese name ('香落ち').
    /// Raises hayanagi.Error (kind 'unknown_handicap').
    #[staticmethod]
    fn from_handicap(py: Python<'_>, name: &str) -> PyResult<Board> {
        match name.parse::<Handicap>() {
            Ok(handicap) => Ok(Board::with_start(handicap.position())),
            Err(_) => {
                let names: Vec<&str> = Handicap::ALL.iter().map(|h| h.name()).collect();
                Err(errors::new_error::<errors::Error>(
                    py,
                    format_args!("unknown handicap {name:?}; expected one of {}", names.join(", ")),
                    "unknown_handicap",
                    None,
                    &[],
                ))
            }
        }
    }

    /// The board of 32 packed bytes (bytes, a numpy row such as hcpe['hcp'][i], or any 32-byte
    /// buffer): HCP (cshogi's HuffmanCodedPos) or PackedSfen (YaneuraOu). format is 'hcp' or
    /// 'packed_sfen'. Raises PackedError naming the byte and bit.
    #[staticmethod]
    #[pyo3(signature = (data, format = "hcp"))]
    fn from_packed(py: Python<'_>, data: &Bound<'_, PyAny>, format: &str) -> PyResult<Board> {
        let format = packed_format(format)?;
        packed_bytes(py, data, |bytes| {
            Position::from_packed(bytes, format).map(Board::with_start).map_err(|e| errors::unpack_error(py, e))
        })
    }

    /// The position's 32 packed bytes: format 'hcp' (cshogi) or 'packed_sfen' (YaneuraOu). Raises
    /// PackedError for a position without both kings.
    #[pyo3(signature = (format = "hcp"))]
    fn to_packed<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self.pos.to_packed(packed_format(format)?).map_err(|e| errors::pack_error(py, e))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The SFEN of the position (4 fields).
    fn sfen(&self) -> String {
        self.pos.sfen().to_string()
    }

    /// The USI position command that makes this board: 'startpos' or 'sfen <start>', then
    /// ' moves ...' when moves were played (without the 'position ' prefix).
    fn usi(&self) -> String {
        let mut out = if self.start == Position::startpos() {
            "startpos".to_owned()
        } else {
            format!("sfen {}", self.start.sfen())
        };
        let played = self.moves_played();
        if !played.is_empty() {
            out.push_str(" moves");
            for mv in played {
                out.push(' ');
                out.push_str(&mv.to_string());
            }
        }
        out
    }

    /// The SFEN of the position the moves were played from.
    fn start_sfen(&self) -> String {
        self.start.sfen().to_string()
    }

    /// Takes back the last move and returns it. Raises IndexError when no move was played.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        let mv = self.undo(py)?;
        moves::object(py, mv)
    }

    /// The last move played, None at the start.
    fn peek(&self, py: Python<'_>) -> PyResult<Option<Py<Move>>> {
        self.last_move().map(|mv| moves::object(py, mv)).transpose()
    }

    /// The moves played since the start position, oldest first.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, moves::objects(py, &self.moves_played())?)
    }

    /// The legal moves (those of one MoveFilter if given), as shared Move objects.
    #[pyo3(signature = (filter = None))]
    fn legal_moves<'py>(
        &mut self,
        py: Python<'py>,
        filter: Option<&Bound<'_, MoveFilter>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let list = self.listed_moves(filter);
        moves::list(py, list.as_slice())
    }

    /// The hayanagi codes (Move.code) of the legal moves (those of one MoveFilter if given).
    #[pyo3(signature = (filter = None))]
    fn legal_move_codes(&mut self, filter: Option<&Bound<'_, MoveFilter>>) -> Vec<u16> {
        let list = self.listed_moves(filter);
        list.as_slice().iter().map(|mv| mv.to_bits()).collect()
    }

    /// The number of legal moves (of one MoveFilter if given), without making a list.
    #[pyo3(signature = (filter = None))]
    fn count_legal_moves(&self, filter: Option<&Bound<'_, MoveFilter>>) -> u64 {
        match filter {
            None => self.pos.count_legal_moves(),
            Some(filter) => self.pos.count_legal_moves_of(filter.get().core()),
        }
    }

    /// True if the legal move gives check. Raises MoveError for a move that is not legal.
    fn gives_check(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = self.legal_arg(py, mv)?;
        Ok(self.pos.gives_check(mv))
    }

    /// The Move of USI text, checked for legality here. Raises MoveError.
    fn parse_usi_move(&self, py: Python<'_>, usi: &str) -> PyResult<Py<Move>> {
        let mv = self.pos.parse_usi_move(usi).map_err(|e| errors::usi_move_error(py, Some(&self.pos), usi, e))?;
        moves::object(py, mv)
    }

    /// cshogi's 32-bit move (as cshogi.Board.legal_moves gives it) of a legal move here: cshogi's
    /// 16-bit code with the moved and captured piece types. Raises MoveError for a move that is not
    /// legal here.
    fn to_cshogi(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<u32> {
        let mv = self.legal_arg(py, mv)?;
        Ok(moves::to_cshogi32(&self.pos, mv))
    }

    /// The legal move of a cshogi move code: 32-bit (its piece bits must match the board) or 16-bit
    /// (cshogi.move16, as Board.move_from_move16 reads it). Raises MoveError for a code that is
    /// not a legal move here.
    fn move_from_cshogi(&self, py: Python<'_>, code: u64) -> PyResult<Py<Move>> {
        // cshogi's 32-bit moves keep the 16-bit code in their low half.
        let code16 = (code & 0xffff) as u16;
        if code >> 24 != 0 {
            return Err(errors::new_error::<errors::MoveError>(
                py,
                format_args!("cshogi move 0x{code:x} has bits above 23"),
                "out_of_range",
                None,
                &[],
            ));
        }
        let mv = CoreMove::from_move16(code16, hayanagi::Move16Format::Cshogi)
            .map_err(|e| errors::move16_error(py, u32::from(code16), e))?;
        if !self.pos.is_legal(mv) {
            return Err(errors::illegal_move(py, &self.pos, mv));
        }
        if code > 0xffff && u64::from(moves::to_cshogi32(&self.pos, mv)) != code {
            return Err(errors::new_error::<errors::MoveError>(
                py,
                format_args!(
                    "cshogi move 0x{code:x}: its piece bits do not match the board (expected 0x{:x})",
                    moves::to_cshogi32(&self.pos, mv)
                ),
                "piece_bits",
                None,
                &[],
            ));
        }
        moves::object(py, mv)
    }

    /// The legal move of a 16-bit code in YaneuraOu's layout (the move of PSV records). Raises
    /// MoveError.
    fn move_from_yaneuraou16(&self, py: Python<'_>, code: u32) -> PyResult<Py<Move>> {
        let code16 = u16::try_from(code).map_err(|_| {
            errors::new_error::<errors::MoveError>(
                py,
                format_args!("move code {code} does not fit in 16 bits"),
                "out_of_range",
                None,
                &[],
            )
        })?;
        let mv = self.pos.move_from_move16(code16, hayanagi::Move16Format::YaneuraOu).map_err(|e| match e {
            hayanagi::Move16Error::Illegal(mv) => errors::illegal_move(py, &self.pos, mv),
            e => errors::move16_error(py, code, e),
        })?;
        moves::object(py, mv)
    }

    /// True when the side to move is in check.
    #[getter]
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// The game status for the side to move: mate, no moves, repetition and perpetual check over
    /// the moves played, and, with max_ply, a draw once the move numbered max_ply was played.
    #[pyo3(signature = (max_ply = None))]
    fn status(&mut self, py: Python<'_>, max_ply: Option<u64>) -> PyResult<Status> {
        self.record_pending()?;
        self.history.status_with_max_ply(&self.pos, max_ply).map(Status::of).map_err(|e| self.history_error(py, e))
    }

    /// Whether the side to move may declare an entering-king win under rule '27' (27-point rule,
    /// the default) or '24' (CSA 24-point rule).
    #[pyo3(signature = (rule = "27"))]
    fn declaration(&self, rule: &str) -> PyResult<Declaration> {
        let judged = self.pos.declaration(declaration_rule(rule)?);
        let outcome = match judged.outcome() {
            DeclarationOutcome::Win => "win",
            DeclarationOutcome::Draw => "draw",
            _ => "invalid",
        };
        let failed = [
            (DeclarationFailures::KING_NOT_IN_CAMP, "king_not_in_camp"),
            (DeclarationFailures::TOO_FEW_PIECES, "too_few_pieces"),
            (DeclarationFailures::IN_CHECK, "in_check"),
            (DeclarationFailures::TOO_FEW_POINTS, "too_few_points"),
        ]
        .into_iter()
        .filter(|(flag, _)| judged.failed().contains(*flag))
        .map(|(_, name)| name)
        .collect();
        Ok(Declaration { outcome, failed, points: judged.points(), pieces_in_camp: judged.pieces_in_camp() })
    }

    /// A move that mates at once (None if there is none); pawn-drop mates are excluded by rule.
    fn mate_in_1(&self, py: Python<'_>) -> PyResult<Option<Py<Move>>> {
        self.pos.mate_in_1().map(|mv| moves::object(py, mv)).transpose()
    }

    /// A forced mate in at most 3 plies under tsume rules (every attacking move a check), as the
    /// list of its moves; None if there is none.
    fn mate_in_3<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        match self.pos.mate_in_3() {
            Some(line) => Ok(Some(PyList::new(py, moves::objects(py, line.moves())?)?)),
            None => Ok(None),
        }
    }

    /// Solves the position as a tsume (the side to move attacks, every attacking move a check)
    /// with the core's df-pn solver, the GIL released: a TsumeResult with status 'mate' (and the
    /// mating line), 'no_mate' or 'unknown' (and the reason: a limit reached). nodes and time_ms
    /// limit the search; table_mb sizes its hash table; rest=True first gives the defender every
    /// piece on neither the board nor a hand, as tsume problems are set. shortest=True proves the
    /// shortest mate (Rust's solve_shortest: the defender's longest defence; the result's length,
    /// minimal and first_proof), its length counted as counting says: 'strict' (every defence) or
    /// 'useless_interpositions_free' (the composers' convention: a useless interposition, 無駄合,
    /// and its capture are not counted). Raises hayanagi.Error (kind 'no_defender_king' or
    /// 'attacker_in_check') for a position that is not a tsume, ValueError for a counting other
    /// than 'strict' without shortest=True; Ctrl-C stops the search (KeyboardInterrupt).
    #[pyo3(signature = (
        *, nodes = None, time_ms = None, table_mb = 16, max_depth = 400, rest = false, shortest = false,
        counting = "strict"
    ))]
    #[allow(clippy::too_many_arguments)]
    fn mate(
        &self,
        py: Python<'_>,
        nodes: Option<u64>,
        time_ms: Option<u64>,
        table_mb: usize,
        max_depth: u32,
        rest: bool,
        shortest: bool,
        counting: &str,
    ) -> PyResult<crate::tsume::TsumeResult> {
        crate::tsume::solve(py, &self.pos, nodes, time_ms, table_mb, max_depth, rest, shortest, counting)
    }

    /// The alternative mates (余詰) along moves, a mate of counted length from this position (as
    /// mate(shortest=True) gives: its moves and length; Rust's TsumeSolver::alternatives): at each
    /// attacker's ply, every other check after which the attacker still mates within the plies the
    /// line has left, counted as counting says. A TsumeAlternatives with status 'ok', or 'unknown'
    /// and the reason ('node_limit', ...; 'line_not_found' when moves is no mating line), and the
    /// alternatives found (at most 1,024), each a TsumeAlternative (ply, move). Moves are Move,
    /// int codes or USI text, each legal where it is played (MoveError otherwise). The GIL is
    /// released; there is no time limit (the core's search takes no stop callback here).
    #[pyo3(signature = (moves, length, *, counting = "strict", nodes = None, table_mb = 16, max_depth = 400))]
    #[allow(clippy::too_many_arguments)]
    fn mate_alternatives(
        &self,
        py: Python<'_>,
        moves: Vec<Bound<'_, PyAny>>,
        length: u16,
        counting: &str,
        nodes: Option<u64>,
        table_mb: usize,
        max_depth: u32,
    ) -> PyResult<crate::tsume::TsumeAlternatives> {
        let mut at = self.pos.clone();
        let mut line = Vec::with_capacity(moves.len());
        for mv in &moves {
            let mv = move_in(py, &at, mv)?;
            if at.play(mv).is_err() {
                return Err(errors::illegal_move(py, &at, mv));
            }
            line.push(mv);
        }
        crate::tsume::alternatives(py, &self.pos, &line, length, nodes, table_mb, max_depth, counting)
    }

    /// The static exchange evaluation of a legal move (material won on its square, in the default
    /// piece values). Raises MoveError for a move that is not legal.
    fn see(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<i32> {
        let mv = self.legal_arg(py, mv)?;
        Ok(self.pos.see(mv))
    }

    /// True when the static exchange evaluation of the legal move is at least threshold.
    fn see_ge(&self, py: Python<'_>, mv: &Bound<'_, PyAny>, threshold: i32) -> PyResult<bool> {
        let mv = self.legal_arg(py, mv)?;
        Ok(self.pos.see_ge(mv, threshold))
    }

    /// The 64-bit Zobrist key of the position (board, hands, side to move).
    #[getter]
    fn key(&self) -> u64 {
        self.pos.key()
    }

    /// The side to move: 0 (hayanagi.BLACK, sente) or 1 (hayanagi.WHITE, gote).
    #[getter]
    fn turn(&self) -> usize {
        self.pos.side_to_move().index()
    }

    /// The SFEN move number (1 at the start of a game; it grows by one per move).
    #[getter]
    fn ply(&self) -> u64 {
        self.pos.ply()
    }

    /// The piece on a square (an index 0-80 or USI text such as '7g') in SFEN letters ('P', '+b',
    /// 'k'), None if empty.
    fn piece_at(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.pos.piece_at(square_arg(py, square)?).map(|p| p.to_string()))
    }

    /// The 81 squares in index order (9a, 8a, ..., 1i), each a piece in SFEN letters or None.
    #[getter]
    fn pieces(&self) -> Vec<Option<String>> {
        self.pos.board().iter().map(|p| p.map(|p: Piece| p.to_string())).collect()
    }

    /// The pieces in hand of a colour (0 black, 1 white): a dict from 'P', 'L', 'N', 'S', 'G', 'B',
    /// 'R' to counts.
    fn hand<'py>(&self, py: Python<'py>, color: usize) -> PyResult<Bound<'py, PyDict>> {
        hand_dict(py, &self.pos, color_arg(color)?)
    }

    /// Both hands, black's first (see hand).
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [hand_dict(py, &self.pos, Color::Black)?, hand_dict(py, &self.pos, Color::White)?])
    }

    /// The square index of a colour's king, None if it has none (tsume problems).
    fn king(&self, color: usize) -> PyResult<Option<usize>> {
        Ok(self.pos.king(color_arg(color)?).map(Square::index))
    }

    /// A copy (position, start and moves): changes to one do not touch the other.
    fn copy(&self) -> Board {
        self.clone_board()
    }

    /// copy.copy support.
    fn __copy__(&self) -> Board {
        self.clone_board()
    }

    /// copy.deepcopy support.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone_board()
    }

    /// Equal positions: board, hands, side to move and ply (the moves played are not compared).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Board>() {
            Ok(other) => match other.try_borrow() {
                Ok(other) => other.pos == self.pos,
                // `board == board`: the same object is borrowed already, and equal to itself.
                Err(_) => true,
            },
            Err(_) => false,
        }
    }

    /// The hash of the position (its Zobrist key mixed with the ply), consistent with ==.
    fn __hash__(&self) -> u64 {
        self.pos.key() ^ self.pos.ply().wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The board diagram: White's hand, the board in SFEN letters (rank a at the top, file 9 on the
    /// left), Black's hand, the side to move and the ply.
    fn __str__(&self) -> String {
        picture::diagram(&self.pos)
    }

    /// The position as an SVG picture: the board with its pieces in kanji, both hands, and the last
    /// move's squares highlighted (unless highlight_last is False); scale multiplies its size
    /// (488 x 434 at 1).
    #[pyo3(signature = (scale = 1.0, highlight_last = true))]
    fn svg(&self, scale: f64, highlight_last: bool) -> PyResult<String> {
        if !(scale.is_finite() && scale > 0.0) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!("scale {scale} is not a positive number")));
        }
        let last = if highlight_last { self.last_move() } else { None };
        Ok(picture::svg(&self.pos, last, scale))
    }

    /// The SVG picture Jupyter shows for a board (Board.svg()).
    fn _repr_svg_(&self) -> String {
        picture::svg(&self.pos, self.last_move(), 1.0)
    }

    /// Board.from_usi('<the USI command>').
    fn __repr__(&self) -> String {
        format!("Board.from_usi({:?})", self.usi())
    }

    /// Pickles as the USI command (start position and moves).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_usi = py.get_type::<Board>().getattr("from_usi")?;
        (from_usi, (slf.borrow().usi(),)).into_pyobject(py)
    }
}

impl Board {
    fn clone_board(&self) -> Board {
        let storage = self.history.entries().to_vec();
        let capacity = storage.len().max(64);
        let mut storage = storage;
        storage.resize(capacity, Entry::EMPTY);
        let history = History::from_parts(storage, self.history.len(), self.history.start_key())
            .unwrap_or_else(|| History::new(vec![Entry::EMPTY; 64]));
        Board {
            pos: self.pos.clone(),
            start: self.start.clone(),
            history,
            pending: self.pending.clone(),
            listed: Listed::default(),
        }
    }

    fn reset_to(&mut self, pos: Position) {
        self.start = pos.clone();
        self.pos = pos;
        self.history.clear();
        self.pending.clear();
        self.listed.clear();
    }

    /// The legal moves (of one filter), kept as this ply's list for push.
    fn listed_moves(&mut self, filter: Option<&Bound<'_, MoveFilter>>) -> hayanagi::MoveList {
        let list = match filter {
            None => self.pos.legal_moves(),
            Some(filter) => self.pos.legal_moves_of(filter.get().core()),
        };
        self.listed.record(self.len(), list.as_slice(), filter.is_none());
        list
    }

    /// A move argument that must be legal here.
    fn legal_arg(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<CoreMove> {
        let mv = self.move_arg(py, mv)?;
        if self.pos.is_legal(mv) { Ok(mv) } else { Err(errors::illegal_move(py, &self.pos, mv)) }
    }
}

/// Reads a move argument at `pos`: a Move, a hayanagi code (int) or USI text (str, read in `pos`);
/// legality unchecked.
#[inline]
pub(crate) fn move_in(py: Python<'_>, pos: &Position, mv: &Bound<'_, PyAny>) -> PyResult<CoreMove> {
    if let Ok(obj) = mv.cast::<Move>() {
        return Ok(obj.get().inner);
    }
    if mv.is_instance_of::<PyInt>() {
        let code = mv.extract::<u32>().ok();
        return code.and_then(|code| u16::try_from(code).ok()).and_then(CoreMove::from_bits).ok_or_else(|| {
            errors::new_error::<errors::MoveError>(
                py,
                format_args!("{mv} is not a hayanagi move code"),
                "bad_code",
                None,
                &[],
            )
        });
    }
    if mv.is_instance_of::<PyString>() {
        let text: PyBackedStr = mv.extract()?;
        return pos.parse_usi_move(&text).map_err(|e| errors::usi_move_error(py, Some(pos), &text, e));
    }
    Err(PyTypeError::new_err(format!(
        "a move is a hayanagi.Move, an int code or a USI str, not {}",
        mv.get_type().name()?
    )))
}

fn packed_format(format: &str) -> PyResult<PackedFormat> {
    match format {
        "hcp" => Ok(PackedFormat::Hcp),
        "packed_sfen" | "psfen" => Ok(PackedFormat::PackedSfen),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "packed format {format:?}: expected 'hcp' or 'packed_sfen'"
        ))),
    }
}
