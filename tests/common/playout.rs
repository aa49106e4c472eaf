//! Random games from a position, with a bias toward one kind of move, to reach varied positions:
//! full hands, many drops, checks, promotions, long games.

#![allow(dead_code)]

use hayanagi::{Move, Position};

use crate::common::Rng;

#[derive(Clone, Copy, Debug)]
pub enum Bias {
    Uniform,
    Captures,
    Drops,
    Checks,
    Promotions,
}

pub const BIASES: [Bias; 5] = [Bias::Uniform, Bias::Captures, Bias::Drops, Bias::Checks, Bias::Promotions];

fn preferred(pos: &Position, mv: Move, bias: Bias) -> bool {
    match bias {
        Bias::Uniform => false,
        Bias::Captures => pos.piece_at(mv.to()).is_some(),
        Bias::Drops => mv.is_drop(),
        Bias::Checks => pos.gives_check(mv),
        Bias::Promotions => mv.is_promotion(),
    }
}

/// Plays up to `plies` random legal moves from `start`, calling `visit` on every position reached
/// (the start included). Stops early when no move is legal.
pub fn playout(start: &Position, seed: u64, bias: Bias, plies: usize, mut visit: impl FnMut(&Position)) {
    let mut rng = Rng::new(seed);
    let mut pos = start.clone();
    visit(&pos);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let favoured: Vec<Move> = moves.iter().copied().filter(|&mv| preferred(&pos, mv, bias)).collect();
        let pool: &[Move] = if !favoured.is_empty() && rng.below(4) != 0 { &favoured } else { &moves };
        let mv = pool[rng.below(pool.len() as u64) as usize];
        pos.play(mv).expect("a generated move is legal");
        visit(&pos);
    }
}
