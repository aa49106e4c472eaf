//! The rules of a game beyond one move: status (mate, no moves, repetition, perpetual check), the
//! game history that decides repetition, and the entering-king declaration.

pub(crate) mod declaration;
pub(crate) mod history;
pub(crate) mod illegal;
pub(crate) mod mate;
pub(crate) mod status;
