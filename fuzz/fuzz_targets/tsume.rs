//! The tsume solver on positions from bytes: an SFEN (input starting with `S`), or a random near-mate
//! placement (tests/common/tsume.rs) drawn from a seed made of the bytes, solved with a table whose
//! size the input chooses (0 to 4,095 entries) and a small node limit.
//!
//! A claimed mate is replayed with the checked API: every move legal, every attacker's move a check,
//! the last position mate. A claimed no-mate is never contradicted by the exact mate in 1 or mate
//! in 3. An error names a real reason (no defending king, or the attacker in check).

#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/tsume.rs"]
mod tsume;

use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeError, TsumeSolver};
use libfuzzer_sys::fuzz_target;

fn position(data: &[u8]) -> Option<Position> {
    if let Some(text) = data.strip_prefix(b"S") {
        return Position::from_sfen(core::str::from_utf8(text).ok()?).ok();
    }
    let mut seed = 0xcbf2_9ce4_8422_2325_u64;
    for &byte in data {
        seed = (seed ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    tsume::random_tsume(&mut common::Rng::new(seed))
}

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else { return };
    let Some(pos) = position(rest) else { return };
    let mut table = vec![TsumeEntry::EMPTY; usize::from(size) * 16];
    let mut line = [Move::from_usi("1a1b").unwrap(); 128];
    let mut solver = TsumeSolver::new(&mut table).with_node_limit(2_000).with_max_depth(64);
    match solver.solve(&pos, &mut line) {
        Ok(TsumeAnswer::Mate(moves)) => {
            assert!(moves.len() % 2 == 1, "{pos:?}: a line of even length");
            let mut after = pos.clone();
            for (i, &mv) in moves.iter().enumerate() {
                after.play(mv).unwrap_or_else(|e| panic!("{pos:?}: move {i} {mv} illegal: {e}"));
                assert!(i % 2 == 1 || after.in_check(), "{pos:?}: move {i} {mv} does not check");
            }
            assert!(after.in_check() && after.legal_moves().is_empty(), "{pos:?}: the line does not mate");
        }
        Ok(TsumeAnswer::NoMate) => {
            assert_eq!(pos.mate_in_1(), None, "{pos:?}: no mate claimed, mate in 1 exists");
            assert_eq!(pos.mate_in_3(), None, "{pos:?}: no mate claimed, mate in 3 exists");
        }
        Ok(TsumeAnswer::Unknown(_)) => {}
        Err(TsumeError::NoDefenderKing) => assert!(pos.king(pos.side_to_move().flip()).is_none()),
        Err(TsumeError::AttackerInCheck) => assert!(pos.in_check()),
    }
    let stats = solver.stats();
    assert!(stats.table_used <= stats.table_len && stats.table_len == usize::from(size) * 16);
});
