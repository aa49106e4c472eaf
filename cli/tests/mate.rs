//! `hayanagi mate <plies> <position>` (README, "Mate search"), run as a user runs it.

mod run;
use run::{fails, stdout_of};

const TSUME_3: &str = "k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1";

#[test]
fn mate_in_1_prints_the_mating_move() {
    assert_eq!(stdout_of(&["mate", "1", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"]), "G*5b\n");
    // Words split across arguments, and a USI position command.
    assert_eq!(stdout_of(&["mate", "1", "sfen", "4k4/9/4P4/9/9/9/9/9/4K4", "b", "G", "1"]), "G*5b\n");
    assert_eq!(stdout_of(&["mate", "1", "position", "startpos", "moves", "7g7f"]), "none\n");
}

#[test]
fn mate_in_3_prints_the_line() {
    assert_eq!(stdout_of(&["mate", "3", TSUME_3]), "7c9c+ 9a8a G*8b\n");
    assert_eq!(stdout_of(&["mate", "1", TSUME_3]), "none\n");
    // A mate in 1 is the shortest line within 3 plies.
    assert_eq!(stdout_of(&["mate", "3", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"]), "G*5b\n");
    assert_eq!(stdout_of(&["mate", "3", "startpos"]), "none\n");
}

#[test]
fn a_pawn_drop_mate_is_never_printed() {
    assert_eq!(stdout_of(&["mate", "1", "kn7/9/1G7/9/9/9/9/9/4K4 b P 1"]), "none\n");
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    assert!(fails(&["mate"]).contains("plies"));
    assert!(fails(&["mate", "2", "startpos"]).contains("1 or 3"));
    assert!(fails(&["mate", "1"]).contains("missing position"));
    assert!(fails(&["mate", "3", "--deep", "startpos"]).contains("unknown option"));
    assert!(fails(&["mate", "1", "not a position"]).contains("bad SFEN"));
}
