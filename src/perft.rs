//! Perft: counting the leaf nodes of the legal move tree, the standard move generator check.

use crate::{MoveList, Position};

impl Position {
    /// The number of legal move sequences of length `depth` from this position.
    ///
    /// With `bulk`, the last ply is counted from the legal move count without playing the moves
    /// (the usual fast perft); without it every leaf move is played and taken back. Both give the
    /// same number. Depth 0 is 1.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let mut pos = Position::startpos();
    /// assert_eq!(pos.perft(3, true), 25_470);
    /// assert_eq!(pos.perft(2, false), 900);
    /// ```
    pub fn perft(&mut self, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if bulk && depth == 1 {
            return self.count_legal_moves();
        }
        let mut list = MoveList::new();
        self.generate_legal_moves(&mut list);
        if depth == 1 {
            // Non-bulk leaves: every move is played and taken back.
            for &mv in list.iter() {
                let undo = self.play_unchecked(mv);
                self.undo(mv, undo);
            }
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &mv in list.iter() {
            let undo = self.play_unchecked(mv);
            nodes += self.perft(depth - 1, bulk);
            self.undo(mv, undo);
        }
        nodes
    }
}
