//! The exception types of the package, shared by every module (the board, records, the array
//! functions of `data`): one `ValueError` subclass hierarchy whose instances carry the Rust error's
//! kind (`.kind`, the variant's name in snake_case) and, where the input has one, the byte offset
//! (`.offset`; `None` where there is none).

use core::fmt::{Debug, Display};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use pyo3::{PyTypeInfo, create_exception};

create_exception!(
    hayanagi,
    Error,
    PyValueError,
    "The base of every error hayanagi raises for bad input (a ValueError).\n\n\
     .kind is what is wrong, a snake_case name (e.g. 'nifu', 'illegal'); .offset is the byte offset\n\
     into the input where there is one, else None."
);
create_exception!(
    hayanagi,
    SfenError,
    Error,
    "A rejected SFEN. .field names the field ('input', 'board', 'side', 'hands', 'ply'); .offset is\n\
     the byte offset into the text given (into the whole command for an SFEN inside a USI command)."
);
create_exception!(
    hayanagi,
    UsiError,
    Error,
    "A rejected USI position command (other than its SFEN, which raises SfenError). For a bad move\n\
     of its 'moves' list .index is the move's index in the list, else None."
);
create_exception!(
    hayanagi,
    MoveError,
    Error,
    "A move that cannot be read (bad USI text, a bad move code) or is not legal in the position.\n\
     .kind is 'illegal' for a well-formed move that is not legal; then .rule names the rule it breaks\n\
     ('no_piece', 'own_piece', 'unreachable', 'cannot_promote', 'dead_piece', 'not_in_hand',\n\
     'occupied', 'two_pawns', 'pawn_drop_mate', 'ignores_check', 'exposes_king'), else None."
);
create_exception!(
    hayanagi,
    PackedError,
    Error,
    "Packed position bytes (HCP, PackedSfen) that are not a position, or a position that cannot be\n\
     packed. .offset is the byte of the problem, .bit the bit (both None when packing)."
);
create_exception!(
    hayanagi,
    GameRecordError,
    Error,
    "A game record (CSA, KIF, KI2, JKF) that cannot be read or written. For a record read, .line\n\
     and .column (1-based; the column counts characters) say where; for one the writers refuse (an\n\
     illegal move in a variation, an ending the position contradicts, a variation at a ply its line\n\
     does not have), .ply (from 1) does. .offset is None."
);

/// Adds the exception types to the module, with class-level defaults for their attributes (so an
/// instance raised without them still answers `.kind` and `.offset`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let defaults = |ty: &Bound<'_, PyType>, names: &[&str]| -> PyResult<()> {
        for name in names {
            ty.setattr(*name, py.None())?;
        }
        Ok(())
    };
    let base = Error::type_object(py);
    base.setattr("kind", "")?;
    defaults(&base, &["offset"])?;
    defaults(&SfenError::type_object(py), &["field"])?;
    defaults(&UsiError::type_object(py), &["index"])?;
    defaults(&MoveError::type_object(py), &["rule"])?;
    defaults(&PackedError::type_object(py), &["bit"])?;
    defaults(&GameRecordError::type_object(py), &["line", "column", "ply"])?;
    m.add("Error", base)?;
    m.add("SfenError", SfenError::type_object(py))?;
    m.add("UsiError", UsiError::type_object(py))?;
    m.add("MoveError", MoveError::type_object(py))?;
    m.add("PackedError", PackedError::type_object(py))?;
    m.add("GameRecordError", GameRecordError::type_object(py))?;
    Ok(())
}

/// The snake_case name of an error kind's variant from its `Debug` text (`HandRepeated { .. }` ->
/// `hand_repeated`). Every kind, including ones added later, gets its own name without a table
/// that could fall behind. A kind that wraps a rule problem of the setup (`Setup(Nifu { .. })`,
/// the one spelling of those rules) is named by the problem (`nifu`).
pub fn kind_name(kind: &impl Debug) -> String {
    let full = format!("{kind:?}");
    let text = full.strip_prefix("Setup(").unwrap_or(&full);
    let mut name = String::new();
    for (i, c) in text.chars().take_while(char::is_ascii_alphanumeric).enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                name.push('_');
            }
            name.push(c.to_ascii_lowercase());
        } else {
            name.push(c);
        }
    }
    name
}

/// An exception of type `T` with the message `message`, `.kind` and `.offset` set, and the extra
/// attributes `extra`.
pub(crate) fn new_error<T: PyTypeInfo>(
    py: Python<'_>,
    message: impl Display,
    kind: &str,
    offset: Option<usize>,
    extra: &[(&str, Py<PyAny>)],
) -> PyErr {
    let err = PyErr::from_type(T::type_object(py), message.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of memory exhaustion; if it
    // does, that error is the one raised.
    let set = || -> PyResult<()> {
        value.setattr("kind", kind)?;
        value.setattr("offset", offset)?;
        for (name, v) in extra {
            value.setattr(*name, v)?;
        }
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A rejected SFEN as [`SfenError`].
pub(crate) fn sfen_error(py: Python<'_>, e: hayanagi::SfenError) -> PyErr {
    let field = PyString::new(py, &kind_name(&e.field())).into_any().unbind();
    new_error::<SfenError>(py, e, &kind_name(&e.kind()), Some(e.offset()), &[("field", field)])
}

/// A rejected USI position command: its SFEN's errors as [`SfenError`], the rest as [`UsiError`].
pub(crate) fn usi_error(py: Python<'_>, e: hayanagi::UsiError) -> PyErr {
    use hayanagi::{UsiErrorKind, UsiMoveError};
    match e.kind() {
        UsiErrorKind::Sfen(sfen) => sfen_error(py, sfen),
        UsiErrorKind::Move { index, error } => {
            let kind = match error {
                UsiMoveError::Syntax { error, .. } => kind_name(&error),
                UsiMoveError::Illegal(_) => "illegal".to_owned(),
            };
            new_error::<UsiError>(py, e, &kind, Some(e.offset()), &[("index", index_object(py, index))])
        }
        UsiErrorKind::PlyLimit { index } => {
            new_error::<UsiError>(py, e, "ply_limit", Some(e.offset()), &[("index", index_object(py, index))])
        }
        kind => new_error::<UsiError>(py, e, &kind_name(&kind), Some(e.offset()), &[]),
    }
}

fn index_object(py: Python<'_>, index: usize) -> Py<PyAny> {
    match index.into_pyobject(py) {
        Ok(i) => i.into_any().unbind(),
        Err(never) => match never {},
    }
}

/// A USI move that is malformed or illegal in the position, as [`MoveError`].
pub(crate) fn usi_move_error(
    py: Python<'_>,
    pos: Option<&hayanagi::Position>,
    text: &str,
    e: hayanagi::UsiMoveError,
) -> PyErr {
    use hayanagi::UsiMoveError;
    match e {
        UsiMoveError::Syntax { offset, error } => {
            new_error::<MoveError>(py, format_args!("{text:?}: {e}"), &kind_name(&error), Some(offset), &[])
        }
        UsiMoveError::Illegal(mv) => match pos {
            Some(pos) => illegal_move(py, pos, mv),
            None => new_error::<MoveError>(py, format_args!("{text:?}: {e}"), "illegal", None, &[]),
        },
    }
}

/// A move that is not legal in `pos`, as [`MoveError`] of kind `illegal` with `.rule`, the rule it
/// breaks (`two_pawns`, `pawn_drop_mate`, `ignores_check`, ...: the core's `Illegality`).
pub(crate) fn illegal_move(py: Python<'_>, pos: &hayanagi::Position, mv: hayanagi::Move) -> PyErr {
    match pos.illegality(mv) {
        Some(rule) => {
            let name = PyString::new(py, &kind_name(&rule)).into_any().unbind();
            new_error::<MoveError>(py, format_args!("illegal move {mv}: {rule}"), "illegal", None, &[("rule", name)])
        }
        None => new_error::<MoveError>(py, format_args!("illegal move {mv}"), "illegal", None, &[]),
    }
}

/// A 16-bit code that is not a move (of the position), as [`MoveError`].
pub(crate) fn move16_error(py: Python<'_>, code: u32, e: hayanagi::Move16Error) -> PyErr {
    let kind = match e {
        hayanagi::Move16Error::Illegal(_) => "illegal".to_owned(),
        e => kind_name(&e),
    };
    new_error::<MoveError>(py, format_args!("move code 0x{code:04x}: {e}"), &kind, None, &[])
}

/// Packed bytes that are not a position, as [`PackedError`] with the byte and bit.
pub(crate) fn unpack_error(py: Python<'_>, e: hayanagi::UnpackError) -> PyErr {
    let bit = index_object(py, e.bit());
    new_error::<PackedError>(py, e, &kind_name(&e.kind()), Some(e.byte()), &[("bit", bit)])
}

/// A position that cannot be packed, as [`PackedError`].
pub(crate) fn pack_error(py: Python<'_>, e: hayanagi::PackError) -> PyErr {
    new_error::<PackedError>(py, e, &kind_name(&e), None, &[])
}

/// A game record that cannot be read, as [`GameRecordError`].
pub fn read_error(py: Python<'_>, e: &hayanagi_records::ReadError) -> PyErr {
    let (line, column) = (index_object(py, e.line), index_object(py, e.column));
    new_error::<GameRecordError>(py, e, &kind_name(&e.kind), None, &[("line", line), ("column", column)])
}

#[cfg(test)]
mod tests {
    use super::kind_name;

    #[test]
    fn kind_names_are_snake_case_variant_names() {
        let check = hayanagi::SetupProblem::OpponentInCheck { king: hayanagi::Square::SQ_5A };
        assert_eq!(kind_name(&hayanagi::SfenErrorKind::Setup(check)), "opponent_in_check");
        assert_eq!(kind_name(&hayanagi::Move16Error::BadSquare { value: 3 }), "bad_square");
        assert_eq!(kind_name(&hayanagi::SfenField::Ply), "ply");
        let nifu = hayanagi::Position::from_sfen("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1").unwrap_err();
        assert_eq!(kind_name(&nifu.kind()), "nifu");
    }
}
