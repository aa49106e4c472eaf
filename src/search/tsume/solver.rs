//! The df-pn search itself: a recursive multiple-iterative-deepening over proof and disproof
//! numbers, with each node's children kept during its visit in the front of a scratch slice whose
//! rest it hands to the visit below: a node takes exactly as many slots as it has moves.
//!
//! Soundness: a proof is only ever made of mates and of other proofs (a repetition counts as a
//! failure of the attacker, never as a mate), so every proof holds whatever the path to it. A
//! disproof that rests on a repetition, on the depth limit or on a node with more moves than a
//! visit holds is marked ([`DEPENDENT`], [`DEPTH`], [`WIDE`]), kept only for the rest of its
//! parent's visit, and never written to the table.

use core::ops::ControlFlow;

use super::table::Table;
use super::{TsumeStats, TsumeUnknown};
use crate::{Color, Hand, Move, MoveFilter, PieceKind, Position, Square, attacks, between};

/// An infinite proof or disproof number: proved or disproved.
pub(crate) const INF: u32 = u32::MAX;
/// The largest finite number.
pub(crate) const LIMIT: u32 = u32::MAX - 1;
/// The proof number the table keeps for a position disproved on one path only (by a repetition
/// or a limit): large, so that the search turns to it again only when all else is worse.
pub(crate) const REPEATED_PN: u32 = 1 << 20;
/// The most moves one visit holds; a node with more is searched on its first [`CAP`] moves only.
pub(crate) const CAP: usize = 128;
/// The slots of a scratch slice the search takes on its own stack when the one it has holds fewer
/// than [`CAP`] (unless the caller gave it one of its own, which is then the whole space).
const FRESH: usize = 2 * CAP;

/// Disproof flags (kept in `len` of a disproved child): rests on a repetition on the path.
pub(crate) const DEPENDENT: u16 = 1;
/// Rests on the depth limit.
pub(crate) const DEPTH: u16 = 2;
/// Rests on a node whose moves did not all fit in a visit (more than [`CAP`], or more than the
/// caller's scratch had left).
pub(crate) const WIDE: u16 = 4;

/// Fills the unused slots of a child array (never searched).
pub(crate) const PLACEHOLDER: Move = match Move::drop(PieceKind::Gold, Square::SQ_5E) {
    Some(mv) => mv,
    None => panic!("a gold drop is a move"),
};

/// One slot of the tsume solver's scratch space: a move of a position on the search's path, with
/// its proof and disproof numbers (16 bytes). The solver keeps the moves of every position of the
/// path being searched, each position taking as many slots as it has moves (the attacker's checks,
/// or every reply of the defender); by default in space it takes on its own stack, or in a slice
/// the caller gives ([`TsumeSolver::with_scratch`](super::TsumeSolver::with_scratch)), which then
/// bounds the search's memory on a small device.
///
/// ```
/// use hayanagi::{TsumeEntry, TsumeSlot, TsumeSolver};
/// assert_eq!(core::mem::size_of::<TsumeSlot>(), 16);
/// let mut table = [TsumeEntry::EMPTY; 32];
/// let mut scratch = [TsumeSlot::EMPTY; 96];
/// let solver = TsumeSolver::new(&mut table).with_scratch(&mut scratch);
/// # let _ = solver;
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TsumeSlot {
    mv: Move,
    /// For a proof, its length; for a disproof, its flags.
    len: u16,
    pn: u32,
    dn: u32,
    /// A defender's drop waits for the drop on the same square before it (index + 1; 0: none):
    /// it is searched only once that one is proved (the attacker's answer to one interposition
    /// usually answers the others), and counts only then.
    after: u8,
}

/// A child of the node being visited, with what is known of it.
type Child = TsumeSlot;

impl TsumeSlot {
    /// An unused slot (what a scratch slice starts as; its contents never matter to the answer).
    ///
    /// ```
    /// use hayanagi::TsumeSlot;
    /// let scratch = [TsumeSlot::EMPTY; 64];
    /// assert_eq!(scratch.len(), 64);
    /// ```
    pub const EMPTY: TsumeSlot = TsumeSlot { mv: PLACEHOLDER, len: 0, pn: 1, dn: 1, after: 0 };
}

/// The result of a visit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Value {
    pub(crate) pn: u32,
    pub(crate) dn: u32,
    /// For a proof, the mate length; for a disproof, its flags.
    pub(crate) len: u16,
    /// For a proof of an attacker's position, the proving move.
    pub(crate) best: Option<Move>,
    /// For a proof, the attacker's hand it needs (the proof holds for every hand dominating it);
    /// for a disproof of the unbounded search without flags, the largest hand it holds for (it
    /// holds for every hand that hand dominates).
    pub(crate) hand: Hand,
}

impl Value {
    pub(crate) const fn disproof(flags: u16) -> Value {
        Value { pn: INF, dn: 0, len: flags, best: None, hand: Hand::EMPTY }
    }

    /// A disproof without flags that holds for every attacker's hand `hand` dominates.
    pub(crate) const fn disproof_for(hand: Hand) -> Value {
        Value { pn: INF, dn: 0, len: 0, best: None, hand }
    }

    pub(crate) const fn proof(len: u16, best: Option<Move>, proof: Hand) -> Value {
        Value { pn: 0, dn: INF, len, best, hand: proof }
    }
}

/// The positions of the path from the root, one per frame of the recursion.
pub(crate) struct Path<'a> {
    key: u64,
    up: Option<&'a Path<'a>>,
}

/// One search: the table, the limits, the counters.
pub(crate) struct Search<'s, 't> {
    pub(crate) table: &'s mut Table<'t>,
    pub(crate) attacker: Color,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) max_depth: u32,
    pub(crate) deepest: u32,
    pub(crate) stop: &'s mut dyn FnMut(&TsumeStats) -> bool,
    pub(crate) aborted: Option<TsumeUnknown>,
    /// The slots the visits keep their children in (each takes its front, the visits below the
    /// rest).
    pub(crate) scratch: &'s mut [TsumeSlot],
    /// True when a visit whose scratch holds fewer than [`CAP`] slots may take [`FRESH`] more on
    /// the stack; false when the scratch is the caller's, and all there is.
    pub(crate) grow: bool,
}

/// The key of the board and side to move, hands left out; with the attacker's hand it names the
/// position, since the defender holds what the board and the attacker's hand do not.
#[inline]
pub(crate) fn board_key(pos: &Position) -> u64 {
    pos.board_key()
}

/// `x` grown by a quarter, plus one: the 1+ε threshold of df-pn+ (fewer switches between
/// siblings of nearly equal numbers).
#[inline]
pub(crate) fn grow(x: u32) -> u32 {
    // A threshold must exceed the number it bounds: past the largest finite number, only INF does.
    if x >= LIMIT { INF } else { x.saturating_add(x / 4 + 1).min(LIMIT) }
}

#[inline]
pub(crate) fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF { INF } else { a.saturating_add(b).min(LIMIT) }
}

impl Search<'_, '_> {
    /// The stats as the stop callback and the caller see them.
    pub(crate) fn stats(&self) -> TsumeStats {
        TsumeStats {
            nodes: self.nodes,
            table_used: self.table.used(),
            table_len: self.table.len(),
            deepest: self.deepest,
        }
    }

    /// Counts a node; polls the limits.
    #[inline]
    pub(crate) fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            let stats = self.stats();
            if (self.stop)(&stats) {
                self.aborted = Some(TsumeUnknown::Stopped);
            }
        }
        if self.nodes >= self.node_limit && self.aborted.is_none() {
            self.aborted = Some(TsumeUnknown::NodeLimit);
        }
    }

    /// The attacker's hand in `pos`.
    #[inline]
    pub(crate) fn hand(&self, pos: &Position) -> Hand {
        pos.hand(self.attacker)
    }

    /// Searches `pos` until it is solved or a limit is reached.
    pub(crate) fn search_root(&mut self, pos: &mut Position) -> Value {
        let scratch = core::mem::take(&mut self.scratch);
        let mut last = (0, 0);
        let value = loop {
            let value = self.mid(pos, None, 0, INF, INF, scratch);
            if value.pn == 0 || value.dn == 0 || self.aborted.is_some() {
                break value;
            }
            if (value.pn, value.dn) == last {
                self.aborted = Some(TsumeUnknown::Stalled);
                break value;
            }
            last = (value.pn, value.dn);
        };
        self.scratch = scratch;
        value
    }

    /// [`mid`](Search::mid) with [`FRESH`] slots of its own (out of line: only the visits that need
    /// them carry them in their frame).
    #[inline(never)]
    fn mid_fresh(&mut self, pos: &mut Position, path: Option<&Path<'_>>, depth: u32, thpn: u32, thdn: u32) -> Value {
        let mut fresh = [TsumeSlot::EMPTY; FRESH];
        self.mid(pos, path, depth, thpn, thdn, &mut fresh)
    }

    /// Stores the proof of the attacker's `pos` by the mate in 1 `mv`; returns the hand it needs.
    fn store_mate_in_1(&mut self, pos: &mut Position, mv: Move) -> Hand {
        let restore = pos.make(mv);
        let leaf = self.interposition_hand(pos);
        pos.unmake(mv, restore);
        let proof = hand_before(leaf, pos, mv);
        self.table.store(board_key(pos), proof, 0, INF, 1, Some(mv), 1);
        proof
    }

    /// What of the attacker's hand a proof of the defender's `pos` must keep whatever its
    /// children need: when the check can be blocked, every piece of a kind the defender does not
    /// hold (given one, the defender could drop it in the way).
    pub(crate) fn interposition_hand(&self, pos: &Position) -> Hand {
        let checkers = pos.checkers();
        let blockable = match (checkers.lsb(), pos.king(self.attacker.flip())) {
            (Some(checker), Some(king)) => !checkers.has_more_than_one() && !between(king, checker).is_empty(),
            _ => false,
        };
        if !blockable {
            return Hand::EMPTY;
        }
        let ours = pos.hand(self.attacker);
        let theirs = pos.hand(self.attacker.flip());
        let mut keep = Hand::EMPTY;
        for kind in PieceKind::HAND {
            if theirs.count(kind) == 0 {
                keep = keep.with(kind, ours.count(kind));
            }
        }
        keep
    }

    /// The largest attacker's hand for which the attacker's `pos` has no more checks than with its
    /// own hand `hand`: of a kind it holds, or of a kind no drop of which would check, every piece
    /// off the board (the defender's too); of a kind it lacks and could drop with check, none.
    /// A disproof of `pos` holds for this hand once it is lowered to what each check's disproof
    /// allows ([`hand_before`] of the child's disproof hand).
    fn disproof_ceiling(&self, pos: &Position, hand: Hand) -> Hand {
        let defender = self.attacker.flip();
        let theirs = pos.hand(defender);
        let Some(king) = pos.king(defender) else { return hand };
        let occupied = pos.occupied();
        let mut ceiling = hand;
        for kind in PieceKind::HAND {
            // The squares from which a piece of ours of this kind would check: those that the same
            // piece of theirs on the king's square attacks.
            let checking = hand.count(kind) == 0
                && !(attacks(crate::Piece::new(defender, kind), king, occupied) & !occupied).is_empty();
            if !checking {
                ceiling = ceiling.with(kind, hand.count(kind).saturating_add(theirs.count(kind)));
            }
        }
        ceiling
    }

    /// One visit of `pos` (depth `depth` below the root) under the thresholds, its children kept in
    /// the front of `scratch`.
    #[allow(clippy::too_many_lines)]
    fn mid(
        &mut self,
        pos: &mut Position,
        path: Option<&Path<'_>>,
        depth: u32,
        thpn: u32,
        thdn: u32,
        scratch: &mut [TsumeSlot],
    ) -> Value {
        if self.grow && scratch.len() < CAP {
            return self.mid_fresh(pos, path, depth, thpn, thdn);
        }
        self.count_node();
        self.deepest = self.deepest.max(depth);
        let key = pos.key();
        // The key holds the side to move and the sides alternate: only every second ancestor
        // (the grandparent, its grandparent, ...) can be this position again.
        let mut up = path.and_then(|parent| parent.up);
        while let Some(node) = up {
            if node.key == key {
                return Value::disproof(DEPENDENT);
            }
            up = node.up.and_then(|parent| parent.up);
        }
        if depth >= self.max_depth {
            return Value::disproof(DEPTH);
        }
        let start_nodes = self.nodes;
        let or_node = pos.side_to_move() == self.attacker;
        let bkey = board_key(pos);
        let hand = self.hand(pos);

        // Below the root an attacker's node is always a child that its parent found no mate in 1
        // for (a parent tries one on every child it has no entry of, and every entry of numbers
        // was written after such a try): only the root needs the test. A mate in 1 missed here (on
        // a colliding key) would still be found among the children, a few nodes later.
        if or_node
            && depth == 0
            && let Some(mv) = pos.mate_in_1()
        {
            let proof = self.store_mate_in_1(pos, mv);
            return Value::proof(1, Some(mv), proof);
        }
        let (count, wide) = generate(pos, or_node, scratch);
        if wide && (!or_node || count == 0) {
            // Some defences would go unsearched (or no check at all fitted): this node cannot be
            // proved, nor disproved for good, here.
            return Value::disproof(WIDE);
        }
        if count == 0 {
            if or_node {
                let disproof = self.disproof_ceiling(pos, hand);
                self.table.store(bkey, disproof, INF, 0, 0, None, 1);
                return Value::disproof_for(disproof);
            }
            let proof = self.interposition_hand(pos);
            self.table.store(bkey, proof, 0, INF, 0, None, 1);
            return Value::proof(0, None, proof);
        }
        let Some((children, rest)) = scratch.split_at_mut_checked(count) else { return Value::disproof(WIDE) };
        // The hand a proof needs: of the proving move (attacker) or of all defences (defender).
        let mut proof = Hand::EMPTY;
        // The largest hand a disproof holds for: the least that all checks' disproofs allow
        // (attacker; lowered to the node's ceiling only once it is disproved, since few are), or
        // the hand of the refuting defence's disproof (defender).
        let mut disproof = if or_node { ANY_HAND } else { hand };
        for child in children.iter_mut() {
            let mut refuted = None;
            // The child's key and the attacker's hand there, without playing the move: a child
            // the table knows is not played at all.
            let ckey = pos.board_key_after(bkey, child.mv);
            let chand = if or_node { hand_after(hand, pos, child.mv) } else { hand };
            if let Some(probe) = self.table.probe(ckey, chand) {
                child.pn = probe.pn;
                child.dn = probe.dn;
                child.len = probe.len;
                if probe.pn == 0 {
                    proof = hand_max(proof, probe.hand);
                }
                if probe.dn == 0 {
                    refuted = Some(probe.hand);
                }
            } else {
                let restore = pos.make(child.mv);
                if !or_node {
                    // The attacker moves next: a mate in 1 proves the child at once; the same scan
                    // counts the checks when there is none.
                    match pos.mate_in_1_or_checks() {
                        Ok(mate) => {
                            proof = hand_max(proof, self.store_mate_in_1(pos, mate));
                            child.pn = 0;
                            child.dn = INF;
                            child.len = 1;
                        }
                        Err(checks) => {
                            // df-pn+: a defence that leaves the attacker few checks is the likeliest
                            // refutation.
                            child.dn = u32::try_from(checks).unwrap_or(LIMIT).clamp(1, LIMIT);
                            self.table.store(ckey, chand, 1, child.dn, 0, None, 0);
                        }
                    }
                } else {
                    // df-pn+: a check with many replies is harder to prove.
                    let replies = active_replies(pos);
                    child.pn = u32::try_from(replies).unwrap_or(LIMIT).clamp(1, LIMIT);
                    child.dn = 1;
                    self.table.store(ckey, chand, child.pn, 1, 0, None, 0);
                }
                pos.unmake(child.mv, restore);
            }
            if let Some(refuted) = refuted {
                disproof = disproof_before(disproof, refuted, pos, child.mv, or_node);
            }
            if or_node && child.pn == 0 {
                proof = hand_before(proof, pos, child.mv);
                break;
            }
            if !or_node && child.dn == 0 {
                break;
            }
        }

        let here = Path { key, up: path };
        loop {
            let (pn, dn, best, second, spread) = search_numbers(children, or_node);
            if pn >= thpn || dn >= thdn || self.aborted.is_some() {
                break;
            }
            let Some(child) = children.get(best).copied() else { break };
            let (cthpn, cthdn) = if or_node {
                let cthpn = thpn.min(grow(second));
                // Below the node's threshold by the spread: the check returns once it alone would
                // bring the node there (sooner, when it is not the largest).
                let cthdn = if thdn == INF { INF } else { thdn.saturating_sub(spread) };
                (cthpn, cthdn)
            } else {
                let cthdn = thdn.min(grow(second));
                let cthpn = if thpn == INF { INF } else { thpn.saturating_sub(pn.saturating_sub(child.pn)) };
                (cthpn, cthdn)
            };
            let restore = pos.make(child.mv);
            let value = self.mid(pos, Some(&here), depth + 1, cthpn, cthdn, rest);
            pos.unmake(child.mv, restore);
            let Some(slot) = children.get_mut(best) else { break };
            let unchanged = slot.pn == value.pn && slot.dn == value.dn;
            slot.pn = value.pn;
            slot.dn = value.dn;
            slot.len = value.len;
            if value.pn == 0 {
                proof = if or_node { hand_before(value.hand, pos, child.mv) } else { hand_max(proof, value.hand) };
            }
            if value.dn == 0 && value.len == 0 {
                disproof = disproof_before(disproof, value.hand, pos, child.mv, or_node);
            }
            if unchanged && value.pn != 0 && value.dn != 0 {
                break;
            }
        }

        let (pn, dn, _, _, _) = search_numbers(children, or_node);
        let work = u32::try_from(self.nodes - start_nodes).unwrap_or(u32::MAX);
        if pn == 0 {
            // Proved: the attacker's shortest proved move, or the defender's longest proved defence.
            let (len, best) = if or_node {
                let mut best: Option<&Child> = None;
                for child in children.iter().filter(|c| c.pn == 0) {
                    if best.is_none_or(|b| child.len < b.len) {
                        best = Some(child);
                    }
                }
                best.map_or((1, None), |b| (b.len.saturating_add(1), Some(b.mv)))
            } else {
                let mut best: Option<&Child> = None;
                for child in children.iter() {
                    if best.is_none_or(|b| child.len > b.len) {
                        best = Some(child);
                    }
                }
                best.map_or((1, None), |b| (b.len.saturating_add(1), Some(b.mv)))
            };
            if !or_node {
                proof = hand_max(proof, self.interposition_hand(pos));
            }
            self.table.store(bkey, proof, 0, INF, len, best, work);
            return Value::proof(len, if or_node { best } else { None }, proof);
        }
        if dn == 0 {
            let flags = if or_node {
                children.iter().fold(if wide { WIDE } else { 0 }, |flags, c| flags | c.len)
            } else {
                children.iter().filter(|c| c.dn == 0).map(|c| c.len).min().unwrap_or(0)
            };
            if flags == 0 {
                if or_node {
                    disproof = hand_min(disproof, self.disproof_ceiling(pos, hand));
                }
                self.table.store(bkey, disproof, INF, 0, 0, None, work);
                return Value::disproof_for(disproof);
            } else {
                // Not a disproof the table may keep (it holds on this path only), but a warning:
                // numbers that put the position last until the search has nothing better.
                self.table.store(bkey, hand, REPEATED_PN, 1, 0, None, work);
            }
            return Value::disproof(flags);
        }
        self.table.store(bkey, hand, pn, dn, 0, None, work);
        Value { pn, dn, len: 0, best: None, hand: Hand::EMPTY }
    }
}

/// The defender's replies that take part in its node's numbers from the start: every board move,
/// and one drop per square (the others wait, see [`Child::after`]). Out of line: the generator's
/// state is not in the frame of each ply of the search.
#[inline(never)]
pub(crate) fn active_replies(pos: &Position) -> u64 {
    let mut board_moves = 0;
    let mut drop_squares = crate::Bitboard::EMPTY;
    let _ = pos.for_each_group(MoveFilter::All, |group| {
        match group.origin() {
            crate::Origin::Drop(_) => drop_squares |= group.targets(),
            _ => board_moves += group.len() as u64,
        }
        ControlFlow::<()>::Continue(())
    });
    board_moves + u64::from(drop_squares.count())
}

/// The hand of every count at its most: what [`hand_min`] with any hand leaves as that hand.
const ANY_HAND: Hand = {
    let mut hand = Hand::EMPTY;
    let mut i = 0;
    while i < PieceKind::HAND.len() {
        hand = hand.with(PieceKind::HAND[i], u8::MAX);
        i += 1;
    }
    hand
};

/// The larger count of each kind.
pub(crate) fn hand_max(a: Hand, b: Hand) -> Hand {
    let mut out = a;
    for kind in PieceKind::HAND {
        if b.count(kind) > a.count(kind) {
            out = out.with(kind, b.count(kind));
        }
    }
    out
}

/// The least count of each kind.
pub(crate) fn hand_min(a: Hand, b: Hand) -> Hand {
    let mut out = a;
    for kind in PieceKind::HAND {
        if b.count(kind) < a.count(kind) {
            out = out.with(kind, b.count(kind));
        }
    }
    out
}

/// A node's disproof hand so far (`disproof`) once its child after `mv` is disproved for every
/// hand `refuted` dominates: for the attacker's node, lowered to the hand before `mv` that leads
/// to `refuted` (every check must fail); for the defender's, that hand itself (one refutation
/// is enough, and the defender's move leaves the attacker's hand as it is).
fn disproof_before(disproof: Hand, refuted: Hand, pos: &Position, mv: Move, or_node: bool) -> Hand {
    if or_node { hand_min(disproof, hand_before(refuted, pos, mv)) } else { refuted }
}

/// The attacker's hand after its move `mv` in `pos` with `hand`: the dropped piece less, the
/// captured piece more.
fn hand_after(hand: Hand, pos: &Position, mv: Move) -> Hand {
    if let Some(kind) = mv.drop_kind() {
        return hand.with(kind, hand.count(kind).saturating_sub(1));
    }
    match pos.piece_at(mv.to()) {
        Some(captured) => {
            let kind = captured.kind().unpromote();
            hand.with(kind, hand.count(kind).saturating_add(1))
        }
        None => hand,
    }
}

/// The hand the attacker needs before `mv` in `pos` for a proof that needs `after` after it: the
/// dropped piece more, the captured piece less.
pub(crate) fn hand_before(after: Hand, pos: &Position, mv: Move) -> Hand {
    if let Some(kind) = mv.drop_kind() {
        return after.with(kind, after.count(kind).saturating_add(1));
    }
    match pos.piece_at(mv.to()) {
        Some(captured) => {
            let kind = captured.kind().unpromote();
            after.with(kind, after.count(kind).saturating_sub(1))
        }
        None => after,
    }
}

/// What a node's numbers are made of: over its (active) children, the least of the numbers the
/// side to move minimizes (the attacker's pn, the defender's dn), the second least, the child of
/// the least, and of the other number the sum, the largest and how many are not 0.
#[derive(Clone, Copy)]
struct Tally {
    min: u32,
    second: u32,
    best: usize,
    sum: u32,
    max: u32,
    open: u32,
}

#[inline]
fn tally<C: MoveSlot>(children: &[C], or_node: bool) -> Tally {
    let mut t = Tally { min: INF, second: INF, best: 0, sum: 0, max: 0, open: 0 };
    for (i, child) in children.iter().enumerate() {
        if !or_node && !child.active(children) {
            continue;
        }
        let (small, big) = if or_node { (child.pn(), child.dn()) } else { (child.dn(), child.pn()) };
        t.sum = add(t.sum, big);
        t.max = t.max.max(big);
        t.open += u32::from(big != 0);
        if small < t.min {
            t.second = t.min;
            t.min = small;
            t.best = i;
        } else if small < t.second {
            t.second = small;
        }
    }
    if t.min == 0 {
        t.sum = INF;
    }
    t
}

/// The node's numbers from its children's, the index of the child to search, and the second best
/// number (the threshold that keeps the search on the best child).
#[inline]
pub(crate) fn numbers<C: MoveSlot>(children: &[C], or_node: bool) -> (u32, u32, usize, u32) {
    let t = tally(children, or_node);
    if or_node { (t.min, t.sum, t.best, t.second) } else { (t.sum, t.min, t.best, t.second) }
}

/// [`numbers`] of the unbounded search, whose attacker's node takes as its disproof number not
/// the sum of its checks' but the largest plus a spread, the number of the other open checks or a
/// quarter of their sum if more: checks transpose into the same defences so often that the sum
/// counts one refutation many times. Also returns the spread, which a check's threshold leaves
/// out.
#[inline(never)]
fn search_numbers(children: &[Child], or_node: bool) -> (u32, u32, usize, u32, u32) {
    let t = tally(children, or_node);
    if !or_node {
        return (t.sum, t.min, t.best, t.second, 0);
    }
    if t.sum == INF || t.open == 0 {
        return (t.min, t.sum, t.best, t.second, 0);
    }
    let spread = (t.open - 1).max((t.sum - t.max) / 4);
    (t.min, add(t.max, spread), t.best, t.second, spread)
}

/// A child of a node, in the unbounded and the length-bounded search alike: its move, its numbers
/// and the drop it waits for ([`generate`] fills the move and the wait, [`numbers`] reads them).
pub(crate) trait MoveSlot: Copy {
    /// The child's move.
    fn mv(&self) -> Move;
    /// Makes the slot the child of `mv`, nothing known of it yet.
    fn set_move(&mut self, mv: Move);
    /// The index + 1 of the earlier drop on the same square it waits for (0: none).
    fn after(&self) -> u8;
    /// Sets [`after`](MoveSlot::after).
    fn set_after(&mut self, after: u8);
    /// Its proof number.
    fn pn(&self) -> u32;
    /// Its disproof number.
    fn dn(&self) -> u32;
    /// A waiting drop counts once the drop it waits for is proved (or once it is disproved itself).
    #[inline]
    fn active(&self, siblings: &[Self]) -> bool {
        self.after() == 0
            || self.dn() == 0
            || siblings.get(usize::from(self.after()) - 1).is_none_or(|waited| waited.pn() == 0)
    }
}

impl MoveSlot for Child {
    fn mv(&self) -> Move {
        self.mv
    }
    #[inline]
    fn set_move(&mut self, mv: Move) {
        *self = TsumeSlot { mv, ..TsumeSlot::EMPTY };
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

/// Fills the front of `children` (at most [`CAP`] of them) with the moves of the node (the checks of
/// the attacker, every legal move of the defender); returns how many and whether some did not fit.
/// Used by the unbounded and the length-bounded search alike.
pub(crate) fn generate<C: MoveSlot>(pos: &Position, or_node: bool, children: &mut [C]) -> (usize, bool) {
    let room = children.len().min(CAP);
    let children = children.get_mut(..room).unwrap_or_default();
    let mut count = 0;
    let mut wide = false;
    let filter = if or_node { MoveFilter::Checks } else { MoveFilter::All };
    let _ = pos.for_each_legal_move(filter, |mv| {
        match children.get_mut(count) {
            Some(child) => {
                child.set_move(mv);
                count += 1;
            }
            None => {
                wide = true;
                return ControlFlow::Break(());
            }
        }
        ControlFlow::<()>::Continue(())
    });
    if !or_node {
        // Each drop waits for the last earlier drop on its square.
        for i in 0..count {
            let Some(mv) = children.get(i).map(MoveSlot::mv) else { break };
            if !mv.is_drop() {
                continue;
            }
            let earlier = children
                .get(..i)
                .and_then(|before| before.iter().rposition(|other| other.mv().is_drop() && other.mv().to() == mv.to()));
            if let (Some(j), Some(slot)) = (earlier, children.get_mut(i)) {
                slot.set_after(u8::try_from(j + 1).unwrap_or(0));
            }
        }
    }
    (count, wide)
}
