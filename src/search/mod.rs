//! What engines ask of a position beyond the rules: the static exchange evaluation, and the tsume
//! solver.

pub(crate) mod see;
pub(crate) mod tsume;
