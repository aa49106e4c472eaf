//! The df-pn tsume solver on the device, in its RAM: 将棋無双 #77 (Open Tsume, CC0), a mate in 11,
//! and the mate in 7 four plies into its recorded line, each solved over a fixed table of 32
//! entries (512 B) and a scratch of 96 move slots (1.5 KB, `TsumeSolver::with_scratch`), both on
//! the stack, with the depth limit at the mate's length, and its line replayed: every move legal,
//! every attacker's move a check, mate at the end. With the limit two plies shorter the solver must
//! not claim a mate. Each position on the search's path takes as many slots as it has moves, so the
//! rest of a ply's memory is its frame (about 500 B on the Cortex-M0).

use hayanagi::{Move, Position, TsumeAnswer, TsumeEntry, TsumeSlot, TsumeSolver};

use crate::report::Report;

/// Entries of the table: 32 x 16 bytes.
const ENTRIES: usize = 32;
/// Slots of the scratch: 96 x 16 bytes (the mate in 7 needs 40 of them, the mate in 11 64).
const SLOTS: usize = 96;

/// (name, USI position command, the mate's length in plies).
const PROBLEMS: &[(&str, &str, usize)] = &[
    (
        "無双 #77 after 4 plies",
        "position sfen 9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1 moves G*7h 8f7h+ G*7g 7h7g",
        7,
    ),
    ("無双 #77", "position sfen 9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1", 11),
];

pub fn check(report: &mut Report) {
    for &(name, usi, length) in PROBLEMS {
        let pos = match Position::from_usi_position(usi) {
            Ok(pos) => pos,
            Err(error) => {
                report.check(false, format_args!("tsume {name}: rejected: {error}"));
                continue;
            }
        };
        solve(report, name, &pos, length);
    }
}

fn solve(report: &mut Report, name: &str, pos: &Position, length: usize) {
    let Ok(placeholder) = Move::from_usi("1a1b") else {
        report.check(false, format_args!("tsume {name}: the placeholder move did not parse"));
        return;
    };
    let mut table = [TsumeEntry::EMPTY; ENTRIES];
    let mut scratch = [TsumeSlot::EMPTY; SLOTS];
    let mut line = [placeholder; 16];
    let start = crate::clock();
    let mut solver = TsumeSolver::new(&mut table).with_max_depth(length as u32).with_scratch(&mut scratch);
    let answer = solver.solve(pos, &mut line);
    let centiseconds = crate::clock().saturating_sub(start);
    let stats = solver.stats();
    let mated = match answer {
        Ok(TsumeAnswer::Mate(moves)) => moves.len() == length && replays_as_mate(pos, moves),
        _ => false,
    };
    report.check(
        mated,
        format_args!(
            "tsume {name}: mate in {length} with a {ENTRIES}-entry table and {SLOTS} move slots, line replayed ({} nodes, {} of {} entries used, {}.{:02} s)",
            stats.nodes,
            stats.table_used,
            stats.table_len,
            centiseconds / 100,
            centiseconds % 100
        ),
    );
    // The same table and scratch again (the frame holds one of each), the table emptied.
    table.fill(TsumeEntry::EMPTY);
    let shorter =
        TsumeSolver::new(&mut table).with_max_depth(length as u32 - 2).with_scratch(&mut scratch).solve(pos, &mut line);
    report.check(
        !matches!(shorter, Ok(TsumeAnswer::Mate(_))),
        format_args!("tsume {name}: no mate claimed within {} plies", length - 2),
    );
}

/// Every move legal, the attacker's moves checks, the last position mate. Out of line, so that its
/// position is not in the frame the search runs under.
#[inline(never)]
fn replays_as_mate(start: &Position, moves: &[Move]) -> bool {
    let mut pos = start.clone();
    for (ply, &mv) in moves.iter().enumerate() {
        if pos.play(mv).is_err() || (ply % 2 == 0 && !pos.in_check()) {
            return false;
        }
    }
    pos.in_check() && pos.legal_moves().is_empty()
}
