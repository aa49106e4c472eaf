//! The rules beyond generating one move: the game status (mate, no moves, repetition, perpetual
//! check; `status.rs`), the game history that decides repetition (`history.rs`), the entering-king
//! declaration (`declaration.rs`), the rule an illegal move breaks (`illegal.rs`), and exact mate
//! search in 1 and 3 plies (`mate.rs`). The rules themselves are numbered in docs/RULES.md
//! (R44–R57, R75–R77).

pub(crate) mod declaration;
pub(crate) mod history;
pub(crate) mod illegal;
pub(crate) mod mate;
pub(crate) mod status;
