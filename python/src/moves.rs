//! `hayanagi.Move`: an immutable move value, one shared object per move (so that a list of legal
//! moves costs a reference count per move, not an allocation), with its USI text, its own 16-bit
//! code and the 16-bit codes of cshogi and YaneuraOu.

// PyO3 methods take `&self`; their names are the Python API's (`to_square`, `from_square`).
#![allow(clippy::wrong_self_convention)]

use hayanagi::{Move as CoreMove, Move16Format, PieceKind, Square};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use crate::errors;

/// A move: a piece moving on the board (with or without promotion) or a piece dropped from hand.
///
/// A Move says only what its USI text says; whether it is legal is the board's question. Moves are
/// immutable, hashable, ordered by code and pickled as their code. Build one with Move.from_usi
/// (text) or Move.from_code (hayanagi's 16-bit code); boards hand them out from legal_moves().
#[pyclass(module = "hayanagi", name = "Move", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub(crate) inner: CoreMove,
}

/// Every move object, made on first use and then shared, indexed by the low 15 bits of the move's
/// code (only the moves a program meets are made).
static MOVES: [PyOnceLock<Py<Move>>; 1 << 15] = [const { PyOnceLock::new() }; 1 << 15];

/// The shared object of `mv`.
#[inline]
pub(crate) fn object(py: Python<'_>, mv: CoreMove) -> PyResult<Py<Move>> {
    Ok(shared(py, mv)?.clone_ref(py))
}

#[inline]
fn shared(py: Python<'_>, mv: CoreMove) -> PyResult<&'static Py<Move>> {
    match MOVES.get(usize::from(mv.to_bits() & 0x7fff)) {
        Some(slot) => slot.get_or_try_init(py, || Py::new(py, Move { inner: mv })),
        // Unreachable: the table has a slot for every 15-bit value.
        None => Err(pyo3::exceptions::PyRuntimeError::new_err("internal error: move table")),
    }
}

/// The objects of `moves`, shared, for building lists without an allocation per move.
pub(crate) fn objects<'py>(py: Python<'py>, moves: &[CoreMove]) -> PyResult<Vec<Bound<'py, Move>>> {
    moves.iter().map(|&mv| Ok(shared(py, mv)?.bind(py).clone())).collect()
}

/// A Python list of the shared objects of `moves`, built in one pass with no buffer in between.
pub(crate) fn list<'py>(py: Python<'py>, moves: &[CoreMove]) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    // Make the objects first (the only step that can fail), then fill the list from the table.
    for &mv in moves {
        shared(py, mv)?;
    }
    let made = |mv: &CoreMove| MOVES.get(usize::from(mv.to_bits() & 0x7fff)).and_then(|slot| slot.get(py));
    debug_assert!(moves.iter().all(|mv| made(mv).is_some()));
    pyo3::types::PyList::new(py, moves.iter().map(made))
}

/// A hand kind's USI letter (`P`, `L`, `N`, `S`, `G`, `B`, `R`).
pub(crate) fn kind_letter(kind: PieceKind) -> char {
    kind.base_letter()
}

/// Reads a 16-bit code in `format` into a move (syntax only).
fn from_move16(py: Python<'_>, code: u32, format: Move16Format) -> PyResult<Py<Move>> {
    let Ok(code16) = u16::try_from(code) else {
        return Err(errors::new_error::<errors::MoveError>(
            py,
            format_args!("move code {code} does not fit in 16 bits"),
            "out_of_range",
            None,
            &[],
        ));
    };
    let mv = CoreMove::from_move16(code16, format).map_err(|e| errors::move16_error(py, code, e))?;
    object(py, mv)
}

#[pymethods]
impl Move {
    /// The move written in USI ('7g7f', '8h2b+', 'P*5e'). Raises MoveError on text that is not a
    /// USI move (whether it is legal is the board's question: Board.push_usi).
    #[staticmethod]
    fn from_usi(py: Python<'_>, usi: &str) -> PyResult<Py<Move>> {
        let mv = CoreMove::from_usi(usi).map_err(|e| errors::usi_move_error(py, None, usi, e))?;
        object(py, mv)
    }

    /// The move of hayanagi's 16-bit code (Move.code). Raises MoveError for a value no move encodes.
    #[staticmethod]
    fn from_code(py: Python<'_>, code: u32) -> PyResult<Py<Move>> {
        match u16::try_from(code).ok().and_then(CoreMove::from_bits) {
            Some(mv) => object(py, mv),
            None => Err(errors::new_error::<errors::MoveError>(
                py,
                format_args!("{code} is not a hayanagi move code"),
                "bad_code",
                None,
                &[],
            )),
        }
    }

    /// The move of a 16-bit code in cshogi's layout (cshogi.move16(move), the best move of hcpe
    /// records). Syntax only; Board.move_from_cshogi16 also checks legality.
    #[staticmethod]
    fn from_cshogi16(py: Python<'_>, code: u32) -> PyResult<Py<Move>> {
        from_move16(py, code, Move16Format::Cshogi)
    }

    /// The move of a 16-bit code in YaneuraOu's layout (the move of PSV records,
    /// cshogi.move16_to_psv). Syntax only; Board.move_from_yaneuraou16 also checks legality.
    #[staticmethod]
    fn from_yaneuraou16(py: Python<'_>, code: u32) -> PyResult<Py<Move>> {
        from_move16(py, code, Move16Format::YaneuraOu)
    }

    /// The move in USI ('7g7f', '8h2b+', 'P*5e').
    #[getter]
    fn usi(&self) -> String {
        self.inner.to_string()
    }

    /// hayanagi's 16-bit code: bits 0-6 the destination square, bits 7-13 the origin square (81 +
    /// hand-kind index for a drop), bit 14 promotion, bit 15 always set. Stable across versions.
    #[getter]
    fn code(&self) -> u16 {
        self.inner.to_bits()
    }

    /// The 16-bit code in cshogi's layout (equal to cshogi.move16 of cshogi's move).
    fn to_cshogi16(&self) -> u16 {
        self.inner.to_move16(Move16Format::Cshogi)
    }

    /// The 16-bit code in YaneuraOu's layout (the move of PSV records).
    fn to_yaneuraou16(&self) -> u16 {
        self.inner.to_move16(Move16Format::YaneuraOu)
    }

    /// The destination square's index (0 = 9a, 8 = 1a, 80 = 1i: row * 9 + column, see
    /// hayanagi.square_name).
    #[getter]
    fn to_square(&self) -> usize {
        self.inner.to().index()
    }

    /// The origin square's index, None for a drop.
    #[getter]
    fn from_square(&self) -> Option<usize> {
        self.inner.from().map(Square::index)
    }

    /// The dropped kind's letter ('P', 'L', 'N', 'S', 'G', 'B', 'R'), None for a board move.
    #[getter]
    fn drop_kind(&self) -> Option<char> {
        self.inner.drop_kind().map(kind_letter)
    }

    /// True for a drop.
    #[getter]
    fn is_drop(&self) -> bool {
        self.inner.is_drop()
    }

    /// True for a board move that promotes.
    #[getter]
    fn is_promotion(&self) -> bool {
        self.inner.is_promotion()
    }

    /// The USI text.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// Move.from_usi('7g7f').
    fn __repr__(&self) -> String {
        format!("Move.from_usi('{}')", self.inner)
    }

    /// Pickles as the code.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_code = py.get_type::<Move>().getattr("from_code")?;
        (from_code, (slf.get().inner.to_bits(),)).into_pyobject(py)
    }
}

/// The USI name of a square index ('9a' for 0, '1i' for 80). Raises IndexError outside 0-80.
#[pyfunction]
pub(crate) fn square_name(square: usize) -> PyResult<String> {
    Square::try_index(square)
        .map(|sq| sq.to_string())
        .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("square {square} is not 0-80")))
}

/// The index of a square in USI ('7g' -> 56). Raises hayanagi.Error (kind 'length', 'file' or
/// 'rank') for text that is not a square.
#[pyfunction]
pub(crate) fn parse_square(py: Python<'_>, name: &str) -> PyResult<usize> {
    Square::from_usi(name).map(Square::index).map_err(|e| {
        errors::new_error::<errors::Error>(py, format_args!("{name:?}: {e}"), &errors::kind_name(&e), Some(0), &[])
    })
}

/// cshogi's (Apery's) piece-type number of a kind: P L N S B R G K, then the promoted P L N S B R
/// (1-14).
pub(crate) const fn cshogi_piece_type(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance => 2,
        PieceKind::Knight => 3,
        PieceKind::Silver => 4,
        PieceKind::Bishop => 5,
        PieceKind::Rook => 6,
        PieceKind::Gold => 7,
        PieceKind::King => 8,
        PieceKind::ProPawn => 9,
        PieceKind::ProLance => 10,
        PieceKind::ProKnight => 11,
        PieceKind::ProSilver => 12,
        PieceKind::Horse => 13,
        PieceKind::Dragon => 14,
    }
}

/// cshogi's 32-bit move of a legal move in `pos`: the 16-bit code (cshogi's layout), the moved
/// piece's type (before promotion) in bits 16-19 and the captured piece's type in bits 20-23; a
/// drop has neither.
pub(crate) fn to_cshogi32(pos: &hayanagi::Position, mv: CoreMove) -> u32 {
    let code = u32::from(mv.to_move16(Move16Format::Cshogi));
    if mv.is_drop() {
        return code;
    }
    let moved = pos.moved_piece(mv).map_or(0, |p| cshogi_piece_type(p.kind()));
    let captured = pos.captured_piece(mv).map_or(0, |p| cshogi_piece_type(p.kind()));
    code | moved << 16 | captured << 20
}
