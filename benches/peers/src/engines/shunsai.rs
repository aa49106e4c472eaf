//! shunsai: moves come as one MoveSet per origin through a callback; make/unmake in place.
//!
//! The fastest way its API allows without a heap allocation per node: each ply's MoveSets are
//! collected into a buffer allocated once per depth (generate_moves borrows the position, so the sets
//! are kept until the callback returns), then each set's moves are played with do_move / undo_move.
//! Bulk counts the last ply with MoveSet::len, never building a Move.

use std::hint::black_box;
use std::ops::ControlFlow;

use shogi_core::PartialPosition;
use shogi_usi_parser::FromUsi;
use shunsai::{MoveSet, Position};

use super::{Mode, Perft};

struct Shunsai {
    position: Position,
    /// One MoveSet buffer per remaining depth, reused by every node at that depth.
    buffers: Vec<Vec<MoveSet>>,
}

fn perft(position: &mut Position, buffers: &mut [Vec<MoveSet>], depth: u32, mode: Mode) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && mode.is_bulk() {
        let mut nodes = 0;
        let _ = position.generate_moves(|set| {
            nodes += set.len() as u64;
            ControlFlow::Continue(())
        });
        return nodes;
    }
    let Some((sets, deeper)) = buffers.split_first_mut() else { unreachable!("one buffer per ply") };
    sets.clear();
    let _ = position.generate_moves(|set| {
        sets.push(set);
        ControlFlow::Continue(())
    });
    let mut nodes = 0;
    for &set in sets.iter() {
        for mv in set {
            let undo = position.do_move(mv);
            // A leaf is never read; black_box keeps the compiler from skipping the move.
            nodes += perft(black_box(&mut *position), deeper, depth - 1, mode);
            position.undo_move(mv, undo);
        }
    }
    nodes
}

impl Perft for Shunsai {
    fn perft(&mut self, depth: u32, mode: Mode) -> u64 {
        while self.buffers.len() < depth as usize {
            // More sets than any position has (one per origin, plus seven drop kinds).
            self.buffers.push(Vec::with_capacity(128));
        }
        perft(&mut self.position, &mut self.buffers, depth, mode)
    }
}

pub fn setup(sfen: &str) -> Result<Box<dyn Perft>, String> {
    let partial = PartialPosition::from_usi(&format!("sfen {sfen}")).map_err(|error| format!("{error:?}"))?;
    Ok(Box::new(Shunsai { position: Position::new(partial), buffers: Vec::new() }))
}
