//! The traits and names users expect (issue 8, deliverable 3): every value a user types or prints
//! reads back what it prints; `Position`'s equality, hash and diagram; `MoveList` as a slice.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};

use hayanagi::{
    Color, Hand, Move, MoveList, MoveListFull, ParseError, Piece, PieceKind, Position, SfenErrorKind, SfenField, Square,
};

#[test]
fn every_square_reads_back_what_it_prints() {
    for square in Square::ALL {
        let text = square.to_string();
        assert_eq!(text.parse(), Ok(square));
        assert_eq!(Square::from_usi(&text), Ok(square));
        assert_eq!(Square::from_usi_bytes(text.as_bytes()), Ok(square));
    }
}

#[test]
fn colors_read_their_names_and_sfen_letters() {
    for color in Color::ALL {
        assert_eq!(color.to_string().parse(), Ok(color));
        assert_eq!(format!("{color:#}").parse(), Ok(color));
        assert_eq!(format!("{color:#}"), color.to_sfen().to_string());
    }
    for bad in ["", "B", "W", "Black", "bw", " b"] {
        assert_eq!(bad.parse::<Color>(), Err(ParseError::Color), "{bad:?}");
    }
}

#[test]
fn every_piece_kind_and_piece_reads_back_what_it_prints() {
    for kind in PieceKind::ALL {
        assert_eq!(kind.to_string().parse(), Ok(kind));
        for color in Color::ALL {
            let piece = Piece::new(color, kind);
            assert_eq!(piece.to_string().parse(), Ok(piece), "{piece}");
        }
    }
    // A kind is written in Black's letters; a piece's case is its colour.
    assert_eq!("p".parse::<PieceKind>(), Err(ParseError::PieceKind));
    assert_eq!("p".parse(), Ok(Piece::new(Color::White, PieceKind::Pawn)));
    for bad in ["", "+", "+G", "+K", "+g", "X", "PP", "++P", "P+"] {
        assert_eq!(bad.parse::<PieceKind>(), Err(ParseError::PieceKind), "{bad:?}");
        assert_eq!(bad.parse::<Piece>(), Err(ParseError::Piece), "{bad:?}");
    }
}

#[test]
fn hands_read_back_what_they_print() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        let mut hand = Hand::EMPTY;
        for (kind, most) in PieceKind::HAND.into_iter().zip([18, 4, 4, 4, 4, 2, 2]) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            hand = hand.with(kind, (seed % (most as u64 + 1)) as u8);
        }
        assert_eq!(hand.to_string().parse(), Ok(hand), "{hand}");
    }
    // Any order, as in SFEN.
    assert_eq!("P2GR".parse::<Hand>().unwrap().to_string(), "R2GP");
}

#[test]
fn hand_text_errors_are_the_sfen_hands_errors() {
    let kind = |text: &str| text.parse::<Hand>().unwrap_err().kind();
    assert_eq!(kind(""), SfenErrorKind::EmptyField);
    assert_eq!(kind("0P"), SfenErrorKind::HandZeroCount);
    assert_eq!(kind("02P"), SfenErrorKind::HandLeadingZero);
    assert_eq!(kind("2"), SfenErrorKind::HandCountWithoutPiece);
    assert_eq!(kind("+P"), SfenErrorKind::HandPromoted);
    assert_eq!(kind("K"), SfenErrorKind::HandKing);
    assert_eq!(kind("PP"), SfenErrorKind::HandRepeated { piece: Piece::new(Color::Black, PieceKind::Pawn) });
    assert_eq!(kind("P-"), SfenErrorKind::HandDash);
    assert_eq!(
        kind("3B"),
        SfenErrorKind::Setup(hayanagi::SetupProblem::TooManyPieces { kind: PieceKind::Bishop, square: None })
    );
    assert_eq!(
        kind("300P"),
        SfenErrorKind::Setup(hayanagi::SetupProblem::TooManyPieces { kind: PieceKind::Pawn, square: None })
    );
    assert_eq!(kind("R\n"), SfenErrorKind::NonPrintable { byte: b'\n' });
    let err = "R2p".parse::<Hand>().unwrap_err();
    assert_eq!(
        (err.field(), err.offset(), err.kind()),
        (SfenField::Hands, 1, SfenErrorKind::UnknownPiece { byte: b'p' })
    );
}

#[test]
fn every_move_code_reads_back_what_it_prints() {
    let mut count = 0;
    for bits in 0..=u16::MAX {
        let Some(mv) = Move::from_bits(bits) else { continue };
        let text = mv.to_string();
        assert_eq!(text.parse(), Ok(mv), "{text}");
        assert_eq!(Move::from_usi(&text), Ok(mv));
        count += 1;
    }
    // 81 x 80 board moves, with and without promotion, and 7 x 81 drops.
    assert_eq!(count, 81 * 80 * 2 + 7 * 81);
    assert!("7g7".parse::<Move>().is_err());
}

#[test]
fn position_display_is_a_diagram_and_alternate_is_the_sfen() {
    let pos = Position::from_sfen("8k/9/6NG1/9/9/9/9/9/4K4 b G2Pp 1").unwrap();
    let diagram = pos.to_string();
    assert!(diagram.starts_with("white hand: P\n  9  8  7  6  5  4  3  2  1\n"), "{diagram}");
    assert!(diagram.contains("\n  .  .  .  .  .  .  N  G  .  c\n"), "{diagram}");
    assert!(diagram.ends_with("black hand: G2P\nblack to move, ply 1\n"), "{diagram}");
    assert_eq!(diagram.lines().count(), 13); // 2 hands, files, 9 ranks, side and ply
    assert_eq!(format!("{pos:#}"), "8k/9/6NG1/9/9/9/9/9/4K4 b G2Pp 1");
    assert_eq!(format!("{:?}", pos.sfen()), "Sfen(\"8k/9/6NG1/9/9/9/9/9/4K4 b G2Pp 1\")");
}

/// `==` counts the ply; `same_position` does not; `Hash` agrees with `==`.
#[test]
fn position_equality_counts_the_ply_and_hash_agrees() {
    let start = Position::startpos();
    let later: Position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5".parse().unwrap();
    assert_ne!(start, later);
    assert!(start.same_position(&later));
    let hasher = RandomState::new();
    let mut reached = Position::from_usi_position("startpos moves 6i6h 4a4b 6h6i 4b4a").unwrap();
    assert_eq!(reached, later);
    assert_eq!(hasher.hash_one(&reached), hasher.hash_one(&later));
    let mut set = HashSet::new();
    set.insert(start.clone());
    set.insert(later.clone());
    set.insert(reached.clone());
    assert_eq!(set.len(), 2);
    reached.pass().unwrap();
    assert!(set.insert(reached));
}

#[test]
fn move_list_behaves_like_a_slice() {
    let pos = Position::startpos();
    let mut moves = pos.legal_moves();
    moves.sort();
    assert!(moves.windows(2).all(|pair| pair[0] < pair[1]));
    moves.reverse();
    let last = moves[moves.len() - 1];
    moves[0] = last;
    assert_eq!(moves.first(), moves.last());
    for mv in &mut moves {
        if !mv.is_promotion() {
            *mv = last;
        }
    }
    assert!(moves.iter().all(|&mv| mv == last));
    let second = moves[1];
    moves.fill(second);
    let by_value: Vec<Move> = pos.legal_moves().into_iter().rev().collect();
    let mut forward: Vec<Move> = pos.legal_moves().iter().copied().collect();
    forward.reverse();
    assert_eq!(by_value, forward);
    let mut iter = pos.legal_moves().into_iter();
    assert_eq!(iter.len(), 30);
    iter.next();
    iter.next_back();
    assert_eq!(iter.len(), 28);
}

#[test]
fn a_full_move_list_refuses_more_and_says_so() {
    let mv = Move::normal(Square::SQ_7G, Square::SQ_7F, false).unwrap();
    let mut list = MoveList::try_from(&[mv; MoveList::CAPACITY - 1][..]).unwrap();
    assert_eq!(list.try_push(mv), Ok(()));
    assert_eq!(list.try_push(mv), Err(MoveListFull));
    assert_eq!(list.len(), MoveList::CAPACITY);
    let mut list = MoveList::new();
    assert_eq!(list.try_extend(std::iter::repeat_n(mv, MoveList::CAPACITY + 5)), Err(MoveListFull));
    assert_eq!(list.len(), MoveList::CAPACITY);
}

#[test]
fn moved_and_captured_piece_read_the_move_in_its_position() {
    let pos = Position::from_sfen("4k4/9/4p4/9/9/9/9/4R4/4K4 b G 1").unwrap();
    let capture = pos.parse_usi_move("5h5c+").unwrap();
    assert_eq!(pos.moved_piece(capture), Some(Piece::new(Color::Black, PieceKind::Rook)));
    assert_eq!(pos.captured_piece(capture), Some(Piece::new(Color::White, PieceKind::Pawn)));
    let drop = pos.parse_usi_move("G*5b").unwrap();
    assert_eq!((drop.from(), drop.drop_kind()), (None, Some(PieceKind::Gold)));
    assert_eq!(pos.moved_piece(drop), Some(Piece::new(Color::Black, PieceKind::Gold)));
    assert_eq!(pos.captured_piece(drop), None);
    // Not held, or from an empty square: no piece.
    assert_eq!(pos.moved_piece(Move::drop(PieceKind::Pawn, Square::SQ_5D).unwrap()), None);
    assert_eq!(pos.moved_piece(Move::normal(Square::SQ_1A, Square::SQ_1B, false).unwrap()), None);
}

/// Asserts that `value` prints as text its `FromStr` reads back to `value`.
#[track_caller]
fn reads_back<T>(value: T)
where
    T: std::fmt::Display + std::str::FromStr + PartialEq + std::fmt::Debug,
    T::Err: std::fmt::Debug,
{
    let text = value.to_string();
    assert_eq!(text.parse::<T>().map_err(|e| format!("{e:?}")), Ok(value), "{text:?}");
}

/// Issue 16: every `Display` of a public value parses back — by its own `FromStr` for the values,
/// by the position's reader for the moves and lines written in a position. The one exception is
/// `Position`'s plain `Display`, a board diagram for people; its `{:#}` (the SFEN) reads back.
#[test]
fn every_display_of_a_public_value_parses_back() {
    use hayanagi::{
        Bitboard, DeclarationFailures, File, Handicap, JapaneseStyle, MoveFilter, PackedFormat, Rank, Status,
    };
    (0..=u16::MAX).filter_map(Move::from_bits).for_each(reads_back);
    Square::ALL.into_iter().for_each(reads_back);
    File::ALL.into_iter().for_each(reads_back);
    Rank::ALL.into_iter().for_each(reads_back);
    Color::ALL.into_iter().for_each(reads_back);
    PieceKind::ALL.into_iter().for_each(reads_back);
    (0..Piece::NUM).filter_map(Piece::try_index).for_each(reads_back);
    Status::ALL.into_iter().for_each(reads_back);
    MoveFilter::ALL.into_iter().for_each(reads_back);
    [PackedFormat::Hcp, PackedFormat::PackedSfen].into_iter().for_each(reads_back);
    Handicap::ALL.into_iter().for_each(reads_back);
    let flags = [
        DeclarationFailures::KING_NOT_IN_CAMP,
        DeclarationFailures::TOO_FEW_PIECES,
        DeclarationFailures::IN_CHECK,
        DeclarationFailures::TOO_FEW_POINTS,
    ];
    for bits in 0..16usize {
        let set = (0..4).filter(|i| bits >> i & 1 == 1).fold(DeclarationFailures::NONE, |set, i| set.union(flags[i]));
        reads_back(set);
    }
    let mut hand = Hand::EMPTY;
    for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
        reads_back(hand);
        hand = hand.with(kind, [18, 4, 3, 2, 1, 2, 1][i]);
    }
    reads_back(hand);
    for square in Square::ALL {
        reads_back(Bitboard::from_square(square));
        reads_back(hayanagi::step_attacks(Color::Black, PieceKind::King, square));
    }
    reads_back(Bitboard::EMPTY);
    reads_back(Bitboard::FULL);

    // Positions, and what is written about a move in its position.
    let mut pos = Position::startpos();
    let mut previous = None;
    for ply in 0..120 {
        assert_eq!(format!("{pos:#}").parse::<Position>().as_ref(), Ok(&pos));
        assert_eq!(Position::from_sfen(&pos.sfen().to_string()).as_ref(), Ok(&pos));
        let moves = pos.legal_moves();
        let Some(&mv) = moves.get((ply * 7919) % moves.len().max(1)) else { break };
        for mv in moves.iter().copied() {
            let csa = pos.csa_move(mv).unwrap().to_string();
            assert_eq!(pos.parse_csa_move(csa.as_bytes()).ok(), Some(mv), "{csa}");
            for style in [JapaneseStyle::Kif, JapaneseStyle::Ki2] {
                let text = pos.japanese_move(mv, previous, style).unwrap().to_string();
                assert_eq!(pos.parse_japanese_move(&text, previous).map(|(m, _)| m).ok(), Some(mv), "{text}");
            }
        }
        if let Some(line) = pos.mate_in_3() {
            let mut after = pos.clone();
            after.play_usi_moves(&line.to_string()).unwrap();
        }
        pos.play(mv).unwrap();
        previous = Some(mv.to());
    }
}
