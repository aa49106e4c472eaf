//! The hottest one-argument `Board` methods as `METH_O` methods, `pop` as a `METH_NOARGS` one, and
//! the reading of a short str without the bytes object PyO3 makes for one under the 3.9 ABI.
//!
//! PyO3 builds every method with arguments as `METH_VARARGS | METH_KEYWORDS` under the stable ABI
//! for Python 3.9 (fastcall is in the limited API only from 3.10): each call makes an argument tuple
//! and runs PyO3's generic argument parser, about 300 instructions on a call that is otherwise
//! 900 (push). `METH_O` passes the one argument as it is. The methods here replace PyO3's
//! descriptors of the same names on the `Board` type when the module is initialised (so `push` and
//! the others keep one definition of their behaviour: the `Board::*_impl` functions in `board.rs`);
//! their bodies run inside PyO3's own trampoline (attach guard, panics turned into exceptions), the
//! one PyO3 uses for binary slot methods.
//!
//! This is the crate's only `unsafe`: the raw method table and the borrowed pointers CPython passes.

use std::ffi::CStr;

use pyo3::ffi;
use pyo3::impl_::trampoline::{MethodDef, binaryfunc};
use pyo3::prelude::*;

use crate::board::Board;

/// A `METH_O` body: the board (already checked to be a `Board` by the method descriptor, checked
/// again by the cast) and the argument.
type Body = fn(Python<'_>, &Bound<'_, Board>, &Bound<'_, PyAny>) -> PyResult<Py<PyAny>>;

/// Runs `body` on the raw arguments of a `METH_O` call.
///
/// # Safety
/// `slf` and `arg` are the live borrowed references CPython passes to a `METH_O` function, and the
/// thread is attached (both hold for calls made through the descriptor `install` makes).
#[inline(always)]
unsafe fn call(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    arg: *mut ffi::PyObject,
    body: Body,
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: the caller passes CPython's borrowed references, valid for the whole call.
    let (slf, arg) = unsafe { (pyo3::Borrowed::from_ptr(py, slf), pyo3::Borrowed::from_ptr(py, arg)) };
    // The exact type first (Board cannot be subclassed, so this is the check that passes).
    let board = match slf.cast_exact::<Board>() {
        Ok(board) => board,
        Err(_) => slf.cast::<Board>()?,
    };
    body(py, &board, &arg).map(Py::into_ptr)
}

/// A `METH_NOARGS` body: the board.
type NoArgsBody = fn(Python<'_>, &Bound<'_, Board>) -> PyResult<Py<PyAny>>;

/// Runs `body` on the raw self of a `METH_NOARGS` call (CPython passes NULL as the argument).
///
/// # Safety
/// `slf` is the live borrowed reference CPython passes, and the thread is attached.
#[inline(always)]
unsafe fn call_noargs(py: Python<'_>, slf: *mut ffi::PyObject, body: NoArgsBody) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: the caller passes CPython's borrowed reference, valid for the whole call.
    let slf = unsafe { pyo3::Borrowed::from_ptr(py, slf) };
    let board = match slf.cast_exact::<Board>() {
        Ok(board) => board,
        Err(_) => slf.cast::<Board>()?,
    };
    body(py, &board).map(Py::into_ptr)
}

/// The text of a str of at most 8 characters, all ASCII, as bytes (a USI move has 4 or 5), read
/// with one call and no bytes object; None for a longer or non-ASCII str (read the usual way then).
pub(crate) fn short_ascii(text: &Bound<'_, pyo3::types::PyString>) -> PyResult<Option<([u8; 8], usize)>> {
    let ptr = text.as_ptr();
    // SAFETY: `ptr` is a live str, kept alive by `text`.
    let len = unsafe { ffi::PyUnicode_GetLength(ptr) };
    let Ok(len) = usize::try_from(len) else { return Err(PyErr::fetch(text.py())) };
    if len > 8 {
        return Ok(None);
    }
    let mut wide: [ffi::Py_UCS4; 8] = [0; 8];
    // SAFETY: the buffer holds 8 characters, at least the str's length, and no NUL is asked for.
    let done = unsafe { ffi::PyUnicode_AsUCS4(ptr, wide.as_mut_ptr(), 8, 0) };
    if done.is_null() {
        return Err(PyErr::fetch(text.py()));
    }
    let mut bytes = [0u8; 8];
    for (byte, &c) in bytes.iter_mut().zip(wide.iter().take(len)) {
        match u8::try_from(c) {
            Ok(b) if b.is_ascii() => *byte = b,
            _ => return Ok(None),
        }
    }
    Ok(Some((bytes, len)))
}

/// One `METH_NOARGS` method, as `meth_o!` makes a `METH_O` one.
macro_rules! meth_noargs {
    ($def:ident, $name:literal, $doc:literal, $body:path) => {
        struct $def;
        impl MethodDef<binaryfunc::Func> for $def {
            const METH: binaryfunc::Func = {
                unsafe fn run(
                    py: Python<'_>,
                    slf: *mut ffi::PyObject,
                    _arg: *mut ffi::PyObject,
                ) -> PyResult<*mut ffi::PyObject> {
                    // SAFETY: called by the trampoline with CPython's METH_NOARGS arguments.
                    unsafe { call_noargs(py, slf, $body) }
                }
                run
            };
        }
        impl $def {
            const NAME: &'static CStr = $name;
            const DOC: &'static CStr = $doc;
            const FUNCTION: ffi::PyCFunction = binaryfunc::<$def>;
        }
    };
}

/// One `METH_O` method: its name, docstring (with the `__text_signature__` line) and body.
macro_rules! meth_o {
    ($def:ident, $name:literal, $doc:literal, $body:path) => {
        struct $def;
        impl MethodDef<binaryfunc::Func> for $def {
            const METH: binaryfunc::Func = {
                unsafe fn run(
                    py: Python<'_>,
                    slf: *mut ffi::PyObject,
                    arg: *mut ffi::PyObject,
                ) -> PyResult<*mut ffi::PyObject> {
                    // SAFETY: called by the trampoline with CPython's METH_O arguments.
                    unsafe { call(py, slf, arg, $body) }
                }
                run
            };
        }
        impl $def {
            const NAME: &'static CStr = $name;
            const DOC: &'static CStr = $doc;
            const FUNCTION: ffi::PyCFunction = binaryfunc::<$def>;
        }
    };
}

meth_o!(
    Push,
    c"push",
    c"push($self, mv, /)\n--\n\nPlays a legal move: a Move, a hayanagi move code (int) or USI text (str). Raises MoveError\n(kind 'illegal' for a well-formed move that is not legal); on an error nothing changes.",
    Board::push_o
);
meth_o!(
    PushUsi,
    c"push_usi",
    c"push_usi($self, usi, /)\n--\n\nPlays a legal move written in USI ('7g7f', 'P*5e'). Raises MoveError.",
    Board::push_usi_o
);
meth_o!(
    SetSfen,
    c"set_sfen",
    c"set_sfen($self, sfen, /)\n--\n\nReplaces the position with the one of an SFEN and forgets the moves (cshogi's set_sfen).\nOn an error (SfenError) nothing changes.",
    Board::set_sfen_o
);
meth_o!(
    SetHcp,
    c"set_hcp",
    c"set_hcp($self, data, /)\n--\n\nReplaces the position with the one of 32 HCP bytes and forgets the moves (cshogi's set_hcp):\nbytes, a numpy row of a HuffmanCodedPos or hcpe array, or any buffer of 32 bytes. On an error\n(PackedError) nothing changes.",
    Board::set_hcp_o
);
meth_o!(
    IsLegal,
    c"is_legal",
    c"is_legal($self, mv, /)\n--\n\nTrue if the move (Move, code or USI text) is legal here. Malformed text raises MoveError.",
    Board::is_legal_o
);

meth_noargs!(
    Pop,
    c"pop",
    c"pop($self, /)\n--\n\nTakes back the last move and returns it. Raises IndexError when no move was played.",
    Board::pop_o
);

/// Puts the `METH_O` and `METH_NOARGS` methods on the `Board` type, in place of PyO3's descriptors
/// of those names.
pub(crate) fn install(py: Python<'_>) -> PyResult<()> {
    let methods = [
        (Push::NAME, Push::DOC, Push::FUNCTION, ffi::METH_O),
        (PushUsi::NAME, PushUsi::DOC, PushUsi::FUNCTION, ffi::METH_O),
        (SetSfen::NAME, SetSfen::DOC, SetSfen::FUNCTION, ffi::METH_O),
        (SetHcp::NAME, SetHcp::DOC, SetHcp::FUNCTION, ffi::METH_O),
        (IsLegal::NAME, IsLegal::DOC, IsLegal::FUNCTION, ffi::METH_O),
        (Pop::NAME, Pop::DOC, Pop::FUNCTION, ffi::METH_NOARGS),
    ];
    let ty = py.get_type::<Board>();
    for (name, doc, function, flags) in methods {
        // CPython keeps a pointer to the table for the descriptor's life (the type's): leak one per
        // module initialisation.
        let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: name.as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunction: function },
            ml_flags: flags,
            ml_doc: doc.as_ptr(),
        }));
        // SAFETY: `ty` is a live type object and `def` a valid method table that outlives it; the
        // result is a new reference or NULL with an exception set, which `from_owned_ptr_or_err`
        // takes over.
        let descr = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(ty.as_type_ptr(), def))? };
        ty.setattr(name.to_str().map_err(|_| pyo3::exceptions::PyRuntimeError::new_err("method name"))?, descr)?;
    }
    Ok(())
}
