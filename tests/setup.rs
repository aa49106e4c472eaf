//! Setting up positions by hand (`Setup`, `Relaxations`) and the standard handicap start positions.

mod common;
#[path = "common/playout.rs"]
mod playout;

use common::Rng;
use hayanagi::{
    Color, Hand, Handicap, Piece, PieceKind, Position, Relaxations, Setup, SetupError, SetupProblem, SfenErrorKind,
    Square,
};
use playout::{BIASES, playout};

fn sq(usi: &str) -> Square {
    Square::from_usi_bytes(usi.as_bytes()).unwrap()
}

fn piece(color: Color, kind: PieceKind) -> Option<Piece> {
    Some(Piece::new(color, kind))
}

/// The standard handicaps as shogi software writes them: name, Japanese name, SFEN.
const HANDICAPS: [(&str, &str, &str); 16] = [
    ("lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("right-lance", "右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("rook-lance", "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("two-pieces", "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("three-pieces", "三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("four-pieces", "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("five-pieces", "五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("left-five-pieces", "左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("six-pieces", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("left-seven-pieces", "左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("right-seven-pieces", "右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("eight-pieces", "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("ten-pieces", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("three-pawns", "歩三兵", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1"),
];

#[test]
fn every_handicap_has_its_standard_start_position() {
    assert_eq!(Handicap::ALL.len(), HANDICAPS.len());
    for (handicap, (name, japanese, sfen)) in Handicap::ALL.into_iter().zip(HANDICAPS) {
        assert_eq!(handicap.name(), name);
        assert_eq!(handicap.japanese(), japanese);
        let pos = handicap.position();
        assert_eq!(pos.sfen().to_string(), sfen, "{name}");
        assert_eq!(pos, Position::from_sfen(sfen).unwrap(), "{name}");
        assert_eq!(pos.key(), pos.compute_key());
        assert_eq!(name.parse::<Handicap>(), Ok(handicap));
        assert_eq!(japanese.parse::<Handicap>(), Ok(handicap));
        assert_eq!(Handicap::of(&pos), Some(handicap));
        assert_eq!(pos.side_to_move(), Color::White, "{name}: the giver moves first");
        assert!(!pos.legal_moves().is_empty());
        // Black always has the whole of its set; White only lacks pieces.
        let missing = handicap.setup().missing();
        assert!(!missing.is_empty());
        assert_eq!(Handicap::of(&Position::startpos()), None);
    }
}

#[test]
fn handicap_material_is_a_relaxation_that_must_be_named() {
    for handicap in Handicap::ALL {
        let setup = handicap.setup();
        let err = setup.validate(Relaxations::NONE).unwrap_err();
        assert!(
            err.problems().iter().all(|problem| matches!(problem, SetupProblem::MissingPieces { .. })),
            "{handicap}: {err}"
        );
        assert_eq!(setup.validate(Handicap::RELAXATIONS).unwrap(), handicap.position());
    }
    let err = Handicap::TwoPieces.setup().validate(Relaxations::NONE).unwrap_err();
    assert_eq!(
        err.problems(),
        [
            SetupProblem::MissingPieces { kind: PieceKind::Bishop, missing: 1 },
            SetupProblem::MissingPieces { kind: PieceKind::Rook, missing: 1 }
        ]
    );
}

/// Games from the start keep both kings and all 40 pieces: every position they reach is a game
/// position, and validating its setup gives it back.
#[test]
fn positions_of_games_round_trip_through_setup_unrelaxed() {
    let mut positions = 0;
    for (i, bias) in BIASES.into_iter().enumerate() {
        playout(&Position::startpos(), 31 * i as u64, bias, 200, |pos| {
            positions += 1;
            let setup = Setup::from(pos);
            let back = setup.validate(Relaxations::NONE).unwrap_or_else(|err| panic!("{}: {err}", pos.sfen()));
            assert_eq!(&back, pos);
            assert_eq!(back.key(), pos.key());
            assert_eq!(back.ply(), pos.ply());
            assert!(setup.missing().is_empty());
        });
    }
    for handicap in [Handicap::Lance, Handicap::SixPieces, Handicap::ThreePawns] {
        playout(&handicap.position(), 5, BIASES[1], 120, |pos| {
            positions += 1;
            assert_eq!(&Setup::from(pos).validate(Handicap::RELAXATIONS).unwrap(), pos);
        });
    }
    assert!(positions > 800, "{positions}");
}

#[test]
fn every_reason_is_listed_in_the_order_checked() {
    let mut setup = Setup::EMPTY;
    setup.set(sq("9a"), piece(Color::Black, PieceKind::Pawn)); // dead
    setup.set(sq("5e"), piece(Color::Black, PieceKind::King));
    setup.set(sq("5f"), piece(Color::Black, PieceKind::King)); // a second king
    setup.set(sq("9e"), piece(Color::Black, PieceKind::Pawn)); // nifu with 9a
    setup.set(sq("1i"), piece(Color::White, PieceKind::Knight)); // dead
    setup.hands[Color::White.index()] = Hand::EMPTY.with(PieceKind::Pawn, 17); // 19 pawns
    setup.ply = 0;
    let err = setup.validate(Relaxations::INCOMPLETE_MATERIAL).unwrap_err();
    assert_eq!(
        err.problems(),
        [
            SetupProblem::DeadPiece { piece: Piece::new(Color::Black, PieceKind::Pawn), square: sq("9a") },
            SetupProblem::Nifu { color: Color::Black, square: sq("9e") },
            SetupProblem::TwoKings { color: Color::Black, square: sq("5f") },
            SetupProblem::DeadPiece { piece: Piece::new(Color::White, PieceKind::Knight), square: sq("1i") },
            SetupProblem::TooManyPieces { kind: PieceKind::Pawn, square: None },
            SetupProblem::MissingKing { color: Color::White },
            SetupProblem::PlyZero,
        ]
    );
    assert_eq!(err.omitted(), 0);
    assert_eq!(
        err.to_string(),
        "P on 9a could never move again; a second unpromoted Black pawn on the file of 9e (nifu); \
         a second Black king on 5f; n on 1i could never move again; more than 18 pawns on the board and \
         in hand; White has no king; ply 0 (the first move is ply 1)"
    );
    // Validation changes nothing, and a failed one can be mended and validated again.
    let before = setup;
    assert!(setup.validate(Relaxations::SFEN).is_err());
    assert_eq!(setup, before);
}

#[test]
fn the_side_not_to_move_in_check_is_refused() {
    let mut setup = Setup::EMPTY;
    setup.set(sq("5a"), piece(Color::White, PieceKind::King));
    setup.set(sq("5i"), piece(Color::Black, PieceKind::King));
    setup.set(sq("5e"), piece(Color::Black, PieceKind::Rook));
    let err = setup.validate(Relaxations::SFEN).unwrap_err();
    assert_eq!(err.problems(), [SetupProblem::OpponentInCheck { king: sq("5a") }]);
    setup.side_to_move = Color::White;
    let pos = setup.validate(Relaxations::SFEN).unwrap();
    assert!(pos.in_check());
}

#[test]
fn tsume_problems_name_the_missing_king_and_give_the_rest_to_white() {
    // 1-move tsume: G*1b mates (White's king on 1a, a Black gold on 1c).
    let mut setup = Setup::EMPTY;
    setup.set(sq("1a"), piece(Color::White, PieceKind::King));
    setup.set(sq("1c"), piece(Color::Black, PieceKind::Gold));
    setup.hands[Color::Black.index()] = Hand::EMPTY.with(PieceKind::Gold, 1);
    let err = setup.validate(Relaxations::NONE).unwrap_err();
    assert_eq!(err.problems().first(), Some(&SetupProblem::MissingKing { color: Color::Black }));
    assert_eq!(err.problems().len(), 8, "{err}"); // the king and the seven kinds not all there
    setup.give_rest_to(Color::White);
    let missing = Setup::EMPTY.missing();
    assert_eq!(missing.total(), 38);
    let pos = setup.validate(Relaxations::MISSING_KINGS).unwrap();
    assert_eq!(pos.sfen().to_string(), "8k/9/8G/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
    assert_eq!(pos.hand(Color::White).total(), 38 - 2);
    let mate = pos.parse_usi_move("G*1b").unwrap();
    assert!(pos.gives_check(mate));
    // Giving the rest twice adds nothing, and a full set stays within the set.
    let mut again = setup;
    again.give_rest_to(Color::White);
    assert_eq!(again, setup);
}

#[test]
fn too_many_pieces_is_found_on_the_board_or_through_the_hands() {
    let mut setup = Setup::from(&Position::startpos());
    // A third bishop (a horse) on 5e: in reading order (rank a first) the third one met is 8h's.
    setup.set(sq("5e"), piece(Color::Black, PieceKind::Bishop.promote().unwrap()));
    let err = setup.validate(Relaxations::SFEN).unwrap_err();
    assert_eq!(err.problems(), [SetupProblem::TooManyPieces { kind: PieceKind::Bishop, square: Some(sq("8h")) }]);
    let mut setup = Setup::from(&Position::startpos());
    setup.hands[Color::White.index()] = Hand::EMPTY.with(PieceKind::Rook, 1);
    let err = setup.validate(Relaxations::SFEN).unwrap_err();
    assert_eq!(err.problems(), [SetupProblem::TooManyPieces { kind: PieceKind::Rook, square: None }]);
}

/// The SFEN of a setup, written here from the format (not the library's writer, which needs a
/// valid position).
fn sfen_of(setup: &Setup) -> String {
    let mut text = String::new();
    for row in 0..9 {
        let mut empty = 0;
        for col in 0..9 {
            match setup.board[row * 9 + col] {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    text += &piece.to_string();
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        if row < 8 {
            text.push('/');
        }
    }
    text += if setup.side_to_move == Color::Black { " b " } else { " w " };
    let mut hands = String::new();
    for color in Color::ALL {
        for kind in PieceKind::HAND.into_iter().rev() {
            let count = setup.hand(color).count(kind);
            if count > 1 {
                hands += &count.to_string();
            }
            if count > 0 {
                hands += &Piece::new(color, kind).to_string();
            }
        }
    }
    text += if hands.is_empty() { "-" } else { &hands };
    text + &format!(" {}", setup.ply)
}

/// The SFEN reader validates through `Setup::validate`: on random setups (often broken) it accepts
/// exactly what validation accepts, and its error is the first problem validation lists.
#[test]
fn sfen_reading_and_setup_validation_agree_on_random_setups() {
    let mut rng = Rng::new(0x5e7_0009);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..20_000 {
        let mut setup = Setup::EMPTY;
        for _ in 0..rng.below(24) {
            let kind = PieceKind::ALL[rng.below(14) as usize];
            let color = Color::ALL[rng.below(2) as usize];
            setup.set(rng.square(), piece(color, kind));
        }
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                if rng.below(4) == 0 {
                    setup.hands[color.index()] = setup.hand(color).with(kind, rng.below(5) as u8);
                }
            }
        }
        setup.side_to_move = Color::ALL[rng.below(2) as usize];
        setup.ply = 1 + rng.below(300);
        let text = sfen_of(&setup);
        match (Position::from_sfen(&text), setup.validate(Relaxations::SFEN)) {
            (Ok(from_text), Ok(validated)) => {
                accepted += 1;
                assert_eq!(from_text, validated, "{text}");
                assert_eq!(Setup::from(&validated), setup);
            }
            (Err(sfen), Err(problems)) => {
                rejected += 1;
                check_same_reason(&text, sfen.kind(), &problems);
            }
            (sfen, validated) => panic!("{text}: SFEN {sfen:?}, setup {validated:?}"),
        }
    }
    assert!(accepted > 1000 && rejected > 1000, "{accepted} {rejected}");
}

fn check_same_reason(text: &str, kind: SfenErrorKind, problems: &SetupError) {
    let on_board = problems.problems().iter().find(|problem| {
        !matches!(problem, SetupProblem::TooManyPieces { square: None, .. } | SetupProblem::OpponentInCheck { .. })
    });
    let expected = match on_board.or(problems.problems().first()) {
        // The hands: the entry that goes over may be of any kind listed; the reader names one of them.
        Some(SetupProblem::TooManyPieces { square: None, .. }) => {
            assert!(
                matches!(kind, SfenErrorKind::Setup(problem) if problems.problems().contains(&problem)),
                "{text}: {kind:?} vs {problems}"
            );
            return;
        }
        // On the board (or the king in check): the reader's kind is the first such problem itself.
        Some(&problem) => SfenErrorKind::Setup(problem),
        None => panic!("{text}: no problem"),
    };
    assert_eq!(kind, expected, "{text}: {problems}");
}
