//! Text in and out: SFEN positions and USI moves and `position` commands.

pub(crate) mod sfen;
pub(crate) mod usi;
