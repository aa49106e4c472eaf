//! The small values everything else is built from: colours, files, ranks, squares, piece kinds,
//! pieces, hands, moves and the fixed-capacity move list; and under them the board geometry in raw
//! numbers (`geometry.rs`), shared with the table generator. The lowest layer: nothing here uses any
//! other part of the crate.
//!
//! `Color`, `File`, `Rank`, `Square` and `PieceKind` each write out their `ALL`, `NUM`, `index` and
//! `try_index` rather than take them from a macro: the bodies are one line each, while the docs and
//! examples are each type's own (what index 0 is, what an index means on the board). The contract
//! they share (`ALL` in index order, `try_index` the inverse of `index`) is checked once, over all of
//! them, in `tests/types.rs`.

pub(crate) mod color;
pub(crate) mod file;
pub(crate) mod geometry;
pub(crate) mod hand;
pub(crate) mod move_list;
pub(crate) mod moves;
pub(crate) mod parse_error;
pub(crate) mod piece;
pub(crate) mod piece_kind;
pub(crate) mod rank;
pub(crate) mod square;
