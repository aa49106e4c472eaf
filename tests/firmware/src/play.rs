//! Play and undo on the device: pseudo-random games where after every move the incremental Zobrist
//! key equals the recomputed one and the SFEN round-trips; `play` accepts exactly the generated
//! moves; undoing the whole game restores every key and the start position.

use hayanagi::{MAX_SFEN_LEN, Move, Position, Undo};

use crate::common::Rng;
use crate::report::Report;

/// Plies per game (fewer if the game ends). The record of the game is on the stack (48 bytes a
/// ply): the micro:bit's 16 KB of RAM hold 48 plies beside the move lists.
#[cfg(not(board_microbit))]
const PLIES: usize = 120;
#[cfg(board_microbit)]
const PLIES: usize = 48;

/// (name, start SFEN, seed).
const GAMES: &[(&str, &str, u64)] = &[
    ("start position", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 7),
    ("pieces in hand", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 11),
];

pub fn check(report: &mut Report) {
    for &(name, sfen, seed) in GAMES {
        match Position::from_sfen(sfen) {
            Ok(start) => game(report, name, &start, seed),
            Err(error) => {
                report.check(false, format_args!("game from the {name}: rejected: {error}"));
            }
        }
    }
}

fn game(report: &mut Report, name: &str, start: &Position, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut pos = start.clone();
    // Each move played, what undo needs, and the key before it.
    let mut line: [Option<(Undo, u64)>; PLIES] = [None; PLIES];
    let (mut checks, mut failures, mut probes, mut probes_legal) = (0u32, 0u32, 0u32, 0u32);
    let mut check = |ok: bool| {
        checks += 1;
        failures += u32::from(!report.tally(ok));
    };
    let mut buf = [0u8; MAX_SFEN_LEN];
    for slot in line.iter_mut() {
        let moves = pos.legal_moves();
        let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else { break };
        check(pos.count_legal_moves() == moves.len() as u64);
        check(moves.iter().all(|&mv| pos.is_legal(mv)));

        // `play` on another move, either any 16 bits or the chosen move with one bit flipped (promotion
        // toggled, a neighbouring square, a drop of another kind): it succeeds exactly for the
        // generated moves, and a rejected move leaves the position as it was.
        let bits = if rng.below(2) == 0 { rng.next_u64() as u16 } else { mv.to_bits() ^ 1 << rng.below(15) };
        if let Some(probe) = Move::from_bits(bits) {
            probes += 1;
            let mut copy = pos.clone();
            let legal = moves.contains(&probe);
            probes_legal += u32::from(legal);
            check(match copy.play(probe) {
                Ok(undo) => legal && copy.undo(undo).is_ok() && copy == pos,
                Err(_) => !legal && copy == pos,
            });
        }

        let before = pos.key();
        match pos.play(mv) {
            Ok(undo) => *slot = Some((undo, before)),
            Err(_) => {
                check(false);
                break;
            }
        }
        check(pos.key() == pos.compute_key() && pos.key() != before);
        let reparsed = pos.write_sfen(&mut buf).ok().and_then(|n| buf.get(..n)).map(Position::from_sfen_bytes);
        check(matches!(reparsed, Some(Ok(ref again)) if *again == pos));
    }
    let played = line.iter().flatten().count();
    let mut end_buf = [0u8; MAX_SFEN_LEN];
    let end = pos.write_sfen(&mut end_buf).ok().and_then(|n| end_buf.get(..n)).unwrap_or(&[]);
    let end = core::str::from_utf8(end).unwrap_or("<not UTF-8>");
    for &(undo, before) in line.iter().rev().flatten() {
        check(pos.undo(undo).is_ok());
        check(pos.key() == before && pos.key() == pos.compute_key());
    }
    check(pos == *start);
    report.check(
        failures == 0 && played > 0,
        format_args!(
            "game from the {name}: {played} moves to {end} played and undone, {probes} other moves tried \
             ({probes_legal} legal), {checks} checks, {failures} failures"
        ),
    );
}
