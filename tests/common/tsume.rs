//! Random positions built to be near mate, as tsume problems are: the defender's (White's) king near
//! its edge with a few pieces of its own, attacking (Black) pieces close around it, Black to move
//! with pieces in hand, Black's king present or (as in tsume) absent. Every position is validated as the
//! SFEN reader validates (`Relaxations::SFEN`), so only valid ones come out.

#![allow(dead_code)]

use hayanagi::{Color, Hand, Piece, PieceKind, Position, Relaxations, Setup, Square};

use crate::common::Rng;

/// How many pieces of each hand kind the set has (pawn, lance, knight, silver, gold, bishop, rook).
const SET: [u8; 7] = [18, 4, 4, 4, 4, 2, 2];

fn square_near(rng: &mut Rng, center: Square, reach: i32) -> Option<Square> {
    let (file, rank) = (center.file().index() as i32, center.rank().index() as i32);
    let df = rng.below((2 * reach + 1) as u64) as i32 - reach;
    let dr = rng.below((2 * reach + 1) as u64) as i32 - reach;
    let (f, r) = (file + df, rank + dr);
    if (0..9).contains(&f) && (0..9).contains(&r) { Square::try_index((r * 9 + (8 - f)) as usize) } else { None }
}

fn place(rng: &mut Rng, board: &mut [Option<Piece>; 81], left: &mut [u8; 7], color: Color, square: Square) {
    if board[square.index()].is_some() {
        return;
    }
    let kind = PieceKind::HAND[rng.below(7) as usize];
    if left[kind.index()] == 0 {
        return;
    }
    left[kind.index()] -= 1;
    let kind = match kind.promote() {
        Some(promoted) if rng.below(4) == 0 => promoted,
        _ => kind,
    };
    board[square.index()] = Some(Piece::new(color, kind));
}

/// One random near-mate position (Black to move), or `None` when the draw was not a valid position.
pub fn random_tsume(rng: &mut Rng) -> Option<Position> {
    let mut board = [None; 81];
    let mut left = SET;
    let king = Square::try_index((rng.below(3) * 9 + rng.below(9)) as usize)?;
    board[king.index()] = Some(Piece::new(Color::White, PieceKind::King));
    if rng.below(2) == 0 {
        let own = Square::try_index((54 + rng.below(27)) as usize)?;
        board[own.index()] = Some(Piece::new(Color::Black, PieceKind::King));
    }
    for _ in 0..rng.below(5) {
        let reach = 1 + rng.below(2) as i32;
        if let Some(square) = square_near(rng, king, reach) {
            place(rng, &mut board, &mut left, Color::White, square);
        }
    }
    for _ in 0..2 + rng.below(7) {
        let reach = 1 + rng.below(3) as i32;
        if let Some(square) = square_near(rng, king, reach) {
            place(rng, &mut board, &mut left, Color::Black, square);
        }
    }
    // A distant slider now and then, for checks from afar and pins.
    if rng.below(3) == 0 {
        let square = Square::try_index(rng.below(81) as usize)?;
        if board[square.index()].is_none() {
            let kind = [PieceKind::Rook, PieceKind::Bishop, PieceKind::Lance][rng.below(3) as usize];
            if left[kind.index()] > 0 {
                left[kind.index()] -= 1;
                let color = if rng.below(3) == 0 { Color::White } else { Color::Black };
                board[square.index()] = Some(Piece::new(color, kind));
            }
        }
    }
    let mut hands = [Hand::EMPTY; 2];
    for kind in PieceKind::HAND {
        let i = kind.index();
        let give = rng.below(3).min(left[i] as u64) as u8;
        let give = if kind == PieceKind::Pawn { give } else { give.min(1 + rng.below(2) as u8) };
        left[i] -= give;
        // As in tsume, the defender often holds the rest.
        let defender = if rng.below(2) == 0 { left[i] } else { rng.below(left[i] as u64 + 1) as u8 };
        hands = [hands[0].with(kind, give), hands[1].with(kind, defender)];
    }
    let setup = Setup { board, hands, side_to_move: Color::Black, ply: 1 };
    setup.validate(Relaxations::SFEN).ok()
}

/// `count` random near-mate positions whose side to move (the attacker) is not in check, drawn
/// from a generator seeded with `seed`.
pub fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        if let Some(pos) = random_tsume(&mut rng)
            && !pos.in_check()
        {
            out.push(pos);
        }
    }
    out
}

/// A mate in at most 5 plies by brute force (checks, then every reply, then the core's mate in 3).
pub fn mate_in_5(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&mv| {
        let mut after = pos.clone();
        after.play(mv).expect("legal");
        after.in_check()
            && after.legal_moves().iter().all(|&reply| {
                let mut next = after.clone();
                next.play(reply).expect("legal");
                next.mate_in_3().is_some()
            })
    })
}
