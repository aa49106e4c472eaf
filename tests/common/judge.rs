//! Game status judged from scratch (docs/RULES.md R44–R47), for checking `History`: earlier positions
//! are compared as SFEN text without the move number, and checks are read from each position — no
//! Zobrist keys, no walking back. Shared by tests/status.rs and the `history` fuzz target.

#![allow(dead_code)]

use hayanagi::{Position, Status};

/// Board, side to move and hands of `pos`: its SFEN without the move number.
pub fn text(pos: &Position) -> String {
    let sfen = pos.sfen().to_string();
    match sfen.rsplit_once(' ') {
        Some((head, _)) => head.to_string(),
        None => sfen,
    }
}

/// The status of the last of `positions` (a game from its start), where `texts[i]` is
/// `text(&positions[i])`. Four occurrences of the same position end the game; of those the last
/// four count, and the moves since the earliest of them decide perpetual check.
pub fn status(positions: &[Position], texts: &[String]) -> Status {
    let (Some(current), Some(now)) = (positions.last(), texts.last()) else { return Status::None };
    if current.legal_moves().is_empty() {
        return if current.in_check() { Status::Mate } else { Status::NoMoves };
    }
    let occurrences: Vec<usize> = (0..texts.len()).filter(|&i| &texts[i] == now).collect();
    if occurrences.len() < 4 {
        return Status::None;
    }
    let first = occurrences[occurrences.len() - 4];
    let side = current.side_to_move();
    // The move into position i was made by the side not to move in i.
    let all_checks = |by_opponent: bool| {
        (first + 1..positions.len())
            .filter(|&i| (positions[i].side_to_move() == side) == by_opponent)
            .all(|i| positions[i].in_check())
    };
    match (all_checks(true), all_checks(false)) {
        (true, false) => Status::WinPerpetualCheck,
        (false, true) => Status::LossPerpetualCheck,
        _ => Status::DrawRepetition,
    }
}
