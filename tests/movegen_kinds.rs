//! Typed generation (`MoveFilter`) against the rule-book generator (tests/common/rules.rs): every
//! filter's list must be exactly the rule book's legal list filtered by the filter's predicate, which
//! the rule book decides on its own (a capture: the target square holds a piece; a check: after
//! playing the move on its plain board the enemy king is attacked; in check: the side to move's
//! king is attacked). The list, the count, the groups of the callback, the per-move callback and
//! `has_legal_move_of` must all agree, on the random-game corpora tests/movegen.rs uses and on named
//! positions built for discovered checks, promotion-only checks and evasions.

mod common;
#[path = "common/playout.rs"]
mod playout;
#[path = "common/rules.rs"]
mod rules;

use core::ops::ControlFlow;

use hayanagi::{Move, MoveFilter, MoveList, Position};
use playout::{BIASES, RICH_STARTS, playout};
use rules::{Plain, RuleMove};

/// The filter's predicate, decided from the rule book's view of the move.
fn selects(filter: MoveFilter, mv: &RuleMove, in_check: bool) -> bool {
    match filter {
        MoveFilter::All => true,
        MoveFilter::Captures => mv.capture,
        MoveFilter::NonCaptures => !mv.capture,
        MoveFilter::Drops => mv.drop,
        MoveFilter::Checks => mv.check,
        MoveFilter::QuietChecks => mv.check && !mv.capture,
        MoveFilter::Evasions => in_check,
    }
}

fn sorted(moves: &[Move]) -> Vec<String> {
    let mut usi: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    usi.sort();
    usi
}

/// Every filter at one position, every way of asking.
fn check_filters(pos: &Position) {
    let sfen = pos.sfen().to_string();
    let plain = Plain::of(pos);
    let rule = plain.classified_moves();
    let in_check = plain.king_attacked(pos.side_to_move());
    for filter in MoveFilter::ALL {
        let want: Vec<String> = rule.iter().filter(|m| selects(filter, m, in_check)).map(|m| m.usi.clone()).collect();
        let list = pos.legal_moves_of(filter);
        assert_eq!(sorted(&list), want, "{filter} in {sfen}");
        assert_eq!(pos.count_legal_moves_of(filter), want.len() as u64, "count {filter} in {sfen}");
        assert_eq!(pos.has_legal_move_of(filter), !want.is_empty(), "has_legal_move_of {filter} in {sfen}");

        // `generate_legal_moves_of` replaces what the list held.
        let mut reused = pos.legal_moves_of(MoveFilter::All);
        pos.generate_legal_moves_of(filter, &mut reused);
        assert_eq!(reused, list, "generate {filter} in {sfen}");

        // The groups hold exactly the list's moves, in its order; none is empty.
        let mut grouped = Vec::new();
        let mut groups = 0;
        let flow = pos.for_each_group(filter, |group| {
            assert!(!group.targets().is_empty(), "empty group {group:?} ({filter}) in {sfen}");
            assert_eq!(group.iter().count(), group.len(), "len of {group:?} in {sfen}");
            for mv in group.iter() {
                assert!(group.contains(mv), "{group:?} does not contain its {mv} in {sfen}");
                grouped.push(mv);
            }
            groups += 1;
            ControlFlow::<()>::Continue(())
        });
        assert!(flow.is_continue());
        assert_eq!(grouped.as_slice(), list.as_slice(), "groups of {filter} in {sfen}");

        // A group contains no move outside it: each legal move is in exactly one group.
        for &mv in pos.legal_moves().iter() {
            let mut holders = 0;
            let _ = pos.for_each_group(filter, |group| {
                holders += group.contains(mv) as u32;
                ControlFlow::<()>::Continue(())
            });
            assert_eq!(holders, list.contains(&mv) as u32, "groups holding {mv} ({filter}) in {sfen}");
        }

        // Stopping early: a break at group k stops there and returns its value.
        if groups > 0 {
            let stop_at = groups / 2;
            let mut seen = 0;
            let flow = pos.for_each_group(filter, |_| {
                if seen == stop_at {
                    return ControlFlow::Break(seen);
                }
                seen += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(flow, ControlFlow::Break(stop_at), "early stop of {filter} in {sfen}");
        }
        let mut each = MoveList::new();
        let flow = pos.for_each_legal_move(filter, |mv| {
            each.try_push(mv).unwrap();
            ControlFlow::<()>::Continue(())
        });
        assert!(flow.is_continue());
        assert_eq!(each, list, "for_each_legal_move {filter} in {sfen}");
        if let Some(&last) = list.last() {
            let flow = pos.for_each_legal_move(filter, |mv| {
                if mv == last { ControlFlow::Break(mv) } else { ControlFlow::Continue(()) }
            });
            assert_eq!(flow, ControlFlow::Break(last));
        }
    }
}

#[test]
fn random_games_filters_agree_with_the_rules() {
    let mut positions = 0;
    for (i, bias) in BIASES.into_iter().enumerate() {
        for game in 0..6 {
            playout(&Position::startpos(), 2000 * i as u64 + game, bias, 200, |pos| {
                positions += 1;
                if positions % 3 == 0 {
                    check_filters(pos);
                }
            });
        }
    }
    assert!(positions > 1000, "{positions}");
}

/// Positions for the check filters: discovered checks by every kind of piece (rook, bishop, lance
/// behind a mover; a pawn push, a knight jump, a king step off the line), checks only by promoting
/// (a silver that must promote to check sideways, a pawn reaching a tokin's square), evasions by
/// capture, interposition and drop, double check.
const CHECK_STARTS: [&str; 8] = [
    // The knight on 5e shields the king on 5a from the lance on 5i: both jumps uncover check.
    "4k4/9/9/9/4N4/9/9/9/4L3K b - 1",
    // The bishop on 9i is aimed at the king on 1a past the pawn on 7g: 7g7f uncovers check.
    "8k/9/9/9/9/9/2P6/9/B3K4 b - 1",
    // The rook on 5h is behind its own king on 5e: every king step off the file uncovers check.
    "4k4/9/9/9/4K4/9/9/4R4/9 b - 1",
    // The silver on 3c checks the king on 5b only as 3c4b+ (a gold's sideways step); the pawn on
    // 5d checks from 5c promoted or not.
    "9/4k4/6S2/4P4/9/9/9/9/4K4 b G 1",
    // White to move, in check from a rook: evasions by king moves, interposition and drops.
    "4k4/9/9/9/4R4/9/9/9/4K4 w Gg 1",
    // Double check by a knight and a rook: only king moves.
    "4k4/9/3N5/9/4R4/9/9/9/4K4 w r 1",
    // A horse and a dragon near the king, pieces in hand: many promotion choices and checks.
    "3gk4/9/1+B3S3/9/5+R3/9/9/9/4K4 b GSNLP2p 1",
    // The 593-move position: every kind of drop check.
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
];

#[test]
fn rich_and_check_positions_filters_agree_with_the_rules() {
    let mut positions = 0;
    for (i, sfen) in RICH_STARTS.into_iter().chain(CHECK_STARTS).enumerate() {
        let start = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        check_filters(&start);
        for (j, bias) in BIASES.into_iter().enumerate() {
            playout(&start, 91 * i as u64 + j as u64, bias, 40, |pos| {
                positions += 1;
                if positions % 2 == 0 {
                    check_filters(pos);
                }
            });
        }
    }
    assert!(positions > 500, "{positions}");
}

#[test]
fn evasions_outside_check_are_empty() {
    let pos = Position::startpos();
    assert!(!pos.in_check());
    assert!(pos.legal_moves_of(MoveFilter::Evasions).is_empty());
    assert_eq!(pos.count_legal_moves_of(MoveFilter::Evasions), 0);
    assert!(!pos.has_legal_move_of(MoveFilter::Evasions));
    assert!(pos.for_each_group(MoveFilter::Evasions, |_| ControlFlow::Break(())).is_continue());
    // In check, the evasions are every legal move.
    let checked = Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w Gg 1").unwrap();
    assert!(checked.in_check());
    assert_eq!(checked.legal_moves_of(MoveFilter::Evasions), checked.legal_moves());
}

#[test]
fn discovered_check_by_a_knight_jump() {
    // Black lance on 5i behind the knight on 5e, aimed at the king on 5a: both jumps check.
    let pos = Position::from_sfen("4k4/9/9/9/4N4/9/9/9/4L3K b - 1").unwrap();
    let checks = sorted(&pos.legal_moves_of(MoveFilter::Checks));
    assert_eq!(checks, ["5e4c", "5e4c+", "5e6c", "5e6c+"]);
    assert!(checks.iter().all(|usi| pos.gives_check(pos.parse_usi_move(usi).unwrap())));
}

#[test]
fn check_by_promotion_only() {
    // The silver on 3c reaches 4b; only promoted does it attack the king on 5b (sideways).
    let pos = Position::from_sfen("9/4k4/6S2/9/9/9/9/9/4K4 b - 1").unwrap();
    let checks = sorted(&pos.legal_moves_of(MoveFilter::Checks));
    assert_eq!(checks, ["3c4b+"]);
    assert!(pos.gives_check(pos.parse_usi_move("3c4b+").unwrap()));
    assert!(!pos.gives_check(pos.parse_usi_move("3c4b").unwrap()));
}
