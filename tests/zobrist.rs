//! Zobrist keys: all non-zero and distinct, hand keys exist exactly for the hand kinds and counts.

use std::collections::HashSet;

use hayanagi::{Color, Piece, PieceKind, Square, zobrist};

#[test]
fn keys_are_non_zero_and_distinct() {
    let mut keys = HashSet::new();
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for square in Square::ALL {
                assert!(keys.insert(zobrist::board(Piece::new(color, kind), square)));
            }
            for count in 0..=zobrist::MAX_HAND_COUNT {
                match zobrist::hand(color, kind, count) {
                    Some(key) => assert!(kind.is_hand_kind() && keys.insert(key)),
                    None => assert!(!kind.is_hand_kind()),
                }
            }
            assert_eq!(zobrist::hand(color, kind, zobrist::MAX_HAND_COUNT + 1), None);
        }
    }
    assert!(keys.insert(zobrist::SIDE));
    assert!(!keys.contains(&0));
    assert_eq!(keys.len(), 2 * 14 * 81 + 2 * 7 * 19 + 1);
}

#[test]
fn keys_differ_in_every_half() {
    // Not a randomness test; just that no key is degenerate in one 32-bit half (a broken stream or a
    // truncating emitter would show up here).
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for square in Square::ALL {
                let key = zobrist::board(Piece::new(color, kind), square);
                assert!(key as u32 != 0 && (key >> 32) as u32 != 0);
            }
        }
    }
}
