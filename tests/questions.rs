//! The cheap questions against the slow path: `is_legal` against membership in the full legal list
//! (every legal move, the other promotion choice, every drop, random 16-bit codes), `key_after`
//! against the key after actually playing the move (also for random codes, as `play_unchecked`
//! leaves it), `has_legal_move` and `status` against the list's emptiness, the key's board and hand
//! parts against the public Zobrist keys, and hand dominance against a kind-by-kind comparison.

mod common;
#[path = "common/playout.rs"]
mod playout;

use common::Rng;
use hayanagi::{Color, Hand, Move, PieceKind, Position, Square, Status, zobrist};
use playout::{BIASES, Bias, RICH_STARTS, playout};

fn check_questions(pos: &Position, rng: &mut Rng) {
    let sfen = pos.sfen().to_string();
    let moves = pos.legal_moves();
    assert_eq!(pos.has_legal_move(), !moves.is_empty(), "has_legal_move in {sfen}");
    let status = match (moves.is_empty(), pos.in_check()) {
        (false, _) => Status::None,
        (true, true) => Status::Mate,
        (true, false) => Status::NoMoves,
    };
    assert_eq!(pos.status(), status, "status in {sfen}");

    let probe = |mv: Move| {
        assert_eq!(pos.is_legal(mv), moves.contains(&mv), "is_legal({mv}) in {sfen}");
        let mut after = pos.clone();
        let _ = after.play_unchecked(mv);
        assert_eq!(pos.key_after(mv), after.key(), "key_after({mv}) in {sfen}");
    };
    for &mv in moves.iter() {
        probe(mv);
        if let Some(from) = mv.from() {
            probe(Move::normal(from, mv.to(), !mv.is_promotion()).unwrap());
        }
    }
    for kind in PieceKind::HAND {
        for to in Square::ALL {
            probe(Move::drop(kind, to).unwrap());
        }
    }
    for _ in 0..300 {
        if let Some(mv) = Move::from_bits(rng.next_u64() as u16) {
            probe(mv);
        }
    }
    // Codes with the validity bit set, so that most decode to a move.
    for _ in 0..300 {
        if let Some(mv) = Move::from_bits(rng.next_u64() as u16 | 0x8000) {
            probe(mv);
        }
    }
}

#[test]
fn random_games_questions_agree_with_the_slow_path() {
    let mut rng = Rng::new(0x9e57);
    let mut positions = 0;
    for (i, bias) in BIASES.into_iter().enumerate() {
        for game in 0..6 {
            playout(&Position::startpos(), 3000 * i as u64 + game, bias, 250, |pos| {
                positions += 1;
                check_questions(pos, &mut rng);
            });
        }
    }
    for (i, sfen) in RICH_STARTS.into_iter().enumerate() {
        let start = Position::from_sfen(sfen).unwrap();
        for (j, bias) in BIASES.into_iter().enumerate() {
            playout(&start, 55 * i as u64 + j as u64, bias, 60, |pos| {
                positions += 1;
                check_questions(pos, &mut rng);
            });
        }
    }
    assert!(positions > 5000, "{positions}");
}

#[test]
fn mate_and_no_moves_have_no_legal_move() {
    let mate = Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2").unwrap();
    assert!(!mate.has_legal_move());
    assert_eq!(mate.status(), Status::Mate);
    // White's only piece is a king with every square around it covered, not in check.
    let stalemate = Position::from_sfen("8k/6G2/7G1/9/9/9/9/9/4K4 w - 1").unwrap();
    assert!(!stalemate.in_check());
    assert!(stalemate.legal_moves().is_empty());
    assert!(!stalemate.has_legal_move());
    assert_eq!(stalemate.status(), Status::NoMoves);
}

/// The key in parts: the board part from the board and side alone, the hand part from the hands
/// alone, both from the public Zobrist keys; their XOR is the key.
fn check_keys(pos: &Position) {
    let mut board = if pos.side_to_move() == Color::White { zobrist::SIDE } else { 0 };
    for square in Square::ALL {
        if let Some(piece) = pos.piece_at(square) {
            board ^= zobrist::board(piece, square);
        }
    }
    let mut hands = 0;
    for color in Color::ALL {
        for kind in PieceKind::HAND {
            hands ^= zobrist::hand(color, kind, pos.hand(color).count(kind)).unwrap();
        }
    }
    assert_eq!(pos.board_key(), board, "board_key in {}", pos.sfen());
    assert_eq!(pos.hand_key(), hands, "hand_key in {}", pos.sfen());
    assert_eq!(pos.key(), board ^ hands);
}

#[test]
fn key_parts_on_random_games() {
    let mut positions = 0;
    for (i, bias) in BIASES.into_iter().enumerate() {
        playout(&Position::startpos(), 4000 + i as u64, bias, 250, |pos| {
            positions += 1;
            check_keys(pos);
        });
    }
    for sfen in RICH_STARTS {
        playout(&Position::from_sfen(sfen).unwrap(), 9, Bias::Drops, 60, check_keys);
    }
    assert!(positions > 500);
}

#[test]
fn hand_dominance_is_kind_by_kind_at_least() {
    let mut rng = Rng::new(0xd0d0);
    let random_hand =
        |rng: &mut Rng| PieceKind::HAND.into_iter().fold(Hand::EMPTY, |hand, kind| hand.with(kind, rng.below(4) as u8));
    for _ in 0..20_000 {
        let (a, b) = (random_hand(&mut rng), random_hand(&mut rng));
        let brute = PieceKind::HAND.into_iter().all(|kind| a.count(kind) >= b.count(kind));
        assert_eq!(a.dominates(b), brute, "{a} vs {b}");
        assert!(a.dominates(a) && a.dominates(Hand::EMPTY));
        assert_eq!(a.dominates(b) && b.dominates(a), a == b);
    }
}
