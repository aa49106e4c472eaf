//! Perft on the device against docs/RULES.md R114: from the start position, and from a middle-game
//! position with pieces in hand for both sides (drops, promotions, captures into hand).

use hayanagi::Position;

use crate::report::Report;

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// (position, depth, bulk-counted leaves, expected nodes).
const CASES: &[(&str, u32, bool, u64)] = &[
    // Every leaf played and taken back.
    (STARTPOS, 3, false, 25_470),
    // Leaves counted without playing them.
    (STARTPOS, 3, true, 25_470),
    (MATSURI, 2, false, 28_684),
    (MATSURI, 3, true, 4_809_015),
    (MATSURI, 3, false, 4_809_015),
];

pub fn check(report: &mut Report) {
    for &(sfen, depth, bulk, expected) in CASES {
        let leaves = if bulk { "bulk" } else { "played" };
        let mut pos = match Position::from_sfen(sfen) {
            Ok(pos) => pos,
            Err(error) => {
                report.check(false, format_args!("perft {depth} {sfen}: rejected: {error}"));
                continue;
            }
        };
        let before = pos.clone();
        let start = crate::clock();
        let nodes = pos.perft(depth, bulk);
        let centiseconds = crate::clock().saturating_sub(start);
        report.check(
            nodes == expected && pos == before,
            format_args!(
                "perft {depth} ({leaves} leaves) {sfen}: {nodes} (expected {expected}), position restored, {}.{:02} s",
                centiseconds / 100,
                centiseconds % 100
            ),
        );
    }
}
