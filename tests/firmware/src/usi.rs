//! The USI `position` command on the device: a game line with a capture, a promotion and a drop,
//! and errors at exact byte offsets into the whole command.

use hayanagi::{
    MAX_SFEN_LEN, Move, MoveSyntaxError, PieceKind, Position, SfenErrorKind, SfenField, Square, UsiErrorKind,
    UsiMoveError,
};

use crate::report::Report;

pub fn check(report: &mut Report) {
    game_line(report);
    errors(report);
}

fn game_line(report: &mut Report) {
    // Bishops exchanged (8h2b+ takes, 3a2b takes back), then Black drops the bishop it won.
    let input = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e";
    let expected = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6";
    let (mut moves, mut keys_ok) = (0, true);
    let mut previous = Position::startpos().key();
    let result = Position::from_usi_position_with(input, |pos, _| {
        moves += 1;
        keys_ok &= pos.key() == pos.compute_key() && pos.key() != previous;
        previous = pos.key();
    });
    match result {
        Ok(pos) => {
            let mut buf = [0u8; MAX_SFEN_LEN];
            let written = pos.write_sfen(&mut buf).ok().and_then(|n| buf.get(..n)).unwrap_or(&[]);
            let printed = core::str::from_utf8(written).unwrap_or("<not UTF-8>");
            report.check(
                printed == expected && moves == 5 && keys_ok && pos.key() == previous,
                format_args!(
                    "USI {input} -> {printed} after {moves} moves (expected 5), each key == recomputed key: {keys_ok}"
                ),
            );
        }
        Err(error) => {
            report.check(false, format_args!("USI {input}: rejected: {error}"));
        }
    }
}

fn errors(report: &mut Report) {
    let Some(pawn_drop) = Move::drop(PieceKind::Pawn, Square::SQ_5E) else {
        report.check(false, format_args!("Move::drop(Pawn, 5e) is None"));
        return;
    };
    let cases = [
        // Black has no pawn in hand: the third move is illegal.
        (
            "position startpos moves 2g2f 8c8d P*5e",
            34,
            UsiErrorKind::Move { index: 2, error: UsiMoveError::Illegal(pawn_drop) },
        ),
        (
            "startpos moves 7g7f 3c3z",
            23,
            UsiErrorKind::Move { index: 1, error: UsiMoveError::Syntax { offset: 23, error: MoveSyntaxError::Rank } },
        ),
        // No move can be played from the largest ply.
        (
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615 moves 5i4h",
            67,
            UsiErrorKind::PlyLimit { index: 0 },
        ),
        ("position startpos move 7g7f", 18, UsiErrorKind::Trailing),
    ];
    for (input, offset, kind) in cases {
        match Position::from_usi_position(input) {
            Ok(pos) => report.check(false, format_args!("USI {input}: accepted as {}", pos.sfen())),
            Err(error) => report.check(
                (error.offset(), error.kind()) == (offset, kind),
                format_args!("USI {input}: {error} (expected at byte {offset}: {kind})"),
            ),
        };
    }
    // An SFEN error inside the command: its offset is into the whole command.
    let input = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 0P 1";
    match Position::from_usi_position(input).map_err(|e| e.kind()) {
        Err(UsiErrorKind::Sfen(error)) => report.check(
            (error.field(), error.offset(), error.kind()) == (SfenField::Hands, 38, SfenErrorKind::HandZeroCount),
            format_args!("USI {input}: {error} (expected hands at byte 38: a count of 0)"),
        ),
        other => report.check(false, format_args!("USI {input}: {other:?} (expected an SFEN error)")),
    };
}
