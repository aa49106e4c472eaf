//! Text in and out: SFEN positions, USI moves and `position` commands, CSA moves and Japanese
//! (KIF / KI2) moves.

pub(crate) mod csa;
pub(crate) mod japanese;
pub(crate) mod sfen;
pub(crate) mod usi;
