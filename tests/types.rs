//! The value types: `const` construction, square numbering (docs/RULES.md R1), USI names, conversions.

use hayanagi::{Bitboard, Color, File, Piece, PieceKind, Rank, Square, SquareParseError};

// Everything below is evaluated at compile time.
const SQ_7G: Square = Square::new(File::F7, Rank::G);
const FROM_INDEX: Option<Square> = Square::try_index(30);
const PARSED: Result<Square, SquareParseError> = Square::from_usi_bytes(b"5e");
const BOARD: Bitboard =
    Bitboard::EMPTY.with(SQ_7G).with(Square::SQ_1I).without(Square::SQ_1I).union(Bitboard::from_square(Square::SQ_9A));
const FILE_1: Bitboard = Bitboard::file(File::F1);
const NOT_FILE_1: Bitboard = FILE_1.complement();
const BLACK_ROOK: Piece = Piece::new(Color::Black, PieceKind::Rook);
const DRAGON: Option<PieceKind> = BLACK_ROOK.kind().promote();
const WHITE: Color = Color::Black.flip();

#[test]
fn const_items_hold_the_right_values() {
    assert_eq!(SQ_7G.index(), 56);
    assert_eq!(FROM_INDEX, Some(Square::SQ_6D)); // seed 000 once called 6四 "28": it is 30
    assert_eq!(PARSED, Ok(Square::SQ_5E));
    assert_eq!(BOARD.iter().collect::<Vec<_>>(), [Square::SQ_9A, Square::SQ_7G]);
    assert_eq!(FILE_1.count() + NOT_FILE_1.count(), 81);
    assert_eq!(DRAGON, Some(PieceKind::Dragon));
    assert_eq!(WHITE, Color::White);
}

#[test]
fn square_numbering_is_row_by_row_from_9a() {
    for (index, square) in Square::ALL.into_iter().enumerate() {
        assert_eq!(square.index(), index);
        let (row, col) = (index / 9, index % 9);
        assert_eq!(square.rank().index(), row);
        assert_eq!(square.file().number() as usize, 9 - col);
        assert_eq!(Square::new(square.file(), square.rank()), square);
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        assert_eq!(square.flip().flip(), square);
        assert_eq!(square.flip().index(), 80 - index);
    }
    assert_eq!(Square::SQ_9A.index(), 0);
    assert_eq!(Square::SQ_1A.index(), 8);
    assert_eq!(Square::SQ_1I.index(), 80);
    assert_eq!(Square::SQ_7G.to_string(), "7g");
    assert_eq!(Square::SQ_7G.flip(), Square::SQ_3C);
    assert_eq!(Square::try_index(81), None);
    assert_eq!(core::mem::size_of::<Option<Square>>(), 1);
}

#[test]
fn square_parsing_rejects_every_malformed_input() {
    assert_eq!(Square::from_usi_bytes(b""), Err(SquareParseError::Length));
    assert_eq!(Square::from_usi_bytes(b"7"), Err(SquareParseError::Length));
    assert_eq!(Square::from_usi_bytes(b"7gg"), Err(SquareParseError::Length));
    assert_eq!(Square::from_usi_bytes(b"0e"), Err(SquareParseError::File));
    assert_eq!(Square::from_usi_bytes(b"ae"), Err(SquareParseError::File));
    assert_eq!(Square::from_usi_bytes(b"5j"), Err(SquareParseError::Rank));
    assert_eq!(Square::from_usi_bytes(b"5\xff"), Err(SquareParseError::Rank));
    assert!("9z".parse::<Square>().unwrap_err().to_string().contains("rank"));
    let mut accepted = 0;
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            accepted += Square::from_usi_bytes(&[a, b]).is_ok() as usize;
        }
    }
    assert_eq!(accepted, 81);
}

#[test]
fn promotion_zones() {
    for square in Square::ALL {
        let row = square.index() / 9;
        assert_eq!(square.is_promotion_zone(Color::Black), row <= 2);
        assert_eq!(square.is_promotion_zone(Color::White), row >= 6);
        assert_eq!(square.is_promotion_zone(Color::White), square.flip().is_promotion_zone(Color::Black));
    }
}

#[test]
fn files_ranks_colors() {
    for (i, file) in File::ALL.into_iter().enumerate() {
        assert_eq!(file.index(), i);
        assert_eq!(File::new(file.number()), Some(file));
        assert_eq!(File::try_index(i), Some(file));
        assert_eq!(File::from_usi(file.to_usi() as u8), Some(file));
        assert_eq!(file.flip().number(), 10 - file.number());
    }
    assert_eq!((File::new(0), File::new(10), File::try_index(9)), (None, None, None));
    for (i, rank) in Rank::ALL.into_iter().enumerate() {
        assert_eq!(Rank::try_index(i), Some(rank));
        assert_eq!(Rank::from_usi(rank.to_usi() as u8), Some(rank));
        assert_eq!(rank.flip().index(), 8 - i);
    }
    assert_eq!(Rank::from_usi(b'j'), None);
    assert_eq!(!Color::Black, Color::White);
    assert_eq!(Color::try_index(2), None);
}

#[test]
fn piece_kinds_and_pieces() {
    for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
        assert_eq!(kind.index(), i);
        assert_eq!(PieceKind::try_index(i), Some(kind));
        assert_eq!(kind.is_hand_kind(), i < 7);
        match kind.promote() {
            Some(promoted) => {
                assert!(promoted.is_promoted() && !kind.is_promoted());
                assert_eq!(promoted.unpromote(), kind);
            }
            None => assert!(matches!(kind, PieceKind::Gold | PieceKind::King) || kind.is_promoted()),
        }
    }
    assert_eq!(PieceKind::HAND.map(|k| k.to_string()).join(""), "PLNSGBR");
    assert_eq!(PieceKind::try_index(14), None);
    let mut seen = 0;
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            assert_eq!(Piece::try_index(piece.index()), Some(piece));
            assert!(piece.index() < Piece::NUM);
            seen += 1;
        }
    }
    assert_eq!(seen, Piece::NUM);
    assert_eq!(Piece::try_index(Piece::NUM), None);
    assert_eq!(Piece::new(Color::Black, PieceKind::ProSilver).to_string(), "+S");
    assert_eq!(Piece::new(Color::White, PieceKind::King).to_string(), "k");
}

/// The one contract `index`, `try_index`, `ALL` and `NUM` share on every indexed type, written once
/// here rather than folded into a macro of the types (their bodies are one line each; their docs and
/// examples are each type's own): `ALL` has `NUM` values in index order, `try_index` inverts `index`
/// and refuses everything from `NUM` on.
#[test]
fn every_indexed_type_lists_all_in_index_order_and_try_index_inverts_index() {
    macro_rules! check {
        ($($ty:ident),*) => {$(
            assert_eq!($ty::ALL.len(), $ty::NUM, stringify!($ty));
            for (i, value) in $ty::ALL.into_iter().enumerate() {
                assert_eq!(value.index(), i, "{}::ALL[{i}].index()", stringify!($ty));
                assert_eq!($ty::try_index(i), Some(value), "{}::try_index({i})", stringify!($ty));
            }
            for i in [$ty::NUM, $ty::NUM + 1, usize::MAX] {
                assert_eq!($ty::try_index(i), None, "{}::try_index({i})", stringify!($ty));
            }
        )*};
    }
    check!(Color, File, Rank, Square, PieceKind);
    // Piece has no ALL; its index is colour-major over PieceKind::ALL.
    for i in 0..Piece::NUM {
        let piece = Piece::try_index(i).expect("every index below Piece::NUM");
        assert_eq!(piece.index(), i);
        assert_eq!((piece.color().index(), piece.kind().index()), (i / PieceKind::NUM, i % PieceKind::NUM));
    }
    assert_eq!(Piece::try_index(usize::MAX), None);
}
