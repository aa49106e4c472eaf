//! What engines ask of a position beyond the rules: the static exchange evaluation.

pub(crate) mod see;
