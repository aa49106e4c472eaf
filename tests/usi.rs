//! USI (docs/RULES.md R90–R95): move syntax and legality, and the `position` command with its errors,
//! offsets and the after-move callback; a deterministic no-panic sweep over commands.

mod common;
mod mutate;

use common::Rng;
use hayanagi::{
    Color, Move, MoveSyntaxError, PieceKind, Position, SfenErrorKind, SfenField, Square, UsiError, UsiErrorKind,
    UsiMoveError,
};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn normal(from: Square, to: Square, promote: bool) -> Move {
    Move::normal(from, to, promote).unwrap()
}

fn sfen(text: &str) -> Position {
    Position::from_sfen(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn usi(input: &str) -> Position {
    Position::from_usi_position(input).unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

/// Asserts that every entry point rejects `input` with this offset and kind.
#[track_caller]
fn rejects(input: &str, offset: usize, kind: UsiErrorKind) {
    let err = match Position::from_usi_position(input) {
        Ok(pos) => panic!("{input:?} accepted as {pos:?}"),
        Err(err) => err,
    };
    assert_eq!((err.offset(), err.kind()), (offset, kind), "{input:?}");
    let bytes = Position::from_usi_position_bytes(input.as_bytes()).map_err(|e| (e.offset(), e.kind()));
    assert_eq!(bytes, Err((offset, kind)));
}

#[track_caller]
fn syntax_error(text: &str, offset: usize, error: MoveSyntaxError) {
    let expected = Err(UsiMoveError::Syntax { offset, error });
    assert_eq!(Move::from_usi_bytes(text.as_bytes()), expected, "{text:?}");
    assert_eq!(Position::startpos().parse_usi_move(text), expected, "{text:?}");
}

// ----- move syntax -----

#[test]
fn reads_board_moves_promotions_and_drops() {
    assert_eq!(Move::from_usi_bytes(b"7g7f"), Ok(normal(Square::SQ_7G, Square::SQ_7F, false)));
    assert_eq!(Move::from_usi_bytes(b"8h2b+"), Ok(normal(Square::SQ_8H, Square::SQ_2B, true)));
    for (letter, kind) in [
        (b'P', PieceKind::Pawn),
        (b'L', PieceKind::Lance),
        (b'N', PieceKind::Knight),
        (b'S', PieceKind::Silver),
        (b'G', PieceKind::Gold),
        (b'B', PieceKind::Bishop),
        (b'R', PieceKind::Rook),
    ] {
        assert_eq!(Move::from_usi_bytes(&[letter, b'*', b'5', b'e']), Ok(Move::drop(kind, Square::SQ_5E).unwrap()));
    }
    assert_eq!(Move::from_usi_bytes(b"1i9a"), Ok(normal(Square::SQ_1I, Square::SQ_9A, false)));
}

#[test]
fn rejects_an_empty_move() {
    syntax_error("", 0, MoveSyntaxError::Empty);
}

#[test]
fn rejects_a_truncated_move() {
    syntax_error("7", 1, MoveSyntaxError::Truncated);
    syntax_error("7g7", 3, MoveSyntaxError::Truncated);
    syntax_error("P", 1, MoveSyntaxError::Truncated);
    syntax_error("P*5", 3, MoveSyntaxError::Truncated);
}

#[test]
fn rejects_a_bad_file() {
    syntax_error("0g7f", 0, MoveSyntaxError::File);
    syntax_error("7g0f", 2, MoveSyntaxError::File);
    syntax_error("*5e", 0, MoveSyntaxError::File);
    syntax_error("P*ee", 2, MoveSyntaxError::File);
}

#[test]
fn rejects_a_bad_rank() {
    syntax_error("7j7f", 1, MoveSyntaxError::Rank);
    syntax_error("7G7F", 1, MoveSyntaxError::Rank);
    syntax_error("7g77", 3, MoveSyntaxError::Rank);
}

#[test]
fn rejects_a_lowercase_drop() {
    syntax_error("p*5e", 0, MoveSyntaxError::LowercaseDrop);
    syntax_error("r*5e", 0, MoveSyntaxError::LowercaseDrop);
}

#[test]
fn rejects_a_drop_of_a_king_or_unknown_letter() {
    syntax_error("K*5e", 0, MoveSyntaxError::DropPiece);
    syntax_error("X*5e", 0, MoveSyntaxError::DropPiece);
    syntax_error("+P*5e", 0, MoveSyntaxError::File);
}

#[test]
fn rejects_a_drop_without_a_star() {
    syntax_error("P5e", 1, MoveSyntaxError::Star);
}

#[test]
fn rejects_a_promoting_drop() {
    syntax_error("P*5e+", 4, MoveSyntaxError::DropPromotion);
}

#[test]
fn rejects_a_move_to_its_own_square() {
    syntax_error("7g7g", 2, MoveSyntaxError::SameSquare);
    syntax_error("7g7g+", 2, MoveSyntaxError::SameSquare);
}

#[test]
fn rejects_text_after_a_move() {
    syntax_error("7g7f++", 5, MoveSyntaxError::Trailing);
    syntax_error("7g7fx", 4, MoveSyntaxError::Trailing);
    syntax_error("7g7f ", 4, MoveSyntaxError::Trailing);
    syntax_error("P*5ex", 4, MoveSyntaxError::Trailing);
}

// ----- move legality -----

#[test]
fn accepts_only_legal_moves() {
    let pos = Position::startpos();
    assert_eq!(pos.parse_usi_move("7g7f"), Ok(normal(Square::SQ_7G, Square::SQ_7F, false)));
    assert_eq!(pos.parse_usi_move_bytes(b"2h5h"), Ok(normal(Square::SQ_2H, Square::SQ_5H, false)));
    for illegal in ["7g7e", "3c3d", "5e5d", "8h2b", "P*5e", "5i5g"] {
        let mv = Move::from_usi_bytes(illegal.as_bytes()).unwrap();
        assert_eq!(pos.parse_usi_move(illegal), Err(UsiMoveError::Illegal(mv)), "{illegal}");
    }
}

#[test]
fn rejects_a_promotion_that_is_not_allowed() {
    let pos = Position::startpos();
    // Outside the promotion zone, and a gold, which never promotes.
    let mv = normal(Square::SQ_7G, Square::SQ_7F, true);
    assert_eq!(pos.parse_usi_move("7g7f+"), Err(UsiMoveError::Illegal(mv)));
    let pos = sfen("4k4/9/3G5/9/9/9/9/9/4K4 b - 1");
    let mv = normal(Square::SQ_6C, Square::SQ_6B, true);
    assert_eq!(pos.parse_usi_move("6c6b+"), Err(UsiMoveError::Illegal(mv)));
    assert!(pos.parse_usi_move("6c6b").is_ok());
}

#[test]
fn rejects_a_missing_forced_promotion() {
    let pos = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b - 1");
    assert!(pos.parse_usi_move("5c5b+").is_ok());
    assert!(pos.parse_usi_move("5c5b").is_ok());
    let pos = sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert!(pos.parse_usi_move("9b9a+").is_ok());
    assert_eq!(pos.parse_usi_move("9b9a"), Err(UsiMoveError::Illegal(normal(Square::SQ_9B, Square::SQ_9A, false))));
}

#[test]
fn drops_are_uppercase_for_white_too() {
    let pos = sfen("4k4/9/9/9/9/9/9/9/4K4 w p 1");
    assert_eq!(pos.parse_usi_move("P*5e"), Ok(Move::drop(PieceKind::Pawn, Square::SQ_5E).unwrap()));
    assert_eq!(
        pos.parse_usi_move("p*5e"),
        Err(UsiMoveError::Syntax { offset: 0, error: MoveSyntaxError::LowercaseDrop })
    );
}

#[test]
fn every_legal_move_reads_back_from_its_usi_text() {
    let mut rng = Rng::new(77);
    for _ in 0..20 {
        let mut pos = Position::startpos();
        for _ in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in moves.iter() {
                assert_eq!(pos.parse_usi_move(&mv.to_string()), Ok(mv));
            }
            pos.play(moves[rng.below(moves.len() as u64) as usize]).unwrap();
        }
    }
}

// ----- the position command -----

#[test]
fn startpos_moves_7g7f_3c3d_is_ply_3() {
    let pos = usi("startpos moves 7g7f 3c3d");
    assert_eq!(pos.ply(), 3);
    assert_eq!(pos, sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"));
    assert_eq!(usi("position startpos moves 7g7f 3c3d"), pos);
}

#[test]
fn startpos_alone_with_or_without_position_or_an_empty_move_list() {
    for input in ["startpos", "position startpos", "startpos moves", "position startpos moves"] {
        assert_eq!(usi(input), Position::startpos(), "{input}");
    }
}

#[test]
fn sfen_with_moves_adds_the_moves_to_the_ply() {
    let pos = usi("position sfen 4k4/9/9/9/9/9/9/9/4K4 b GP 41 moves G*5b 5a5b P*5c");
    assert_eq!(pos.sfen().to_string(), "9/4k4/4P4/9/9/9/9/9/4K4 w g 44");
    assert_eq!(pos.ply(), 44);
    assert_eq!(usi(&format!("sfen {STARTPOS}")), Position::startpos());
    assert_eq!(usi(&format!("sfen {STARTPOS} moves")), Position::startpos());
}

#[test]
fn the_ply_may_reach_u64_max_but_not_pass_it() {
    let pos = usi("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551614 moves 5i4h");
    assert_eq!(pos.ply(), u64::MAX);
    let input = "sfen 4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551614 moves 5i4h 5a4a";
    rejects(input, 63, UsiErrorKind::PlyLimit { index: 1 });
}

#[test]
fn rejects_an_illegal_move_in_the_list_with_its_index() {
    // 7g7f twice: the second time 7g is empty.
    let input = "position startpos moves 7g7f 3c3d 7g7f";
    let error = UsiMoveError::Illegal(normal(Square::SQ_7G, Square::SQ_7F, false));
    rejects(input, 34, UsiErrorKind::Move { index: 2, error });
    let err = Position::from_usi_position(input).unwrap_err();
    assert_eq!(err.to_string(), "at byte 34: moves[2]: illegal move 7g7f");
}

#[test]
fn rejects_a_move_of_the_wrong_side() {
    let error = UsiMoveError::Illegal(normal(Square::SQ_3C, Square::SQ_3D, false));
    rejects("startpos moves 3c3d", 15, UsiErrorKind::Move { index: 0, error });
}

#[test]
fn rejects_a_lowercase_drop_in_the_list() {
    let input = "sfen 4k4/9/9/9/9/9/9/9/4K4 w p 1 moves p*5e";
    let error = UsiMoveError::Syntax { offset: 39, error: MoveSyntaxError::LowercaseDrop };
    rejects(input, 39, UsiErrorKind::Move { index: 0, error });
}

#[test]
fn rejects_a_promotion_on_a_non_promotable_move_in_the_list() {
    let error = UsiMoveError::Illegal(normal(Square::SQ_7G, Square::SQ_7F, true));
    rejects("startpos moves 2g2f 8c8d 7g7f+", 25, UsiErrorKind::Move { index: 2, error });
}

#[test]
fn a_syntax_error_in_the_list_points_into_the_input() {
    let error = UsiMoveError::Syntax { offset: 23, error: MoveSyntaxError::Rank };
    rejects("startpos moves 7g7f 3c3x", 23, UsiErrorKind::Move { index: 1, error });
    let err = Position::from_usi_position("startpos moves 7g7f 3c3x").unwrap_err();
    assert_eq!(err.to_string(), "at byte 23: moves[1]: expected a rank letter a-i");
}

#[test]
fn rejects_sfen_with_three_fields() {
    let missing = |offset| {
        let error = Position::from_usi_position("sfen 4k4/9/9/9/9/9/9/9/4K4 b -").unwrap_err();
        assert_eq!(error.offset(), offset);
        error.kind()
    };
    let UsiErrorKind::Sfen(e) = missing(30) else { panic!() };
    assert_eq!((e.field(), e.offset(), e.kind()), (SfenField::Ply, 30, SfenErrorKind::MissingField));
    // With a move list, the ply's place is taken by `moves`.
    let input = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - moves 5i4h";
    let err = Position::from_usi_position(input).unwrap_err();
    let UsiErrorKind::Sfen(e) = err.kind() else { panic!("{err:?}") };
    assert_eq!((err.offset(), e.field(), e.offset(), e.kind()), (39, SfenField::Ply, 39, SfenErrorKind::MissingField));
}

#[test]
fn an_sfen_error_points_into_the_whole_input() {
    let input = "position sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1 moves 5i4h";
    let err = Position::from_usi_position(input).unwrap_err();
    let UsiErrorKind::Sfen(e) = err.kind() else { panic!("{err:?}") };
    assert_eq!((err.offset(), e.field(), e.offset(), e.kind()), (36, SfenField::Side, 36, SfenErrorKind::BadSide));
    assert_eq!(err.to_string(), "sfen side at byte 36: the side to move must be 'b' or 'w'");
    // Rule errors too: nifu at the second pawn.
    let err = Position::from_usi_position("sfen 4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1").unwrap_err();
    assert_eq!(err.offset(), 20);
    assert!(
        matches!(err.kind(), UsiErrorKind::Sfen(e) if matches!(e.kind(), SfenErrorKind::Setup(hayanagi::SetupProblem::Nifu { color: Color::Black, .. })))
    );
}

#[test]
fn rejects_sfen_without_fields() {
    let kind = |input| Position::from_usi_position(input).map_err(|e: UsiError| (e.offset(), e.kind()));
    let Err((4, UsiErrorKind::Sfen(e))) = kind("sfen") else { panic!() };
    assert_eq!((e.field(), e.kind()), (SfenField::Board, SfenErrorKind::MissingField));
    let Err((5, UsiErrorKind::Sfen(e))) = kind("sfen ") else { panic!() };
    assert_eq!((e.field(), e.kind()), (SfenField::Board, SfenErrorKind::EmptyField));
}

#[test]
fn rejects_an_unknown_keyword() {
    rejects("", 0, UsiErrorKind::Keyword);
    rejects("position", 0, UsiErrorKind::Keyword);
    rejects("position ", 9, UsiErrorKind::Keyword);
    rejects("position  startpos", 9, UsiErrorKind::Keyword);
    rejects(" startpos", 0, UsiErrorKind::Keyword);
    rejects("Startpos", 0, UsiErrorKind::Keyword);
    rejects("startpos2", 0, UsiErrorKind::Keyword);
    rejects("position position startpos", 9, UsiErrorKind::Keyword);
    rejects(STARTPOS, 0, UsiErrorKind::Keyword);
}

#[test]
fn rejects_text_after_the_position_that_is_not_moves() {
    rejects("startpos 7g7f", 9, UsiErrorKind::Trailing);
    rejects("startpos moves7g7f", 9, UsiErrorKind::Trailing);
    rejects("startpos  moves", 9, UsiErrorKind::Trailing);
    rejects("startpos ", 9, UsiErrorKind::Trailing);
    rejects(&format!("sfen {STARTPOS} 7g7f"), 69, UsiErrorKind::Trailing);
}

#[test]
fn rejects_extra_spaces_in_the_move_list() {
    let empty = |offset| UsiMoveError::Syntax { offset, error: MoveSyntaxError::Empty };
    rejects("startpos moves ", 15, UsiErrorKind::Move { index: 0, error: empty(15) });
    rejects("startpos moves  7g7f", 15, UsiErrorKind::Move { index: 0, error: empty(15) });
    rejects("startpos moves 7g7f  3c3d", 20, UsiErrorKind::Move { index: 1, error: empty(20) });
    rejects("startpos moves 7g7f ", 20, UsiErrorKind::Move { index: 1, error: empty(20) });
}

#[test]
fn rejects_a_non_printable_byte() {
    rejects("startpos\n", 8, UsiErrorKind::NonPrintable { byte: b'\n' });
    rejects("startpos moves\t7g7f", 14, UsiErrorKind::NonPrintable { byte: b'\t' });
    let err = Position::from_usi_position_bytes(b"startpos moves 7g7f\xff").unwrap_err();
    assert_eq!((err.offset(), err.kind()), (19, UsiErrorKind::NonPrintable { byte: 0xff }));
}

#[test]
fn after_move_sees_each_position_move_and_undo_record() {
    let input = "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e";
    let mut seen = Vec::new();
    let end = Position::from_usi_position_with(input, |pos, undo| seen.push((pos.clone(), undo.mv(), undo))).unwrap();
    assert_eq!(seen.len(), 5);
    assert_eq!(end.ply(), 6);
    // Replaying gives the same positions, and undoing in reverse order leads back to the start.
    let mut replay = Position::startpos();
    for (pos, mv, _) in &seen {
        replay.play(*mv).unwrap();
        assert_eq!(&replay, pos);
    }
    assert_eq!(seen[2].1.to_string(), "8h2b+");
    let mut back = end.clone();
    for (pos, mv, undo) in seen.iter().rev() {
        assert_eq!(&back, pos);
        assert_eq!(undo.mv(), *mv);
        back.undo(*undo).unwrap();
    }
    assert_eq!(back, Position::startpos());
    assert_eq!(seen[4].0.hand(Color::Black).count(PieceKind::Bishop), 0);
}

#[test]
fn after_move_reports_the_moves_before_an_error() {
    let mut count = 0;
    let result = Position::from_usi_position_with("startpos moves 7g7f 3c3d 1i1g", |_, _| count += 1);
    assert!(result.is_err());
    assert_eq!(count, 2);
}

#[test]
fn errors_are_copy_and_chain_their_source() {
    fn is_error<E: core::error::Error + Copy + Send + Sync + 'static>(_: E) {}
    use core::error::Error;
    let err = Position::from_usi_position("sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1").unwrap_err();
    is_error(err);
    is_error(UsiMoveError::Illegal(normal(Square::SQ_7G, Square::SQ_7F, false)));
    assert!(err.source().is_some());
    assert!(Position::from_usi_position("startpos 1").unwrap_err().source().is_none());
}

// ----- no panic on any input -----

const SEEDS: [&str; 5] = [
    "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
    "startpos moves 2g2f 8c8d 2f2e 8d8e",
    "position sfen 4k4/9/9/9/9/9/9/9/4K4 b GP 41 moves G*5b 5a5b P*5c",
    "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1 moves 6f4h+ 9h4h 3i4h+",
    "sfen 4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551614 moves 5i4h",
];

const BYTES: &[u8] = b" /+-*0123456789abcdefghiPLNSGBRKplnsgbrkmovesx\0\n\xff";

/// The parse never panics; an accepted command gives a position that round-trips through SFEN and
/// whose ply is the start ply plus the number of moves reported.
fn check(input: &[u8]) -> Result<Position, UsiError> {
    let mut moves = 0u64;
    let result = Position::from_usi_position_bytes_with(input, |_, _| moves += 1);
    if let Ok(pos) = &result {
        let text = pos.sfen().to_string();
        assert_eq!(Position::from_sfen(&text).as_ref(), Ok(pos));
        let mut start = None;
        Position::from_usi_position_bytes_with(input, |pos, undo| {
            if start.is_none() {
                let mut before = pos.clone();
                before.undo(undo).unwrap();
                start = Some(before);
            }
        })
        .unwrap();
        if let Some(start) = start {
            assert_eq!(pos.ply(), start.ply() + moves);
        }
    }
    // The move list alone, played by `play_usi_moves` on the start, gives the same answer with the
    // offsets into the list, and leaves the start as it was when it fails.
    if let Some(at) = input.windows(7).position(|w| w == b" moves ")
        && let Ok(start) = Position::from_usi_position_bytes(&input[..at])
        && input.len() > at + 7
    {
        let list = &input[at + 7..];
        let mut pos = start.clone();
        match (pos.play_usi_moves_bytes_with(list, |_, _| {}), &result) {
            (Ok(()), Ok(end)) => assert_eq!(&pos, end),
            (Err(error), Err(whole)) => {
                assert_eq!(error.offset() + at + 7, whole.offset(), "{:?}", String::from_utf8_lossy(input));
                assert_eq!(pos, start, "a failed list changes nothing");
            }
            (list, whole) => panic!("{:?}: list {list:?}, command {whole:?}", String::from_utf8_lossy(input)),
        }
    }
    result
}

#[test]
fn a_move_list_alone_plays_as_in_the_command_and_changes_nothing_when_it_fails() {
    let mut pos = Position::startpos();
    pos.play_usi_moves("7g7f 3c3d 8h2b+").unwrap();
    assert_eq!(pos, usi("startpos moves 7g7f 3c3d 8h2b+"));
    pos.play_usi_moves("").unwrap();
    assert_eq!(pos.ply(), 4, "an empty list plays nothing");
    let before = pos.clone();
    for (list, offset, index) in [("3a2b 3a2b", 5, 1), ("3a2b B*5e  7g7f", 10, 2), ("3a2b 7x7f", 6, 1), (" 3a2b", 0, 0)]
    {
        let err = pos.play_usi_moves(list).unwrap_err();
        assert_eq!(err.offset(), offset, "{list:?}");
        assert!(matches!(err.kind(), UsiErrorKind::Move { index: i, .. } if i == index), "{list:?}: {err:?}");
        assert_eq!(pos, before, "{list:?} changed the position");
    }
    let err = pos.play_usi_moves("3a2b\t").unwrap_err();
    assert_eq!((err.offset(), err.kind()), (4, UsiErrorKind::NonPrintable { byte: b'\t' }));
}

#[test]
fn every_prefix_is_handled() {
    for seed in SEEDS {
        assert!(check(seed.as_bytes()).is_ok(), "{seed}: {:?}", check(seed.as_bytes()));
        for end in 0..=seed.len() {
            let _ = check(&seed.as_bytes()[..end]);
        }
    }
}

#[test]
fn every_single_byte_deletion_insertion_and_replacement_is_handled() {
    let (accepted, total) = mutate::sweep_single_byte_edits(&SEEDS, BYTES, check);
    assert!(accepted > 200 && total - accepted > 10_000, "{accepted} of {total}");
}

#[test]
fn random_multi_byte_mutations_are_handled() {
    mutate::sweep_random_edits(&mut Rng::new(0x0123_4567), 20_000, &SEEDS, BYTES, check);
}

#[test]
fn promotion_outside_the_zone_is_rejected_where_cshogi_accepts_it() {
    assert!(Position::from_usi_position("startpos moves 7g7f+").is_err());
    assert!(Position::startpos().parse_usi_move("7g7f+").is_err());
}
