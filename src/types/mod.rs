//! The small values everything else is built from: colours, files, ranks, squares, piece kinds,
//! pieces, hands, moves and the fixed-capacity move list; and under them the board geometry in raw
//! numbers (`geometry.rs`), shared with the table generator. The lowest layer: nothing here uses any
//! other part of the crate.

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
