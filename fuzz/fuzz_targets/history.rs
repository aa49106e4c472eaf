//! Bytes drive a game through `History` from one of a few starts, with moves that often step back
//! and forth and often check (so that repetitions and perpetual checks happen), and undos. After
//! every step the history's status must equal the from-scratch judge of tests/common/judge.rs
//! (positions compared as SFEN text, checks read from each position), and an undo must restore the
//! previous position exactly.

#![no_main]

#[path = "../../tests/common/judge.rs"]
mod judge;

use hayanagi::{Entry, History, HistoryError, Move, Position};
use libfuzzer_sys::fuzz_target;

/// Starts where repetitions come quickly: bare kings with a rook or golds, a gold in hand, startpos.
const STARTS: [&str; 4] = [
    "4k4/9/9/9/9/9/9/9/R3K4 b - 1",
    "3gkg3/9/9/9/9/9/9/9/3GKG3 b - 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 b RG 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
];

/// Moves per input; the judge is linear in the game's length, so keep games short.
const MAX_STEPS: usize = 120;

fuzz_target!(|data: &[u8]| {
    let Some((&first, steps)) = data.split_first() else { return };
    let Ok(mut pos) = Position::from_sfen(STARTS[first as usize % STARTS.len()]) else { return };
    let mut history = History::new([Entry::EMPTY; MAX_STEPS]);
    let mut positions = vec![pos.clone()];
    let mut texts = vec![judge::text(&pos)];
    let mut moves: Vec<Move> = Vec::new();
    for &byte in steps.iter().take(MAX_STEPS) {
        if byte >= 248 {
            // Take the last move back.
            match history.undo(&mut pos) {
                Ok(mv) => {
                    assert_eq!(moves.pop(), Some(mv));
                    positions.pop();
                    texts.pop();
                    assert_eq!(Some(&pos), positions.last(), "undo restores the position");
                }
                Err(error) => assert!(moves.is_empty() && error == HistoryError::Empty, "{error:?}"),
            }
            continue;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Below 128: step back the piece this side moved last, when that is legal; below 192: a
        // checking move; otherwise any move, chosen by the byte.
        let back = moves.len().checked_sub(2).and_then(|i| Some((moves[i].from()?, moves[i].to())));
        let back = back.and_then(|(from, to)| {
            legal.iter().copied().find(|m| m.from() == Some(to) && m.to() == from && !m.is_promotion())
        });
        let checks: Vec<Move> = legal.iter().copied().filter(|&m| pos.gives_check(m)).collect();
        let mv = match back {
            Some(mv) if byte < 128 => mv,
            _ if byte < 192 && !checks.is_empty() => checks[byte as usize % checks.len()],
            _ => legal[byte as usize % legal.len()],
        };
        history.play(&mut pos, mv).expect("a generated move is legal and the history has room");
        moves.push(mv);
        positions.push(pos.clone());
        texts.push(judge::text(&pos));
        assert_eq!(history.status(&pos), Ok(judge::status(&positions, &texts)), "after {moves:?}");
    }
});
