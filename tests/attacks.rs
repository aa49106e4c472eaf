//! Attack tables against the naive oracle of `tests/common`: exhaustive over every relevant
//! occupancy of every square, and on random full boards.

mod common;

use common::{Rng, naive_attacks, naive_steps, relevant_mask, subsets};
use hayanagi::{
    Bitboard, Color, Piece, PieceKind, Square, attacks, between, bishop_attacks, lance_attacks, rook_attacks,
    step_attacks, step_to,
};

/// Checks `lookup` for every square and every subset of the slider's relevant mask, each subset also
/// with all squares outside the mask occupied (they must not matter).
fn exhaustive(color: Color, kind: PieceKind, lookup: impl Fn(Square, Bitboard) -> Bitboard) -> usize {
    let mut checked = 0;
    for square in Square::ALL {
        let mask = relevant_mask(color, kind, square);
        let outside = !mask;
        for occupied in subsets(mask) {
            let expected = naive_attacks(color, kind, square, occupied);
            assert_eq!(lookup(square, occupied), expected, "{kind:?} on {square}, occupied:\n{occupied}");
            assert_eq!(lookup(square, occupied | outside), expected, "{kind:?} on {square} with noise");
            checked += 1;
        }
    }
    checked
}

#[test]
fn rook_matches_ray_walk_for_every_relevant_occupancy() {
    let checked = exhaustive(Color::Black, PieceKind::Rook, rook_attacks);
    // Corner squares have 14 relevant squares, edge squares 13, the others 12.
    assert_eq!(checked, 4 * (1 << 14) + 28 * (1 << 13) + 49 * (1 << 12));
}

#[test]
fn bishop_matches_ray_walk_for_every_relevant_occupancy() {
    exhaustive(Color::Black, PieceKind::Bishop, bishop_attacks);
}

#[test]
fn lance_matches_ray_walk_for_every_relevant_occupancy() {
    for color in Color::ALL {
        exhaustive(color, PieceKind::Lance, |sq, occ| lance_attacks(color, sq, occ));
    }
}

#[test]
fn every_piece_matches_the_oracle_on_random_boards() {
    let mut rng = Rng::new(0x5eed);
    for round in 0..20_000 {
        let occupied = rng.bitboard(1 + round % 3);
        let square = rng.square();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let expected = naive_attacks(color, kind, square, occupied);
                assert_eq!(attacks(Piece::new(color, kind), square, occupied), expected, "{color} {kind:?} {square}");
            }
        }
    }
}

#[test]
fn sliders_on_the_empty_and_full_board() {
    for square in Square::ALL {
        assert_eq!(rook_attacks(square, Bitboard::EMPTY).count(), 16);
        let neighbours = naive_steps(Color::Black, PieceKind::King, square);
        assert_eq!(rook_attacks(square, Bitboard::FULL) | bishop_attacks(square, Bitboard::FULL), neighbours);
        assert_eq!(
            bishop_attacks(square, Bitboard::EMPTY),
            naive_attacks(Color::Black, PieceKind::Bishop, square, Bitboard::EMPTY)
        );
    }
}

#[test]
fn step_attacks_match_the_rules() {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for square in Square::ALL {
                assert_eq!(
                    step_attacks(color, kind, square),
                    naive_steps(color, kind, square),
                    "{color} {kind:?} {square}"
                );
            }
        }
    }
    // Spot checks written out by hand.
    assert_eq!(step_attacks(Color::White, PieceKind::Pawn, Square::SQ_3C).iter().collect::<Vec<_>>(), [Square::SQ_3D]);
    assert_eq!(step_attacks(Color::Black, PieceKind::Silver, Square::SQ_5E).count(), 5);
    assert!(step_attacks(Color::Black, PieceKind::Knight, Square::SQ_5B).is_empty());
    assert!(step_attacks(Color::Black, PieceKind::Rook, Square::SQ_5E).is_empty());
}

#[test]
fn step_to_is_the_inverse_of_step_attacks() {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for from in Square::ALL {
                for to in Square::ALL {
                    assert_eq!(
                        step_attacks(color, kind, from).contains(to),
                        step_to(color, kind, to).contains(from),
                        "{color} {kind:?} {from} -> {to}"
                    );
                }
            }
        }
    }
}

#[test]
fn between_is_symmetric_and_exact() {
    for a in Square::ALL {
        for b in Square::ALL {
            let set = between(a, b);
            assert_eq!(set, between(b, a));
            // On a line: the squares a rook or bishop on `a` passes before reaching `b` on an empty board,
            // computed as the intersection of the two pieces' empty-board rays.
            let aligned_rook = rook_attacks(a, Bitboard::EMPTY).contains(b);
            let aligned_bishop = bishop_attacks(a, Bitboard::EMPTY).contains(b);
            let expected = if aligned_rook {
                rook_attacks(a, Bitboard::from_square(b)) & rook_attacks(b, Bitboard::from_square(a))
            } else if aligned_bishop {
                bishop_attacks(a, Bitboard::from_square(b)) & bishop_attacks(b, Bitboard::from_square(a))
            } else {
                Bitboard::EMPTY
            };
            assert_eq!(set, expected, "between {a} and {b}");
            assert!(!set.contains(a) && !set.contains(b));
        }
    }
    assert_eq!(
        between(Square::SQ_9A, Square::SQ_1I),
        [Square::SQ_8B, Square::SQ_7C, Square::SQ_6D, Square::SQ_5E, Square::SQ_4F, Square::SQ_3G, Square::SQ_2H]
            .into_iter()
            .collect()
    );
    assert!(between(Square::SQ_5E, Square::SQ_4C).is_empty());
}
