//! Every piece's attacks on every square, against the tests' rule-book oracle run on the device, for
//! a stream of pseudo-random occupancies; also the step, step_to and between tables.

use hayanagi::{Color, Piece, PieceKind, Square, attacks, between, step_attacks, step_to};

use crate::common;
use crate::report::Report;

pub fn check(report: &mut Report) {
    let mut rng = common::Rng::new(0x1234_5678);
    let (mut checks, mut failures) = (0u32, 0u32);
    let mut check = |ok: bool| {
        checks += 1;
        failures += u32::from(!report.tally(ok));
    };
    for square in Square::ALL {
        for _ in 0..48 {
            // About a quarter of the board occupied, varying per draw.
            let occupied = rng.bitboard(2);
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let expected = common::naive_attacks(color, kind, square, occupied);
                    check(attacks(Piece::new(color, kind), square, occupied) == expected);
                }
            }
        }
        for other in Square::ALL {
            for kind in PieceKind::ALL {
                check(
                    step_attacks(Color::Black, kind, square).contains(other)
                        == step_to(Color::Black, kind, other).contains(square),
                );
            }
            let line = between(square, other);
            check(line == between(other, square) && !line.contains(square) && !line.contains(other));
        }
    }
    report.check(
        failures == 0 && checks == 207_279,
        format_args!(
            "attack tables against the rule-book oracle: {checks} checks (expected 207279), {failures} failures"
        ),
    );
}
