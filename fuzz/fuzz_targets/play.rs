//! Bytes choose a start position and then a sequence of steps: play a legal move chosen by index,
//! try an arbitrary 16-bit move code or a near miss of a legal move (which `play` must reject unless
//! it is in the legal list), pass, take the last step back, or play an arbitrary code with
//! `play_unchecked` on a scratch copy (which must not panic).
//!
//! After every step: the incremental key equals the recomputed key, and after an undo the checkers
//! (computed when asked) are those of the position before the move; every generated move is legal,
//! unique and reads back from its USI text; `count_legal_moves` equals the list's length and `status`
//! agrees with it; `gives_check` tells whether each move leaves the opponent in check; undo restores
//! the exact position; the SFEN round-trips. At the end, the legal moves equal those of the slow
//! generator written from the rules in tests/common/rules.rs.

#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;
#[path = "../../tests/common/rules.rs"]
mod rules;

use hayanagi::{Color, Move, MoveList, PlayError, Position, Status, Undo};
use hayanagi_fuzz::{assert_consistent, assert_sfen_round_trip};
use libfuzzer_sys::fuzz_target;

/// Start positions: the initial position, the perft positions of docs/RULES.md R114, positions with
/// full hands (many drops), a pawn-drop-mate trap, a tsume problem without the attacker's king, and a
/// ply at the end of the u64 range.
const STARTS: [&str; 9] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "4k4/9/9/9/9/9/9/9/4K4 b RBGSNL9Prbgsnl9p 1",
    "ln1g3nl/1r2gk3/p1sppsbpp/2p2pp2/1p7/2P1P1P2/PPSP1P1PP/1B3S1R1/LN1GKG1NL w - 20",
    "8k/9/6NG1/9/9/9/9/9/4K4 b GP 1",
    "3nkn3/3l1p3/4g4/5N3/9/9/9/9/K3R4 b P 1",
    "8k/9/6NG1/9/9/9/9/9/9 b 2G2P2r 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 18446744073709551613",
];

/// Steps per input: enough for long games, few enough to keep an input fast.
const MAX_STEPS: usize = 300;

/// Every check that follows a move (or the start). Returns the legal moves.
fn check_position(pos: &Position) -> MoveList {
    assert_consistent(pos);
    assert_sfen_round_trip(pos);
    let moves = pos.legal_moves();
    let mut again = MoveList::new();
    again.try_push(Move::normal(hayanagi::Square::SQ_1A, hayanagi::Square::SQ_1B, false).unwrap()).unwrap();
    pos.generate_legal_moves(&mut again);
    assert_eq!(&*again, &*moves, "{pos:?}: generate_legal_moves and legal_moves differ");
    assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{pos:?}: count_legal_moves");
    // 593 is the known maximum with both kings on the board (docs/RULES.md R19); without them, the
    // list's capacity is the proven bound, and a full list would mean moves were dropped.
    let both_kings = pos.king(Color::Black).is_some() && pos.king(Color::White).is_some();
    assert!(moves.len() <= if both_kings { 593 } else { MoveList::CAPACITY - 1 }, "{pos:?}: {} moves", moves.len());
    let status = match (moves.is_empty(), pos.in_check()) {
        (false, _) => Status::None,
        (true, true) => Status::Mate,
        (true, false) => Status::NoMoves,
    };
    assert_eq!(pos.status(), status, "{pos:?}: status");
    let mut sorted = moves.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "{pos:?}: a move generated twice");
    let mut scratch = pos.clone();
    for &mv in moves.iter() {
        assert!(pos.is_legal(mv), "{pos:?}: generated {mv} is not legal");
        assert_eq!(Move::from_bits(mv.to_bits()), Some(mv));
        assert_eq!(Move::from_usi_bytes(mv.to_string().as_bytes()), Ok(mv), "{mv} read back");
        let gives_check = pos.gives_check(mv);
        let undo = scratch.play_unchecked(mv);
        assert_eq!(scratch.in_check(), gives_check, "{pos:?}: gives_check({mv})");
        assert_ne!(scratch.key(), pos.key(), "{pos:?}: {mv} leaves the key unchanged");
        assert_eq!(undo.mv(), mv);
        scratch.undo_unchecked(undo);
        // The full comparisons (board, bitboards, recomputed key) are made for the moves the input
        // plays; here, the cheap part of them, for every move.
        assert_eq!(scratch.key(), pos.key(), "{pos:?}: key after the undo of {mv}");
        assert_eq!(scratch.checkers(), pos.checkers(), "{pos:?}: checkers after the undo of {mv}");
    }
    assert_eq!(&scratch, pos, "undo of every move");
    moves
}

/// A step that changed the position: the record that takes a move back, or a pass (a null move,
/// taken back by passing again); with the position before it.
type Step = (Position, Option<Undo>);

/// Tries the move of `code`: it is legal exactly when it is in `moves`; `play` refuses it otherwise and
/// leaves the position unchanged. Returns the step if it was played.
fn try_code(pos: &mut Position, moves: &MoveList, code: u16) -> Option<Step> {
    let mv = Move::from_bits(code)?;
    assert_eq!(mv.to_bits(), code);
    assert_eq!(Move::from_usi_bytes(mv.to_string().as_bytes()), Ok(mv), "{mv} read back");
    let legal = moves.contains(&mv);
    assert_eq!(pos.is_legal(mv), legal, "{pos:?}: is_legal({mv})");
    let before = pos.clone();
    match pos.play(mv) {
        Ok(undo) => {
            assert!(legal, "{before:?}: play accepted {mv}, which is not generated");
            Some((before, Some(undo)))
        }
        Err(PlayError::Illegal(rejected)) => {
            assert!(!legal, "{before:?}: play rejected the generated {mv}");
            assert_eq!(rejected, mv);
            assert_eq!(*pos, before, "a rejected move changed the position");
            None
        }
        Err(PlayError::PlyLimit) => {
            assert!(legal && before.ply() == u64::MAX, "{before:?}: {mv} refused for the ply limit");
            assert_eq!(*pos, before, "a refused move changed the position");
            None
        }
        Err(error) => panic!("{before:?}: play({mv}): {error}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next().unwrap_or(0);
    let start = STARTS[next() as usize % STARTS.len()];
    let mut pos = Position::from_sfen(start).expect("the start positions are valid");
    let mut moves = check_position(&pos);
    let mut stack: Vec<Step> = Vec::new();
    // Three bytes a step: what to do, and a 16-bit operand.
    for _ in 0..MAX_STEPS.min(data.len() / 3) {
        let op = next();
        let code = u16::from_le_bytes([next(), next()]);
        let legal_move = moves.get(code as usize % moves.len().max(1)).copied();
        let step = match op % 8 {
            // Take the last step back.
            0 => {
                if let Some((before, taken)) = stack.pop() {
                    match taken {
                        Some(undo) => pos.undo(undo).expect("the last step's record"),
                        None => pos.pass().expect("a pass back"),
                    }
                    assert_eq!(pos, before, "undo of {taken:?}");
                    assert_eq!(pos.key(), before.key());
                    moves = pos.legal_moves();
                }
                None
            }
            // An arbitrary move code.
            1 => try_code(&mut pos, &moves, code),
            // A near miss: a legal move with its promotion flag, destination or origin changed.
            2 => legal_move.and_then(|mv| {
                let change = match code % 3 {
                    0 => 1 << 14,
                    1 => (code >> 2) & 0x7f,
                    _ => ((code >> 2) & 0x7f) << 7,
                };
                try_code(&mut pos, &moves, mv.to_bits() ^ change)
            }),
            // `play_unchecked` with an arbitrary code, on a copy: meaningless but never a panic.
            3 => {
                if let Some(mv) = Move::from_bits(code) {
                    let mut scratch = pos.clone();
                    let undo = scratch.play_unchecked(mv);
                    let _ = (scratch.compute_key(), scratch.sfen().to_string(), scratch.count_legal_moves());
                    scratch.undo(undo).expect("the record of the move just played");
                }
                None
            }
            // A pass, when not in check (a null move is meaningless in check).
            4 => {
                let before = pos.clone();
                match pos.pass() {
                    Ok(()) => {
                        assert!(!before.in_check(), "{before:?}: a pass in check");
                        assert_eq!(pos.ply(), before.ply(), "a pass is not a move");
                        Some((before, None))
                    }
                    Err(error) => {
                        assert_eq!(error, PlayError::PassInCheck);
                        assert!(before.in_check(), "{before:?}: pass refused out of check");
                        assert_eq!(pos, before, "a refused pass changed the position");
                        None
                    }
                }
            }
            // A legal move, by index.
            _ => legal_move.and_then(|mv| {
                let before = pos.clone();
                match pos.play(mv) {
                    Ok(undo) => Some((before, Some(undo))),
                    Err(PlayError::PlyLimit) if before.ply() == u64::MAX => None,
                    Err(error) => panic!("{before:?}: generated {mv} refused: {error}"),
                }
            }),
        };
        if let Some((before, taken)) = step {
            moves = check_position(&pos);
            let mut back = pos.clone();
            match taken {
                Some(undo) => {
                    let mv = undo.mv();
                    assert_eq!(pos.ply(), before.ply() + 1);
                    assert_eq!(pos.in_check(), before.gives_check(mv), "{before:?}: gives_check({mv})");
                    back.undo(undo).expect("the record of the move just played");
                }
                None => back.pass().expect("a pass back"),
            }
            assert_eq!(back, before, "undo of {taken:?}");
            stack.push((before, taken));
        }
    }
    // The final position against the slow generator written from the rules.
    let mut mine: Vec<String> = moves.iter().map(|mv| mv.to_string()).collect();
    mine.sort();
    assert_eq!(mine, rules::Plain::of(&pos).legal_moves(), "{pos:?}: legal moves differ from the rule book");
});
