//! Checks shared by the fuzz targets: a position is internally consistent, its SFEN round-trips, and a
//! rejected input's error points at the byte it names.
//!
//! Every check panics on failure: a panic is what libFuzzer records as a crash.

pub mod input;
pub mod packed;
pub mod records;

use hayanagi::{
    Bitboard, Color, MAX_SFEN_LEN, Piece, PieceKind, Position, SetupProblem, SfenError, SfenErrorKind, SfenField,
    Square,
};

/// The derived state of `pos` agrees with its board: the bitboards hold exactly the pieces of the
/// array, the king squares are the kings on the board, the key is the key computed from scratch, and
/// the checkers are the pieces attacking the king of the side to move.
pub fn assert_consistent(pos: &Position) {
    let mut occupied = Bitboard::EMPTY;
    for square in Square::ALL {
        if let Some(piece) = pos.piece_at(square) {
            occupied = occupied.with(square);
            assert!(pos.pieces(piece.color(), piece.kind()).contains(square), "{pos:?}: {piece} on {square}");
            assert!(pos.colored(piece.color()).contains(square), "{pos:?}: {square}");
        }
    }
    assert_eq!(pos.occupied(), occupied, "{pos:?}");
    assert!(!pos.colored(Color::Black).intersects(pos.colored(Color::White)), "{pos:?}");
    for color in Color::ALL {
        let kings = pos.pieces(color, PieceKind::King);
        assert!(kings.count() <= 1, "{pos:?}: two {color} kings");
        assert_eq!(pos.king(color), kings.lsb(), "{pos:?}: {color} king");
    }
    assert_eq!(pos.key(), pos.compute_key(), "{pos:?}: incremental key");
    let us = pos.side_to_move();
    let checkers = match pos.king(us) {
        Some(king) => pos.attackers_to(us.flip(), king, pos.occupied()),
        None => Bitboard::EMPTY,
    };
    assert_eq!(pos.checkers(), checkers, "{pos:?}: checkers");
    assert_eq!(pos.in_check(), !checkers.is_empty(), "{pos:?}");
    // The side that just moved (or, for a parsed position, the side not to move) is never in check.
    if let Some(king) = pos.king(us.flip()) {
        assert!(!pos.is_attacked(us, king), "{pos:?}: the side not to move is in check");
    }
}

/// The SFEN of `pos`, printed both ways ([`Position::sfen`] and [`Position::write_sfen`]), parses back to
/// the same position with the same key, and printing that gives the same bytes. Returns the SFEN.
pub fn assert_sfen_round_trip(pos: &Position) -> Vec<u8> {
    let mut buf = [0u8; MAX_SFEN_LEN];
    let len = match pos.write_sfen(&mut buf) {
        Ok(len) => len,
        Err(needed) => panic!("{pos:?}: write_sfen needs {needed} > MAX_SFEN_LEN bytes"),
    };
    let printed = buf[..len].to_vec();
    assert_eq!(pos.sfen().to_string().as_bytes(), printed, "sfen() and write_sfen differ");
    // A buffer one byte short is refused with the length needed.
    assert_eq!(pos.write_sfen(&mut buf[..len - 1]), Err(len), "{pos:?}: short buffer");
    let parsed = match Position::from_sfen_bytes(&printed) {
        Ok(parsed) => parsed,
        Err(err) => panic!("{pos:?}: printed SFEN rejected: {err}"),
    };
    assert_eq!(&parsed, pos, "printed SFEN parses to another position");
    assert_eq!(parsed.key(), pos.key(), "{pos:?}: key after the round trip");
    assert_eq!(parsed.sfen().to_string().as_bytes(), printed, "print(parse(print)) != print");
    printed
}

/// `err`, returned for `input`, says what it says about the byte it points at. In a USI command
/// (`in_command`) the SFEN ends at the end of the input or at ` moves`.
pub fn assert_sfen_error_points_at_its_byte(input: &[u8], err: SfenError, in_command: bool) {
    use SfenErrorKind::*;
    let offset = err.offset();
    assert!(offset <= input.len(), "{err}: offset beyond the input ({} bytes)", input.len());
    assert!(err.to_string().starts_with(&format!("{} at byte {offset}: ", err.field())), "{err}");
    let at = input.get(offset).copied();
    let printable = |bytes: &[u8]| bytes.iter().all(|b| (0x20..=0x7e).contains(b));
    match err.kind() {
        NonPrintable { byte } => {
            assert_eq!(at, Some(byte), "{err}");
            assert!(printable(&input[..offset]), "{err}: an earlier byte is not printable");
        }
        MissingField => {
            let at_moves = in_command && input[offset..].starts_with(b" moves");
            assert!(offset == input.len() || at_moves, "{err}: a missing field is at the end of the SFEN");
        }
        EmptyField => assert!(at.is_none() || at == Some(b' '), "{err}"),
        TrailingText => assert_eq!(at, Some(b' '), "{err}"),
        ZeroDigit => assert_eq!(at, Some(b'0'), "{err}"),
        UnknownPiece { byte } => assert_eq!(at, Some(byte), "{err}"),
        BadPromotion | HandPromoted => assert_eq!(at, Some(b'+'), "{err}"),
        BadSide => assert!(at.is_some_and(|b| b != b' '), "{err}"),
        HandKing => assert!(matches!(at, Some(b'K' | b'k')), "{err}"),
        HandZeroCount | HandLeadingZero => assert_eq!(at, Some(b'0'), "{err}"),
        HandCountWithoutPiece => assert!(at.is_some_and(|b| b.is_ascii_digit()), "{err}"),
        HandDash => assert_eq!(at, Some(b'-'), "{err}"),
        HandRepeated { piece } => assert_hand_entry(input, offset, piece.to_string().as_bytes()[0], err),
        Setup(SetupProblem::TooManyPieces { kind, square: None }) => {
            assert_eq!(err.field(), SfenField::Hands, "{err}");
            let letter = kind.base_letter() as u8;
            let entry = input.get(offset..).unwrap_or(&[]);
            let letter_at = entry.iter().position(|b| !b.is_ascii_digit()).and_then(|i| entry.get(i));
            assert!(letter_at.is_some_and(|b| b.to_ascii_uppercase() == letter), "{err}");
        }
        Setup(SetupProblem::TooManyPieces { kind, .. }) => {
            assert_board_piece(input, offset, |p| p.kind().unpromote() == kind, err)
        }
        Setup(SetupProblem::TwoKings { color, .. }) => assert_board_piece(input, offset, |p| p.color() == color, err),
        Setup(SetupProblem::DeadPiece { piece, .. }) => assert_board_piece(input, offset, |p| p == piece, err),
        Setup(SetupProblem::Nifu { color, .. }) => assert_board_piece(input, offset, |p| p.color() == color, err),
        Setup(SetupProblem::OpponentInCheck { .. }) => {
            assert_board_piece(input, offset, |p| p.kind() == PieceKind::King, err)
        }
        Setup(SetupProblem::PlyZero) | PlyLeadingZero | PlyOverflow => {
            assert!(at.is_some_and(|b| b.is_ascii_digit()), "{err}")
        }
        Setup(SetupProblem::MissingKing { .. } | SetupProblem::MissingPieces { .. }) => {
            panic!("{err}: an SFEN may lack kings and pieces")
        }
        PlyNotDigit => assert!(at.is_some_and(|b| !b.is_ascii_digit()), "{err}"),
        FileCount { .. } | RankCount => assert_eq!(err.field(), SfenField::Board, "{err}"),
    }
}

/// A hand entry at `offset`: an optional count, then `letter`.
fn assert_hand_entry(input: &[u8], offset: usize, letter: u8, err: SfenError) {
    let entry = input.get(offset..).unwrap_or(&[]);
    let letter_at = entry.iter().position(|b| !b.is_ascii_digit()).and_then(|i| entry.get(i));
    assert_eq!(letter_at, Some(&letter), "{err}");
}

/// A board piece at `offset` (`+` and a letter, or a letter) that `matches`.
fn assert_board_piece(input: &[u8], offset: usize, matches: impl Fn(Piece) -> bool, err: SfenError) {
    assert_eq!(err.field(), SfenField::Board, "{err}");
    let text = input.get(offset..).unwrap_or(&[]);
    let written = match text {
        [b'+', letter, ..] => [b'+', *letter].to_vec(),
        [letter, ..] => [*letter].to_vec(),
        [] => panic!("{err}: offset at the end of the input"),
    };
    // The piece whose SFEN spelling is the text at the offset.
    let piece = (0..Piece::NUM).filter_map(Piece::try_index).find(|piece| piece.to_string().as_bytes() == written);
    assert!(piece.is_some_and(matches), "{err}: the text at the offset is not the piece the error names");
}
