//! The tsume solver's shortest mode (`TsumeSolver::solve_shortest`) against brute force on random
//! near-mate positions (tests/common/tsume.rs): a strict length proved minimal is the brute-force
//! shortest mate (1, 3 or 5 plies, or none within 5); a length not proved minimal is never below
//! it; a line is a legal mate of that length. With the useless-interposition counting a length is
//! never above the strict one, and both countings answer the same over one table as over fresh ones
//! (their questions never read each other's entries).

mod common;
#[path = "common/tsume.rs"]
mod tsume;

use hayanagi::{Move, Position, TsumeAnswer, TsumeCounting, TsumeEntry, TsumeSolver};

/// The shortest strict mate within 5 plies by brute force (the core's mate in 1 and 3 below it),
/// or `None`.
fn brute_shortest(pos: &Position) -> Option<u16> {
    if pos.mate_in_1().is_some() {
        return Some(1);
    }
    if pos.mate_in_3().is_some() {
        return Some(3);
    }
    tsume::mate_in_5(pos).then_some(5)
}

/// What one shortest-mode run said: `Some((length, minimal, line plies))` for a mate (its line
/// checked), `None` for no mate; unknown answers are `Err(())`.
type Shortest = Result<Option<(u16, bool, usize)>, ()>;

fn shortest(pos: &Position, table: &mut [TsumeEntry], counting: TsumeCounting) -> Shortest {
    let mut line = [Move::from_usi("1a1b").expect("a move"); 256];
    let mut solver = TsumeSolver::new(table).with_node_limit(4_000).with_counting(counting);
    let found = solver.solve_shortest(pos, &mut line).expect("a tsume position");
    match found.answer {
        TsumeAnswer::Mate(moves) => {
            assert!(TsumeSolver::is_mating_line(pos, moves), "not a mating line: {pos:?}");
            Ok(Some((found.length, found.minimal, moves.len())))
        }
        TsumeAnswer::NoMate => Ok(None),
        TsumeAnswer::Unknown(_) => Err(()),
    }
}

#[test]
fn strict_shortest_lengths_are_the_brute_force_ones() {
    let mut table = vec![TsumeEntry::EMPTY; 1 << 14];
    let (mut minimal, mut by_length, mut none, mut bounds) = (0, [0; 3], 0, 0);
    for pos in tsume::random_positions(36, 160) {
        let brute = brute_shortest(&pos);
        table.fill(TsumeEntry::EMPTY);
        match shortest(&pos, &mut table, TsumeCounting::Strict) {
            Ok(Some((length, true, plies))) => {
                // Strictly every ply is counted: the line is as long as the length.
                assert_eq!(usize::from(length), plies, "{pos:?}");
                match brute {
                    Some(b) => {
                        assert_eq!(length, b, "the proved shortest against brute force: {pos:?}");
                        by_length[usize::from(b / 2)] += 1;
                    }
                    None => assert!(length > 5, "a proved shortest of {length} without a mate in 5: {pos:?}"),
                }
                minimal += 1;
            }
            Ok(Some((length, false, _))) => {
                assert!(brute.is_none_or(|b| length >= b), "an upper bound below the shortest: {pos:?}");
                bounds += 1;
            }
            Ok(None) => {
                assert!(brute.is_none(), "no mate, but brute force mates in {brute:?}: {pos:?}");
                none += 1;
            }
            Err(()) => {}
        }
    }
    eprintln!("{minimal} proved minimal (1, 3, 5: {by_length:?}), {bounds} upper bounds, {none} no mate");
    assert!(minimal > 25 && by_length.iter().all(|&n| n > 5), "{minimal} minimal, {by_length:?}");
}

#[test]
fn conventional_lengths_are_at_most_strict_and_one_table_serves_both() {
    let mut shared = vec![TsumeEntry::EMPTY; 1 << 14];
    let mut fresh = vec![TsumeEntry::EMPTY; 1 << 14];
    let mut compared = 0;
    for pos in tsume::random_positions(37, 80) {
        shared.fill(TsumeEntry::EMPTY);
        let strict = shortest(&pos, &mut shared, TsumeCounting::Strict);
        // Over the table the strict run left, then over an empty one.
        let conventional = shortest(&pos, &mut shared, TsumeCounting::UselessInterpositionsFree);
        fresh.fill(TsumeEntry::EMPTY);
        let alone = shortest(&pos, &mut fresh, TsumeCounting::UselessInterpositionsFree);
        if let (Ok(Some((c, true, _))), Ok(Some((a, true, _)))) = (conventional, alone) {
            assert_eq!(c, a, "the conventional shortest over a strict run's table: {pos:?}");
        }
        if let (Ok(Some((s, true, _))), Ok(Some((c, true, plies)))) = (strict, alone) {
            assert!(c <= s && usize::from(c) <= plies, "conventional {c} (line {plies}), strict {s}: {pos:?}");
            compared += 1;
        }
        if let (Ok(a), Ok(b)) = (strict, alone) {
            // Mate or not does not depend on the counting.
            assert_eq!(a.is_some(), b.is_some(), "{pos:?}");
        }
    }
    eprintln!("{compared} compared");
    assert!(compared > 15, "{compared} compared");
}
