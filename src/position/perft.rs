//! Perft: counting the leaf nodes of the legal move tree, the standard move generator check.

use crate::position::movegen::{CountSink, KingSteps, Scope};
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
            // The moves below leave the enemy king where it is, and most leave our stepping pieces
            // next to it as they are: where there are any, the counts reuse their attacks.
            return match self.enemy_king_steps() {
                Some(steps) if steps.has_pieces() => self.count_leaves_near(moves, &steps),
                _ => self.count_leaves(moves, None),
            };
        }
        self.perft_children(depth, bulk, moves)
    }

    /// The nodes below `moves` at depth 1, counted at the leaves (bulk); `steps`, if given, from
    /// [`Position::enemy_king_steps`].
    #[inline(always)]
    fn count_leaves(&mut self, moves: &MoveList, steps: Option<&KingSteps>) -> u64 {
        let mut nodes = 0;
        for &mv in moves.iter() {
            let restore = self.make_keyed::<false>(mv);
            // The last ply is counted here: its checkers come cheaper from the move just made.
            let mut count = CountSink(0);
            let checkers = self.checkers_after_move(mv);
            let _ = self.generate_checked(&mut count, Scope::ALL, checkers, steps);
            nodes += count.0;
            self.unmake(mv, restore);
        }
        nodes
    }

    /// [`Position::count_leaves`] with `steps`, out of line: the positions with enemy pieces next
    /// to the king have their own copy of the leaf generator, and the others' copy stays as it was.
    #[inline(never)]
    fn count_leaves_near(&mut self, moves: &MoveList, steps: &KingSteps) -> u64 {
        self.count_leaves(moves, Some(steps))
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
