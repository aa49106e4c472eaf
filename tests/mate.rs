//! Mate in 1 and mate in 3 against brute force: play every legal move, and for a mate look at every
//! reply with the full legal move list. Over random near-mate placements (tests/common/tsume.rs), a
//! few moves played on from them (so that the attacker is sometimes in check, or the defender holds
//! the attacker in a counter-check), and positions from biased random games.

mod common;
#[path = "common/playout.rs"]
mod playout;
#[path = "common/tsume.rs"]
mod tsume;

use common::Rng;
use hayanagi::{MateLine, Move, Position};
use playout::{BIASES, playout};

/// True when the legal `mv` mates: the opponent is in check with no legal move.
fn mates(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.play(mv).expect("a legal move");
    after.in_check() && after.legal_moves().is_empty()
}

/// Every mating move, by brute force.
fn brute_mates_in_1(pos: &Position) -> Vec<Move> {
    pos.legal_moves().iter().copied().filter(|&mv| mates(pos, mv)).collect()
}

/// True when some check leaves every reply mate in 1 (a mate in exactly 3 or less), by brute force.
fn brute_mate_in_3(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&mv| {
        let mut after = pos.clone();
        after.play(mv).expect("a legal move");
        after.in_check()
            && after.legal_moves().iter().all(|&reply| {
                let mut next = after.clone();
                next.play(reply).expect("a legal reply");
                next.legal_moves().iter().any(|&mate| mates(&next, mate))
            })
    })
}

/// The position's mate in 1 against brute force; returns whether one exists.
fn check_mate_in_1(pos: &Position) -> bool {
    let found = pos.mate_in_1();
    let all = brute_mates_in_1(pos);
    match found {
        Some(mv) => assert!(all.contains(&mv), "mate_in_1 gave {mv}, not a mate, in {pos:?} (mates: {all:?})"),
        None => assert!(all.is_empty(), "mate_in_1 missed {all:?} in {pos:?}"),
    }
    found.is_some()
}

/// A line from `mate_in_3` is legal, every move of the attacker checks, the last mates, and every
/// reply to the first is mated in 1.
fn check_line(pos: &Position, line: &MateLine) {
    let moves = line.moves();
    match moves.len() {
        1 => assert!(mates(pos, moves[0]), "{line} in {pos:?}"),
        3 => {
            assert_eq!(pos.mate_in_1(), None, "a 3-move line where a mate in 1 exists: {pos:?}");
            let mut after = pos.clone();
            after.play(moves[0]).expect("the first move is legal");
            assert!(after.in_check(), "{line}: the first move checks in {pos:?}");
            for &reply in after.legal_moves().iter() {
                let mut next = after.clone();
                next.play(reply).expect("a legal reply");
                assert!(!brute_mates_in_1(&next).is_empty(), "{line}: {reply} escapes in {pos:?}");
            }
            assert!(after.is_legal(moves[1]), "{line}: the defence is legal in {pos:?}");
            assert_eq!(after.legal_moves().first(), Some(&moves[1]), "{line}: the first defence is shown");
            after.play(moves[1]).expect("the defence is legal");
            assert!(mates(&after, moves[2]), "{line}: the last move mates in {pos:?}");
        }
        n => panic!("a line of {n} moves"),
    }
}

fn near_mate_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        if let Some(pos) = tsume::random_tsume(&mut rng) {
            out.push(pos);
        }
    }
    out
}

#[test]
fn mate_in_1_equals_brute_force_on_near_mate_positions() {
    let positions = near_mate_positions(0x6d61_7465_0001, 20_000);
    let found = positions.iter().filter(|pos| check_mate_in_1(pos)).count();
    // The corpus must exercise both answers.
    assert!(found > 2_000 && found < 18_000, "{found} mates of {}", positions.len());
    eprintln!("{found} mates of {}", positions.len());
}

#[test]
fn mate_in_1_equals_brute_force_a_few_moves_on() {
    // Random moves from near-mate positions: the attacker is sometimes in check, the defender's
    // reply sometimes checks back, and either side may be the one to mate.
    let mut rng = Rng::new(0x6d61_7465_0002);
    let (mut positions, mut in_check, mut found) = (0, 0, 0);
    for start in near_mate_positions(0x6d61_7465_0003, 3_000) {
        playout(&start, rng.next_u64(), BIASES[rng.below(5) as usize], 6, |pos| {
            positions += 1;
            in_check += usize::from(pos.in_check());
            found += usize::from(check_mate_in_1(pos));
        });
    }
    assert!(positions > 10_000 && in_check > 1_000 && found > 500, "{positions} {in_check} {found}");
}

#[test]
fn mate_in_1_equals_brute_force_in_games() {
    let mut rng = Rng::new(0x6d61_7465_0004);
    let mut positions = 0;
    for game in 0..100 {
        let bias = BIASES[game % BIASES.len()];
        playout(&Position::startpos(), rng.next_u64(), bias, 150, |pos| {
            positions += 1;
            check_mate_in_1(pos);
        });
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn mate_in_3_equals_brute_force_on_near_mate_positions() {
    let (mut one, mut three) = (0, 0);
    for pos in near_mate_positions(0x6d61_7465_0005, 1_500) {
        let line = pos.mate_in_3();
        if let Some(line) = &line {
            check_line(&pos, line);
            if line.len() == 1 {
                one += 1;
            } else {
                three += 1;
            }
        } else {
            assert!(!brute_mate_in_3(&pos), "mate_in_3 missed a mate in {pos:?}");
        }
    }
    assert!(one > 100 && three > 50, "{one} mates in 1, {three} in 3");
    eprintln!("{one} mates in 1, {three} in 3");
}
