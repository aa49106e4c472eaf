//! shogi_core's position with shogi_legality_lite's legal move list (a Vec per node), copy-make.

use std::hint::black_box;

use shogi_core::PartialPosition;
use shogi_usi_parser::FromUsi;

use super::{Mode, Perft};

struct Lite(PartialPosition);

fn perft(position: &PartialPosition, depth: u32, mode: Mode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = shogi_legality_lite::all_legal_moves_partial(position);
    if depth == 1 && mode.is_bulk() {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        let mut child = position.clone();
        child.make_move(mv).expect("shogi_core refused a move shogi_legality_lite called legal");
        // A leaf child is never read; black_box keeps the compiler from skipping the move.
        nodes += perft(black_box(&child), depth - 1, mode);
    }
    nodes
}

impl Perft for Lite {
    fn perft(&mut self, depth: u32, mode: Mode) -> u64 {
        perft(&self.0, depth, mode)
    }
}

pub fn setup(sfen: &str) -> Result<Box<dyn Perft>, String> {
    let position = PartialPosition::from_usi(&format!("sfen {sfen}")).map_err(|error| format!("{error:?}"))?;
    Ok(Box::new(Lite(position)))
}
