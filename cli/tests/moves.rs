//! `hayanagi moves [--kind <kind>] <position>` (README, "Typed generation"), run as a user runs it,
//! against the rule-book generator of tests/common/rules.rs: each kind's output must be the rule
//! book's legal list filtered by the rule book's own judgement (capture, drop, check, in check).

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/rules.rs"]
mod rules;

mod run;
use run::{fails, stdout_of};

use hayanagi::Position;
use rules::{Plain, RuleMove};

const KINDS: [&str; 7] = ["all", "captures", "non-captures", "drops", "checks", "quiet-checks", "evasions"];

fn selects(kind: &str, mv: &RuleMove, in_check: bool) -> bool {
    match kind {
        "all" => true,
        "captures" => mv.capture,
        "non-captures" => !mv.capture,
        "drops" => mv.drop,
        "checks" => mv.check,
        "quiet-checks" => mv.check && !mv.capture,
        "evasions" => in_check,
        _ => unreachable!(),
    }
}

const POSITIONS: [&str; 8] = [
    "startpos moves 7g7f 3c3d 8h2b+",
    "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
    "4k4/9/9/9/4N4/9/9/9/4L3K b - 1",
    "4k4/9/9/9/4R4/9/9/9/4K4 w Gg 1",
    "4k4/9/3N5/9/4R4/9/9/9/4K4 w r 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "3gk4/9/1+B3S3/9/5+R3/9/9/9/4K4 b GSNLP2p 1",
];

#[test]
fn every_kind_is_the_rule_books_list_filtered() {
    for text in POSITIONS {
        let pos = Position::from_usi_position(text).or_else(|_| Position::from_sfen(text)).unwrap();
        let plain = Plain::of(&pos);
        let rule = plain.classified_moves();
        let in_check = plain.king_attacked(pos.side_to_move());
        for kind in KINDS {
            let want: String =
                rule.iter().filter(|m| selects(kind, m, in_check)).map(|m| format!("{}\n", m.usi)).collect();
            assert_eq!(stdout_of(&["moves", "--kind", kind, text]), want, "--kind {kind} {text}");
            assert_eq!(stdout_of(&["moves", &format!("--kind={kind}"), text]), want, "--kind={kind} {text}");
        }
        // Without --kind: every legal move, as before.
        assert_eq!(stdout_of(&["moves", text]), stdout_of(&["moves", "--kind", "all", text]));
    }
}

#[test]
fn named_kinds() {
    let pos = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    assert_eq!(stdout_of(&["moves", "--kind", "checks", pos]), "5c5b\n5c5b+\nG*4a\nG*4b\nG*5b\nG*6a\nG*6b\n");
    assert_eq!(stdout_of(&["moves", "--kind", "captures", pos]), "");
    // Not in check: no evasions (and exit status 0).
    assert_eq!(stdout_of(&["moves", "--kind", "evasions", "startpos"]), "");
    // The discovered check by a knight jump; words split across arguments.
    assert_eq!(
        stdout_of(&["moves", "--kind", "checks", "sfen", "4k4/9/9/9/4N4/9/9/9/4L3K", "b", "-", "1"]),
        "5e4c\n5e4c+\n5e6c\n5e6c+\n"
    );
    assert_eq!(stdout_of(&["moves", "--kind", "captures", "startpos", "moves", "7g7f", "3c3d"]), "8h2b\n8h2b+\n");
}

#[test]
fn bad_kinds_exit_2_with_one_line() {
    assert!(fails(&["moves", "--kind", "quiet", "startpos"]).contains("unknown move kind \"quiet\""));
    assert!(fails(&["moves", "startpos", "--kind"]).contains("--kind needs one of"));
    assert!(fails(&["moves", "--kind", "checks", "--kind", "drops", "startpos"]).contains("twice"));
    assert!(fails(&["moves", "--kind", "checks"]).contains("missing position"));
    assert!(fails(&["moves", "--kinds", "checks", "startpos"]).contains("unknown option"));
    assert!(fails(&["moves", "--kind", "checks", "not a position"]).contains("bad SFEN"));
}
