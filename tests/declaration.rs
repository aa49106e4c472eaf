//! Entering-king declaration (入玉宣言): every condition, both rules, both colours, each boundary.

use hayanagi::{
    Declaration, DeclarationFailures as Failed, DeclarationOutcome as Outcome, DeclarationRule as Rule, Position,
};

fn sfen(text: &str) -> Position {
    Position::from_sfen(text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

/// The same position with the colours exchanged and the board turned around: what Black has on
/// 9a, White has on 1i. Declarations must be judged the same way for White (but for the 27-point
/// rule's thresholds).
fn mirror(text: &str) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    let swap_case = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
    let rows: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|row| {
            // Split into cells (`+` stays with its letter, digits are runs of empty squares), reverse.
            let mut cells: Vec<String> = Vec::new();
            let mut promoted = false;
            for c in row.chars() {
                match c {
                    '+' => promoted = true,
                    '1'..='9' => cells.push(c.to_string()),
                    _ => {
                        cells.push(format!("{}{}", if promoted { "+" } else { "" }, swap_case(c)));
                        promoted = false;
                    }
                }
            }
            cells.reverse();
            cells.concat()
        })
        .collect();
    let side = if fields[1] == "b" { "w" } else { "b" };
    let hands: String = if fields[2] == "-" { "-".into() } else { fields[2].chars().map(swap_case).collect() };
    format!("{} {side} {hands} {}", rows.join("/"), fields[3])
}

#[test]
fn mirror_turns_the_board_around() {
    assert_eq!(mirror("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b 2P 1"), "4K4/9/9/9/9/9/9/4k2ss/1+p+p+p+pbbrr w 2p 1");
    let start = Position::startpos().sfen().to_string();
    assert_eq!(mirror(&start), start.replace(" b ", " w "));
}

/// The declaration judged for the position and for its mirror (White to move).
fn both_colours(text: &str, rule: Rule) -> (Declaration, Declaration) {
    let black = sfen(text);
    let white = sfen(&mirror(text));
    (black.declaration(rule), white.declaration(rule))
}

// Black's king on 5b, 10 pieces in White's camp: 2 rooks, 2 bishops (20 points), 4 tokins and 2
// silvers (6 points), 26 points on the board. Add pawns in hand to move the total.
//   R R B B +P +P +P +P .
//   S S . . K  .  .  .  .
const CAMP_26: &str = "RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b";
// One bishop fewer, one more tokin: 2 rooks, 1 bishop (15), 5 tokins and 2 silvers (7), 22 points.
const CAMP_22: &str = "RRB+P+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b";

fn with_hand(board: &str, hand: &str) -> String {
    format!("{board} {hand} 1")
}

#[test]
fn points_count_big_pieces_five_and_others_one_in_camp_and_in_hand() {
    let (black, white) = both_colours(&with_hand(CAMP_26, "-"), Rule::Points27);
    assert_eq!((black.points(), black.pieces_in_camp()), (26, 10));
    assert_eq!((white.points(), white.pieces_in_camp()), (26, 10));
    let (black, white) = both_colours(&with_hand(CAMP_26, "G3P"), Rule::Points27);
    assert_eq!((black.points(), white.points()), (26 + 1 + 3, 26 + 1 + 3));
    let (black, white) = both_colours(&with_hand(CAMP_22, "B"), Rule::Points27);
    assert_eq!((black.points(), white.points()), (22 + 5, 22 + 5));
    // The opponent's hand and pieces count for nothing.
    let (black, white) = both_colours(&with_hand(CAMP_22, "2P3g"), Rule::Points27);
    assert_eq!((black.points(), white.points()), (24, 24));
    // Promoted big pieces count 5, like the unpromoted ones.
    let (black, _) = both_colours(&with_hand("+R+RBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b", "-"), Rule::Points27);
    assert_eq!(black.points(), 26);
}

#[test]
fn rule_27_black_needs_28_points() {
    let (black, _) = both_colours(&with_hand(CAMP_26, "2P"), Rule::Points27);
    assert_eq!((black.outcome(), black.failed(), black.points()), (Outcome::Win, Failed::NONE, 28));
    let (black, _) = both_colours(&with_hand(CAMP_26, "P"), Rule::Points27);
    assert_eq!((black.outcome(), black.failed(), black.points()), (Outcome::Invalid, Failed::TOO_FEW_POINTS, 27));
}

#[test]
fn rule_27_white_needs_27_points() {
    let (_, white) = both_colours(&with_hand(CAMP_26, "P"), Rule::Points27);
    assert_eq!((white.outcome(), white.failed(), white.points()), (Outcome::Win, Failed::NONE, 27));
    let (_, white) = both_colours(&with_hand(CAMP_26, "-"), Rule::Points27);
    assert_eq!((white.outcome(), white.failed(), white.points()), (Outcome::Invalid, Failed::TOO_FEW_POINTS, 26));
}

#[test]
fn rule_24_wins_from_31_draws_from_24_and_refuses_below() {
    for (board, hand, points, outcome, failed) in [
        (CAMP_26, "5P", 31, Outcome::Win, Failed::NONE),
        (CAMP_26, "4P", 30, Outcome::Draw, Failed::NONE),
        (CAMP_22, "2P", 24, Outcome::Draw, Failed::NONE),
        (CAMP_22, "P", 23, Outcome::Invalid, Failed::TOO_FEW_POINTS),
    ] {
        let (black, white) = both_colours(&with_hand(board, hand), Rule::Points24);
        for declaration in [black, white] {
            assert_eq!(
                (declaration.outcome(), declaration.failed(), declaration.points()),
                (outcome, failed, points),
                "{board} {hand}"
            );
        }
    }
}

#[test]
fn ten_pieces_in_camp_are_needed_nine_are_not_enough() {
    // One silver moves from the camp to the hand: the points stay 28, the pieces drop to 9.
    let (black, white) = both_colours(&with_hand("RRBB+P+P+P+P1/S3K4/9/9/9/9/9/9/4k4 b", "S2P"), Rule::Points27);
    for declaration in [black, white] {
        assert_eq!(declaration.pieces_in_camp(), 9);
        assert_eq!(declaration.points(), 28);
        assert_eq!((declaration.outcome(), declaration.failed()), (Outcome::Invalid, Failed::TOO_FEW_PIECES));
    }
    // A silver just outside the camp (rank d) counts neither as a piece nor as points.
    let (black, white) = both_colours(&with_hand("RRBB+P+P+P+P1/S3K4/9/1S7/9/9/9/9/4k4 b", "2P"), Rule::Points27);
    for declaration in [black, white] {
        assert_eq!((declaration.pieces_in_camp(), declaration.points()), (9, 27));
        assert!(declaration.failed().contains(Failed::TOO_FEW_PIECES));
    }
    assert!(black.failed().contains(Failed::TOO_FEW_POINTS));
    assert!(!white.failed().contains(Failed::TOO_FEW_POINTS));
}

#[test]
fn king_must_be_in_the_enemy_camp() {
    // King on rank c: the camp's edge, inside.
    let (black, white) = both_colours(&with_hand("RRBB+P+P+P+P1/SS7/4K4/9/9/9/9/9/4k4 b", "2P"), Rule::Points27);
    assert_eq!((black.outcome(), white.outcome()), (Outcome::Win, Outcome::Win));
    // King on rank d: one step outside.
    let (black, white) = both_colours(&with_hand("RRBB+P+P+P+P1/SS7/9/4K4/9/9/9/9/4k4 b", "2P"), Rule::Points27);
    for declaration in [black, white] {
        assert_eq!((declaration.outcome(), declaration.failed()), (Outcome::Invalid, Failed::KING_NOT_IN_CAMP));
        assert_eq!((declaration.points(), declaration.pieces_in_camp()), (28, 10));
    }
    // No king at all.
    let (black, white) = both_colours(&with_hand("RRBB+P+P+P+P1/SS7/9/9/9/9/9/9/4k4 b", "2P"), Rule::Points27);
    for declaration in [black, white] {
        assert_eq!((declaration.outcome(), declaration.failed()), (Outcome::Invalid, Failed::KING_NOT_IN_CAMP));
    }
}

#[test]
fn king_must_not_be_in_check() {
    // A White gold on 5c checks Black's king on 5b; everything else holds (its points are not Black's).
    let (black, white) = both_colours(&with_hand("RRBB+P+P+P+P1/SS2K4/4g4/9/9/9/9/9/4k4 b", "2P"), Rule::Points27);
    for declaration in [black, white] {
        assert_eq!((declaration.outcome(), declaration.failed()), (Outcome::Invalid, Failed::IN_CHECK));
        assert_eq!((declaration.points(), declaration.pieces_in_camp()), (28, 10));
    }
}

#[test]
fn every_failing_condition_is_reported() {
    let declaration = Position::startpos().declaration(Rule::Points27);
    assert_eq!(declaration.outcome(), Outcome::Invalid);
    assert_eq!(
        declaration.failed(),
        Failed::KING_NOT_IN_CAMP.union(Failed::TOO_FEW_PIECES).union(Failed::TOO_FEW_POINTS)
    );
    assert_eq!((declaration.points(), declaration.pieces_in_camp()), (0, 0));
    assert_eq!(declaration.failed().to_string(), "king_not_in_camp, too_few_pieces, too_few_points");
    // All four at once: a king outside the camp, in check, with too little.
    let pos = sfen("4k4/9/9/9/9/9/9/4r4/4K4 b P 1");
    let failed = pos.declaration(Rule::Points24).failed();
    assert_eq!(failed.bits(), 0b1111);
    assert_eq!(failed.to_string(), "king_not_in_camp, too_few_pieces, in_check, too_few_points");
}
