//! Mate in 1 and mate in 3 against cshogi's answers in `tests/data/mate.txt` (written by
//! `python3 tests/differential/mate.py`; cshogi is GPL and was used only as a black box through its
//! Python API). Where cshogi and hayanagi differ, brute force decides (every legal move played, every
//! reply searched with the full legal list) and hayanagi must agree with it; each kind of difference
//! has a named test in `tests/mate.rs`, and this test fails if a new kind appears. The kinds found:
//!
//! - the opponent has no king: cshogi's `mate_move_in_1ply` still names a move (and its
//!   `mate_move(3)` crashes the interpreter, so the generator does not ask it);
//! - the side to move is in check: `mate_move_in_1ply` names a move that leaves the check (illegal);
//! - `mate_move_in_1ply` misses a mate in 1, and `mate_move(3)` a mate in 3.

/// How cshogi's answer differs from the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Difference {
    MateReportedWithoutKing,
    IllegalMoveWhenInCheck,
    MissedMateIn1,
    MissedMateIn3,
}

#[path = "common/mate.rs"]
mod brute;

use hayanagi::Position;

const DATA: &str = include_str!("data/mate.txt");

/// cshogi's move, checked: `Some(true)` a legal mate in the sense asked, `Some(false)` not, `None` no move.
fn judge(pos: &Position, usi: &str, plies: u32) -> Option<bool> {
    if usi == "none" {
        return None;
    }
    let Ok(mv) = pos.parse_usi_move(usi) else { return Some(false) };
    Some(if plies == 1 { brute::mates(pos, mv) } else { brute::forces_mate_in_2_more(pos, mv) })
}

#[test]
fn mate_search_agrees_with_cshogi_except_where_the_rules_say_otherwise() {
    let (mut positions, mut ones, mut threes) = (0, 0, 0);
    let mut differences = Vec::new();
    for line in DATA.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [label, sfen, one, three] = fields[..] else { panic!("bad line {line:?}") };
        let pos = Position::from_sfen(sfen).unwrap_or_else(|error| panic!("{sfen}: {error}"));
        positions += 1;

        let ours = pos.mate_in_1();
        let theirs = judge(&pos, one, 1);
        ones += usize::from(ours.is_some());
        if ours.is_some() != (theirs == Some(true)) || theirs == Some(false) {
            let truth = !brute::mates_in_1(&pos).is_empty();
            assert_eq!(ours.is_some(), truth, "mate in 1 by brute force in {sfen}");
            let kind = if pos.king(pos.side_to_move().flip()).is_none() {
                Difference::MateReportedWithoutKing
            } else if pos.in_check() && pos.parse_usi_move(one).is_err() {
                Difference::IllegalMoveWhenInCheck
            } else if theirs.is_none() && truth {
                Difference::MissedMateIn1
            } else {
                panic!("a new kind of difference in {label} {sfen}: cshogi {one}, hayanagi {ours:?}");
            };
            differences.push((kind, format!("{label}\tmate1\t{sfen}\tcshogi {one}\thayanagi {ours:?}")));
        }

        if three != "-" {
            let ours = pos.mate_in_3();
            let theirs = judge(&pos, three, 3);
            threes += usize::from(ours.is_some());
            if ours.is_some() != (theirs == Some(true)) || theirs == Some(false) {
                let truth = brute::mate_in_3(&pos);
                assert_eq!(ours.is_some(), truth, "mate in 3 by brute force in {sfen}");
                assert!(theirs.is_none() && truth, "a new kind of difference in {sfen}: cshogi {three}, {ours:?}");
                let text = format!("{label}\tmate3\t{sfen}\tcshogi {three}\thayanagi {ours:?}");
                differences.push((Difference::MissedMateIn3, text));
            }
        }
    }
    differences.sort();
    eprintln!("{positions} positions, {ones} mates in 1, {threes} within 3; {} differences", differences.len());
    for (kind, text) in &differences {
        eprintln!("{kind:?}\t{text}");
    }
    assert!(positions > 4_000 && ones > 500 && threes > 800, "{positions} {ones} {threes}");
}
