//! The solver's transposition table over the caller's slice of [`TsumeEntry`]: buckets of
//! [`BUCKET`] entries, keyed by the board (hands left out) and holding the attacker's hand, so that
//! a proof for a hand proves every hand that dominates it and a disproof disproves every hand it
//! dominates ([`Hand::dominates`]).

use super::solver::INF;
use crate::position::setup::SET;
use crate::{Hand, Move, PieceKind, Position, Setup};

/// Entries per bucket: all hands of one board land in the same bucket.
pub(crate) const BUCKET: usize = 8;

/// One slot of the solver's transposition table (16 bytes: eight make a 128-byte bucket). The
/// caller owns the table: a slice of any length, filled with [`TsumeEntry::EMPTY`] to begin with,
/// which [`TsumeSolver`](crate::TsumeSolver) reads and writes.
///
/// ```
/// use hayanagi::TsumeEntry;
/// assert_eq!(core::mem::size_of::<TsumeEntry>(), 16);
/// let table = [TsumeEntry::EMPTY; 64]; // 1 KiB
/// assert!(table.iter().all(|entry| entry.is_empty()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsumeEntry {
    /// The board key's low [`CHECK_BITS`] bits (the bucket comes from its high bits), the packed
    /// attacker's hand ([`HAND_BITS`]) and the work's bit length ([`WORK_BITS`]).
    a: u64,
    /// The search that wrote it (8 bits, 1..=255; 0 for an empty slot), then two 28-bit fields:
    /// numbers (pn, dn, saturated), or a proof (0, then a marker bit, the length and the move), or
    /// a disproof (the length and the move, then 0).
    b: u64,
}

/// Bits of the board key kept in an entry.
const CHECK_BITS: u32 = 38;
/// Bits of a packed attacker's hand: pawns 5, lances, knights, silvers, golds 3 each, bishops
/// and rooks 2 each.
const HAND_BITS: u32 = 21;
/// Bits of the work's bit length.
const WORK_BITS: u32 = 5;
/// Bits of one number field.
const FIELD_BITS: u32 = 28;
const FIELD_MAX: u64 = (1 << FIELD_BITS) - 1;
/// The longest proof an entry holds (plies).
const LEN_MAX: u16 = (1 << 11) - 1;
/// Marks a proof's payload (never 0).
const PROOF_MARK: u64 = 1 << 27;

/// Per hand kind (in [`PieceKind::HAND`]'s order), the lowest bit of its count in a packed hand
/// and the bit width of that count.
const FIELDS: [(u32, u32); 7] = {
    let mut fields = [(0, 0); 7];
    let mut shift = 0;
    let mut i = 0;
    while i < 7 {
        let width = hand_width(PieceKind::HAND[i]);
        fields[i] = (shift, width);
        shift += width;
        i += 1;
    }
    fields
};

/// The bits of a hand's bytes ([`Hand::to_bytes`]) that a count fitting its field never sets.
const OVERFLOW: u64 = {
    let mut mask = 0;
    let mut i = 0;
    while i < 7 {
        mask |= (0xff_u64 << FIELDS[i].1 & 0xff) << (8 * i);
        i += 1;
    }
    mask
};

/// The high bit of each of the seven count bytes.
const HIGH_BITS: u64 = 0x0080_8080_8080_8080;

/// The attacker's hand in [`HAND_BITS`] bits; `None` if a count does not fit.
#[inline]
fn pack_hand(hand: Hand) -> Option<u64> {
    let bytes = hand.to_bytes();
    if bytes & OVERFLOW != 0 {
        return None;
    }
    let mut bits = 0u64;
    for (i, &(shift, _)) in FIELDS.iter().enumerate() {
        bits |= (bytes >> (8 * i) & 0xff) << shift;
    }
    Some(bits)
}

/// A packed hand's counts as bytes ([`Hand::to_bytes`]).
#[inline]
fn unpack_bytes(bits: u64) -> u64 {
    let mut bytes = 0u64;
    for (i, &(shift, width)) in FIELDS.iter().enumerate() {
        bytes |= (bits >> shift & ((1 << width) - 1)) << (8 * i);
    }
    bytes
}

#[inline]
fn unpack_hand(bits: u64) -> Hand {
    Hand::from_bytes(unpack_bytes(bits))
}

/// [`Hand::dominates`] on the bytes of two hands whose counts fit their fields (below 128): every
/// byte of `a` at least `b`'s, when no byte of `a` with its high bit set, less `b`, borrows it.
#[inline]
const fn dominates_bytes(a: u64, b: u64) -> bool {
    ((a | HIGH_BITS) - b) & HIGH_BITS == HIGH_BITS
}

#[inline]
const fn hand_width(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 5,
        PieceKind::Bishop | PieceKind::Rook => 2,
        _ => 3,
    }
}

impl TsumeEntry {
    /// A slot holding nothing.
    ///
    /// ```
    /// use hayanagi::TsumeEntry;
    /// let table = [TsumeEntry::EMPTY; 8];
    /// assert!(table.iter().all(TsumeEntry::is_empty));
    /// ```
    pub const EMPTY: TsumeEntry = TsumeEntry { a: 0, b: 0 };

    /// True for a slot holding nothing.
    ///
    /// ```
    /// use hayanagi::TsumeEntry;
    /// assert!(TsumeEntry::EMPTY.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.generation() == 0
    }

    #[inline]
    const fn generation(&self) -> u8 {
        (self.b >> 56) as u8
    }

    #[inline]
    const fn check(&self) -> u64 {
        self.a >> (64 - CHECK_BITS)
    }

    #[inline]
    const fn hand_bits(&self) -> u64 {
        (self.a >> WORK_BITS) & ((1 << HAND_BITS) - 1)
    }

    #[inline]
    const fn work(&self) -> u64 {
        self.a & ((1 << WORK_BITS) - 1)
    }

    #[inline]
    const fn x(&self) -> u64 {
        (self.b >> FIELD_BITS) & FIELD_MAX
    }

    #[inline]
    const fn y(&self) -> u64 {
        self.b & FIELD_MAX
    }

    #[inline]
    const fn is_proof(&self) -> bool {
        self.x() == 0 && self.y() != 0
    }

    #[inline]
    const fn is_disproof(&self) -> bool {
        self.y() == 0
    }

    #[inline]
    const fn is_terminal(&self) -> bool {
        self.x() == 0 || self.y() == 0
    }

    /// What the entry says, for its hand.
    #[inline]
    fn probe(&self) -> Probe {
        let hand = unpack_hand(self.hand_bits());
        let (pn, dn, payload) = if self.is_disproof() {
            (INF, 0, self.x())
        } else if self.is_proof() {
            (0, INF, self.y())
        } else {
            return Probe { pn: self.x() as u32, dn: self.y() as u32, len: 0, best: None, hand };
        };
        let best = Move::from_bits(payload as u16);
        let len = ((payload >> 16) as u16) & LEN_MAX;
        Probe { pn, dn, len, best, hand }
    }

    /// The entry for `key`'s check bits, `hand` packed, `generation` and the rest; `None` if it
    /// does not fit (a proof longer than [`LEN_MAX`]).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn new(
        check: u64,
        hand: u64,
        generation: u8,
        pn: u32,
        dn: u32,
        len: u16,
        best: Option<Move>,
        work: u32,
    ) -> Option<TsumeEntry> {
        let work = u64::from(32 - work.leading_zeros()).min((1 << WORK_BITS) - 1);
        let a = check << (64 - CHECK_BITS) | hand << WORK_BITS | work;
        let payload = || -> Option<u64> {
            if len > LEN_MAX {
                return None;
            }
            Some(u64::from(len) << 16 | u64::from(best.map_or(0, Move::to_bits)))
        };
        let (x, y) = if pn == 0 {
            (0, payload()? | PROOF_MARK)
        } else if dn == 0 {
            (payload()?, 0)
        } else {
            (u64::from(pn).min(FIELD_MAX), u64::from(dn).min(FIELD_MAX))
        };
        Some(TsumeEntry { a, b: u64::from(generation) << 56 | x << FIELD_BITS | y })
    }
}

/// 0 when `pos` holds the full set of each hand kind ([`SET`]), else a key naming its counts.
fn set_salt(pos: &Position) -> u64 {
    let mut salt = 0;
    for (i, (&count, &full)) in Setup::from(pos).counts().iter().zip(&SET).enumerate() {
        if count != u32::from(full) {
            salt ^= mix((i as u64) << 8 | u64::from(count));
        }
    }
    salt
}

/// splitmix64's finalizer: distinct inputs give unrelated keys.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What the table knows of one position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    pub(crate) pn: u32,
    pub(crate) dn: u32,
    pub(crate) len: u16,
    pub(crate) best: Option<Move>,
    /// The attacker's hand stored: for a proof, the hand it needs.
    pub(crate) hand: Hand,
}

/// The caller's slice seen as buckets, the first one starting at a 128-byte boundary when the
/// slice's address and length allow it (a bucket is then one pair of cache lines, or one on most machines).
pub(crate) struct Table<'t> {
    entries: &'t mut [TsumeEntry],
    /// Entries skipped before the first bucket.
    offset: usize,
    buckets: usize,
    generation: u8,
    used: usize,
    /// Mixed into every key: 0 for the full set of pieces, else what names the set of this
    /// search's position (see [`Table::start`]).
    salt: u64,
}

impl<'t> Table<'t> {
    /// The table over `entries`, whatever they hold (entries of earlier searches stay valid:
    /// proofs and disproofs never depend on the search that found them).
    pub(crate) fn new(entries: &'t mut [TsumeEntry]) -> Table<'t> {
        let used = entries.iter().filter(|entry| !entry.is_empty()).count();
        let size = core::mem::size_of::<TsumeEntry>();
        let misalign = entries.as_ptr().addr() % (BUCKET * size);
        let offset = if misalign == 0 { 0 } else { (BUCKET * size - misalign) / size };
        // Aligned only when that costs no bucket.
        let (offset, buckets) = match entries.len().checked_sub(offset) {
            Some(rest) if rest / BUCKET > 1 && rest / BUCKET == entries.len() / BUCKET => (offset, rest / BUCKET),
            _ => (0, entries.len() / BUCKET),
        };
        Table { entries, offset, buckets, generation: 1, used, salt: 0 }
    }

    /// Entries in use.
    pub(crate) fn used(&self) -> usize {
        self.used
    }

    /// Entries in all.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Empties every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(TsumeEntry::EMPTY);
        self.used = 0;
    }

    /// Starts a new search from `pos`: entries written before it are the first to be replaced, and
    /// keys are those of `pos`'s set of pieces. A key leaves both hands out and an entry holds
    /// the attacker's hand, so the defender's hand is what the set's other pieces leave; over a
    /// table kept from a search with another set (pieces missing, the defender's hand not the
    /// rest), a proof would be read for a defender with more pieces to drop. Each set
    /// keys its own entries instead (the full set of 40 keeps the keys it always had).
    pub(crate) fn start(&mut self, pos: &Position) {
        self.salt = set_salt(pos);
        self.next_generation();
    }

    /// A new generation: entries written before it are the first to be replaced.
    fn next_generation(&mut self) {
        self.generation = match self.generation.wrapping_add(1) {
            0 => 1,
            g => g,
        };
    }

    /// The bucket of `key`: the whole table when it holds less than two buckets.
    #[inline]
    fn bucket(&self, key: u64) -> core::ops::Range<usize> {
        if self.buckets <= 1 {
            return 0..self.entries.len();
        }
        let index = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        let start = self.offset + index * BUCKET;
        start..start + BUCKET
    }

    /// What is known of the position with board key `key` and attacker hand `hand`: a proof of
    /// this hand or of one it dominates, a disproof of this hand or of one that dominates it, or the
    /// last numbers stored for exactly this hand.
    #[inline]
    pub(crate) fn probe(&self, key: u64, hand: Hand) -> Option<Probe> {
        self.find(key, hand).map(TsumeEntry::probe)
    }

    /// The entry [`Table::probe`] reads. Out of line: the bucket scan is not in the frame of each
    /// ply of the search.
    #[inline(never)]
    fn find(&self, key: u64, hand: Hand) -> Option<&TsumeEntry> {
        let key = key ^ self.salt;
        let range = self.bucket(key);
        let bucket = self.entries.get(range)?;
        let check = key & ((1 << CHECK_BITS) - 1);
        let packed = pack_hand(hand)?;
        let bytes = hand.to_bytes();
        let mut exact = None;
        for entry in bucket {
            if entry.check() != check || entry.is_empty() {
                continue;
            }
            if entry.is_terminal() {
                let stored = unpack_bytes(entry.hand_bits());
                if entry.is_proof() && dominates_bytes(bytes, stored)
                    || entry.is_disproof() && dominates_bytes(stored, bytes)
                {
                    return Some(entry);
                }
            }
            if entry.hand_bits() == packed {
                exact = Some(entry);
            }
        }
        exact
    }

    /// Records numbers for the position (`key`, `hand`): over its own entry, else over an empty slot
    /// of the bucket, else over the entry that cost the least work (entries of earlier searches
    /// first). A proof or disproof is never overwritten by numbers. Nothing is stored for a hand
    /// or a proof that an entry cannot hold.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(&mut self, key: u64, hand: Hand, pn: u32, dn: u32, len: u16, best: Option<Move>, work: u32) {
        let key = key ^ self.salt;
        let generation = self.generation;
        let range = self.bucket(key);
        let check = key & ((1 << CHECK_BITS) - 1);
        let Some(packed) = pack_hand(hand) else { return };
        let Some(new) = TsumeEntry::new(check, packed, generation, pn, dn, len, best, work) else { return };
        let Some(bucket) = self.entries.get_mut(range) else { return };
        let terminal = pn == 0 || dn == 0;
        let mut victim: Option<(usize, u64)> = None;
        let mut freed = 0;
        for (i, entry) in bucket.iter_mut().enumerate() {
            let same_board = !entry.is_empty() && entry.check() == check;
            // Numbers of a hand this proof or disproof now covers are of no more use.
            if terminal && same_board && entry.hand_bits() != packed && !entry.is_terminal() {
                let stored = unpack_bytes(entry.hand_bits());
                let bytes = hand.to_bytes();
                if pn == 0 && dominates_bytes(stored, bytes) || dn == 0 && dominates_bytes(bytes, stored) {
                    *entry = TsumeEntry::EMPTY;
                    freed += 1;
                }
            }
            if same_board && entry.hand_bits() == packed {
                if !terminal && entry.is_terminal() {
                    return;
                }
                *entry = new;
                self.used = self.used.saturating_sub(freed);
                return;
            }
            // Cost of losing it: empty < older search < least work; proofs and disproofs weigh more.
            let cost = if entry.is_empty() {
                0
            } else if entry.generation() != generation {
                1
            } else {
                2 + entry.work() + u64::from(entry.is_terminal())
            };
            if victim.is_none_or(|(_, best)| cost < best) {
                victim = Some((i, cost));
            }
        }
        self.used = self.used.saturating_sub(freed);
        let Some((i, _)) = victim else { return };
        let Some(slot) = bucket.get_mut(i) else { return };
        if slot.is_empty() {
            self.used += 1;
        }
        *slot = new;
    }
}

#[cfg(test)]
mod tests {
    use super::{FIELDS, dominates_bytes, pack_hand, unpack_bytes, unpack_hand};
    use crate::{Hand, PieceKind};

    /// Hands of counts that fit their fields (and some that do not), from a fixed seed.
    fn hands() -> impl Iterator<Item = Hand> {
        let mut seed: u64 = 0x7473_756d_6568_616e;
        (0..20_000).map(move |_| {
            let mut hand = Hand::EMPTY;
            for (kind, &(_, width)) in PieceKind::HAND.into_iter().zip(&FIELDS) {
                // Mostly small counts (where dominance is decided), one in 64 just past the field.
                let roll = crate::test_random(&mut seed);
                let count = if roll.is_multiple_of(64) { 1 << width } else { roll % 3 * (roll >> 8) % (1 << width) };
                hand = hand.with(kind, count as u8);
            }
            hand
        })
    }

    #[test]
    fn a_packed_hand_unpacks_to_itself_and_only_fitting_hands_pack() {
        for hand in hands() {
            let fits =
                PieceKind::HAND.into_iter().zip(&FIELDS).all(|(kind, &(_, width))| hand.count(kind) >> width == 0);
            match pack_hand(hand) {
                Some(bits) => {
                    assert!(fits && bits >> super::HAND_BITS == 0, "{hand:?}");
                    assert_eq!(unpack_hand(bits), hand);
                    assert_eq!(unpack_bytes(bits), hand.to_bytes());
                }
                None => assert!(!fits, "{hand:?}"),
            }
        }
    }

    #[test]
    fn dominance_on_bytes_is_hand_dominance() {
        let mut fitting = [Hand::EMPTY; 400];
        for (slot, hand) in fitting.iter_mut().zip(hands().filter(|&hand| pack_hand(hand).is_some())) {
            *slot = hand;
        }
        let mut both = 0;
        for &a in &fitting {
            for &b in &fitting {
                assert_eq!(dominates_bytes(a.to_bytes(), b.to_bytes()), a.dominates(b), "{a:?} {b:?}");
                both += usize::from(a.dominates(b) && a != b);
            }
        }
        assert!(both > 1_000, "{both} strict dominances");
    }
}
