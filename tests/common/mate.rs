//! Mate by brute force, for checking the library's mate search: every legal move is played, and
//! every reply is searched with the full legal move list.

#![allow(dead_code)]

use hayanagi::{Move, Position};

/// True when the legal `mv` mates: the opponent is then in check with no legal move.
pub fn mates(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.play(mv).expect("a legal move");
    after.in_check() && after.legal_moves().is_empty()
}

/// Every mating move.
pub fn mates_in_1(pos: &Position) -> Vec<Move> {
    pos.legal_moves().iter().copied().filter(|&mv| mates(pos, mv)).collect()
}

/// True when `mv` checks and every reply allows a mate in 1 (true for a mate in 1 itself).
pub fn forces_mate_in_2_more(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.play(mv).expect("a legal move");
    after.in_check()
        && after.legal_moves().iter().all(|&reply| {
            let mut next = after.clone();
            next.play(reply).expect("a legal reply");
            next.legal_moves().iter().any(|&mate| mates(&next, mate))
        })
}

/// True when there is a mate within three plies.
pub fn mate_in_3(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&mv| forces_mate_in_2_more(pos, mv))
}
