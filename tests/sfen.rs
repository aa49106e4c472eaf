//! SFEN (docs/RULES.md R80–R88): one named test per rejection, with the expected field, byte offset and
//! kind; what is accepted; the writer (hands order, `write_sfen`, `MAX_SFEN_LEN`); parse -> print ->
//! parse round trips; and a deterministic no-panic sweep over prefixes and mutations.

mod common;
mod mutate;

use SfenErrorKind::*;
use SfenField::{Board, Hands, Input, Ply, Side};
use common::Rng;
use hayanagi::{
    Color, Entry, Hand, History, HistoryError, MAX_SFEN_LEN, Move, Piece, PieceKind, PlayError, Position, Rank,
    SetupProblem, SfenError, SfenErrorKind, SfenField, Square,
};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// The perft positions of docs/RULES.md R114 besides the start.
const PERFT_POSITIONS: [&str; 2] = [
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
];
/// Two bare kings: `k` at byte 1, `K` at byte 19; the board field is 21 bytes, so the side is at
/// byte 22, the hands at 24 and a one-byte hands field is followed by the ply at 26. The last rank
/// starts at byte 18.
const KINGS: &str = "4k4/9/9/9/9/9/9/9/4K4";

fn black(kind: PieceKind) -> Piece {
    Piece::new(Color::Black, kind)
}

fn white(kind: PieceKind) -> Piece {
    Piece::new(Color::White, kind)
}

/// Asserts that every entry point rejects `sfen` with this field, offset and kind.
/// The error kind of a dead piece on `square`.
fn dead(piece: Piece, square: Square) -> SfenErrorKind {
    Setup(SetupProblem::DeadPiece { piece, square })
}

#[track_caller]
fn rejects(sfen: &str, field: SfenField, offset: usize, kind: SfenErrorKind) {
    rejects_bytes(sfen.as_bytes(), field, offset, kind);
    assert_eq!(sfen.parse::<Position>().map_err(|e| (e.field(), e.offset(), e.kind())), Err((field, offset, kind)));
    assert_eq!(Position::from_sfen(sfen).map_err(|e| (e.field(), e.offset(), e.kind())), Err((field, offset, kind)));
}

#[track_caller]
fn rejects_bytes(sfen: &[u8], field: SfenField, offset: usize, kind: SfenErrorKind) {
    let err = match Position::from_sfen_bytes(sfen) {
        Ok(pos) => panic!("{:?} accepted as {pos:?}", sfen.escape_ascii().to_string()),
        Err(err) => err,
    };
    assert_eq!((err.field(), err.offset(), err.kind()), (field, offset, kind), "{}", sfen.escape_ascii());
    assert!(err.to_string().starts_with(&format!("{field} at byte {offset}: ")), "{err}");
}

#[track_caller]
fn accepts(sfen: &str) -> Position {
    match Position::from_sfen(sfen) {
        Ok(pos) => pos,
        Err(err) => panic!("{sfen:?} rejected: {err}"),
    }
}

// ----- the input as a whole -----

#[test]
fn rejects_a_tab_between_fields() {
    rejects("4k4/9/9/9/9/9/9/9/4K4\tb - 1", Input, 21, NonPrintable { byte: b'\t' });
}

#[test]
fn rejects_a_trailing_newline() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 1\n", Input, 27, NonPrintable { byte: b'\n' });
}

#[test]
fn rejects_nul_del_and_non_ascii_bytes() {
    rejects_bytes(b"4k4/9/9/9/9/9/9/9/4K4 b - 1\0", Input, 27, NonPrintable { byte: 0 });
    rejects_bytes(b"4k4/9/9/9/9/9/9/9/4K4 b - \x7f", Input, 26, NonPrintable { byte: 0x7f });
    rejects_bytes(b"4k4/9/9/9/9/\xff/9/9/4K4 b - 1", Input, 12, NonPrintable { byte: 0xff });
    // A full-width space (U+3000) is UTF-8 e3 80 80.
    rejects("4k4/9/9/9/9/9/9/9/4K4\u{3000}b - 1", Input, 21, NonPrintable { byte: 0xe3 });
}

#[test]
fn rejects_an_empty_input() {
    rejects("", Board, 0, EmptyField);
}

#[test]
fn rejects_a_missing_side() {
    rejects(KINGS, Side, 21, MissingField);
}

#[test]
fn rejects_missing_hands() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b", Hands, 23, MissingField);
}

#[test]
fn rejects_a_leading_space() {
    rejects(" 4k4/9/9/9/9/9/9/9/4K4 b - 1", Board, 0, EmptyField);
}

#[test]
fn rejects_two_spaces_between_fields() {
    rejects("4k4/9/9/9/9/9/9/9/4K4  b - 1", Side, 22, EmptyField);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b  - 1", Hands, 24, EmptyField);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b -  1", Ply, 26, EmptyField);
}

#[test]
fn rejects_a_space_after_three_fields() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - ", Ply, 26, EmptyField);
}

#[test]
fn rejects_a_space_after_four_fields() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 1 ", Input, 27, TrailingText);
}

#[test]
fn rejects_text_after_four_fields() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i4h", Input, 27, TrailingText);
}

#[test]
fn reports_a_field_error_before_trailing_text() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 x - 1 moves", Side, 22, BadSide);
}

#[test]
fn rejects_trailing_text_after_a_usi_sfen_that_is_not_moves() {
    // In a USI `position` command only ` moves ...` may follow the 4 fields (more in tests/usi.rs).
    let err = Position::from_usi_position("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 5i4h").unwrap_err();
    assert_eq!((err.offset(), err.kind()), (33, hayanagi::UsiErrorKind::Trailing));
}

// ----- board -----

#[test]
fn rejects_eight_ranks() {
    rejects("4k4/9/9/9/9/9/9/4K4 b - 1", Board, 19, RankCount);
}

#[test]
fn rejects_ten_ranks() {
    // The ninth `/` is at byte 21.
    rejects("4k4/9/9/9/9/9/9/9/4K4/9 b - 1", Board, 21, RankCount);
}

#[test]
fn rejects_a_trailing_slash() {
    rejects("4k4/9/9/9/9/9/9/9/4K4/ b - 1", Board, 21, RankCount);
}

#[test]
fn rejects_a_rank_of_ten_squares_by_a_digit() {
    rejects("4k5/9/9/9/9/9/9/9/4K4 b - 1", Board, 2, FileCount { rank: Rank::A });
}

#[test]
fn rejects_a_rank_of_ten_squares_by_a_piece() {
    rejects("4k4/9/9/9/9/9/9/9/4K4P b - 1", Board, 21, FileCount { rank: Rank::I });
    rejects("4k4/9/9/9/9/9/9/9/4K4+P b - 1", Board, 21, FileCount { rank: Rank::I });
}

#[test]
fn rejects_a_rank_of_eight_squares() {
    rejects("4k3/9/9/9/9/9/9/9/4K4 b - 1", Board, 3, FileCount { rank: Rank::A });
    rejects("4k4/9/9/9/9/9/9/9/4K3 b - 1", Board, 21, FileCount { rank: Rank::I });
}

#[test]
fn rejects_an_empty_rank() {
    rejects("4k4/9//9/9/9/9/9/4K4 b - 1", Board, 6, FileCount { rank: Rank::C });
}

#[test]
fn rejects_the_digit_zero() {
    rejects("4k04/9/9/9/9/9/9/9/4K4 b - 1", Board, 2, ZeroDigit);
}

#[test]
fn rejects_an_unknown_letter() {
    rejects("4k4/9/9/4x4/9/9/9/9/4K4 b - 1", Board, 9, UnknownPiece { byte: b'x' });
    rejects("4k4/9/9/4-4/9/9/9/9/4K4 b - 1", Board, 9, UnknownPiece { byte: b'-' });
}

#[test]
fn rejects_a_promoted_king() {
    rejects("4+k4/9/9/9/9/9/9/9/4K4 b - 1", Board, 1, BadPromotion);
}

#[test]
fn rejects_a_promoted_gold() {
    rejects("4k4/9/9/9/9/9/9/3+G5/4K4 b - 1", Board, 17, BadPromotion);
}

#[test]
fn rejects_a_plus_before_a_digit_a_slash_a_plus_or_the_end() {
    rejects("4k4/9/9/+18/9/9/9/9/4K4 b - 1", Board, 8, BadPromotion);
    rejects("4k4/9/9/8+/9/9/9/9/4K4 b - 1", Board, 9, BadPromotion);
    rejects("4k4/9/9/++P8/9/9/9/9/4K4 b - 1", Board, 8, BadPromotion);
    rejects("4k4/9/9/9/9/9/9/9/4K3+ b - 1", Board, 21, BadPromotion);
}

#[test]
fn rejects_a_plus_before_an_unknown_letter() {
    rejects("4k4/9/9/+X8/9/9/9/9/4K4 b - 1", Board, 9, UnknownPiece { byte: b'X' });
}

// ----- side -----

#[test]
fn rejects_a_side_other_than_b_or_w() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 B - 1", Side, 22, BadSide);
    rejects("4k4/9/9/9/9/9/9/9/4K4 - - 1", Side, 22, BadSide);
    rejects("4k4/9/9/9/9/9/9/9/4K4 bw - 1", Side, 22, BadSide);
}

// ----- hands -----

#[test]
fn rejects_a_hand_count_of_zero() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b 0P 1", Hands, 24, HandZeroCount);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b R00P 1", Hands, 25, HandZeroCount);
}

#[test]
fn rejects_a_hand_count_with_a_leading_zero() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b 02P 1", Hands, 24, HandLeadingZero);
}

#[test]
fn rejects_a_hand_count_without_a_piece() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b P2 1", Hands, 25, HandCountWithoutPiece);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b 3", Hands, 24, HandCountWithoutPiece);
}

#[test]
fn rejects_a_promoted_piece_in_hand() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b +P 1", Hands, 24, HandPromoted);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b R2+P 1", Hands, 26, HandPromoted);
}

#[test]
fn rejects_a_king_in_hand() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b K 1", Hands, 24, HandKing);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b Pk 1", Hands, 25, HandKing);
}

#[test]
fn rejects_a_repeated_hand_piece() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b PP 1", Hands, 25, HandRepeated { piece: black(PieceKind::Pawn) });
    rejects("4k4/9/9/9/9/9/9/9/4K4 b 2PG3P 1", Hands, 27, HandRepeated { piece: black(PieceKind::Pawn) });
    rejects("4k4/9/9/9/9/9/9/9/4K4 b Bbb 1", Hands, 26, HandRepeated { piece: white(PieceKind::Bishop) });
}

#[test]
fn rejects_an_unknown_letter_in_hand() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b PX 1", Hands, 25, UnknownPiece { byte: b'X' });
    rejects("4k4/9/9/9/9/9/9/9/4K4 b 2* 1", Hands, 25, UnknownPiece { byte: b'*' });
}

#[test]
fn rejects_a_dash_with_pieces() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b -P 1", Hands, 24, HandDash);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b P- 1", Hands, 25, HandDash);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b -- 1", Hands, 24, HandDash);
}

// ----- piece counts -----

#[test]
fn rejects_a_third_rook_on_the_board() {
    // Promoted rooks count as rooks; the third is the `R` at byte 13.
    rejects(
        "4k4/+r8/9/+R2R5/9/9/9/9/4K4 b - 1",
        Board,
        13,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Rook, square: Some(Square::SQ_6D) }),
    );
}

#[test]
fn rejects_a_third_bishop_in_hand() {
    rejects(
        "4k4/9/9/9/9/9/9/9/4K4 b B2b 1",
        Hands,
        25,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Bishop, square: None }),
    );
}

#[test]
fn rejects_a_nineteenth_pawn() {
    // 18 pawns on the board and one more in White's hand.
    let sfen = "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/9/4K4 b Gp 1";
    rejects(sfen, Hands, 41, Setup(SetupProblem::TooManyPieces { kind: PieceKind::Pawn, square: None }));
    // 19 pawns on the board, one of them promoted: the 19th in reading order is the last `P`.
    rejects(
        "4k4/9/ppppppppp/9/4+P4/9/PPPPPPPPP/9/4K4 b - 1",
        Board,
        33,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Pawn, square: Some(Square::SQ_1G) }),
    );
}

#[test]
fn rejects_five_of_a_small_kind() {
    rejects(
        "4k4/9/9/9/9/9/9/9/4K4 b 5S 1",
        Hands,
        24,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Silver, square: None }),
    );
    rejects(
        "4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1",
        Hands,
        26,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Gold, square: None }),
    );
    rejects(
        "4k4/9/9/9/9/9/9/9/4K4 b 2L3l 1",
        Hands,
        26,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Lance, square: None }),
    );
    rejects(
        "4k4/4n4/9/9/9/9/9/9/4K4 b 2N2n 1",
        Hands,
        28,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Knight, square: None }),
    );
}

#[test]
fn rejects_a_huge_hand_count() {
    rejects(
        "4k4/9/9/9/9/9/9/9/4K4 b 99999999999999999999999999P 1",
        Hands,
        24,
        Setup(SetupProblem::TooManyPieces { kind: PieceKind::Pawn, square: None }),
    );
}

#[test]
fn rejects_two_kings_of_one_colour() {
    rejects(
        "k3k4/9/9/9/9/9/9/9/4K4 b - 1",
        Board,
        2,
        Setup(SetupProblem::TwoKings { color: Color::White, square: Square::SQ_5A }),
    );
    rejects(
        "4k4/9/9/9/9/9/9/9/K3K4 b - 1",
        Board,
        20,
        Setup(SetupProblem::TwoKings { color: Color::Black, square: Square::SQ_5I }),
    );
}

// ----- pieces that could never move -----

#[test]
fn rejects_a_black_pawn_on_rank_a() {
    rejects("P3k4/9/9/9/9/9/9/9/4K4 b - 1", Board, 0, dead(black(PieceKind::Pawn), Square::SQ_9A));
}

#[test]
fn rejects_a_black_lance_on_rank_a() {
    rejects("4k3L/9/9/9/9/9/9/9/4K4 b - 1", Board, 3, dead(black(PieceKind::Lance), Square::SQ_1A));
}

#[test]
fn rejects_a_black_knight_on_rank_b() {
    rejects("4k4/N8/9/9/9/9/9/9/4K4 b - 1", Board, 4, dead(black(PieceKind::Knight), Square::SQ_9B));
}

#[test]
fn rejects_a_white_pawn_on_rank_i() {
    rejects("4k4/9/9/9/9/9/9/9/4K3p b - 1", Board, 21, dead(white(PieceKind::Pawn), Square::SQ_1I));
}

#[test]
fn rejects_a_white_lance_on_rank_i() {
    rejects("4k4/9/9/9/9/9/9/9/l3K4 b - 1", Board, 18, dead(white(PieceKind::Lance), Square::SQ_9I));
}

#[test]
fn rejects_a_white_knight_on_rank_h() {
    rejects("4k4/9/9/9/9/9/9/8n/4K4 b - 1", Board, 17, dead(white(PieceKind::Knight), Square::SQ_1H));
}

// ----- nifu -----

#[test]
fn rejects_two_black_pawns_on_a_file() {
    rejects(
        "4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1",
        Board,
        15,
        Setup(SetupProblem::Nifu { color: Color::Black, square: Square::SQ_5F }),
    );
}

#[test]
fn rejects_two_white_pawns_on_a_file() {
    rejects(
        "4k4/p8/9/9/9/9/9/p8/4K4 b - 1",
        Board,
        17,
        Setup(SetupProblem::Nifu { color: Color::White, square: Square::SQ_9H }),
    );
}

// ----- the side not to move in check -----

#[test]
fn rejects_the_side_not_to_move_in_check() {
    // Black to move could take White's king with the rook on 5h: the offset is at White's `k`.
    rejects("4k4/9/9/9/9/9/9/4R4/3K5 b - 1", Board, 1, Setup(SetupProblem::OpponentInCheck { king: Square::SQ_5A }));
    // White to move, Black's king attacked by White's knight.
    rejects("4k4/9/9/9/9/9/3n5/9/4K4 w - 1", Board, 21, Setup(SetupProblem::OpponentInCheck { king: Square::SQ_5I }));
}

// ----- ply -----

#[test]
fn rejects_ply_zero() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 0", Ply, 26, Setup(SetupProblem::PlyZero));
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 000", Ply, 26, Setup(SetupProblem::PlyZero));
}

#[test]
fn rejects_a_ply_with_a_leading_zero() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 01", Ply, 26, PlyLeadingZero);
}

#[test]
fn rejects_a_signed_ply() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - +1", Ply, 26, PlyNotDigit);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - -1", Ply, 26, PlyNotDigit);
}

#[test]
fn rejects_a_ply_that_is_not_digits() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 1a", Ply, 27, PlyNotDigit);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 0x10", Ply, 27, PlyNotDigit);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - moves", Ply, 26, PlyNotDigit);
}

#[test]
fn rejects_a_ply_above_u64_max() {
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551616", Ply, 26, PlyOverflow);
    rejects("4k4/9/9/9/9/9/9/9/4K4 b - 99999999999999999999999999", Ply, 26, PlyOverflow);
}

// ----- what is accepted -----

#[test]
fn accepts_startpos_with_and_without_ply() {
    assert_eq!(accepts(STARTPOS), Position::startpos());
    assert_eq!(accepts("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"), Position::startpos());
}

#[test]
fn accepts_every_ply_from_one_to_u64_max() {
    assert_eq!(accepts("4k4/9/9/9/9/9/9/9/4K4 b - 1").ply(), 1);
    assert_eq!(accepts("4k4/9/9/9/9/9/9/9/4K4 w - 1234567").ply(), 1_234_567);
    assert_eq!(accepts("4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615").ply(), u64::MAX);
}

#[test]
fn accepts_zero_or_one_king_per_colour() {
    // A tsume problem: no black king; and a board with no king at all.
    let pos = accepts("4k4/9/4P4/9/9/9/9/9/9 b G2r 1");
    assert_eq!((pos.king(Color::Black), pos.king(Color::White)), (None, Some(Square::SQ_5A)));
    assert_eq!(accepts("9/9/9/9/9/9/9/9/9 b - 1").occupied().count(), 0);
}

#[test]
fn accepts_the_side_to_move_in_check() {
    assert!(accepts("4k4/9/9/9/9/9/9/4r4/4K4 b - 1").in_check());
}

#[test]
fn accepts_pieces_that_can_still_move() {
    // Promoted pieces on the last rank, a knight on its third-last rank, pawns of both colours on one
    // file, a promoted and an unpromoted pawn on one file.
    accepts("+P+L+N1k4/9/N8/9/9/9/9/9/4K4 b - 1");
    accepts("4k4/4p4/9/9/9/9/9/4P4/4K4 b - 1");
    accepts("4k4/9/9/4+P4/9/4P4/9/9/4K4 b - 1");
}

#[test]
fn accepts_adjacent_digits_hands_in_any_order_and_a_count_of_one() {
    let pos = accepts("4k4/18/45/9/9/9/9/9/4K4 b p2P1Rb 1");
    assert_eq!(pos.sfen().to_string(), "4k4/9/9/9/9/9/9/9/4K4 b R2Pbp 1");
}

#[test]
fn accepts_the_positions_the_peer_engines_are_measured_on() {
    for sfen in [
        "R6sk/9/7G1/9/9/9/9/9/4K4 b P 1",
        "R8/2G1k4/9/2S6/2BN2N2/9/9/9/4K4 b P 1",
        "lnsgkgsnl/1r5b1/pppp1pppp/9/4R4/9/PPPP1PPPP/1B7/LNSGKGSNL w Pp 1",
    ] {
        assert_eq!(accepts(sfen).sfen().to_string(), sfen);
    }
}

#[test]
fn accepts_the_full_set() {
    for sfen in PERFT_POSITIONS {
        accepts(sfen);
    }
    // All 38 pieces other than the kings in hand.
    accepts("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1");
}

// ----- the writer -----

#[test]
fn hands_are_written_black_then_white_in_r_b_g_s_n_l_p_order_with_counts_of_two_or_more() {
    let pos = accepts("4k4/9/9/9/9/9/9/9/4K4 w 10pP3lRgBSn 7");
    assert_eq!(
        pos.hand(Color::White),
        Hand::EMPTY
            .with(PieceKind::Pawn, 10)
            .with(PieceKind::Lance, 3)
            .with(PieceKind::Gold, 1)
            .with(PieceKind::Knight, 1)
    );
    assert_eq!(pos.sfen().to_string(), "4k4/9/9/9/9/9/9/9/4K4 w RBSPgn3l10p 7");
    assert_eq!(accepts("4k4/9/9/9/9/9/9/9/4K4 b 2P2p 1").sfen().to_string(), "4k4/9/9/9/9/9/9/9/4K4 b 2P2p 1");
}

#[test]
fn write_sfen_fills_a_long_enough_buffer() {
    for sfen in [STARTPOS, PERFT_POSITIONS[0], PERFT_POSITIONS[1]] {
        let pos = accepts(sfen);
        let mut buf = [0xaau8; MAX_SFEN_LEN];
        let len = pos.write_sfen(&mut buf).unwrap();
        assert_eq!(&buf[..len], sfen.as_bytes());
        assert!(buf[len..].iter().all(|&b| b == 0xaa), "nothing written after the SFEN");
        let mut exact = vec![0u8; len];
        assert_eq!(pos.write_sfen(&mut exact), Ok(len));
        assert_eq!(exact, sfen.as_bytes());
    }
}

#[test]
fn write_sfen_reports_the_needed_length_on_short_buffers() {
    let pos = accepts(PERFT_POSITIONS[1]);
    let needed = PERFT_POSITIONS[1].len();
    for short in 0..needed {
        let mut buf = vec![0u8; short];
        assert_eq!(pos.write_sfen(&mut buf), Err(needed), "buffer of {short}");
    }
}

/// `MAX_SFEN_LEN` recomputed from its documented derivation.
#[test]
fn max_sfen_len_follows_its_derivation() {
    // Board: n pieces, at most 34 of them promoted (two bytes), at most min(81 - n, n + 9) digits.
    let board = (0..=40).map(|n: usize| n + n.min(34) + (81 - n).min(n + 9) + 8).max().unwrap();
    assert_eq!(board, 123);
    // Hands: per kind, the longest split of the set between the colours.
    let written = |count: u32| match count {
        0 => 0,
        1 => 1,
        2..=9 => 2,
        _ => 3,
    };
    let hands: u32 =
        [18, 4, 4, 4, 4, 2, 2].iter().map(|&set| (0..=set).map(|b| written(b) + written(set - b)).max().unwrap()).sum();
    assert_eq!(hands, 25);
    assert_eq!(u64::MAX.to_string().len(), 20);
    assert_eq!(MAX_SFEN_LEN, board + 1 + hands as usize + 3 + 20);
}

#[test]
fn the_longest_sfens_fit_in_max_sfen_len() {
    // 36 pieces, 34 of them promoted, each alone between empty squares; two golds in hand.
    let rank = |a: &str, b: &str, c: &str, d: &str| format!("1{a}1{b}1{c}1{d}1");
    let ranks = [
        rank("+P", "+P", "+P", "+P"),
        rank("+P", "+P", "+P", "+P"),
        rank("+p", "+p", "+p", "+p"),
        rank("+p", "+p", "+p", "+p"),
        rank("+P", "+p", "+L", "+l"),
        rank("+L", "+l", "+N", "+n"),
        rank("+N", "+n", "+S", "+s"),
        rank("+S", "+s", "+B", "+b"),
        rank("+R", "+r", "G", "g"),
    ];
    let sfen = format!("{} b Gg 18446744073709551615", ranks.join("/"));
    let pos = accepts(&sfen);
    assert_eq!(pos.sfen().to_string(), sfen);
    assert_eq!(sfen.split(' ').next().unwrap().len(), 123, "the board bound is reached");
    assert!(sfen.len() <= MAX_SFEN_LEN);
    // Every piece in hand: the hands bound is reached.
    let sfen = "9/9/9/9/9/9/9/9/9 w RB2G2S2N2L10Prb2g2s2n2l8p 18446744073709551615";
    assert_eq!(accepts(sfen).sfen().to_string(), sfen);
    assert_eq!(sfen.split(' ').nth(2).unwrap().len(), 25);
    let mut buf = [0u8; MAX_SFEN_LEN];
    assert_eq!(accepts(sfen).write_sfen(&mut buf), Ok(sfen.len()));
}

// ----- round trips -----

/// Parse -> print -> parse is the identity, and printing is stable; `write_sfen` agrees with `Display`.
#[track_caller]
fn assert_round_trip(pos: &Position) {
    let text = pos.sfen().to_string();
    let again = Position::from_sfen(&text).unwrap_or_else(|e| panic!("{text:?} rejected: {e}"));
    assert_eq!(&again, pos, "{text}");
    assert_eq!(again.sfen().to_string(), text);
    assert_eq!(again.key(), again.compute_key());
    let mut buf = [0u8; MAX_SFEN_LEN];
    assert_eq!(pos.write_sfen(&mut buf), Ok(text.len()));
    assert_eq!(&buf[..text.len()], text.as_bytes());
}

#[test]
fn round_trips_startpos_and_the_perft_positions() {
    for sfen in [STARTPOS, PERFT_POSITIONS[0], PERFT_POSITIONS[1]] {
        let pos = accepts(sfen);
        assert_eq!(pos.sfen().to_string(), sfen);
        assert_round_trip(&pos);
    }
}

#[test]
fn round_trips_positions_of_random_playouts() {
    let mut rng = Rng::new(0x5fe2_2026);
    let mut checked = 0;
    for game in 0..60 {
        let start = if game % 3 == 2 { PERFT_POSITIONS[0] } else { STARTPOS };
        let mut pos = accepts(start);
        for _ in 0..300 {
            assert_round_trip(&pos);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            pos.play(mv).unwrap();
        }
    }
    assert!(checked > 10_000, "{checked}");
}

// ----- no panic on any input -----

/// Seeds for the sweep: valid SFENs of different shapes.
const SEEDS: [&str; 6] = [
    STARTPOS,
    PERFT_POSITIONS[0],
    PERFT_POSITIONS[1],
    "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 18446744073709551615",
    "+P+L+N1k4/9/N8/9/9/9/9/9/4K4 w - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
];

/// Bytes the mutations insert or write: every kind of byte the grammar gives a meaning to, and a few
/// it does not.
const BYTES: &[u8] = b" /+-*0123456789PLNSGBRKplnsgbrkbwxX\0\t\n\x7f\xff";

/// The parse never panics; an accepted input round-trips.
fn check(input: &[u8]) -> Result<Position, SfenError> {
    let result = Position::from_sfen_bytes(input);
    if let Ok(pos) = &result {
        assert_round_trip(pos);
    }
    result
}

#[test]
fn every_prefix_is_handled() {
    for seed in SEEDS {
        let bytes = seed.as_bytes();
        assert!(check(bytes).is_ok(), "{seed}");
        for end in 0..=bytes.len() {
            // An accepted prefix has at least the three required fields.
            if check(&bytes[..end]).is_ok() {
                assert!(seed[..end].matches(' ').count() >= 2, "{:?}", &seed[..end]);
            }
        }
    }
}

#[test]
fn every_single_byte_deletion_insertion_and_replacement_is_handled() {
    let (accepted, total) = mutate::sweep_single_byte_edits(&SEEDS, BYTES, check);
    // Both outcomes occur often: the sweep reaches the rules, not only the syntax.
    assert!(accepted > 1_000 && total - accepted > 10_000, "{accepted} of {total}");
}

#[test]
fn random_multi_byte_mutations_are_handled() {
    mutate::sweep_random_edits(&mut Rng::new(0xdead_beef), 30_000, &SEEDS, BYTES, check);
}

#[test]
fn error_is_small_copy_and_displays() {
    fn is_error<E: core::error::Error + Copy + Send + Sync + 'static>(_: E) {}
    let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2PGP 1").unwrap_err();
    is_error(err);
    assert_eq!(err.to_string(), "hands at byte 27: piece 'P' given twice");
    assert!(core::mem::size_of::<SfenError>() <= 24, "{}", core::mem::size_of::<SfenError>());
    let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1\t").unwrap_err();
    assert_eq!(err.to_string(), "input at byte 27: byte 0x09 is not printable ASCII");
}

/// Positions cshogi 1.1.0 reads without complaint but the rules reject (docs/RULES.md R85; found by the
/// differential tests in tests/differential/); the rules win.
#[test]
fn positions_cshogi_accepts_but_the_rules_reject() {
    for sfen in [
        "4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1", // nifu
        "P3k4/9/9/9/9/9/9/9/4K4 b - 1",    // a pawn that can never move
        "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",   // 19 pawns
        "4k4/9/9/9/9/9/9/9/3KK4 b - 1",    // two black kings
        "4k4/9/9/9/9/9/9/9/4R4 b - 1",     // the side not to move is in check
        "4k4/9/9/9/9/9/9/9/4K4 b P1P2p 1", // a hand piece given twice
        "4k4/9/9/9/9/9/9/9/4K4 b - 0",     // ply 0
    ] {
        assert!(Position::from_sfen(sfen).is_err(), "{sfen} accepted");
    }
}

// ----- found by fuzzing (fuzz/, `fuzz/run.sh`) -----

/// fuzz target `play`: a move at ply `u64::MAX` wrapped the ply to 0, and the parser rejects the SFEN
/// printed for that position (`... w - 0`). A move can now reach ply `u64::MAX` but not be played
/// from it: [`Position::play`], a [`History`] (and the C API and a USI command, in their tests)
/// refuse it with `PlyLimit` and change nothing; undo restores the ply exactly.
#[test]
fn fuzz_play_a_move_at_ply_u64_max_is_refused_with_ply_limit() {
    let start = accepts("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 18446744073709551614");
    let mut pos = start.clone();
    let undo = pos.play(pos.parse_usi_move("7g7f").unwrap()).unwrap();
    assert_eq!(pos.ply(), u64::MAX);
    assert_round_trip(&pos);
    let at_limit = pos.clone();
    let mv = pos.parse_usi_move("3c3d").unwrap();
    assert_eq!(pos.play(mv), Err(PlayError::PlyLimit));
    assert_eq!(pos, at_limit);
    // An illegal move is still reported as illegal first.
    let illegal = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
    assert_eq!(pos.play(illegal), Err(PlayError::Illegal(illegal)));
    pos.undo(undo).unwrap();
    assert_eq!(pos, start);

    let mut history = History::new([Entry::EMPTY; 4]);
    let first = pos.parse_usi_move("7g7f").unwrap();
    history.play(&mut pos, first).unwrap();
    assert_eq!(history.play(&mut pos, mv), Err(HistoryError::PlyLimit));
    assert_eq!((pos.clone(), history.len()), (at_limit, 1));
    history.undo(&mut pos).unwrap();
    assert_eq!(pos, start);
}
