//! The shortest mode: df-pn bounded by a length ("mate within `budget` plies?"), over the same
//! table as the first proof, and what is built on it: the minimal length, a line of it with the
//! defender's longest defence, and the attacker's alternative mates along a line.
//!
//! A bounded question is finite, so its answers are exact: a proof within `budget` is a proof (and
//! is also stored as one for the unbounded search in strict counting), a disproof says there is no
//! mate within `budget`. A repetition on the path counts as a failure of the attacker, as in the
//! unbounded search: the shortest mate never passes twice through a position of one path (the
//! second time, fewer plies would remain for the same position), so the root's answer is exact,
//! while a disproof that rests on the path is kept out of the table.
//!
//! Entries of a bounded question are keyed by the board key mixed with the budget (and, for the
//! useless-interposition counting, with a free square and the attacker's hand: that counting is not
//! monotone in the hand, so its entries hold for their exact hand only). Strict proofs and
//! disproofs keep the hand superiority of the unbounded table.
//!
//! Useless interpositions (無駄合, [`TsumeCounting::UselessInterpositionsFree`]): at a defender's
//! node N in check by one ranging piece that is not adjacent to the king, an interposition is a
//! drop, or a move of a piece other than the king, to a square between the checker and the king. It
//! is useless when the attacker captures the interposed piece at once with a check and the mate
//! after that capture is no longer than N's longest defence that is not an interposition (0 plies
//! when N has none): it adds only its own two plies. Useless interpositions are not counted:
//! N's length is that of its longest other defence. In a bounded question "N within b" an
//! interposition is accepted either when it is mated within b - 1 like any defence, or when a
//! capture of it leaves a mate within b and some defence of N that is not an interposition is not
//! mated within b - 3 plies (so N's length without interpositions is b): the search below then
//! lets the capture on that square keep the budget ("free square"). Every interposition must still
//! lose: the counting changes lengths, never whether a position is mate.

use core::ops::ControlFlow;

use super::solver::{
    CAP, DEPENDENT, DEPTH, INF, LIMIT, MoveSlot, PLACEHOLDER, REPEATED_PN, Search, Value, WIDE, active_replies,
    board_key, generate, grow, hand_before, hand_max, numbers,
};
use super::{TsumeCounting, TsumeUnknown};
use crate::{Hand, Move, MoveFilter, PieceKind, Position, Square, between};

/// How much larger a budget's disproof a strict question reads as its own (see `probe`).
const REUSE: i32 = 8;

/// A child of a bounded node.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    /// For a proof, its length; for a disproof, its flags.
    len: u16,
    pn: u32,
    dn: u32,
    /// A drop waits for the drop on the same square before it (index + 1; 0: none).
    after: u8,
    /// The defender's move is an interposition (useless-interposition counting only).
    interposition: bool,
    /// The interposition is searched with its capture free (see the module's text).
    free: bool,
    /// For a proof, the attacker's hand it needs.
    proof: Hand,
}

/// A bounded node's child before anything is known of it.
const BLANK: Child =
    Child { mv: PLACEHOLDER, len: 0, pn: 1, dn: 1, after: 0, interposition: false, free: false, proof: Hand::EMPTY };

/// The positions of the path.
struct Path<'a> {
    key: u64,
    up: Option<&'a Path<'a>>,
}

/// A bounded search over the unbounded search's table and counters.
pub(crate) struct Bounded<'a, 's, 't> {
    pub(crate) search: &'a mut Search<'s, 't>,
    pub(crate) counting: TsumeCounting,
}

/// The attacker's hand as a number (for the keys of the useless-interposition counting).
fn hand_bits(hand: Hand) -> u64 {
    PieceKind::HAND.iter().fold(0, |bits, &kind| bits << 5 | u64::from(hand.count(kind)))
}

/// True when `mv` of the defender in `pos` (in check) is an interposition.
fn is_interposition(pos: &Position, mv: Move) -> bool {
    let checkers = pos.checkers();
    let (Some(checker), Some(king)) = (checkers.lsb(), pos.king(pos.side_to_move())) else { return false };
    if checkers.has_more_than_one() || mv.from() == Some(king) {
        return false;
    }
    between(king, checker).contains(mv.to())
}

/// True when a node cannot be mated within `budget`: a defender's node with a negative budget,
/// an attacker's node without a ply to play (or, with a free square, without even its capture).
fn hopeless(or_node: bool, budget: i32, free: Option<Square>) -> bool {
    if or_node { budget < if free.is_some() { -1 } else { 1 } } else { budget < 0 }
}

/// The plies left to a child of a node with `budget` after `mv`: one fewer, or one more for a
/// capture on the free square (the interposition and its capture are not counted).
fn child_budget(pos: &Position, budget: i32, free: Option<Square>, mv: Move) -> i32 {
    if free == Some(mv.to()) && !mv.is_drop() && pos.piece_at(mv.to()).is_some() { budget + 1 } else { budget - 1 }
}

impl Bounded<'_, '_, '_> {
    fn conventional(&self) -> bool {
        self.counting == TsumeCounting::UselessInterpositionsFree
    }

    /// The key of the bounded question (`pos`, `budget`, `free`): the board key with its low 32
    /// bits changed, by the budget and the free square in their own bits (distinct questions of
    /// one board never share a key, and none has the board's own key) and, in the
    /// useless-interposition counting, by the attacker's hand. A table's bucket is chosen by a
    /// key's high bits and its entries tell keys apart by more than the low 32 bits, so the
    /// question's entries lie in the board's bucket: its probe, after the board's, reads memory
    /// already fetched.
    fn key(&self, pos: &Position, budget: i32, free: Option<Square>) -> u64 {
        // A stored question has a budget of -1 or more (`hopeless`) and below 2^16 (lengths are).
        let level = u64::from(budget.saturating_add(2).unsigned_abs()) & 0xffff;
        let square = free.map_or(0, |square| square.index() as u64 + 1);
        let mut low = level | square << 16;
        if self.conventional() {
            // Hands of equal bits here are told apart by the entry's exact hand (`probe`).
            low |= (hand_bits(self.search.hand(pos)).wrapping_mul(0x27D4_EB2F_1656_67C5) >> 56) << 23 | 1 << 31;
        }
        board_key(pos) ^ low
    }

    /// What the table knows of (`pos`, `budget`, `free`): `(pn, dn, len, best, proof hand)`.
    fn probe(&self, pos: &Position, budget: i32, free: Option<Square>) -> Option<(u32, u32, u16, Option<Move>, Hand)> {
        let hand = self.search.hand(pos);
        if hopeless(pos.side_to_move() == self.search.attacker, budget, free) {
            return Some((INF, 0, 0, None, hand));
        }
        if let Some(p) = self.search.table.probe(board_key(pos), hand) {
            if p.dn == 0 {
                return Some((INF, 0, 0, None, hand));
            }
            if p.pn == 0 && i32::from(p.len) <= budget {
                return Some((0, INF, p.len, p.best, p.hand));
            }
        }
        let p = self.search.table.probe(self.key(pos, budget, free), hand);
        if self.conventional() {
            return p.filter(|p| p.hand == hand).map(|p| (p.pn, p.dn, p.len, p.best, p.hand));
        }
        if p.is_none_or(|p| p.pn != 0 && p.dn != 0) {
            // Strictly, no mate within a larger budget is none within this one: the questions of a few
            // larger budgets (of this parity: the budgets of earlier, longer bounds) are in the same
            // bucket, already fetched.
            for more in (2..=REUSE).step_by(2) {
                if self.search.table.probe(self.key(pos, budget + more, free), hand).is_some_and(|q| q.dn == 0) {
                    return Some((INF, 0, 0, None, hand));
                }
            }
        }
        p.map(|p| (p.pn, p.dn, p.len, p.best, p.hand))
    }

    /// Stores a proof or a disproof or numbers of (`pos`, `budget`, `free`).
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        pos: &Position,
        budget: i32,
        free: Option<Square>,
        value: &Value,
        best: Option<Move>,
        work: u32,
    ) {
        if hopeless(pos.side_to_move() == self.search.attacker, budget, free) {
            return;
        }
        let hand = self.search.hand(pos);
        let key = self.key(pos, budget, free);
        if value.pn == 0 {
            let proof = if self.conventional() { hand } else { value.hand };
            self.search.table.store(key, proof, 0, INF, value.len, best, work);
            if !self.conventional() && free.is_none() {
                // A strict proof within a budget is a proof: the unbounded search may use it.
                self.search.table.store(board_key(pos), proof, 0, INF, value.len, best, work);
            }
        } else if value.dn == 0 {
            if value.len == 0 {
                self.search.table.store(key, hand, INF, 0, 0, None, work);
            } else {
                self.search.table.store(key, hand, REPEATED_PN, 1, 0, None, work);
            }
        } else {
            self.search.table.store(key, hand, value.pn, value.dn, 0, None, work);
        }
    }

    /// Answers "is `pos` mated within `budget` plies?" to the end (or a limit).
    pub(crate) fn root(&mut self, pos: &mut Position, budget: i32) -> Value {
        self.solve(pos, None, 0, budget, None)
    }

    fn solve(
        &mut self,
        pos: &mut Position,
        path: Option<&Path<'_>>,
        depth: u32,
        budget: i32,
        free: Option<Square>,
    ) -> Value {
        let mut last = (0, 0);
        loop {
            let value = self.mid(pos, path, depth, budget, free, INF, INF);
            if value.pn == 0 || value.dn == 0 || self.search.aborted.is_some() {
                return value;
            }
            if (value.pn, value.dn) == last {
                self.search.aborted = Some(TsumeUnknown::Stalled);
                return value;
            }
            last = (value.pn, value.dn);
        }
    }

    /// True when some defence of `pos` (defender to move, budget `budget`) that is not an
    /// interposition is not mated within `budget - 3` plies (a disproof that holds whatever the path);
    /// `None` when a limit stopped the search.
    fn witness(
        &mut self,
        pos: &mut Position,
        path: &Path<'_>,
        depth: u32,
        budget: i32,
        children: &[Child],
    ) -> Option<bool> {
        if budget == 0 {
            return Some(true);
        }
        for child in children.iter().filter(|c| !c.interposition) {
            let restore = pos.make(child.mv);
            let value = self.solve(pos, Some(path), depth + 1, budget - 3, None);
            pos.unmake(child.mv, restore);
            if self.search.aborted.is_some() {
                return None;
            }
            if value.dn == 0 && value.len == 0 {
                return Some(true);
            }
        }
        Some(false)
    }

    /// One visit of `pos` under the thresholds: is it mated within `budget` plies?
    #[allow(clippy::too_many_lines, clippy::too_many_arguments)]
    fn mid(
        &mut self,
        pos: &mut Position,
        path: Option<&Path<'_>>,
        depth: u32,
        budget: i32,
        free: Option<Square>,
        thpn: u32,
        thdn: u32,
    ) -> Value {
        self.search.count_node();
        self.search.deepest = self.search.deepest.max(depth);
        let key = pos.key();
        let mut up = path;
        while let Some(node) = up {
            if node.key == key {
                return Value::disproof(DEPENDENT);
            }
            up = node.up;
        }
        if depth >= self.search.max_depth {
            return Value::disproof(DEPTH);
        }
        let or_node = pos.side_to_move() == self.search.attacker;
        if hopeless(or_node, budget, free) {
            return Value::disproof(0);
        }
        let start_nodes = self.search.nodes;
        let hand = self.search.hand(pos);
        let conventional = self.conventional();

        if or_node
            && budget >= 1
            && let Some(mv) = pos.mate_in_1()
        {
            let restore = pos.make(mv);
            let leaf = if conventional { hand } else { self.search.interposition_hand(pos) };
            pos.unmake(mv, restore);
            let proof = if conventional { hand } else { hand_before(leaf, pos, mv) };
            let value = Value::proof(1, Some(mv), proof);
            self.store(pos, budget, free, &value, Some(mv), 1);
            return value;
        }
        let mut children = [BLANK; CAP];
        let (count, wide) = generate(pos, or_node, &mut children);
        if count == 0 {
            let value = if or_node {
                Value::disproof(0)
            } else {
                let proof = if conventional { hand } else { self.search.interposition_hand(pos) };
                Value::proof(0, None, proof)
            };
            self.store(pos, budget, free, &value, None, 1);
            return value;
        }
        if wide && !or_node {
            return Value::disproof(WIDE);
        }
        let Some(children) = children.get_mut(..count) else { return Value::disproof(WIDE) };
        if conventional && !or_node {
            for child in children.iter_mut() {
                child.interposition = is_interposition(pos, child.mv);
            }
        }
        let here = Path { key, up: path };
        // The witness that interpositions may take the free capture (computed when first needed).
        let mut witness: Option<bool> = None;
        let mut index = 0;
        while let Some(child) = children.get(index).copied() {
            let cbudget = if or_node { child_budget(pos, budget, free, child.mv) } else { budget - 1 };
            let cfree = if child.free { Some(child.mv.to()) } else { None };
            let restore = pos.make(child.mv);
            let known = self.probe(pos, cbudget, cfree);
            let mate = match known {
                None if !or_node && cbudget >= 1 && cfree.is_none() => pos.mate_in_1(),
                _ => None,
            };
            let (pn, dn, len, proof) = match (known, mate) {
                (Some((pn, dn, len, _, proof)), _) => (pn, dn, len, proof),
                (None, Some(mv)) => {
                    let proof = if conventional {
                        self.search.hand(pos)
                    } else {
                        let r = pos.make(mv);
                        let leaf = self.search.interposition_hand(pos);
                        pos.unmake(mv, r);
                        hand_before(leaf, pos, mv)
                    };
                    (0, INF, 1, proof)
                }
                (None, None) if or_node => {
                    let replies = active_replies(pos);
                    (u32::try_from(replies).unwrap_or(LIMIT).clamp(1, LIMIT), 1, 0, Hand::EMPTY)
                }
                (None, None) => (1, 1, 0, Hand::EMPTY),
            };
            pos.unmake(child.mv, restore);
            if let Some(slot) = children.get_mut(index) {
                slot.pn = pn;
                slot.dn = dn;
                slot.len = len;
                slot.proof = proof;
            }
            if or_node && pn == 0 {
                break;
            }
            if !or_node && dn == 0 {
                if child.interposition && !child.free {
                    if witness.is_none() {
                        witness = self.witness(pos, &here, depth, budget, children);
                        if witness.is_none() {
                            return Value { pn: 1, dn: 1, len: 0, best: None, hand: Hand::EMPTY };
                        }
                    }
                    if witness == Some(true) {
                        // Search it again with the capture free.
                        if let Some(slot) = children.get_mut(index) {
                            slot.free = true;
                        }
                        continue;
                    }
                }
                break;
            }
            index += 1;
        }

        loop {
            let (pn, dn, best, second) = numbers(children, or_node);
            if pn >= thpn || dn >= thdn || self.search.aborted.is_some() {
                break;
            }
            let Some(child) = children.get(best).copied() else { break };
            let (cthpn, cthdn) = if or_node {
                let cthpn = thpn.min(grow(second));
                let cthdn = if thdn == INF { INF } else { thdn.saturating_sub(dn.saturating_sub(child.dn)) };
                (cthpn, cthdn)
            } else {
                let cthdn = thdn.min(grow(second));
                let cthpn = if thpn == INF { INF } else { thpn.saturating_sub(pn.saturating_sub(child.pn)) };
                (cthpn, cthdn)
            };
            let cbudget = if or_node { child_budget(pos, budget, free, child.mv) } else { budget - 1 };
            let cfree = if child.free { Some(child.mv.to()) } else { None };
            let restore = pos.make(child.mv);
            let value = self.mid(pos, Some(&here), depth + 1, cbudget, cfree, cthpn, cthdn);
            pos.unmake(child.mv, restore);
            if self.search.aborted.is_some() && value.pn != 0 {
                // A value cut short by a limit may be a disproof the limit made: never keep it.
                break;
            }
            let Some(slot) = children.get_mut(best) else { break };
            let unchanged = slot.pn == value.pn && slot.dn == value.dn;
            slot.pn = value.pn;
            slot.dn = value.dn;
            slot.len = value.len;
            slot.proof = value.hand;
            if !or_node && value.dn == 0 && child.interposition && !child.free {
                if witness.is_none() {
                    witness = self.witness(pos, &here, depth, budget, children);
                    if witness.is_none() {
                        break;
                    }
                }
                if witness == Some(true)
                    && let Some(slot) = children.get_mut(best)
                {
                    slot.free = true;
                    slot.pn = 1;
                    slot.dn = 1;
                    continue;
                }
            }
            if unchanged && value.pn != 0 && value.dn != 0 {
                break;
            }
        }

        let (pn, dn, _, _) = numbers(children, or_node);
        let work = u32::try_from(self.search.nodes - start_nodes).unwrap_or(u32::MAX);
        if self.search.aborted.is_some() && pn != 0 {
            return Value { pn: pn.max(1), dn: dn.max(1), len: 0, best: None, hand: Hand::EMPTY };
        }
        if pn == 0 {
            let (len, best, mut proof) = if or_node {
                let mut best: Option<&Child> = None;
                for child in children.iter().filter(|c| c.pn == 0) {
                    if best.is_none_or(|b| child.len < b.len) {
                        best = Some(child);
                    }
                }
                match best {
                    Some(b) => (b.len.saturating_add(1), Some(b.mv), hand_before(b.proof, pos, b.mv)),
                    None => (1, None, hand),
                }
            } else {
                let mut len = 0;
                let mut best = None;
                let mut proof = Hand::EMPTY;
                for child in children.iter() {
                    // A useless interposition adds nothing to the length.
                    let counted = if child.free { 0 } else { child.len.saturating_add(1) };
                    if best.is_none() || counted > len {
                        len = counted;
                        best = Some(child.mv);
                    }
                    proof = hand_max(proof, child.proof);
                }
                (len, best, proof)
            };
            if !or_node {
                proof = hand_max(proof, self.search.interposition_hand(pos));
            }
            if conventional {
                proof = hand;
            }
            let value = Value::proof(len, if or_node { best } else { None }, proof);
            self.store(pos, budget, free, &value, best, work);
            return value;
        }
        if dn == 0 {
            let flags = if or_node {
                children.iter().fold(if wide { WIDE } else { 0 }, |flags, c| flags | c.len)
            } else {
                children.iter().filter(|c| c.dn == 0).map(|c| c.len).min().unwrap_or(0)
            };
            let value = Value::disproof(flags);
            self.store(pos, budget, free, &value, None, work);
            return value;
        }
        let value = Value { pn, dn, len: 0, best: None, hand: Hand::EMPTY };
        self.store(pos, budget, free, &value, None, work);
        value
    }
}

/// The first `CAP` legal moves of `filter` in `pos`, written into `moves` (the line readers' lists).
fn legal_moves_into<'m>(pos: &Position, filter: MoveFilter, moves: &'m mut [Move; CAP]) -> &'m [Move] {
    let mut count = 0;
    let _ = pos.for_each_legal_move(filter, |mv| match moves.get_mut(count) {
        Some(slot) => {
            *slot = mv;
            count += 1;
            ControlFlow::Continue(())
        }
        None => ControlFlow::Break(()),
    });
    moves.get(..count).unwrap_or(&[])
}

impl MoveSlot for Child {
    fn mv(&self) -> Move {
        self.mv
    }
    fn set_move(&mut self, mv: Move) {
        *self = Child { mv, ..BLANK };
    }
    fn after(&self) -> u8 {
        self.after
    }
    fn set_after(&mut self, after: u8) {
        self.after = after;
    }
    fn pn(&self) -> u32 {
        self.pn
    }
    fn dn(&self) -> u32 {
        self.dn
    }
}

/// Why a bounded question got no answer: the reason the search stopped, or that its disproof
/// rests on a limit (depth, width).
fn undecided(search: &Search<'_, '_>) -> TsumeUnknown {
    search.aborted.unwrap_or(TsumeUnknown::LineNotFound)
}

impl Bounded<'_, '_, '_> {
    /// Is `pos` mated within `budget`? `Err` when no exact answer was found.
    pub(crate) fn within(&mut self, pos: &Position, budget: i32) -> Result<bool, TsumeUnknown> {
        let mut work = pos.clone();
        let value = self.solve(&mut work, None, 0, budget, None);
        if value.pn == 0 {
            Ok(true)
        } else if value.dn == 0 && value.len & (DEPTH | WIDE) == 0 {
            Ok(false)
        } else {
            Err(undecided(self.search))
        }
    }

    /// The defender's reply in `pos` that is mated by capturing an
    /// interposition at once: `(interposition, capture)`, for the end of a line whose counted
    /// length stops before a useless interposition.
    fn useless_pair(pos: &Position) -> Option<(Move, Move)> {
        let mut found = None;
        let _ = pos.for_each_legal_move(MoveFilter::All, |reply| {
            let mut next = pos.clone();
            let _ = next.make(reply);
            let mut capture = None;
            let _ = next.for_each_legal_move(MoveFilter::Checks, |mv| {
                if mv.to() == reply.to() && !mv.is_drop() {
                    let mut after = next.clone();
                    let _ = after.make(mv);
                    if !after.has_legal_move() {
                        capture = Some(mv);
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            match capture {
                Some(mv) => {
                    found = Some((reply, mv));
                    ControlFlow::Break(())
                }
                None => ControlFlow::Continue(()),
            }
        });
        found
    }

    /// Writes into `line[at..]` a mating line from `pos`, mated within `bound` plies (counted):
    /// the attacker plays a move mated within the bound left, the defender the longest defence (at
    /// a node with several, the first after which the line ends with the attacker's hand empty,
    /// when `tie_break`); returns the line's end and its counted length.
    pub(crate) fn line(
        &mut self,
        pos: &Position,
        bound: i32,
        line: &mut [Move],
        at: usize,
        tie_break: bool,
    ) -> Result<(usize, i32), TsumeUnknown> {
        let mut pos = pos.clone();
        let mut len = at;
        let mut m = bound;
        let mut counted = 0;
        loop {
            let mv = if pos.side_to_move() == self.search.attacker {
                self.attacker_move(&pos, m)?
            } else {
                if !pos.has_legal_move() {
                    return Ok((len, counted));
                }
                if m <= 0 {
                    // Counted as mate: every defence is a useless interposition; the line shows one
                    // and its capture, so that it ends in mate.
                    let (reply, capture) = Self::useless_pair(&pos).ok_or(TsumeUnknown::LineNotFound)?;
                    let slots = line.get_mut(len..len + 2).ok_or(TsumeUnknown::LineTooLong)?;
                    slots.copy_from_slice(&[reply, capture]);
                    return Ok((len + 2, counted));
                }
                let (mv, lower, whole) = self.longest_defence(&pos, m, line, len, tie_break)?;
                if let Some((end, rest)) = whole {
                    return Ok((end, counted + rest));
                }
                m = lower;
                mv
            };
            if !pos.is_legal(mv) {
                return Err(TsumeUnknown::LineNotFound);
            }
            *line.get_mut(len).ok_or(TsumeUnknown::LineTooLong)? = mv;
            len += 1;
            counted += 1;
            m -= 1;
            let _ = pos.make(mv);
        }
    }

    /// A check of `pos` after which the defender is mated within `m - 1` plies.
    fn attacker_move(&mut self, pos: &Position, m: i32) -> Result<Move, TsumeUnknown> {
        if m == 1
            && let Some(mv) = pos.mate_in_1()
        {
            return Ok(mv);
        }
        // The move the table holds first, then every check.
        let hinted = self.probe(pos, m, None).and_then(|(pn, _, _, best, _)| if pn == 0 { best } else { None });
        let mut checks = [PLACEHOLDER; CAP];
        let checks = legal_moves_into(pos, MoveFilter::Checks, &mut checks);
        let mut failed = None;
        for mv in
            hinted.into_iter().filter(|mv| pos.is_legal(*mv) && pos.gives_check(*mv)).chain(checks.iter().copied())
        {
            let mut child = pos.clone();
            let _ = child.make(mv);
            match self.within(&child, m - 1) {
                Ok(true) => return Ok(mv),
                Ok(false) => {}
                Err(reason) => failed = Some(reason),
            }
        }
        Err(failed.unwrap_or(TsumeUnknown::LineNotFound))
    }

    /// The defender's longest defence in `pos`, every defence mated within `m` plies: a defence
    /// not mated within `m - 3` (lowering `m` by 2 while there is none). With `tie_break` and
    /// several such defences, the line after each is written (without tie-breaks) until one ends
    /// with the attacker's hand empty: then `Some(end)` is that whole line.
    #[allow(clippy::type_complexity)]
    fn longest_defence(
        &mut self,
        pos: &Position,
        m: i32,
        line: &mut [Move],
        at: usize,
        tie_break: bool,
    ) -> Result<(Move, i32, Option<(usize, i32)>), TsumeUnknown> {
        let conventional = self.conventional();
        let mut replies = [PLACEHOLDER; CAP];
        let replies = legal_moves_into(pos, MoveFilter::All, &mut replies);
        let mut bound = m;
        while bound >= 2 {
            // Interpositions last under the useless-interposition counting: one is the line's only
            // when no other defence is as long.
            let mut candidates = [PLACEHOLDER; CAP];
            let mut found = 0;
            for pass in 0..2 {
                for &mv in replies {
                    let interposition = conventional && is_interposition(pos, mv);
                    if interposition != (pass == 1) || pass == 1 && found > 0 {
                        continue;
                    }
                    let mut child = pos.clone();
                    let _ = child.make(mv);
                    if bound - 3 < 1 || !self.within(&child, bound - 3)? {
                        if let Some(slot) = candidates.get_mut(found) {
                            *slot = mv;
                            found += 1;
                        }
                        if !tie_break {
                            return Ok((mv, bound, None));
                        }
                    }
                }
            }
            let candidates = candidates.get(..found).unwrap_or(&[]);
            if let [only] = candidates {
                return Ok((*only, bound, None));
            }
            if let Some(&first) = candidates.first() {
                for &mv in candidates {
                    let mut child = pos.clone();
                    let _ = child.make(mv);
                    *line.get_mut(at).ok_or(TsumeUnknown::LineTooLong)? = mv;
                    let (end, counted) = self.line(&child, bound - 1, line, at + 1, false)?;
                    if self.empty_hand_at_end(pos, line.get(at..end).unwrap_or(&[]), counted + 1) {
                        return Ok((mv, bound, Some((end, counted + 1))));
                    }
                }
                return Ok((first, bound, None));
            }
            bound -= 2;
        }
        replies.first().copied().map(|mv| (mv, bound, None)).ok_or(TsumeUnknown::LineNotFound)
    }

    /// True when the attacker's hand is empty after the first `counted` plies of `moves` from `pos`.
    fn empty_hand_at_end(&self, pos: &Position, moves: &[Move], counted: i32) -> bool {
        let mut pos = pos.clone();
        for &mv in moves.iter().take(usize::try_from(counted).unwrap_or(0)) {
            if !pos.is_legal(mv) {
                return false;
            }
            let _ = pos.make(mv);
        }
        self.search.hand(&pos).is_empty()
    }
}
