//! haitaka: moves come per piece through a callback; a move is played into a clone of the board.

use std::hint::black_box;

use haitaka::Board;

use super::{Mode, Perft};

struct Haitaka(Board);

fn perft(board: &Board, depth: u32, mode: Mode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 && mode.is_bulk() {
        board.generate_moves(|moves| {
            // The iterator's exact length counts the promoting and non-promoting versions of each move.
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            // A leaf child is never read; black_box keeps the compiler from skipping the move.
            nodes += perft(black_box(&child), depth - 1, mode);
        }
        false
    });
    nodes
}

impl Perft for Haitaka {
    fn perft(&mut self, depth: u32, mode: Mode) -> u64 {
        perft(&self.0, depth, mode)
    }
}

pub fn setup(sfen: &str) -> Result<Box<dyn Perft>, String> {
    let board = Board::from_sfen(sfen).map_err(|error| format!("{error:?}"))?;
    Ok(Box::new(Haitaka(board)))
}
