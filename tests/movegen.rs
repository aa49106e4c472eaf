//! The move generator against a slow generator written straight from the rules (tests/common/rules.rs),
//! over positions from random games with several biases, plus the incremental key against the key
//! computed from scratch, the checkers (computed when asked) against the rule book's attacks, and
//! `is_legal`, `gives_check`, `count_legal_moves`, play/undo.

mod common;
#[path = "common/playout.rs"]
mod playout;
#[path = "common/rules.rs"]
mod rules;

use common::Rng;
use hayanagi::{Move, PieceKind, Position, Square};
use playout::{BIASES, RICH_STARTS, playout};
use rules::Plain;

fn usi_sorted(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Everything checked at one position.
fn check_position(pos: &Position, rng: &mut Rng) {
    let sfen = pos.sfen().to_string();
    let moves = pos.legal_moves();
    assert_eq!(usi_sorted(pos), Plain::of(pos).legal_moves(), "legal moves differ from the rules in {sfen}");
    assert_eq!(pos.count_legal_moves(), moves.len() as u64, "count in {sfen}");
    assert_eq!(pos.key(), pos.compute_key(), "incremental key in {sfen}");
    // The checkers (computed when asked) against the rule book: every enemy piece whose ray-walk
    // attacks reach the king.
    let them = pos.side_to_move().flip();
    let mut checkers = hayanagi::Bitboard::EMPTY;
    if let Some(king) = pos.king(pos.side_to_move()) {
        for square in Square::ALL {
            if let Some(piece) = pos.piece_at(square)
                && piece.color() == them
                && common::naive_attacks(them, piece.kind(), square, pos.occupied()).contains(king)
            {
                checkers = checkers.with(square);
            }
        }
    }
    assert_eq!(pos.checkers(), checkers, "checkers against the rule book in {sfen}");
    assert_eq!(pos.in_check(), !checkers.is_empty(), "in_check in {sfen}");

    for &mv in moves.iter() {
        assert!(pos.is_legal(mv), "{mv} generated but not is_legal in {sfen}");
        let mut after = pos.clone();
        let undo = after.play_unchecked(mv);
        assert_eq!(pos.gives_check(mv), after.in_check(), "gives_check({mv}) in {sfen}");
        after.undo(undo).unwrap();
        assert_eq!(&after, pos, "undo of {mv} in {sfen}");
    }
    // Near misses: the other promotion choice, every drop, and random encodings.
    let probe = |mv: Move| assert_eq!(pos.is_legal(mv), moves.contains(&mv), "is_legal({mv}) in {sfen}");
    for &mv in moves.iter() {
        if let Some(from) = mv.from() {
            probe(Move::normal(from, mv.to(), !mv.is_promotion()).unwrap());
        }
    }
    for kind in PieceKind::HAND {
        for to in Square::ALL {
            probe(Move::drop(kind, to).unwrap());
        }
    }
    for _ in 0..200 {
        if let Some(mv) = Move::from_bits(rng.next_u64() as u16) {
            probe(mv);
        }
    }
}

#[test]
fn random_games_agree_with_the_rules() {
    let mut rng = Rng::new(0x5eed);
    let mut positions = 0;
    for (i, bias) in BIASES.into_iter().enumerate() {
        for game in 0..8 {
            playout(&Position::startpos(), 1000 * i as u64 + game, bias, 250, |pos| {
                positions += 1;
                if positions % 2 == 0 {
                    check_position(pos, &mut rng);
                }
            });
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn random_games_from_rich_positions_agree_with_the_rules() {
    let mut rng = Rng::new(0xface);
    let mut positions = 0;
    for (i, sfen) in RICH_STARTS.into_iter().enumerate() {
        let start = Position::from_sfen(sfen).unwrap();
        for (j, bias) in BIASES.into_iter().enumerate() {
            playout(&start, 77 * i as u64 + j as u64, bias, 60, |pos| {
                positions += 1;
                check_position(pos, &mut rng);
            });
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn perft_startpos_shallow_bulk_and_not() {
    let mut pos = Position::startpos();
    for (depth, nodes) in [(1, 30), (2, 900), (3, 25_470)] {
        assert_eq!(pos.perft(depth, true), nodes);
        assert_eq!(pos.perft(depth, false), nodes);
    }
    assert_eq!(pos, Position::startpos());
}
