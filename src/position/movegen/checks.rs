//! The check filter: keeps, from each generated group, the moves that give check.
//!
//! A move gives check directly when the piece it leaves on `to` (promoted or not) attacks the enemy
//! king, and by discovery when it uncovers one of our sliders aimed at that king: its origin is one of
//! our pieces standing alone between the slider and the king, and `to` is off the segment between
//! them. The direct check squares of each kind are computed once per generation from the king's side
//! (a piece attacks the king from exactly the squares the same piece of the other colour on the
//! king's square attacks), with the current occupancy: a move never opens or closes the line it
//! checks along (its origin cannot lie between `to` and the king on a line it slides along, since
//! then it would already be giving check).

use core::ops::ControlFlow;

use super::{MoveGroup, Origin, Promotion, Sink, forward_groups, zone_groups};
use crate::{Bitboard, Color, Piece, PieceKind, Position, Square, attacks, between};

/// Hands on to `inner` only the moves of each group that give check.
pub(crate) struct CheckSink<'a, S> {
    inner: &'a mut S,
    pos: &'a Position,
    us: Color,
    /// The enemy king; without one no move checks.
    king: Option<Square>,
    /// Per kind, the squares from which our piece of that kind attacks the enemy king.
    check_squares: [Bitboard; PieceKind::NUM],
    /// Our pieces whose leaving their line to the enemy king uncovers a check.
    discoverers: Bitboard,
}

impl<'a, S: Sink> CheckSink<'a, S> {
    pub(crate) fn new(pos: &'a Position, inner: &'a mut S) -> CheckSink<'a, S> {
        let us = pos.side_to_move();
        let them = us.flip();
        let king = pos.king(them);
        let mut check_squares = [Bitboard::EMPTY; PieceKind::NUM];
        let mut discoverers = Bitboard::EMPTY;
        if let Some(king) = king {
            let occupied = pos.occupied();
            for kind in PieceKind::ALL {
                if kind != PieceKind::King {
                    check_squares[kind.index()] = attacks(Piece::new(them, kind), king, occupied);
                }
            }
            discoverers = pos.blockers(them) & pos.colored(us);
        }
        CheckSink { inner, pos, us, king, check_squares, discoverers }
    }

    /// True when a piece on `from` could check by moving to one of `to`: directly, promoted or
    /// not, or by uncovering a slider. A piece that cannot is passed over before its moves are
    /// split into groups (the groups would all be empty: the same moves, fewer steps).
    #[inline]
    fn may_check_from(&self, from: Square, to: Bitboard) -> bool {
        let Some(piece) = self.pos.piece_at(from) else { return true };
        let kind = piece.kind();
        // `get`, not `[]`: a kind's index is always below 14, but the compiler cannot see it here
        // and indexing would link the panic machinery into the no_std build (.ci/nostd); a missing
        // entry passes the piece on rather than over.
        let Some(&(mut squares)) = self.check_squares.get(kind.index()) else { return true };
        if let Some(promoted) = kind.promote() {
            let Some(&more) = self.check_squares.get(promoted.index()) else { return true };
            squares |= more;
        }
        to.intersects(squares) || self.discoverers.contains(from)
    }

    /// The targets of a move from `from` that uncover a check: off the segment between the enemy
    /// king and the slider `from` shields it from. Empty unless `from` is a discoverer.
    #[inline]
    fn discovered(&self, from: Square) -> Bitboard {
        let Some(king) = self.king else { return Bitboard::EMPTY };
        if !self.discoverers.contains(from) {
            return Bitboard::EMPTY;
        }
        let seen = self.pos.slider_attackers(self.us, king, self.pos.occupied().without(from));
        match seen.lsb() {
            Some(slider) => !between(king, slider),
            None => Bitboard::EMPTY,
        }
    }

    /// Passes on the checking part of targets `targets` of a piece of `kind` (promoting to
    /// `promoted`), where `discovered` are the targets that check by discovery whatever moves there.
    #[inline]
    fn split(
        &mut self,
        origin: Origin,
        targets: Bitboard,
        promotion: Promotion,
        kind: PieceKind,
        discovered: Bitboard,
    ) -> ControlFlow<()> {
        let plain = self.check_squares[kind.index()] | discovered;
        let promoted = match kind.promote() {
            Some(promoted) => self.check_squares[promoted.index()] | discovered,
            None => plain,
        };
        let group = |targets, promotion| MoveGroup::new(origin, targets, promotion);
        match promotion {
            Promotion::Unpromoted => self.inner.add(group(targets & plain, Promotion::Unpromoted)),
            Promotion::Promoted => self.inner.add(group(targets & promoted, Promotion::Promoted)),
            Promotion::Both => {
                self.inner.add(group(targets & plain & promoted, Promotion::Both))?;
                self.inner.add(group(targets & promoted & !plain, Promotion::Promoted))?;
                self.inner.add(group(targets & plain & !promoted, Promotion::Unpromoted))
            }
        }
    }
}

impl<S: Sink> Sink for CheckSink<'_, S> {
    #[inline]
    fn add_forward(&mut self, us: Color, origin: Origin, to: Bitboard, knight: bool) -> ControlFlow<()> {
        if let Origin::Square(from) = origin
            && !self.may_check_from(from, to)
        {
            return ControlFlow::Continue(());
        }
        forward_groups(self, us, origin, to, knight)
    }

    #[inline]
    fn add_zone(&mut self, us: Color, from: Square, to: Bitboard) -> ControlFlow<()> {
        if !self.may_check_from(from, to) {
            return ControlFlow::Continue(());
        }
        zone_groups(self, us, from, to)
    }

    #[inline]
    fn add(&mut self, group: MoveGroup) -> ControlFlow<()> {
        let targets = group.targets();
        if targets.is_empty() || self.king.is_none() {
            return ControlFlow::Continue(());
        }
        let (origin, promotion) = (group.origin(), group.promotion());
        match origin {
            Origin::Square(from) => {
                let Some(piece) = self.pos.piece_at(from) else { return ControlFlow::Continue(()) };
                let discovered = self.discovered(from);
                self.split(origin, targets, promotion, piece.kind(), discovered)
            }
            Origin::PawnPushes(color) => {
                // A push uncovers a check when its pawn is a discoverer and leaves the line.
                let mut discovered = Bitboard::EMPTY;
                for to in targets {
                    if let Some(from) = to.behind(color)
                        && self.discovered(from).contains(to)
                    {
                        discovered = discovered.with(to);
                    }
                }
                self.split(origin, targets, promotion, PieceKind::Pawn, discovered)
            }
            Origin::Drop(kind) => self.split(origin, targets, promotion, kind, Bitboard::EMPTY),
        }
    }
}
