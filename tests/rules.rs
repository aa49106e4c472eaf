//! One named test per move rule (docs/RULES.md R10–R37), each on its own position. Every test also
//! compares the whole legal move list with the slow generator written from the rules
//! (tests/common/rules.rs).

mod common;
#[path = "common/rules.rs"]
mod rules;

use hayanagi::Position;

/// The legal moves of `sfen` in USI, after checking them against the rule-book generator.
fn legal(sfen: &str) -> Vec<String> {
    let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, rules::Plain::of(&pos).legal_moves(), "{sfen}");
    moves
}

fn assert_has(moves: &[String], wanted: &[&str], sfen: &str) {
    for w in wanted {
        assert!(moves.iter().any(|m| m == w), "{w} missing in {sfen}: {moves:?}");
    }
}

fn assert_lacks(moves: &[String], unwanted: &[&str], sfen: &str) {
    for u in unwanted {
        assert!(!moves.iter().any(|m| m == u), "{u} generated in {sfen}");
    }
}

#[test]
fn every_non_promotion_is_generated_also_into_the_zone() {
    // Pawn, lance, knight, bishop and rook entering ranks a-c may stay unpromoted where they can
    // still move afterwards.
    let sfen = "4k4/9/9/2N3P1L/9/9/B8/7R1/4K4 b - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["3d3c", "3d3c+", "1d1c", "1d1c+", "1d1b", "1d1b+"], sfen);
    assert_has(&moves, &["2h2c", "2h2c+", "2h2a", "2h2a+", "9g5c", "9g5c+", "9g3a", "9g3a+"], sfen);
    assert_lacks(&moves, &["2h2d+", "9g8f+", "9g6d+"], sfen);
}

#[test]
fn promotion_is_forced_where_the_piece_could_never_move_again() {
    let sfen = "4k4/9/9/2N3P1L/9/9/B8/7R1/4K4 b - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["1d1a+", "7d8b+", "7d6b+"], sfen);
    assert_lacks(&moves, &["1d1a", "7d8b", "7d6b"], sfen);
    // White mirrored: a pawn reaching rank i must promote.
    let sfen = "4k4/9/9/9/9/9/9/p8/4K4 w - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["9h9i+"], sfen);
    assert_lacks(&moves, &["9h9i"], sfen);
}

#[test]
fn knight_on_the_third_rank_may_promote_or_not() {
    let sfen = "4k4/9/9/9/6N2/9/9/9/4K4 b - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["3e4c", "3e4c+", "3e2c", "3e2c+"], sfen);
}

#[test]
fn drops_go_on_empty_squares_where_the_piece_can_move_again() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b PLN 1";
    let moves = legal(sfen);
    assert_has(&moves, &["P*5b", "L*1b", "N*1c", "P*9i"], sfen);
    assert_lacks(&moves, &["P*1a", "L*1a", "N*1a", "N*1b", "P*5i", "P*5a"], sfen);
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 w pln 1";
    let moves = legal(sfen);
    assert_lacks(&moves, &["P*1i", "L*1i", "N*1i", "N*1h"], sfen);
    assert_has(&moves, &["P*1h", "L*1h", "N*1g"], sfen);
}

#[test]
fn nifu_no_second_unpromoted_pawn_on_a_file() {
    let sfen = "4k4/9/9/9/5+P3/9/4P4/9/4K4 b P 1";
    let moves = legal(sfen);
    assert_lacks(&moves, &["P*5b", "P*5c", "P*5d", "P*5e", "P*5f", "P*5h"], sfen);
    // A promoted pawn (4e) does not count.
    assert_has(&moves, &["P*4f", "P*6f"], sfen);
}

#[test]
fn uchifuzume_a_pawn_drop_that_mates_is_illegal() {
    let sfen = "8k/9/6NG1/9/9/9/9/9/4K4 b GP 1";
    let moves = legal(sfen);
    assert_lacks(&moves, &["P*1b"], sfen);
    // Other drops that mate are legal.
    assert_has(&moves, &["G*1b"], sfen);
}

#[test]
fn a_pawn_move_that_mates_is_legal() {
    let sfen = "8k/9/6NGP/9/9/9/9/9/4K4 b - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["1c1b", "1c1b+"], sfen);
    let mut pos = Position::from_sfen(sfen).unwrap();
    pos.play(pos.parse_usi_move("1c1b").unwrap()).unwrap();
    assert!(pos.in_check() && pos.legal_moves().is_empty());
}

#[test]
fn uchifuzume_when_the_only_capturer_is_pinned() {
    // The gold on 2a could take a pawn on 1b but is pinned along rank a by the rook on 5a, so P*1b
    // mates and is illegal. (python-shogi wrongly allows it.)
    let sfen = "4R2gk/9/6S2/7N1/9/9/9/9/4K4 b P 1";
    assert_lacks(&legal(sfen), &["P*1b"], sfen);
    // With the rook elsewhere the gold takes the pawn: the drop is legal.
    let sfen = "7gk/9/6S2/7N1/9/9/9/9/R3K4 b P 1";
    assert_has(&legal(sfen), &["P*1b"], sfen);
}

#[test]
fn pawn_drop_that_unpins_its_capturer_is_not_mate() {
    // The gold on 5c is pinned by the rook on 5i until the pawn lands on 5b between it and its king;
    // then it can take the pawn, so P*5b is legal.
    let sfen = "3nkn3/3l1p3/4g4/5N3/9/9/9/9/K3R4 b P 1";
    assert_has(&legal(sfen), &["P*5b"], sfen);
    // A silver there cannot take backwards: the same drop mates and is illegal.
    let sfen = "3nkn3/3l1p3/4s4/5N3/9/9/9/9/K3R4 b P 1";
    assert_lacks(&legal(sfen), &["P*5b"], sfen);
}

#[test]
fn a_pawn_drop_check_the_king_can_answer_is_legal() {
    // Undefended: the king takes it.
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
    assert_has(&legal(sfen), &["P*5b"], sfen);
}

#[test]
fn pinned_pieces_move_only_along_the_pin() {
    let sfen = "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["5h5g"], sfen);
    assert_lacks(&moves, &["5h4h", "5h6h", "5h4g", "5h6g"], sfen);
    // A pinned bishop slides along its diagonal and may take the pinner.
    let sfen = "8k/9/9/b8/9/9/3B5/9/5K3 b - 1";
    let moves = legal(sfen);
    assert_has(&moves, &["6g5h", "6g7f", "6g8e", "6g9d"], sfen);
    assert_lacks(&moves, &["6g5f", "6g7h"], sfen);
}

#[test]
fn double_check_allows_only_king_moves() {
    let sfen = "4r3k/9/9/9/8b/9/9/3G5/4K4 b - 1";
    let moves = legal(sfen);
    assert!(moves.iter().all(|m| m.starts_with("5i")), "{moves:?}");
    assert_has(&moves, &["5i4i", "5i6i"], sfen);
}

#[test]
fn single_check_is_answered_by_capture_block_or_king_move() {
    let sfen = "4r3k/9/9/9/9/9/9/1G7/4K4 b S 1";
    let moves = legal(sfen);
    // Blocks by drop on the file, king steps off it; the gold cannot reach the file in one step.
    assert_has(&moves, &["S*5b", "S*5h", "5i4h", "5i6h"], sfen);
    assert_lacks(&moves, &["S*4e", "8h7h", "5i5h"], sfen);
}

#[test]
fn the_king_does_not_retreat_along_the_checkers_line() {
    let sfen = "4r3k/9/9/9/9/9/9/4K4/9 b - 1";
    let moves = legal(sfen);
    assert_lacks(&moves, &["5h5i", "5h5g"], sfen);
    assert_has(&moves, &["5h4h", "5h6h", "5h4i", "5h6i", "5h4g", "5h6g"], sfen);
}

#[test]
fn the_king_does_not_step_into_an_attack() {
    let sfen = "8k/9/9/9/9/9/5p3/9/4K4 b - 1";
    let moves = legal(sfen);
    assert_lacks(&moves, &["5i4h"], sfen);
    assert_has(&moves, &["5i5h", "5i6h"], sfen);
}

#[test]
fn the_richest_known_position_has_593_moves() {
    let sfen = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";
    let pos = Position::from_sfen(sfen).unwrap();
    assert_eq!(pos.legal_moves().len(), 593);
    assert_eq!(pos.count_legal_moves(), 593);
    assert_eq!(legal(sfen).len(), 593);
}

#[test]
fn positions_without_a_king_still_generate() {
    // Tsume problems omit the attacker's king.
    let sfen = "8k/9/6NG1/9/9/9/9/9/9 b GP 1";
    let moves = legal(sfen);
    assert_has(&moves, &["G*1b", "2c2b"], sfen);
    assert_lacks(&moves, &["P*1b"], sfen);
}

#[test]
fn a_dropped_pawn_that_cuts_a_guard_line_is_not_mate() {
    // The rook on 9b guards 1b along rank b; a pawn on 2b cuts that line, so the king takes 1b.
    let sfen = "7k1/R8/7N1/8N/9/9/9/9/4K4 b P 1";
    assert_has(&legal(sfen), &["P*2b"], sfen);
    // Control: a knight guards 1b instead, so the same drop mates and is illegal.
    let sfen = "7k1/R8/7N1/7NN/9/9/9/9/4K4 b P 1";
    assert_lacks(&legal(sfen), &["P*2b"], sfen);
    // The same with a bishop's diagonal guard of 1a cut by the pawn.
    let sfen = "7k1/9/5N3/5B1NN/9/9/9/9/4K4 b P 1";
    assert_has(&legal(sfen), &["P*2b"], sfen);
    let sfen = "7k1/9/7N1/5B1NN/9/9/9/9/4K4 b P 1";
    assert_lacks(&legal(sfen), &["P*2b"], sfen);
}

#[test]
fn triple_and_quadruple_check_leave_only_king_moves() {
    for (sfen, count) in [("8B/9/9/9/4k4/9/5N3/9/K3R4 w gsp 1", 4), ("8B/9/9/9/4k4/5G3/5N3/9/K3R4 w gsp 1", 3)] {
        let pos = Position::from_sfen(sfen).unwrap();
        assert!(pos.checkers().count() >= 3, "{sfen}");
        let moves = legal(sfen);
        assert_eq!(moves.len(), count, "{sfen}: {moves:?}");
        assert!(moves.iter().all(|m| m.starts_with("5e")), "{sfen}: {moves:?}");
    }
}

#[test]
fn pinned_pieces_cannot_block_a_check() {
    let sfen = "B3R3B/9/9/3sgs3/+l2gkg2R/9/9/9/4L3K w - 1";
    let pos = Position::from_sfen(sfen).unwrap();
    assert!(pos.in_check());
    assert_eq!(legal(sfen).len(), 3);
}
