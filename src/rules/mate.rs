//! Exact mate search: mate in 1 ([`Position::mate_in_1`]) and mate in 3 under tsume rules
//! ([`Position::mate_in_3`]).
//!
//! Both are exact: a mating move is reported if and only if one exists. A candidate (a legal check)
//! is first tested against cheap, sound refutations — a king escape, a capture of the checker, an
//! interposition — each of which names a defence that is certainly legal; a candidate none of them
//! refutes is played on a copy of the position and confirmed by the full legal move generator. So a
//! quick test can only make the search faster, never wrong: a mate is reported only when the
//! generator finds no legal reply.

use core::fmt;

use crate::{Bitboard, Move, MoveList, Piece, PieceKind, Position, Square, attacks, between, step_attacks};

/// A mating line found by [`Position::mate_in_3`]: the attacker's moves and the defender's replies,
/// alternating, starting with the attacker; 1 or 3 moves long, always ending in mate.
///
/// ```
/// use hayanagi::Position;
/// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
/// let line = pos.mate_in_3().expect("a mate in 3");
/// assert_eq!(line.len(), 3);
/// assert_eq!(line.to_string(), "7c9c+ 9a8a G*8b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MateLine {
    moves: [Move; 3],
    len: u8,
}

impl MateLine {
    /// The moves, attacker first: 1 or 3 of them.
    #[inline]
    pub fn moves(&self) -> &[Move] {
        self.moves.get(..self.len as usize).unwrap_or(&[])
    }

    /// The number of moves (plies): 1 or 3.
    #[inline]
    #[allow(clippy::len_without_is_empty)] // a line is never empty
    pub fn len(&self) -> usize {
        self.len as usize
    }
}

impl fmt::Display for MateLine {
    /// The moves in USI, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, mv) in self.moves().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for MateLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MateLine({self})")
    }
}

/// What every candidate of one mate-in-1 search shares: the defending king and the squares next to
/// it that it could flee to now.
struct Target {
    king: Square,
    /// The king's neighbours not holding a defending piece and not attacked by the attacker (with the
    /// king lifted off its square). A move can only add attacks with the moved piece itself and by
    /// uncovering a slider through its origin, so a square of this set that neither reaches stays safe.
    safe: Bitboard,
}

impl Position {
    /// A move that mates at once, if there is one: a legal move after which the opponent is in check
    /// and has no legal move (SPEC §4 `mate`). `None` exactly when no such move exists.
    ///
    /// Every legal move is considered: drops, board moves with and without promotion, discovered
    /// checks, and, when the side to move is itself in check, only the moves that answer it. A pawn
    /// drop never mates, since a pawn drop that would mate is illegal (uchifuzume, SPEC §3); a pawn
    /// *move* that mates is found like any other. A position whose opponent has no king has no mate.
    /// When several moves mate, drops are tried before board moves and one of them is returned;
    /// which one is not part of the contract.
    ///
    /// Allocation-free; the position is copied (480 bytes, on the stack) only when a candidate gets
    /// past the quick refutations and has to be played.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// assert_eq!(pos.mate_in_1().map(|mv| mv.to_string()), Some("G*5b".to_string()));
    /// // A pawn drop may not mate (uchifuzume), so there is no mate here.
    /// let pos: Position = "kn7/9/1G7/9/9/9/9/9/4K4 b P 1".parse()?;
    /// assert_eq!(pos.mate_in_1(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mate_in_1(&self) -> Option<Move> {
        let mut work = None;
        self.mate_in_1_with(&mut work)
    }

    /// [`Position::mate_in_1`] with a caller-held copy of `self` to play candidates on (made on first
    /// need and left equal to `self`).
    fn mate_in_1_with(&self, work: &mut Option<Position>) -> Option<Move> {
        let target = self.mate_target()?;
        let mut found = None;
        self.for_each_check(|mv| {
            if self.mates(mv, &target, work) {
                found = Some(mv);
                true
            } else {
                false
            }
        });
        found
    }

    /// The defending king and its safe squares; `None` when the opponent has no king.
    fn mate_target(&self) -> Option<Target> {
        let us = self.side_to_move();
        let them = us.flip();
        let king = self.king(them)?;
        let lifted = self.occupied().without(king);
        let mut safe = Bitboard::EMPTY;
        for square in step_attacks(them, PieceKind::King, king) & !self.colored(them) {
            if !self.attacks_square(us, square, lifted) {
                safe = safe.with(square);
            }
        }
        Some(Target { king, safe })
    }

    /// Calls `visit` on every legal move of the side to move that gives check, drops first, until it
    /// returns true.
    fn for_each_check(&self, mut visit: impl FnMut(Move) -> bool) {
        let moves = self.legal_moves();
        for pass in [true, false] {
            for &mv in moves.iter() {
                if mv.is_drop() == pass && self.gives_check(mv) && visit(mv) {
                    return;
                }
            }
        }
    }

    /// True when the legal check `mv` mates.
    fn mates(&self, mv: Move, target: &Target, work: &mut Option<Position>) -> bool {
        if self.refuted_statically(mv, target) {
            return false;
        }
        let work = work.get_or_insert_with(|| self.clone());
        let restore = work.make(mv);
        debug_assert!(work.in_check(), "{mv} is a check");
        let mated = !work.surely_has_evasion() && work.count_legal_moves() == 0;
        work.unmake(mv, restore);
        mated
    }

    /// True when the legal check `mv` certainly does not mate, judged without playing it: it is a
    /// pawn drop (which would be illegal if it mated), or the king can flee or take the checker.
    #[inline]
    fn refuted_statically(&self, mv: Move, target: &Target) -> bool {
        let us = self.side_to_move();
        let to = mv.to();
        let king = target.king;
        let (moved, after) = match (mv.from(), mv.drop_kind()) {
            (None, Some(PieceKind::Pawn)) => return true,
            (None, Some(kind)) => (Piece::new(us, kind), self.occupied().with(to)),
            (Some(from), _) => {
                let Some(piece) = self.piece_at(from) else { return false };
                let moved = match (mv.is_promotion(), piece.kind().promote()) {
                    (true, Some(kind)) => Piece::new(us, kind),
                    _ => piece,
                };
                (moved, self.occupied().without(from).with(to))
            }
            (None, None) => return false,
        };
        let lifted = after.without(king);
        let mut safe = target.safe & !attacks(moved, to, lifted);
        if let Some(from) = mv.from() {
            // A slider behind `from` may now reach the squares `from` sees; those need a real test.
            safe &= !(crate::rook_attacks(from, lifted) | crate::bishop_attacks(from, lifted));
            if !safe.without(to).is_empty() {
                return true;
            }
            // The king takes the moved piece when nothing else of ours guards its square.
            if step_attacks(us.flip(), PieceKind::King, king).contains(to) {
                return self.attackers_to(us, to, lifted).without(from).is_empty();
            }
            false
        } else {
            // A drop blocks lines but opens none; the king may take the dropped piece if unguarded.
            !safe.is_empty()
        }
    }

    /// True when the side to move, in check, certainly has a legal reply: a king step to a square
    /// not attacked, a capture of the only checker by a piece that is not pinned, or an
    /// interposition by such a piece or by dropping a silver, gold, bishop or rook. False means only
    /// that none of these exists; the full generator decides then.
    fn surely_has_evasion(&self) -> bool {
        let us = self.side_to_move();
        let them = us.flip();
        let Some(king) = self.king(us) else { return false };
        let occupied = self.occupied();
        let lifted = occupied.without(king);
        for square in step_attacks(us, PieceKind::King, king) & !self.colored(us) {
            if !self.attacks_square(them, square, lifted) {
                return true;
            }
        }
        let checkers = self.checkers();
        if checkers.has_more_than_one() {
            return false;
        }
        let Some(checker) = checkers.lsb() else { return true };
        let free = !self.pinned() & !Bitboard::from_square(king);
        if self.attackers_to(us, checker, occupied).intersects(free) {
            return true;
        }
        let gap = between(king, checker);
        if gap.is_empty() {
            return false;
        }
        let hand = self.hand(us);
        if [PieceKind::Silver, PieceKind::Gold, PieceKind::Bishop, PieceKind::Rook]
            .iter()
            .any(|&kind| hand.count(kind) > 0)
        {
            return true;
        }
        gap.into_iter().any(|square| self.attackers_to(us, square, occupied).intersects(free))
    }

    /// The shortest mate within three plies under tsume rules, if there is one: a mate in 1 when one
    /// exists (see [`Position::mate_in_1`]), otherwise a check such that every legal reply of the
    /// defender allows a mate in 1.
    ///
    /// The rules: every move of the attacker (the side to move) is a check; every legal reply of the
    /// defender is tried — king moves, captures, and every interposition, by board move or by drop,
    /// including interpositions that only delay the mate (無駄合い are *not* pruned: the search is
    /// exact over the legal moves). A pawn drop never mates (uchifuzume), so the last move is never
    /// one; an earlier pawn-drop check is allowed. Repetition plays no part within three plies.
    ///
    /// The line shown: the attacker's first mating check in generation order; the defender's
    /// first legal reply in [`Position::legal_moves`] order (king moves, then other board moves,
    /// then drops) — every reply is mated in 1, so all lines have the same length; and the mate in 1
    /// that [`Position::mate_in_1`] returns after it.
    ///
    /// Allocation-free: two [`MoveList`]s and two position copies on the stack.
    ///
    /// ```
    /// use hayanagi::Position;
    /// // A tsume without the attacker's king: no mate in 1, but mate in 3.
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// assert_eq!(pos.mate_in_1(), None);
    /// let line = pos.mate_in_3().expect("a mate in 3");
    /// assert_eq!(line.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mate_in_3(&self) -> Option<MateLine> {
        let mut work = None;
        if let Some(mv) = self.mate_in_1_with(&mut work) {
            return Some(MateLine { moves: [mv; 3], len: 1 });
        }
        self.king(self.side_to_move().flip())?;
        let mut checks = MoveList::new();
        self.for_each_check(|mv| {
            checks.push(mv);
            false
        });
        let work = work.get_or_insert_with(|| self.clone());
        let mut defences = MoveList::new();
        for &mv in checks.iter() {
            let restore = work.make(mv);
            work.generate_legal_moves(&mut defences);
            debug_assert!(!defences.is_empty(), "{mv} would be a mate in 1");
            let mut shown = None;
            let mut all_mated = !defences.is_empty();
            for &defence in defences.iter() {
                let reply = work.make(defence);
                let mate = work.mate_in_1_with(&mut None);
                work.unmake(defence, reply);
                match mate {
                    Some(mate) => {
                        if shown.is_none() {
                            shown = Some((defence, mate));
                        }
                    }
                    None => {
                        all_mated = false;
                        break;
                    }
                }
            }
            work.unmake(mv, restore);
            if let (true, Some((defence, mate))) = (all_mated, shown) {
                return Some(MateLine { moves: [mv, defence, mate], len: 3 });
            }
        }
        None
    }
}
