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
use core::ops::ControlFlow;

use crate::position::aligned;
use crate::{
    Bitboard, Move, MoveFilter, MoveGroup, MoveList, Origin, Piece, PieceKind, Position, Promotion, Square, attacks,
    between, bishop_attacks, lance_attacks, rook_attacks, step_attacks, step_to,
};

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
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let line = pos.mate_in_3().expect("a mate in 1 is a line of one move");
    /// assert_eq!(line.moves(), [pos.parse_usi_move("G*5b")?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.moves.get(..self.len as usize).unwrap_or(&[])
    }

    /// The number of moves (plies): 1 or 3.
    ///
    /// ```
    /// use hayanagi::Position;
    /// let pos: Position = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1".parse()?;
    /// assert_eq!(pos.mate_in_3().map(|line| line.len()), Some(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty)] // a line is never empty
    #[must_use]
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
    /// and has no legal move (`mate`, docs/RULES.md R44). `None` exactly when no such move exists.
    ///
    /// Every legal move is considered: drops, board moves with and without promotion, discovered
    /// checks, and, when the side to move is itself in check, only the moves that answer it. A pawn
    /// drop never mates, since a pawn drop that would mate is illegal (uchifuzume, docs/RULES.md R28);
    /// a pawn *move* that mates is found like any other. A position whose opponent has no king has no
    /// mate. When several moves mate, one of them is returned; which one is not part of the contract.
    ///
    /// Allocation-free; the position is copied (464 bytes, on the stack) only when a candidate gets
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

    /// [`Position::mate_in_1`] for a search that, when there is no mate, wants the number of
    /// checks (the tsume solver's estimate of a position's disproof number): `Ok` with the mating
    /// move `mate_in_1` returns, or `Err` with [`Position::count_legal_moves_of`]`(`[`MoveFilter::Checks`]`)`,
    /// in one generation of the checks instead of two. Out of line: its copy of the position is not
    /// in the frame of each ply of the search that calls it.
    #[inline(never)]
    pub(crate) fn mate_in_1_or_checks(&self) -> Result<Move, u64> {
        let mut work = None;
        match self.scan_mate_in_1::<true>(&mut work) {
            (Some(mv), _) => Ok(mv),
            (None, checks) => Err(checks),
        }
    }

    /// [`Position::mate_in_1`] with a caller-held copy of `self` to play candidates on (made on first
    /// need and left equal to `self`).
    fn mate_in_1_with(&self, work: &mut Option<Position>) -> Option<Move> {
        self.scan_mate_in_1::<false>(work).0
    }

    /// The mate-in-1 scan over the checks in the generator's order: the first mating move, and,
    /// if `COUNT`, the number of checks seen (all of them when none mates; 0 unless `COUNT`).
    #[inline(always)]
    fn scan_mate_in_1<const COUNT: bool>(&self, work: &mut Option<Position>) -> (Option<Move>, u64) {
        let us = self.side_to_move();
        let Some(king) = self.king(us.flip()) else { return (None, 0) };
        // Board moves check only onto a square from which the moved piece attacks the king, unless
        // they uncover a slider: every check lands on this set (the same checks, fewer moves made
        // to find them).
        let occupied = self.occupied();
        let onto = if (self.blockers(us.flip()) & self.colored(us)).is_empty() {
            step_to(us, PieceKind::King, king)
                | step_to(us, PieceKind::Knight, king)
                | rook_attacks(king, occupied)
                | bishop_attacks(king, occupied)
        } else {
            Bitboard::FULL
        };
        // Computed at the first check: many positions have none.
        let mut target = None;
        let mut checks = 0;
        let found = self.for_each_check_group_onto(onto, |group| {
            if COUNT {
                checks += group.len() as u64;
            }
            let target = target.get_or_insert_with(|| self.mate_target(king));
            match self.group_mate(group, target, work) {
                Some(mv) => ControlFlow::Break(mv),
                None => ControlFlow::Continue(()),
            }
        });
        match found {
            ControlFlow::Break(mv) => (Some(mv), checks),
            ControlFlow::Continue(()) => (None, checks),
        }
    }

    /// The defending king on `king` and its safe squares.
    fn mate_target(&self, king: Square) -> Target {
        let us = self.side_to_move();
        let lifted = self.occupied().without(king);
        let squares = step_attacks(us.flip(), PieceKind::King, king) & !self.colored(us.flip());
        Target { king, safe: self.unattacked(us, squares, king, lifted, false, None) }
    }

    /// A mating move of `group` (legal checks), if any.
    ///
    /// A check can mate only if the piece it leaves covers every safe square of the king that no
    /// slider can newly reach through the move's origin, so most targets are dismissed at once by
    /// intersecting, over those squares, the squares from which that piece attacks them
    /// ([`covering`]); the rest go through [`Position::mates`].
    fn group_mate(&self, group: MoveGroup, target: &Target, work: &mut Option<Position>) -> Option<Move> {
        let us = self.side_to_move();
        let lifted = self.occupied().without(target.king);
        match group.origin() {
            // A legal pawn drop never mates: one that would is illegal.
            Origin::Drop(PieceKind::Pawn) => None,
            Origin::Drop(kind) => {
                // Exactly the targets `refuted_statically` keeps: a drop opens no line.
                let cover = covering(Piece::new(us, kind), target.safe, lifted);
                (group.targets() & cover).into_iter().find_map(|to| {
                    let mv = Move::drop(kind, to)?;
                    self.mates_after_play(mv, work).then_some(mv)
                })
            }
            Origin::Square(from) => {
                let piece = self.piece_at(from)?;
                let lifted = lifted.without(from);
                let mut fixed = Bitboard::EMPTY;
                for square in target.safe {
                    if !aligned(from, square) {
                        fixed = fixed.with(square);
                    }
                }
                let choices: &[bool] = match group.promotion() {
                    Promotion::Unpromoted => &[false],
                    Promotion::Promoted => &[true],
                    Promotion::Both => &[true, false],
                };
                for &promote in choices {
                    let kind = match (promote, piece.kind().promote()) {
                        (true, Some(promoted)) => promoted,
                        _ => piece.kind(),
                    };
                    // A target that is itself one of those squares is judged move by move.
                    let cover = covering(Piece::new(us, kind), fixed, lifted) | fixed;
                    for to in group.targets() & cover {
                        let mv = Move::board(from, to, promote);
                        if self.mates(mv, target, work) {
                            return Some(mv);
                        }
                    }
                }
                None
            }
            Origin::PawnPushes(_) => group.iter().find(|&mv| self.mates(mv, target, work)),
        }
    }

    /// Calls `visit` on every legal move of the side to move that gives check, in the generator's
    /// order, until it returns true.
    #[inline]
    fn for_each_check(&self, mut visit: impl FnMut(Move) -> bool) {
        let _ = self.for_each_legal_move(MoveFilter::Checks, |mv| {
            if visit(mv) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
    }

    /// True when the legal check `mv` mates.
    fn mates(&self, mv: Move, target: &Target, work: &mut Option<Position>) -> bool {
        !self.refuted_statically(mv, target) && self.mates_after_play(mv, work)
    }

    /// True when the legal check `mv` mates, found by playing it on `work` (a copy of `self`).
    fn mates_after_play(&self, mv: Move, work: &mut Option<Position>) -> bool {
        let work = work.get_or_insert_with(|| self.clone());
        let restore = work.make(mv);
        debug_assert!(work.in_check(), "{mv} is a check");
        let mated = !work.surely_has_evasion() && !work.has_legal_move();
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
        let safe = target.safe & !attacks(moved, to, lifted);
        let Some(from) = mv.from() else {
            // A drop blocks lines but opens none; the king may take the dropped piece if unguarded.
            return !safe.is_empty();
        };
        // A safe square stays safe unless a slider of ours now sees it through `from`.
        for square in safe.without(to) {
            if !aligned(from, square) || self.slider_attackers(us, square, lifted).without(from).is_empty() {
                return true;
            }
        }
        // The king takes the moved piece when nothing else of ours guards its square.
        step_attacks(us.flip(), PieceKind::King, king).contains(to)
            && self.attackers_to(us, to, lifted).without(from).is_empty()
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
    /// The line shown: the attacker's first mating check in generation order (board moves, then
    /// drops); the defender's
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
            // Checks are legal moves: never more than the list holds.
            let pushed = checks.push(mv);
            debug_assert!(pushed, "more checks than a move list holds");
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

/// The squares from which `piece` attacks every square of `squares` (every square when `squares`
/// is empty), sliders seeing through `occupied`. A piece on `to` attacks `s` exactly when `to` is
/// among the squares its move pattern, reversed, reaches from `s`; the occupancy of `to` itself
/// never matters.
fn covering(piece: Piece, squares: Bitboard, occupied: Bitboard) -> Bitboard {
    let color = piece.color();
    let kind = piece.kind();
    let mut cover = Bitboard::FULL;
    for square in squares {
        cover &= match kind {
            PieceKind::Lance => lance_attacks(color.flip(), square, occupied),
            PieceKind::Bishop => bishop_attacks(square, occupied),
            PieceKind::Rook => rook_attacks(square, occupied),
            PieceKind::Horse => bishop_attacks(square, occupied) | step_to(color, kind, square),
            PieceKind::Dragon => rook_attacks(square, occupied) | step_to(color, kind, square),
            _ => step_to(color, kind, square),
        };
        if cover.is_empty() {
            break;
        }
    }
    cover
}

#[cfg(test)]
mod tests {
    use crate::MoveFilter;
    use crate::position::random_walks;

    /// `mate_in_1_or_checks` is `mate_in_1` (the same move) or, without a mate, the number of
    /// checks, on the positions of random walks from tsume positions (a fixed seed).
    #[test]
    fn mate_in_1_or_checks_is_mate_in_1_or_the_count_of_checks() {
        let starts = [
            "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1",
            "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1",
            "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1",
            "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        ];
        let (mut mates, mut counted) = (0, 0);
        random_walks(&starts, 60, 12, 0x6d61_7465_6f72_6331, |pos, _| {
            if !pos.in_check() && pos.king(pos.side_to_move().flip()).is_some() {
                match pos.mate_in_1_or_checks() {
                    Ok(mv) => {
                        assert_eq!(pos.mate_in_1(), Some(mv), "{}", pos.sfen());
                        mates += 1;
                    }
                    Err(checks) => {
                        assert_eq!(pos.mate_in_1(), None, "{}", pos.sfen());
                        assert_eq!(checks, pos.count_legal_moves_of(MoveFilter::Checks), "{}", pos.sfen());
                        counted += 1;
                    }
                }
            }
        });
        assert!(mates > 20 && counted > 1_000, "{mates} mates, {counted} counted");
    }
}
