//! The native module `hayanagi._hayanagi` of the Python package `hayanagi` (re-exported by
//! `hayanagi/__init__.py`; typed by `hayanagi/_hayanagi.pyi`).
//!
//! Layout: `errors` (the exception types, shared by every module), `moves` (`Move`), `board`
//! (`Board`, `MoveFilter`, `Status`); `data/` (owned by the training-data side: numpy dtypes, array
//! functions, features; its `data::bind::register` adds its names to the module).

mod board;
pub mod data;
pub mod errors;
mod fast;
mod moves;
mod picture;
mod records;
mod tsume;

use pyo3::prelude::*;

pub use board::Board;

/// hayanagi: a shogi core in Rust (exact legal moves, rules, game records, training-data arrays).
#[pymodule]
fn _hayanagi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<moves::Move>()?;
    m.add_class::<board::Board>()?;
    fast::install(m.py())?;
    m.add_class::<board::MoveFilter>()?;
    m.add_class::<board::Status>()?;
    m.add_class::<board::Declaration>()?;
    m.add_class::<tsume::TsumeResult>()?;
    m.add_class::<tsume::TsumeAlternative>()?;
    m.add_class::<tsume::TsumeAlternatives>()?;
    m.add_class::<records::GameRecord>()?;
    m.add_class::<records::RecordMove>()?;
    m.add_class::<records::Outcome>()?;
    m.add_class::<records::Variation>()?;
    m.add_class::<records::Evaluation>()?;
    m.add_class::<records::TimeControl>()?;
    m.add_function(wrap_pyfunction!(moves::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(moves::parse_square, m)?)?;
    m.add("BLACK", 0)?;
    m.add("WHITE", 1)?;
    m.add("STARTPOS", board::STARTPOS)?;
    data::bind::register(m)?;
    Ok(())
}
