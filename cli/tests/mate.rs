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

/// The lines of `mate dfpn --quiet <args> <sfen>` (the statistics line left out).
fn dfpn(args: &[&str], sfen: &str) -> Vec<String> {
    let mut all = vec!["mate", "dfpn", "--quiet"];
    all.extend_from_slice(args);
    all.push(sfen);
    stdout_of(&all).lines().filter(|line| !line.starts_with("nodes ")).map(str::to_string).collect()
}

#[test]
fn dfpn_alternatives_print_each_other_mate_with_its_line() {
    // Two mates in 1 (G*9b and G*8b, each held by the gold on 8c): the one not played is the alternative.
    let two = "k8/9/1G7/9/9/9/9/9/9 b G 1";
    let lines = dfpn(&["--shortest", "--alternatives"], two);
    let played = lines[0].strip_prefix("mate 1 ").expect("a mate in 1").to_string();
    let other = if played == "G*9b" { "G*8b" } else { "G*9b" };
    assert_eq!(
        lines[1..],
        [
            "shortest minimal line_plies 1 first_proof 1".to_string(),
            format!("alternative 0 {other} line {other}"),
            "alternatives 1".into()
        ]
    );
    // A mate in 3 and 将棋図巧 #26's last moves (strict 5, by the convention 3): no alternative.
    assert_eq!(dfpn(&["--shortest", "--alternatives"], TSUME_3).last().map(String::as_str), Some("alternatives 0"));
    let zukou26 = "5k2n/3pp2+R+N/5p2r/9/6G2/5Lpp1/9/9/9 b P2b3g4s2n3l12p 23";
    let lines = dfpn(&["--shortest", "--no-useless", "--alternatives"], zukou26);
    assert!(lines[0].starts_with("mate 3 ") && lines.last().map(String::as_str) == Some("alternatives 0"), "{lines:?}");
    // No mate: no alternatives asked.
    assert_eq!(dfpn(&["--alternatives"], "8k/9/9/9/9/9/9/9/9 b G 1"), ["nomate"]);
}

#[test]
fn dfpn_alternatives_of_a_first_proof_are_mating_lines_within_its_length() {
    let pos: hayanagi::Position = TSUME_3.parse().expect("a position");
    let lines = dfpn(&["--alternatives"], TSUME_3);
    let main: Vec<&str> = lines[0].strip_prefix("mate ").expect("a mate").split(' ').skip(1).collect();
    let alternatives: Vec<&String> = lines.iter().filter(|line| line.starts_with("alternative ")).collect();
    assert_eq!(lines.last(), Some(&format!("alternatives {}", alternatives.len())));
    assert!(!alternatives.is_empty(), "a first proof of {} plies has others within it", main.len());
    for alternative in alternatives {
        // alternative <ply> <move> line <moves...>: the line plays the main line up to <ply>, then <move>.
        let words: Vec<&str> = alternative.split(' ').collect();
        let ply: usize = words[1].parse().expect("a ply");
        let through = &words[4..];
        assert!(
            ply.is_multiple_of(2) && through[..ply] == main[..ply] && through[ply] == words[2] && words[2] != main[ply]
        );
        assert!(through.len() <= main.len(), "{alternative}");
        let mut at = pos.clone();
        let mut moves = Vec::new();
        for usi in through {
            let mv = at.parse_usi_move(usi).expect("legal");
            at.play(mv).expect("legal");
            moves.push(mv);
        }
        assert!(hayanagi::TsumeSolver::is_mating_line(&pos, &moves), "{alternative}");
    }
}
