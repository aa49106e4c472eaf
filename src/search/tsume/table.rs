//! The solver's transposition table over the caller's slice of [`TsumeEntry`]: buckets of
//! [`BUCKET`] entries, keyed by the board (hands left out) and holding the attacker's hand, so that
//! a proof for a hand proves every hand that dominates it and a disproof disproves every hand it
//! dominates ([`Hand::dominates`]).

use crate::{Hand, Move};

/// Entries per bucket: all hands of one board land in the same bucket.
pub(crate) const BUCKET: usize = 8;

/// One slot of the solver's transposition table (32 bytes). The caller owns the table: a slice
/// of any length, filled with [`TsumeEntry::EMPTY`] to begin with, which
/// [`TsumeSolver`](crate::TsumeSolver) reads and writes.
///
/// ```
/// use hayanagi::TsumeEntry;
/// assert_eq!(core::mem::size_of::<TsumeEntry>(), 32);
/// let table = [TsumeEntry::EMPTY; 64]; // 2 KiB
/// assert!(table.iter().all(|entry| entry.is_empty()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsumeEntry {
    /// The position's key without the hands (side to move included).
    key: u64,
    /// The attacker's hand.
    hand: Hand,
    /// The search that wrote it (1..=255); 0 for an empty slot.
    generation: u8,
    pn: u32,
    dn: u32,
    /// Nodes spent below this position when it was written: what replacement keeps.
    work: u32,
    /// The proving move (attacker to move) or the longest defence (defender to move).
    best: Option<Move>,
    /// For a proof, the length of the mate found (plies).
    len: u16,
}

impl TsumeEntry {
    /// A slot holding nothing.
    ///
    /// ```
    /// use hayanagi::TsumeEntry;
    /// let table = [TsumeEntry::EMPTY; 8];
    /// assert!(table.iter().all(TsumeEntry::is_empty));
    /// ```
    pub const EMPTY: TsumeEntry =
        TsumeEntry { key: 0, hand: Hand::EMPTY, generation: 0, pn: 0, dn: 0, work: 0, best: None, len: 0 };

    /// True for a slot holding nothing.
    ///
    /// ```
    /// use hayanagi::TsumeEntry;
    /// assert!(TsumeEntry::EMPTY.is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.generation == 0
    }
}

impl Default for TsumeEntry {
    /// [`TsumeEntry::EMPTY`].
    fn default() -> TsumeEntry {
        TsumeEntry::EMPTY
    }
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

/// The caller's slice seen as buckets.
pub(crate) struct Table<'t> {
    entries: &'t mut [TsumeEntry],
    buckets: usize,
    generation: u8,
    used: usize,
}

impl<'t> Table<'t> {
    /// The table over `entries`, whatever they hold (entries of earlier searches stay valid:
    /// proofs and disproofs never depend on the search that found them).
    pub(crate) fn new(entries: &'t mut [TsumeEntry]) -> Table<'t> {
        let used = entries.iter().filter(|entry| !entry.is_empty()).count();
        let buckets = entries.len() / BUCKET;
        Table { entries, buckets, generation: 1, used }
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

    /// Starts a new search: entries written before it are the first to be replaced.
    pub(crate) fn next_generation(&mut self) {
        self.generation = match self.generation.wrapping_add(1) {
            0 => 1,
            g => g,
        };
    }

    /// The bucket of `key`: the whole table when it holds less than one bucket.
    #[inline]
    fn bucket(&self, key: u64) -> core::ops::Range<usize> {
        if self.buckets <= 1 {
            return 0..self.entries.len();
        }
        let index = ((u128::from(key) * self.buckets as u128) >> 64) as usize;
        let start = index * BUCKET;
        start..start + BUCKET
    }

    /// What is known of the position with board key `key` and attacker hand `hand`: a proof of
    /// this hand or of one it dominates, a disproof of this hand or of one that dominates it, or the
    /// last numbers stored for exactly this hand.
    #[inline]
    pub(crate) fn probe(&self, key: u64, hand: Hand) -> Option<Probe> {
        let range = self.bucket(key);
        let bucket = self.entries.get(range)?;
        let mut exact = None;
        for entry in bucket {
            if entry.key != key || entry.generation == 0 {
                continue;
            }
            if entry.pn == 0 && hand.dominates(entry.hand) || entry.dn == 0 && entry.hand.dominates(hand) {
                return Some(Probe { pn: entry.pn, dn: entry.dn, len: entry.len, best: entry.best, hand: entry.hand });
            }
            if entry.hand == hand {
                exact = Some(Probe { pn: entry.pn, dn: entry.dn, len: entry.len, best: entry.best, hand: entry.hand });
            }
        }
        exact
    }

    /// Records numbers for the position (`key`, `hand`): over its own entry, else over an empty slot
    /// of the bucket, else over the entry that cost the least work (entries of earlier searches
    /// first). A proof or disproof is never overwritten by numbers.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(&mut self, key: u64, hand: Hand, pn: u32, dn: u32, len: u16, best: Option<Move>, work: u32) {
        let generation = self.generation;
        let range = self.bucket(key);
        let Some(bucket) = self.entries.get_mut(range) else { return };
        let terminal = pn == 0 || dn == 0;
        let mut victim: Option<(usize, u64)> = None;
        let mut freed = 0;
        for (i, entry) in bucket.iter_mut().enumerate() {
            // Numbers of a hand this proof or disproof now covers are of no more use.
            if terminal
                && entry.generation != 0
                && entry.key == key
                && entry.hand != hand
                && entry.pn != 0
                && entry.dn != 0
                && (pn == 0 && entry.hand.dominates(hand) || dn == 0 && hand.dominates(entry.hand))
            {
                *entry = TsumeEntry::EMPTY;
                freed += 1;
            }
            if entry.generation != 0 && entry.key == key && entry.hand == hand {
                if !terminal && (entry.pn == 0 || entry.dn == 0) {
                    return;
                }
                *entry = TsumeEntry { key, hand, generation, pn, dn, work, best, len };
                self.used = self.used.saturating_sub(freed);
                return;
            }
            // Cost of losing it: empty < older search < least work; proofs and disproofs weigh double.
            let cost = if entry.generation == 0 {
                0
            } else if entry.generation != generation {
                1
            } else {
                let weight = if entry.pn == 0 || entry.dn == 0 { 2 } else { 1 };
                2 + u64::from(entry.work) * weight
            };
            if victim.is_none_or(|(_, best)| cost < best) {
                victim = Some((i, cost));
            }
        }
        self.used = self.used.saturating_sub(freed);
        let Some((i, _)) = victim else { return };
        let Some(slot) = bucket.get_mut(i) else { return };
        if slot.generation == 0 {
            self.used += 1;
        }
        *slot = TsumeEntry { key, hand, generation, pn, dn, work, best, len };
    }
}
