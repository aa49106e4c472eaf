//! SFEN parsing on the device (docs/RULES.md R80–R88): valid positions print back in canonical form
//! with the right number of legal moves; invalid ones give the exact field, byte offset and kind.

use hayanagi::SfenErrorKind::*;
use hayanagi::SfenField::{Board, Hands, Input, Ply, Side};
use hayanagi::{Color, MAX_SFEN_LEN, Piece, PieceKind, Position, SetupProblem, SfenErrorKind, SfenField, Square};

use crate::report::Report;

/// (input, the SFEN it must print back as, its number of legal moves).
const VALID: &[(&str, &str, u64)] = &[
    // The ply defaults to 1.
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        30,
    ),
    // docs/RULES.md R114, pieces in hand for both sides.
    (
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        207,
    ),
    // docs/RULES.md R19: the most legal moves of any position.
    (
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        593,
    ),
    // Hands in any order come out Black first, R B G S N L P. White to move: 5 king moves, a bishop
    // drop on each of the 79 empty squares, a pawn drop on the 71 empty squares off rank i.
    ("4k4/9/9/9/9/9/9/9/4K4 w p2PbG 123456789012", "4k4/9/9/9/9/9/9/9/4K4 w G2Pbp 123456789012", 155),
    // The largest ply, a u64 (this is a 32-bit machine).
    ("4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615", "4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615", 5),
];

/// (input, field, byte offset, kind).
const INVALID: &[(&[u8], SfenField, usize, SfenErrorKind)] = &[
    (b"4k4/9/9/9/9/9/9/9/4K4\tb - 1", Input, 21, NonPrintable { byte: b'\t' }),
    (b"4k4/9/9/9/9/9/9/9/4K4 b", Hands, 23, MissingField),
    (b"4k4/9/9/9/9/9/9/9/4K4/9 b - 1", Board, 21, RankCount),
    (b"4k4/9/9/9/4X4/9/9/9/4K4 b - 1", Board, 11, UnknownPiece { byte: b'X' }),
    (
        b"4k4/9/9/9/9/9/9/9/3KK4 b - 1",
        Board,
        20,
        Setup(SetupProblem::TwoKings { color: Color::Black, square: Square::SQ_5I }),
    ),
    (
        b"4k4/9/9/9/9/9/9/9/4K2n1 b - 1",
        Board,
        21,
        Setup(SetupProblem::DeadPiece { piece: Piece::new(Color::White, PieceKind::Knight), square: Square::SQ_2I }),
    ),
    (
        b"k8/9/9/2P6/9/9/2P6/9/8K b - 1",
        Board,
        16,
        Setup(SetupProblem::Nifu { color: Color::Black, square: Square::SQ_7G }),
    ),
    // Black to move could take the king: the offset is at White's `k`.
    (b"4k4/4G4/9/9/9/9/9/9/4K4 b - 1", Board, 1, Setup(SetupProblem::OpponentInCheck { king: Square::SQ_5A })),
    (b"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", Side, 58, BadSide),
    (b"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", Hands, 24, HandZeroCount),
    (b"4k4/9/9/9/9/9/9/9/4K4 b +P 1", Hands, 24, HandPromoted),
    (
        b"4k4/9/9/9/9/9/9/9/4K4 b 3B 1",
        Hands,
        24,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Bishop, square: None }),
    ),
    (b"4k4/9/9/9/9/9/9/9/4K4 b - 0", Ply, 26, Setup(SetupProblem::PlyZero)),
    (b"4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551616", Ply, 26, PlyOverflow),
];

pub fn check(report: &mut Report) {
    let mut buf = [0u8; MAX_SFEN_LEN];
    for &(input, expected, moves) in VALID {
        let pos = match Position::from_sfen(input) {
            Ok(pos) => pos,
            Err(error) => {
                report.check(false, format_args!("SFEN {input}: rejected: {error}"));
                continue;
            }
        };
        let written = pos.write_sfen(&mut buf).ok().and_then(|n| buf.get(..n)).unwrap_or(&[]);
        let printed = core::str::from_utf8(written).unwrap_or("<not UTF-8>");
        let count = pos.count_legal_moves();
        let listed = pos.legal_moves().len() as u64;
        let key_ok = pos.key() == pos.compute_key();
        report.check(
            printed == expected && count == moves && listed == moves && key_ok,
            format_args!("SFEN {input} -> {printed}, {count} legal moves (expected {moves}), key matches: {key_ok}"),
        );
    }
    for &(input, field, offset, kind) in INVALID {
        let shown = input.escape_ascii();
        match Position::from_sfen_bytes(input) {
            Ok(pos) => report.check(false, format_args!("SFEN {shown}: accepted as {}", pos.sfen())),
            Err(error) => report.check(
                (error.field(), error.offset(), error.kind()) == (field, offset, kind),
                format_args!("SFEN {shown}: {error} (expected {field} at byte {offset}: {kind})"),
            ),
        };
    }
}
