//! Perft: counting the leaf nodes of the legal move tree, the standard move generator check.

use crate::{MoveList, Position};

impl Position {
    /// The number of legal move sequences of length `depth` from this position.
    ///
    /// With `bulk`, the last ply is counted from the legal move count without playing the moves
    /// (the usual fast perft); without it every leaf move is played and taken back. Both give the
    /// same number. Depth 0 is 1. Moves are made and unmade in place (faster here than copying the
    /// position for each move; the README has the measurement), without updating the key, which
    /// nothing in the walk reads; stack use is one [`MoveList`] per ply of depth.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// assert_eq!(pos.perft(3, true), 25_470);
    /// assert_eq!(pos.perft(2, false), 900);
    /// ```
    pub fn perft(&mut self, depth: u32, bulk: bool) -> u64 {
        match depth {
            0 => 1,
            1 if bulk => self.count_legal_moves(),
            _ => self.perft_node(depth, bulk, &mut MoveList::new()),
        }
    }

    /// Perft of a node at `depth >= 1` (>= 2 when `bulk`); `moves` is scratch space for its moves,
    /// owned by the parent so that siblings reuse it instead of each filling a fresh list.
    fn perft_node(&mut self, depth: u32, bulk: bool, moves: &mut MoveList) -> u64 {
        self.generate_legal_moves(moves);
        if depth == 1 {
            // Non-bulk leaves: every move is played and taken back.
            for &mv in moves.iter() {
                let restore = self.make_keyed::<false>(mv);
                self.unmake(mv, restore);
            }
            return moves.len() as u64;
        }
        if bulk && depth == 2 {
            let mut nodes = 0;
            for &mv in moves.iter() {
                let restore = self.make_keyed::<false>(mv);
                // The last ply is counted here: its checkers come cheaper from the move just made.
                let mut count = crate::position::movegen::CountSink(0);
                let checkers = self.checkers_after_move(mv);
                let _ = self.generate_checked(&mut count, crate::position::movegen::Scope::ALL, checkers);
                nodes += count.0;
                self.unmake(mv, restore);
            }
            return nodes;
        }
        self.perft_children(depth, bulk, moves)
    }

    /// The interior part of [`Position::perft_node`], kept out of line so that leaf frames do not
    /// reserve stack for a child move list (on a microcontroller: one list per ply, not two).
    #[inline(never)]
    fn perft_children(&mut self, depth: u32, bulk: bool, moves: &MoveList) -> u64 {
        let mut child_moves = MoveList::new();
        let mut nodes = 0;
        for &mv in moves.iter() {
            let restore = self.make_keyed::<false>(mv);
            nodes += self.perft_node(depth - 1, bulk, &mut child_moves);
            self.unmake(mv, restore);
        }
        nodes
    }
}
