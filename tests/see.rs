//! Static exchange evaluation against brute force: the exchange is played out on a plain board
//! array, the attackers found afresh after every capture with the rule-book ray walk
//! (`common::naive_attacks`), each side taking with its least valuable attacker (ties: lower kind
//! index, then lower square index; the king last, and only if nothing then attacks it) and free to
//! stop — the definition `Position::see_with` documents — on every legal move of positions from
//! random games and near-mate placements, with the default values and with random tables.

mod common;
#[path = "common/playout.rs"]
mod playout;
#[path = "common/tsume.rs"]
mod tsume;

use common::{Rng, naive_attacks};
use hayanagi::{Color, Move, Piece, PieceKind, Position, SeeValues, Square};
use playout::{BIASES, playout};

type Cells = [Option<Piece>; 81];

fn occupied(cells: &Cells) -> hayanagi::Bitboard {
    Square::ALL.into_iter().filter(|s| cells[s.index()].is_some()).collect()
}

/// `side`'s least valuable attacker of `to`, by the documented order.
fn least_valuable(cells: &Cells, to: Square, side: Color, values: &SeeValues) -> Option<(Square, PieceKind)> {
    let occupied = occupied(cells);
    Square::ALL
        .into_iter()
        .filter_map(|from| match cells[from.index()] {
            Some(p) if p.color() == side && naive_attacks(side, p.kind(), from, occupied).contains(to) => {
                Some((from, p.kind()))
            }
            _ => None,
        })
        .min_by_key(|&(from, kind)| (kind == PieceKind::King, values.value(kind), kind.index(), from.index()))
}

/// What `side` wins by capturing on `to`, where a piece worth `standing` stands, and going on.
fn exchange(cells: &Cells, to: Square, side: Color, standing: i32, values: &SeeValues) -> i32 {
    let Some((from, kind)) = least_valuable(cells, to, side, values) else { return 0 };
    let mut next = *cells;
    next[from.index()] = None;
    next[to.index()] = Some(Piece::new(side, kind));
    if kind == PieceKind::King && least_valuable(&next, to, side.flip(), values).is_some() {
        return 0;
    }
    (standing - exchange(&next, to, side.flip(), values.value(kind), values)).max(0)
}

fn brute_see(pos: &Position, mv: Move, values: &SeeValues) -> i32 {
    let us = pos.side_to_move();
    let mut cells = *pos.board();
    let to = mv.to();
    let captured = cells[to.index()].map_or(0, |p| values.value(p.kind()));
    let kind = match mv.from() {
        Some(from) => {
            let piece = cells[from.index()].take().unwrap();
            if mv.is_promotion() { piece.kind().promote().unwrap() } else { piece.kind() }
        }
        None => mv.drop_kind().unwrap(),
    };
    cells[to.index()] = Some(Piece::new(us, kind));
    captured - exchange(&cells, to, us.flip(), values.value(kind), values)
}

fn random_values(rng: &mut Rng) -> SeeValues {
    let mut values = [0; PieceKind::NUM];
    for value in &mut values {
        // Few distinct values, so that ties between kinds are common.
        *value = 100 * (1 + rng.below(8) as i32);
    }
    SeeValues::new(values)
}

fn check_position(pos: &Position, rng: &mut Rng) -> usize {
    let table = random_values(rng);
    let mut captures = 0;
    for &mv in pos.legal_moves().iter() {
        let is_capture = pos.piece_at(mv.to()).is_some();
        // Every capture; a sample of the rest (drops and quiet moves).
        if !is_capture && rng.below(8) != 0 {
            continue;
        }
        captures += usize::from(is_capture);
        let expected = brute_see(pos, mv, &SeeValues::DEFAULT);
        assert_eq!(pos.see(mv), expected, "see({mv}) in {pos:?}");
        for threshold in [expected - 1, expected, expected + 1] {
            assert_eq!(pos.see_ge(mv, threshold), expected >= threshold, "see_ge({mv}, {threshold}) in {pos:?}");
        }
        assert_eq!(pos.see_with(&table, mv), brute_see(pos, mv, &table), "see_with({mv}, {table:?}) in {pos:?}");
    }
    captures
}

#[test]
fn see_equals_the_exchange_played_out_in_random_games() {
    let mut rng = Rng::new(0x5eee_0001);
    let (mut positions, mut captures) = (0, 0);
    for game in 0..60 {
        // Capture-heavy games have the crowded exchanges.
        let bias = if game % 2 == 0 { BIASES[1] } else { BIASES[game / 2 % BIASES.len()] };
        playout(&Position::startpos(), rng.next_u64(), bias, 120, |pos| {
            if rng.below(3) == 0 {
                positions += 1;
                captures += check_position(pos, &mut Rng::new(rng.next_u64()));
            }
        });
    }
    eprintln!("{positions} positions, {captures} captures");
    assert!(positions > 1_500 && captures > 5_000, "{positions} positions, {captures} captures");
}

#[test]
fn see_equals_the_exchange_played_out_near_mate() {
    let mut rng = Rng::new(0x5eee_0002);
    let (mut positions, mut captures) = (0, 0);
    while positions < 3_000 {
        if let Some(pos) = tsume::random_tsume(&mut rng) {
            positions += 1;
            captures += check_position(&pos, &mut Rng::new(rng.next_u64()));
        }
    }
    eprintln!("{positions} positions, {captures} captures");
    assert!(captures > 1_500, "{captures} captures");
}

// ----- named cases -----

fn see_of(sfen: &str, usi: &str) -> i32 {
    let pos = Position::from_sfen(sfen).unwrap();
    let mv = pos.parse_usi_move(usi).unwrap();
    let value = pos.see(mv);
    assert_eq!(value, brute_see(&pos, mv, &SeeValues::DEFAULT), "{usi} in {sfen}");
    value
}

#[test]
fn a_lance_behind_a_lance_joins_in() {
    // L takes the silver on 5c. Alone it is retaken by the gold: 495 - 315. With a second lance
    // behind it (which would take the gold), the gold does not retake: 495.
    assert_eq!(see_of("4k4/4g4/4s4/9/9/9/4L4/9/K8 b - 1", "5g5c"), 495 - 315);
    assert_eq!(see_of("4k4/4g4/4s4/9/9/9/4L4/4L4/K8 b - 1", "5g5c"), 495);
}

#[test]
fn a_dragon_behind_a_rook_joins_in() {
    // The rook takes the pawn; the gold takes the rook; the dragon behind retakes: 90 - 990 + 540.
    // Black would not start it with the rook: SEE is what the move itself yields.
    assert_eq!(see_of("4k4/3g5/4p4/9/4R4/9/4+R4/9/K8 b - 1", "5e5c"), 90 - 990 + 540);
}

#[test]
fn a_horse_sees_through_a_bishop() {
    // B takes the silver on 3c and the gold takes it; the horse behind the bishop takes the gold.
    assert_eq!(see_of("8k/7g1/6s2/9/4B4/9/9/9/K8 b - 1", "5e3c"), 495 - 855);
    assert_eq!(see_of("8k/7g1/6s2/9/4B4/9/2+B6/9/K8 b - 1", "5e3c"), 495 - 855 + 540);
}

#[test]
fn a_drop_gains_nothing_and_can_lose_the_dropped_piece() {
    assert_eq!(see_of("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b"), 0);
    assert_eq!(see_of("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b"), -540);
    assert_eq!(see_of("4k4/9/4s4/9/9/9/9/9/4K4 b G 1", "G*5d"), -540);
}

#[test]
fn the_king_takes_only_when_nothing_can_take_it_back() {
    // The tokin on 5b is taken by the king unless the lance behind the pawn's square guards it.
    assert_eq!(see_of("5k3/9/4P4/9/9/9/9/9/4K4 b - 1", "5c5b+"), 0 - 540);
    assert_eq!(see_of("5k3/9/4P4/4L4/9/9/9/9/4K4 b - 1", "5c5b+"), 0);
}

#[test]
fn promotion_counts_for_what_stands_on_the_square() {
    // The pawn promotes on 5c and is taken by the silver: it is a tokin that is lost.
    let values = SeeValues::DEFAULT;
    assert_eq!(see_of("4k4/3s5/9/4P4/9/9/9/9/4K4 b - 1", "5d5c+"), -values.value(PieceKind::ProPawn));
    assert_eq!(see_of("4k4/3s5/9/4P4/9/9/9/9/4K4 b - 1", "5d5c"), -values.value(PieceKind::Pawn));
}
