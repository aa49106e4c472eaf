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

/// Starting points with pieces in hand, rich move lists, no king, and evasions.
pub const RICH_STARTS: [&str; 5] = [
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "lnsgkgsnl/1r5b1/pppp1pppp/9/4R4/9/PPPP1PPPP/1B7/LNSGKGSNL w Pp 1",
    "R8/2G1k4/9/2S6/2BN2N2/9/9/9/4K4 b P 1",
    "7nl/5Psk1/6p1p/9/7N1/9/9/9/9 b RBG2S2L2Pr2gsnl12p 1",
];

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
