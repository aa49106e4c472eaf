//! The kernels' tests in Rust (the bit-for-bit comparison with cshogi is in python/tests/).

use hayanagi::{Color, GameResult, Hcpe, Move, Move16Format, PackedFormat, PackedRecord, Position, Square};

use crate::data::batch::{self, ConvertError, Input};
use crate::data::features::{self, BOARD_PLANES, CELLS, HAND_PLANES, PACKED_BITS, PACKED_BYTES, Planes, cell_of};
use crate::data::labels::{NoDirection, move_label};
use crate::data::records::{self, Format, Record};

fn cells(names: &[&str]) -> u128 {
    names.iter().map(|n| 1u128 << cell_of(Square::from_usi(n).unwrap())).fold(0, |a, b| a | b)
}

fn hcpe(sfen: &str, usi: &str) -> Vec<u8> {
    let position = Position::from_sfen(sfen).unwrap();
    let best_move = position.parse_usi_move(usi).unwrap();
    let mut buf = [0u8; 40];
    Hcpe { position, eval: 7, best_move, result: GameResult::BlackWin }.write(&mut buf).unwrap();
    buf[..38].to_vec()
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn cells_are_hcp_numbering() {
    assert_eq!(cell_of(Square::SQ_1A), 0);
    assert_eq!(cell_of(Square::SQ_1B), 1);
    assert_eq!(cell_of(Square::SQ_2A), 9);
    assert_eq!(cell_of(Square::SQ_9I), 80);
}

#[test]
fn start_position_planes() {
    let planes = Planes::new(&Position::from_sfen(START).unwrap());
    // Our pawns, our bishop (plane 4), our rook (plane 5), our king (plane 7).
    assert_eq!(planes.board[0], cells(&["1g", "2g", "3g", "4g", "5g", "6g", "7g", "8g", "9g"]));
    assert_eq!(planes.board[4], cells(&["8h"]));
    assert_eq!(planes.board[5], cells(&["2h"]));
    assert_eq!(planes.board[6], cells(&["4i", "6i"]));
    assert_eq!(planes.board[7], cells(&["5i"]));
    // Lance attacks stop at (and include) the first piece; the rook's too.
    assert_eq!(planes.board[14 + 1], cells(&["1h", "1g", "9h", "9g"]));
    assert_eq!(planes.board[14 + 5], cells(&["1h", "2g", "2i", "3h", "4h", "5h", "6h", "7h", "8h"]));
    // Counts: at least 2 attackers is a subset of at least 1.
    assert_eq!(planes.board[29] & !planes.board[28], 0);
    assert_eq!(planes.board[28].count_ones(), 30);
    // The opponent's pawns, turned: they stand on rank c, seen from Black.
    assert_eq!(planes.board[31], cells(&["1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]));
    assert_eq!((planes.hand, planes.check), ([[0; 7]; 2], false));
}

#[test]
fn white_to_move_turns_the_board() {
    let black = Planes::new(&Position::from_sfen(START).unwrap());
    let white = Planes::new(&Position::from_sfen(&START.replace(" b ", " w ")).unwrap());
    // The start position is symmetric under the half turn, so White sees what Black sees.
    assert_eq!(black, white);
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/P3K4 w - 1").unwrap();
    let planes = Planes::new(&pos);
    assert_eq!(planes.board[7], cells(&["5i"])); // our (White's) king at 5a, turned
    assert_eq!(planes.board[31], cells(&["1a"])); // Black's pawn at 9i, turned
}

#[test]
fn hands_are_capped_and_ordered() {
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 3PN2SGBR8p4l 1").unwrap();
    let planes = Planes::new(&pos);
    assert_eq!(planes.hand[0], [3, 0, 1, 2, 1, 1, 1]);
    assert_eq!(planes.hand[1], [8, 4, 0, 0, 0, 0, 0]);
    let on: Vec<usize> = (0..HAND_PLANES).filter(|&p| planes.hand_plane(p)).collect();
    assert_eq!(on, [0, 1, 2, 12, 16, 17, 20, 24, 26, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
}

#[test]
fn check_plane() {
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/4r4/4K4 b - 1").unwrap();
    assert!(Planes::new(&pos).check && Planes::new(&pos).hand_plane(56));
}

#[test]
fn pinned_pieces_attack() {
    let pos = Position::from_sfen("4r4/9/9/9/9/9/9/4S4/4K3k b - 1").unwrap();
    assert_eq!(Planes::new(&pos).board[14 + 3], cells(&["4g", "5g", "6g", "4i", "6i"]));
}

#[test]
fn packed_and_float_forms_agree() {
    let pos = Position::from_usi_position("startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e").unwrap();
    let planes = Planes::new(&pos);
    let mut packed = [0xffu8; PACKED_BYTES];
    planes.write_packed(&mut packed);
    let mut board = vec![9f32; BOARD_PLANES * CELLS];
    let mut hand = vec![9f32; HAND_PLANES * CELLS];
    planes.write_f32(&mut board, &mut hand);
    for bit in 0..PACKED_BITS {
        let value = if bit < board.len() { board[bit] } else { hand[bit - board.len()] };
        assert_eq!(value, (packed[bit / 8] >> (bit % 8) & 1) as f32, "bit {bit}");
    }
    // The padding bits of the last byte are zero.
    assert_eq!(packed[PACKED_BYTES - 1] >> (PACKED_BITS % 8), 0);
}

#[test]
fn labels() {
    let pos = Position::startpos();
    let label = |usi: &str| move_label(pos.parse_usi_move(usi).unwrap(), Color::Black).unwrap();
    assert_eq!(label("1g1f"), cell_of(Square::SQ_1F) as u16); // up
    assert_eq!(label("7g7f"), cell_of(Square::SQ_7F) as u16);
    let after = Position::from_usi_position("startpos moves 7g7f 3c3d").unwrap();
    let mv = after.parse_usi_move("8h2b+").unwrap();
    // Up-right, promoting: class 12.
    assert_eq!(move_label(mv, Color::Black), Ok(12 * 81 + cell_of(Square::SQ_2B) as u16));
    // White's 3c3d is "up" for White: the destination turned.
    let white = Position::from_usi_position("startpos moves 7g7f").unwrap();
    let mv = white.parse_usi_move("3c3d").unwrap();
    assert_eq!(move_label(mv, Color::White), Ok(80 - cell_of(Square::SQ_3D) as u16));
    // Drops: class 20 + P L N S B R G.
    let drop = Move::drop(hayanagi::PieceKind::Gold, Square::SQ_5E).unwrap();
    assert_eq!(move_label(drop, Color::Black), Ok(26 * 81 + cell_of(Square::SQ_5E) as u16));
    // Knight's jumps: 8 to the left (towards file 9), 9 to the right.
    let knight = Move::normal(Square::SQ_2I, Square::SQ_3G, false).unwrap();
    assert_eq!(move_label(knight, Color::Black), Ok(8 * 81 + cell_of(Square::SQ_3G) as u16));
    // No piece moves like this.
    assert_eq!(move_label(Move::normal(Square::SQ_1A, Square::SQ_3B, false).unwrap(), Color::Black), Err(NoDirection));
}

#[test]
fn records_round_trip_between_formats() {
    // A drop: the two move16 layouts differ in drops and promotions.
    let bytes = hcpe("4k4/9/9/9/9/9/9/9/4K4 w g 1", "G*5e");
    let input = Input { format: Format::Hcpe, move16: None };
    let mut psv = vec![0u8; 40];
    batch::convert(input, &bytes, Format::Psv, None, &|_| 9, &mut psv, 1).unwrap();
    let Record::Psv(record) = records::read(Format::Psv, &psv, None).unwrap() else { panic!() };
    // Black won; White is to move: a loss for the side to move. The ply is the one given.
    assert_eq!((record.score, record.result, record.position.ply()), (7, hayanagi::PsvResult::Loss, 9));
    let mut back = vec![0u8; 38];
    batch::convert(Input { format: Format::Psv, move16: None }, &psv, Format::Hcpe, None, &|_| 1, &mut back, 1)
        .unwrap();
    assert_eq!(back, bytes);
    // PSV with the move in cshogi's layout, read and written by name.
    let mut odd = vec![0u8; 40];
    batch::convert(input, &bytes, Format::Psv, Some(Move16Format::Cshogi), &|_| 9, &mut odd, 1).unwrap();
    assert_ne!(odd, psv);
    assert_eq!(records::read(Format::Psv, &odd, Some(Move16Format::Cshogi)), records::read(Format::Psv, &psv, None));
    // A bare position cannot become a record with a move.
    let hcp = Position::startpos().to_packed(PackedFormat::Hcp).unwrap();
    let mut out = vec![0u8; 38];
    let err =
        batch::convert(Input { format: Format::Hcp, move16: None }, &hcp, Format::Hcpe, None, &|_| 1, &mut out, 1);
    assert!(matches!(err, Err(ConvertError::Write(0, records::WriteError::NoMove))));
}

#[test]
fn validation_lists_every_bad_record() {
    let good = hcpe(START, "7g7f");
    let mut bytes = Vec::new();
    for _ in 0..10 {
        bytes.extend_from_slice(&good);
    }
    bytes[3 * 38 + 36] = 3; // game result
    bytes[7 * 38 + 37] = 1; // padding
    bytes[8 * 38 + 34] = 0; // move 0
    bytes[8 * 38 + 35] = 0;
    let input = Input { format: Format::Hcpe, move16: None };
    for threads in [1, 2, 3] {
        let bad = batch::validate(input, &bytes, threads);
        let found: Vec<_> = bad.iter().map(|b| (b.index, b.offset, b.field(), b.kind_name())).collect();
        assert_eq!(
            found,
            [
                (3, 36, "game_result".into(), "game_result".into()),
                (7, 37, "padding".into(), "padding".into()),
                (8, 34, "move".into(), "no_move".into()),
            ]
        );
    }
    let mut out = vec![0u8; 10 * PACKED_BYTES];
    assert_eq!(batch::features_packed(input, &bytes, &mut out, 2).unwrap_err().index, 3);
    let broken = [0u8; 32]; // both kings on 1a
    let bad = batch::validate(Input { format: Format::Hcp, move16: None }, &broken, 1);
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].field(), "position");
}

#[test]
fn threads_give_the_same_answers() {
    let mut pos = Position::startpos();
    let mut bytes = Vec::new();
    for usi in ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b"].iter().cycle().take(8) {
        let mv = pos.parse_usi_move(usi).unwrap();
        let mut buf = [0u8; 40];
        Hcpe { position: pos.clone(), eval: 0, best_move: mv, result: GameResult::Draw }.write(&mut buf).unwrap();
        bytes.extend_from_slice(&buf[..38]);
        pos.play(mv).unwrap();
    }
    let one = bytes.clone();
    for _ in 0..1000 {
        bytes.extend_from_slice(&one);
    }
    let n = bytes.len() / 38;
    let input = Input { format: Format::Hcpe, move16: None };
    let run = |threads| {
        let mut packed = vec![0u8; n * PACKED_BYTES];
        batch::features_packed(input, &bytes, &mut packed, threads).unwrap();
        let mut keys = vec![0u64; n];
        batch::keys(input, &bytes, &mut keys, threads).unwrap();
        (packed, keys, batch::unique(input, &bytes, threads).unwrap())
    };
    let (packed, keys, unique) = run(1);
    assert_eq!(unique, (0..8).collect::<Vec<_>>());
    assert_eq!(run(2), (packed.clone(), keys.clone(), unique.clone()));
    assert_eq!(run(3), (packed, keys, unique));
}

#[test]
fn kinds_name_the_innermost_problem() {
    use hayanagi::{RecordErrorKind, SetupProblem, UnpackErrorKind};
    let nifu = SetupProblem::Nifu { color: Color::Black, square: Square::SQ_5E };
    let bad = records::BadRecord { index: 0, offset: 3, kind: RecordErrorKind::Position(UnpackErrorKind::Setup(nifu)) };
    assert_eq!((bad.field(), bad.kind_name()), ("position".into(), "nifu".into()));
    let bad = records::BadRecord { index: 0, offset: 36, kind: RecordErrorKind::PlyZero };
    assert_eq!((bad.field(), bad.kind_name()), ("game_ply".into(), "ply_zero".into()));
    let bad = records::BadRecord { index: 0, offset: 5, kind: RecordErrorKind::Truncated { len: 5 } };
    assert_eq!((bad.field(), bad.kind_name()), ("record".into(), "truncated".into()));
}

/// The board planes computed the plain way, piece by piece with the core's `attacks` in square
/// numbering, each square then turned into its cell: what `Planes::new` computes with its tables.
fn reference_board_planes(pos: &Position) -> [u128; BOARD_PLANES] {
    let us = pos.side_to_move();
    let cell = |square: Square| if us == Color::White { 80 - cell_of(square) } else { cell_of(square) };
    let cells = |set: hayanagi::Bitboard| set.iter().fold(0u128, |acc, sq| acc | 1 << cell(sq));
    // cshogi's plane order of the kinds: P L N S B R G K +P +L +N +S +B +R.
    let order = [0, 1, 2, 3, 6, 4, 5, 7, 8, 9, 10, 11, 12, 13];
    let mut planes = [0u128; BOARD_PLANES];
    for (side, color) in [us, us.flip()].into_iter().enumerate() {
        let mut counts = [0u8; 81];
        for kind in hayanagi::PieceKind::ALL {
            let plane = side * 31 + order[kind.index()];
            for square in pos.pieces(color, kind) {
                planes[plane] |= 1 << cell(square);
                let attacks = hayanagi::attacks(hayanagi::Piece::new(color, kind), square, pos.occupied());
                planes[plane + 14] |= cells(attacks);
                for to in attacks {
                    counts[cell(to)] += 1;
                }
            }
        }
        for (n, &count) in counts.iter().enumerate() {
            for at_least in 1..=3u8 {
                if count >= at_least {
                    planes[side * 31 + 27 + at_least as usize] |= 1 << n;
                }
            }
        }
    }
    planes
}

#[test]
fn planes_equal_the_plain_computation_on_random_games() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for _ in 0..40 {
        let mut pos = Position::startpos();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let planes = Planes::new(&pos);
            assert_eq!(planes.board, reference_board_planes(&pos), "{}", pos.sfen());
            assert_eq!(planes.check, pos.in_check(), "{}", pos.sfen());
            let (mut packed, mut direct) = ([0u8; PACKED_BYTES], [0xa5u8; PACKED_BYTES]);
            planes.write_packed(&mut packed);
            features::write_packed(&pos, &mut direct);
            assert_eq!(packed, direct, "{}", pos.sfen());
            checked += 1;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.play(moves[(seed % moves.len() as u64) as usize]).unwrap();
        }
    }
    assert!(checked > 4000, "{checked}");
}
