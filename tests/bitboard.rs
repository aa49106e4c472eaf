//! Bitboard operations against a plain `[bool; 81]` model on random inputs.

mod common;

use common::Rng;
use hayanagi::{Bitboard, File, Rank, Square, bitboard};

fn model(board: Bitboard) -> [bool; 81] {
    let mut cells = [false; 81];
    for square in Square::ALL {
        cells[square.index()] = board.contains(square);
    }
    cells
}

fn from_model(cells: [bool; 81]) -> Bitboard {
    Bitboard::from_diagram(cells)
}

fn zip(a: [bool; 81], b: [bool; 81], f: impl Fn(bool, bool) -> bool) -> [bool; 81] {
    core::array::from_fn(|i| f(a[i], b[i]))
}

#[test]
fn set_operations_agree_with_the_model() {
    let mut rng = Rng::new(81);
    for round in 0..20_000 {
        let a = rng.bitboard(round % 4);
        let b = rng.bitboard((round / 4) % 4);
        let (ma, mb) = (model(a), model(b));
        assert_eq!(model(a | b), zip(ma, mb, |x, y| x || y));
        assert_eq!(model(a & b), zip(ma, mb, |x, y| x && y));
        assert_eq!(model(a ^ b), zip(ma, mb, |x, y| x != y));
        assert_eq!(model(a.difference(b)), zip(ma, mb, |x, y| x && !y));
        assert_eq!(model(!a), ma.map(|x| !x));
        assert_eq!(a.count() as usize, ma.iter().filter(|&&x| x).count());
        assert_eq!(a.is_empty(), !ma.contains(&true));
        assert_eq!(a.intersects(b), zip(ma, mb, |x, y| x && y).contains(&true));
        assert_eq!(a.has_more_than_one(), a.count() > 1);
        // The invariant: nothing above square 80, whatever the operation.
        for result in [a | b, a & b, a ^ b, !a, !(a & b)] {
            assert_eq!(result.hi() >> 17, 0);
        }

        let mut c = a;
        c |= b;
        assert_eq!(c, a | b);
        c &= a;
        assert_eq!(c, a);
        c ^= b;
        assert_eq!(c, a ^ b);

        let square = rng.square();
        let mut with = ma;
        with[square.index()] = true;
        assert_eq!(a.with(square), from_model(with));
        with[square.index()] = false;
        assert_eq!(a.without(square), from_model(with));
        assert_eq!(a.contains(square), ma[square.index()]);
    }
}

#[test]
fn iteration_and_pop_lsb_visit_squares_in_index_order() {
    let mut rng = Rng::new(7);
    for round in 0..5_000 {
        let board = rng.bitboard(round % 3);
        let expected: Vec<Square> = Square::ALL.into_iter().filter(|&s| board.contains(s)).collect();
        assert_eq!(board.iter().collect::<Vec<_>>(), expected);
        assert_eq!(board.iter().len(), expected.len());
        assert_eq!(board.lsb(), expected.first().copied());
        let mut popped = Vec::new();
        let mut rest = board;
        while let Some(square) = rest.pop_lsb() {
            popped.push(square);
        }
        assert_eq!(popped, expected);
        assert!(rest.is_empty());
        assert_eq!(expected.into_iter().collect::<Bitboard>(), board);
    }
}

#[test]
fn layout_is_64_bits_in_lo_and_17_in_hi() {
    // Squares 0..=63 in lo, 64..=80 in the low 17 bits of hi.
    assert_eq!(Bitboard::from_square(Square::SQ_9A).lo(), 1);
    assert_eq!(Bitboard::from_square(Square::SQ_9H).lo(), 1 << 63);
    assert_eq!(Bitboard::from_square(Square::SQ_8H), Bitboard::from_parts(0, 1).unwrap());
    assert_eq!(Bitboard::from_square(Square::SQ_1I).hi(), 1 << 16);
    assert_eq!(Bitboard::FULL.count(), 81);
    assert_eq!(Bitboard::FULL.hi(), (1 << 17) - 1);
    assert_eq!(Bitboard::from_parts(0, 1 << 17), None);
    assert_eq!(Bitboard::from_u128(1 << 81), None);
    assert_eq!(Bitboard::from_u128(Bitboard::FULL.to_u128()), Some(Bitboard::FULL));
    assert!((!Bitboard::FULL).is_empty());
}

#[test]
fn files_and_ranks() {
    for file in File::ALL {
        let set = Bitboard::file(file);
        assert_eq!(set.count(), 9);
        assert!(set.iter().all(|s| s.file() == file));
    }
    for rank in Rank::ALL {
        let set = Bitboard::rank(rank);
        assert_eq!(set.count(), 9);
        assert!(set.iter().all(|s| s.rank() == rank));
    }
}

#[test]
fn diagram_round_trips_through_display() {
    const SHAPE: Bitboard = bitboard! {
        . . . . . . . . .
        . X . . . . . X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . x . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X . . . . . X .
        . . . . . . . . X
    };
    assert_eq!(
        SHAPE,
        [Square::SQ_8B, Square::SQ_2B, Square::SQ_5E, Square::SQ_8H, Square::SQ_2H, Square::SQ_1I]
            .into_iter()
            .collect()
    );
    let text = SHAPE.to_string();
    assert_eq!(text.lines().count(), 9);
    assert_eq!(text.lines().nth(1), Some(". X . . . . . X ."));
    assert_eq!(text.lines().nth(8), Some(". . . . . . . . X"));
}
