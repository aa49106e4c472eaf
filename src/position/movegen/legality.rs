//! Questions about one move that need no full generation: is it legal, does it check.

use super::{FindSink, Scope};
use crate::position::{aligned, attacks_king};
use crate::{Bitboard, Move, Piece, PieceKind, Position};

impl Position {
    /// True when `mv` is legal: exactly when it is in [`Position::legal_moves`]. Any move value is
    /// accepted (for example one decoded with [`Move::from_bits`] from a hash table entry).
    ///
    /// Only the moved piece's own moves onto `mv.to()` are generated (or the drops onto it), by the
    /// same code as the full generation, so the two cannot disagree.
    ///
    /// ```
    /// use hayanagi::{Move, PieceKind, Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_legal(Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap()));
    /// assert!(!pos.is_legal(Move::normal(Square::SQ_7G, Square::SQ_7F, true).unwrap()));
    /// assert!(!pos.is_legal(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap()));
    /// ```
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let to = mv.to();
        let only = Bitboard::from_square(to);
        let king = self.king(us);
        let sink = &mut FindSink(mv);
        let found = match mv.from() {
            Some(from) => {
                let Some(piece) = self.piece_at(from) else { return false };
                if piece.color() != us || self.colored(us).contains(to) {
                    return false;
                }
                if piece.kind() == PieceKind::King && king == Some(from) {
                    self.king_moves(sink, from, !only, None)
                } else {
                    let Some((targets, _)) = self.evasion_targets(king, self.checkers()) else { return false };
                    if !targets.contains(to) {
                        return false;
                    }
                    // Only a piece on a line with its king can be pinned.
                    let pinned = match king {
                        Some(king) if aligned(king, from) => self.pinned() & Bitboard::from_square(from),
                        _ => Bitboard::EMPTY,
                    };
                    self.piece_moves(sink, us, piece.kind(), from, only, pinned)
                }
            }
            None => {
                let Some(kind) = mv.drop_kind() else { return false };
                if self.hand(us).count(kind) == 0 || self.piece_at(to).is_some() {
                    return false;
                }
                let Some((_, targets)) = self.evasion_targets(king, self.checkers()) else { return false };
                self.drop_moves(sink, us, targets & only)
            }
        };
        debug_assert_eq!(
            found.is_break(),
            {
                let mut sink = FindSink(mv);
                self.generate_into(&mut sink, Scope::ALL).is_break()
            },
            "is_legal({mv}) disagrees with the full generation"
        );
        found.is_break()
    }

    /// True when the legal move `mv` gives check (directly or by uncovering a slider).
    ///
    /// ```
    /// use hayanagi::{Move, Position, PieceKind, Square};
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse().unwrap();
    /// assert!(pos.gives_check(Move::drop(PieceKind::Gold, Square::SQ_5B).unwrap()));
    /// assert!(!pos.gives_check(Move::drop(PieceKind::Gold, Square::SQ_5C).unwrap()));
    /// ```
    #[must_use]
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let Some(their_king) = self.king(us.flip()) else { return false };
        let to = mv.to();
        let occupied = self.occupied();
        match mv.from() {
            None => match mv.drop_kind() {
                Some(kind) => attacks_king(Piece::new(us, kind), to, their_king, occupied.with(to)),
                None => false,
            },
            Some(from) => {
                let Some(piece) = self.piece_at(from) else { return false };
                let moved = match (mv.is_promotion(), piece.kind().promote()) {
                    (true, Some(kind)) => Piece::new(us, kind),
                    _ => piece,
                };
                let after = occupied.without(from).with(to);
                attacks_king(moved, to, their_king, after)
                    || !(self.slider_attackers(us, their_king, after).without(from)).is_empty()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use core::ops::ControlFlow;

    #[test]
    fn control_flow_is_what_the_generator_returns() {
        // A sink that breaks stops the generator: the first group ends it.
        let pos = crate::Position::startpos();
        let mut groups = 0;
        let stop = pos.for_each_group(crate::MoveFilter::All, |_| {
            groups += 1;
            ControlFlow::Break(())
        });
        assert!(stop.is_break());
        assert_eq!(groups, 1);
    }
}
