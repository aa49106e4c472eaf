//! Mate in 1 and mate in 3 against brute force: play every legal move, and for a mate look at every
//! reply with the full legal move list. Over random near-mate placements (tests/common/tsume.rs), a
//! few moves played on from them (so that the attacker is sometimes in check, or the defender holds
//! the attacker in a counter-check), and positions from biased random games.

#[path = "common/mate.rs"]
mod brute;
mod common;
#[path = "common/playout.rs"]
mod playout;
#[path = "common/tsume.rs"]
mod tsume;

use common::Rng;
use hayanagi::{MateLine, Move, Position};
use playout::{BIASES, playout};

/// The position's mate in 1 against brute force; returns whether one exists.
fn check_mate_in_1(pos: &Position) -> bool {
    let found = pos.mate_in_1();
    let all = brute::mates_in_1(pos);
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
        1 => assert!(brute::mates(pos, moves[0]), "{line} in {pos:?}"),
        3 => {
            assert_eq!(pos.mate_in_1(), None, "a 3-move line where a mate in 1 exists: {pos:?}");
            let mut after = pos.clone();
            after.play(moves[0]).expect("the first move is legal");
            assert!(after.in_check(), "{line}: the first move checks in {pos:?}");
            for &reply in after.legal_moves().iter() {
                let mut next = after.clone();
                next.play(reply).expect("a legal reply");
                assert!(!brute::mates_in_1(&next).is_empty(), "{line}: {reply} escapes in {pos:?}");
            }
            assert!(after.is_legal(moves[1]), "{line}: the defence is legal in {pos:?}");
            assert_eq!(after.legal_moves().first(), Some(&moves[1]), "{line}: the first defence is shown");
            after.play(moves[1]).expect("the defence is legal");
            assert!(brute::mates(&after, moves[2]), "{line}: the last move mates in {pos:?}");
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
    eprintln!("{positions} positions, {in_check} in check, {found} mates in 1");
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
    eprintln!("{positions} positions");
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
            assert!(!brute::mate_in_3(&pos), "mate_in_3 missed a mate in {pos:?}");
        }
    }
    assert!(one > 100 && three > 50, "{one} mates in 1, {three} in 3");
    eprintln!("{one} mates in 1, {three} in 3");
}

// ----- one named test per rule -----

/// Parses `sfen`, checks mate in 1 against brute force, and returns every mating move in USI.
fn mates_of(sfen: &str) -> (Position, Vec<String>) {
    let pos = Position::from_sfen(sfen).expect("a valid SFEN");
    check_mate_in_1(&pos);
    let all = brute::mates_in_1(&pos).iter().map(Move::to_string).collect();
    (pos, all)
}

#[test]
fn a_pawn_drop_that_would_mate_is_not_a_mate_in_1() {
    // White's king on 9c; P*9d would leave it no move, so the drop is illegal and nothing else mates.
    let (pos, all) = mates_of("9/+nrr6/k8/9/9/9/7b1/6K2/9 b B2GS2N2L2P2g3snl16p 1");
    let drop = Move::drop(hayanagi::PieceKind::Pawn, "9d".parse().unwrap()).unwrap();
    assert!(!pos.is_legal(drop));
    assert!(all.is_empty());
    assert_eq!(pos.mate_in_1(), None);
}

#[test]
fn a_pawn_move_that_mates_is_a_mate_in_1() {
    let (pos, all) = mates_of("5k3/3+R2n2/6P2/9/6B2/9/9/1K7/9 b BNL2Pr4g4sn3l15p 1");
    assert_eq!(all, ["3c3b+"]);
    assert_eq!(pos.mate_in_1().map(|mv| mv.to_string()).as_deref(), Some("3c3b+"));
}

#[test]
fn a_mate_only_without_promotion_is_found() {
    // The silver checks 5b from 4a with its backward diagonal, which a promoted silver does not have;
    // 3b4c, which also checks, is taken by the silver on 4b.
    let (pos, all) = mates_of("3lp4/3gksS2/6N2/4G4/9/9/9/9/9 b - 1");
    assert_eq!(all, ["3b4a"]);
    assert_eq!(pos.mate_in_1().map(|mv| mv.to_string()).as_deref(), Some("3b4a"));
}

#[test]
fn a_discovered_check_mates() {
    // Any bishop move off the file uncovers the rook on 5i; the king is boxed in by its own pieces.
    let (pos, all) = mates_of("3lkl3/3p1p3/9/4B4/9/9/9/9/4R4 b - 1");
    assert!(all.iter().any(|mv| mv == "5d7f"), "{all:?}");
    let mv = pos.mate_in_1().expect("a mate");
    assert!(mv.from() == Some("5d".parse().unwrap()), "{mv}");
}

#[test]
fn a_double_check_mates() {
    let (pos, all) = mates_of("2kBR4/3R5/3+b5/9/9/9/9/9/9 b G2P2g4n2l15p 1");
    assert_eq!(all, ["6a7b+"]);
    let mv = pos.mate_in_1().expect("a mate");
    let mut after = pos.clone();
    after.play(mv).unwrap();
    assert!(after.checkers().has_more_than_one());
}

#[test]
fn the_attacker_in_check_mates_only_with_a_move_that_answers_the_check() {
    // Black's king on 2h is checked by the bishop on 8b; taking it with check mates.
    let (pos, all) = mates_of("1G7/kb7/1R7/9/9/9/9/7K1/9 b BSPrg3s4n4l12p 1");
    assert!(pos.in_check());
    assert_eq!(all, ["8a8b", "8c8b+"]);
    assert!(pos.mate_in_1().is_some());
}

#[test]
fn no_king_no_mate() {
    // cshogi's mate_move_in_1ply names G*1b here, where Black has no king to mate (tests/data/mate.txt).
    let (pos, all) = mates_of("9/5r3/1n2k4/9/1Ls4G1/2R1G4/9/9/6N2 w 2BG2S3Pgs2n3l15p 77");
    assert!(all.is_empty());
    assert_eq!(pos.mate_in_1(), None);
    assert_eq!(pos.mate_in_3(), None);
}

#[test]
fn cshogi_names_an_illegal_mate_when_the_attacker_is_in_check() {
    // The horse on 6f checks Black's king on 8h; cshogi's mate_move_in_1ply answers G*1b, which
    // leaves the king in check. No legal move mates.
    let (pos, all) = mates_of("7k1/6Ps1/7G1/9/9/3+b5/1pR6/1K7/9 b G4P 189");
    assert!(pos.in_check());
    assert!(pos.parse_usi_move("G*1b").is_err());
    assert!(all.is_empty());
    assert_eq!(pos.mate_in_1(), None);
}

#[test]
fn cshogi_misses_a_mate_by_a_distant_rook_move() {
    // 7c7a(+) checks along rank a: the dragon's line covers 5a and, through the king, 3a; the rook on
    // 1b covers 3b-5b; White holds nothing to interpose. cshogi's mate_move_in_1ply answers none.
    let (pos, all) = mates_of("5k2+B/8R/2R6/8N/9/9/9/9/9 b B3S3N2P 107");
    assert!(all.contains(&"7c7a+".to_string()) && all.contains(&"7c7a".to_string()), "{all:?}");
    assert!(pos.mate_in_1().is_some());
}

#[test]
fn cshogi_misses_these_mates_in_3() {
    // cshogi's mate_move(3) answers none for both (tests/data/mate.txt); brute force agrees with us.
    for (sfen, line) in [
        ("2k6/9/2P2+R3/3g5/9/9/9/9/9 b RBL3P 143", "R*7b 7a8a 4c4a"),
        ("6k2/7+nr/5P3/3RL4/9/9/9/9/9 b G3S3N2L5P 122", "G*4b 3a2a 6d6a+"),
    ] {
        let pos = Position::from_sfen(sfen).unwrap();
        let found = pos.mate_in_3().expect("a mate in 3");
        check_line(&pos, &found);
        assert!(brute::mate_in_3(&pos));
        // The line the brute force would also accept; shown for the reader.
        let first = pos.parse_usi_move(line.split(' ').next().unwrap()).unwrap();
        assert!(brute::forces_mate_in_2_more(&pos, first), "{line}");
    }
}

#[test]
fn every_defence_counts_including_useless_interpositions() {
    // L*1c checks; White's only replies are the four drops on 1b (pawn, lance, gold, bishop), each
    // an interposition that only delays the mate. All are tried and each is mated in 1.
    let pos = Position::from_sfen("8k/7L1/6+P2/9/9/9/9/9/K8 b 2RGLP2bg2l16p 1").unwrap();
    let line = pos.mate_in_3().expect("a mate in 3");
    check_line(&pos, &line);
    let check = pos.parse_usi_move("L*1c").unwrap();
    assert!(brute::forces_mate_in_2_more(&pos, check));
    let mut after = pos.clone();
    after.play(check).unwrap();
    let replies: Vec<String> = after.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(replies.len(), 4);
    assert!(replies.iter().all(|mv| mv.contains("*1b")), "{replies:?}");
}
