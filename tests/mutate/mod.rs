//! Deterministic input mutations for the no-panic sweeps of the parsers (tests/sfen.rs, tests/usi.rs).

#![allow(dead_code)]

use crate::common::Rng;

/// Every single-byte deletion of `seed`, and every insertion and replacement of one of `bytes` at every
/// position.
pub fn single_byte_edits<'a>(seed: &'a [u8], bytes: &'a [u8]) -> impl Iterator<Item = Vec<u8>> + 'a {
    let deletions = (0..seed.len()).map(move |at| {
        let mut edited = seed.to_vec();
        edited.remove(at);
        edited
    });
    let insertions = (0..=seed.len()).flat_map(move |at| {
        bytes.iter().map(move |&byte| {
            let mut edited = seed.to_vec();
            edited.insert(at, byte);
            edited
        })
    });
    let replacements = (0..seed.len()).flat_map(move |at| {
        bytes.iter().map(move |&byte| {
            let mut edited = seed.to_vec();
            edited[at] = byte;
            edited
        })
    });
    deletions.chain(insertions).chain(replacements)
}

/// `seed` with 1 to 4 random deletions, replacements or insertions of one of `bytes`.
pub fn random_edits(rng: &mut Rng, seed: &[u8], bytes: &[u8]) -> Vec<u8> {
    let mut edited = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(edited.len() as u64 + 1) as usize;
        let byte = bytes[rng.below(bytes.len() as u64) as usize];
        match rng.below(3) {
            0 if at < edited.len() => {
                edited.remove(at);
            }
            1 if at < edited.len() => edited[at] = byte,
            _ => edited.insert(at, byte),
        }
    }
    edited
}

/// Runs `check` on every single-byte edit of every seed; returns (accepted, total) so a caller can
/// require both outcomes to occur often.
pub fn sweep_single_byte_edits<T, E>(
    seeds: &[&str],
    bytes: &[u8],
    check: impl Fn(&[u8]) -> Result<T, E>,
) -> (u32, u32) {
    let (mut accepted, mut total) = (0, 0);
    for seed in seeds {
        for input in single_byte_edits(seed.as_bytes(), bytes) {
            accepted += check(&input).is_ok() as u32;
            total += 1;
        }
    }
    (accepted, total)
}

/// Runs `check` on `rounds` random multi-byte edits of the seeds, in turn.
pub fn sweep_random_edits<T, E>(
    rng: &mut Rng,
    rounds: usize,
    seeds: &[&str],
    bytes: &[u8],
    check: impl Fn(&[u8]) -> Result<T, E>,
) {
    for round in 0..rounds {
        let _ = check(&random_edits(rng, seeds[round % seeds.len()].as_bytes(), bytes));
    }
}
