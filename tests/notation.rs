//! CSA and Japanese (KIF / KI2) move notation: every legal move of positions from random games
//! written and read back in every style, the written KI2 checked against a reading of the rules
//! done here from the move list alone, and one named test per KI2 rule (同, 成, 不成, 打, 右, 左,
//! 上, 引, 寄, 直 and the combinations).

mod common;
#[path = "common/playout.rs"]
mod playout;

use hayanagi::{JapaneseMoveErrorKind, JapaneseStyle, Move, PieceKind, Position, Square};
use playout::{BIASES, playout};

/// The from squares of the other pieces of the mover's kind that can legally go to `mv`'s square,
/// found by scanning the move list (none of the notation code).
fn rivals(pos: &Position, mv: Move) -> Vec<Square> {
    let kind = |sq: Square| pos.piece_at(sq).map(|p| p.kind());
    let mut out: Vec<Square> = Vec::new();
    let mover_kind = mv.from().map(kind).unwrap_or(mv.drop_kind());
    for &other in pos.legal_moves().iter() {
        let Some(from) = other.from() else { continue };
        if mover_kind.is_some()
            && other.to() == mv.to()
            && kind(from) == mover_kind
            && Some(from) != mv.from()
            && !out.contains(&from)
        {
            out.push(from);
        }
    }
    out
}

fn check_position(pos: &Position, previous: Option<Square>) {
    for &mv in pos.legal_moves().iter() {
        let csa = pos.csa_move(mv).unwrap().to_string();
        assert_eq!(pos.parse_csa_move(csa.as_bytes()), Ok(mv), "{csa} in {}", pos.sfen());
        for style in [JapaneseStyle::Kif, JapaneseStyle::Ki2] {
            let text = pos.japanese_move(mv, previous, style).unwrap().to_string();
            assert_eq!(pos.parse_japanese_move(&text, previous), Ok((mv, text.len())), "{text} in {}", pos.sfen());
            if style == JapaneseStyle::Kif {
                continue;
            }
            // The rules, from the move list: a modifier (or 打) exactly when another piece of the
            // kind can go there; 不成 exactly when the other promotion choice is legal.
            let modifiers = text.chars().filter(|c| "左右直上引寄".contains(*c)).count();
            let others = rivals(pos, mv);
            if mv.is_drop() {
                assert_eq!(text.ends_with('打'), !others.is_empty(), "{text} in {}", pos.sfen());
                assert_eq!(modifiers, 0);
            } else {
                assert_eq!(modifiers > 0, !others.is_empty(), "{text} in {}", pos.sfen());
                assert!(modifiers <= 2, "{text}");
                let other_choice = Move::normal(mv.from().unwrap(), mv.to(), !mv.is_promotion()).unwrap();
                assert_eq!(text.ends_with("不成"), !mv.is_promotion() && pos.is_legal(other_choice), "{text}");
            }
        }
    }
}

#[test]
fn every_legal_move_of_random_games_round_trips_in_csa_kif_and_ki2() {
    let starts = [
        Position::startpos(),
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1".parse().unwrap(),
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1".parse().unwrap(),
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1".parse().unwrap(),
    ];
    let mut positions = 0;
    for (i, start) in starts.iter().enumerate() {
        for (j, &bias) in BIASES.iter().enumerate() {
            let mut previous: Option<Square> = None;
            let mut last: Option<Position> = None;
            playout(start, (i * 10 + j) as u64, bias, 120, |pos| {
                // The destination of the move that led here, for 同.
                if let Some(before) = &last {
                    previous = before
                        .legal_moves()
                        .iter()
                        .copied()
                        .find(|&mv| {
                            let mut after = before.clone();
                            after.play_unchecked(mv);
                            after == *pos
                        })
                        .map(|mv| mv.to());
                }
                check_position(pos, previous);
                last = Some(pos.clone());
                positions += 1;
            });
        }
    }
    assert!(positions > 1500, "{positions}");
}

fn ki2(sfen: &str, usi: &str) -> String {
    let pos: Position = sfen.parse().unwrap();
    let mv = pos.parse_usi_move(usi).unwrap();
    let text = pos.japanese_move(mv, None, JapaneseStyle::Ki2).unwrap().to_string();
    assert_eq!(pos.parse_japanese_move(&text, None), Ok((mv, text.len())));
    text
}

fn read(sfen: &str, text: &str, previous: Option<Square>) -> Result<String, JapaneseMoveErrorKind> {
    let pos: Position = sfen.parse().unwrap();
    pos.parse_japanese_move(text, previous).map(|(mv, _)| mv.to_string()).map_err(|e| e.kind())
}

// Two golds side by side behind 5八: 直 for the one straight behind, 右 for the other.
#[test]
fn ki2_straight_and_right() {
    let sfen = "4k4/9/9/9/9/9/9/9/4GG2K b - 1";
    assert_eq!(ki2(sfen, "5i5h"), "▲５八金直");
    assert_eq!(ki2(sfen, "4i5h"), "▲５八金右");
    assert_eq!(read(sfen, "▲５八金", None), Err(JapaneseMoveErrorKind::Ambiguous));
    assert_eq!(read(sfen, "▲５八金上", None), Err(JapaneseMoveErrorKind::Ambiguous));
}

#[test]
fn ki2_left_and_right() {
    let sfen = "4k4/9/9/9/9/9/9/9/3G1G2K b - 1";
    assert_eq!(ki2(sfen, "6i5h"), "▲５八金左");
    assert_eq!(ki2(sfen, "4i5h"), "▲５八金右");
}

// One gold beside the square, one below: 寄 and 上 tell them apart without 左/右.
#[test]
fn ki2_sideways_and_up() {
    let sfen = "4k4/9/9/9/9/9/9/3G5/5G2K b - 1";
    assert_eq!(ki2(sfen, "6h5h"), "▲５八金寄");
    assert_eq!(ki2(sfen, "4i5h"), "▲５八金上");
}

// One silver above the square (it goes back), one below.
#[test]
fn ki2_down_and_up() {
    let sfen = "4k4/9/9/9/9/9/3S5/9/5S2K b - 1";
    assert_eq!(ki2(sfen, "6g5h"), "▲５八銀引");
    assert_eq!(ki2(sfen, "4i5h"), "▲５八銀上");
}

// Four golds around 5八: the motion alone and the place alone both leave two, so both are written.
#[test]
fn ki2_combinations() {
    let sfen = "4k4/9/9/9/9/9/9/3G1G3/3G1G2K b - 1";
    assert_eq!(ki2(sfen, "6i5h"), "▲５八金左上");
    assert_eq!(ki2(sfen, "4i5h"), "▲５八金右上");
    assert_eq!(ki2(sfen, "6h5h"), "▲５八金左寄");
    assert_eq!(ki2(sfen, "4h5h"), "▲５八金右寄");
    assert_eq!(read(sfen, "▲５八金左", None), Err(JapaneseMoveErrorKind::Ambiguous));
}

// Left and right are the mover's: for White they are mirrored.
#[test]
fn ki2_white_sees_left_and_right_from_its_side() {
    let sfen = "k2g1g3/9/9/9/9/9/9/9/4K4 w - 1";
    assert_eq!(ki2(sfen, "6a5b"), "△５二金右");
    assert_eq!(ki2(sfen, "4a5b"), "△５二金左");
}

// 龍 and 馬 never take 直: the one straight behind is 左 or 右.
#[test]
fn ki2_horse_and_dragon_use_left_and_right_not_straight() {
    let sfen = "4k4/9/9/9/9/9/9/9/4+B+B2K b - 1";
    assert_eq!(ki2(sfen, "5i5h"), "▲５八馬左");
    assert_eq!(ki2(sfen, "4i5h"), "▲５八馬右");
    let sfen = "k8/9/9/9/8+R/9/9/9/4+R3K b - 1";
    assert_eq!(ki2(sfen, "5i5e"), "▲５五龍上");
    assert_eq!(ki2(sfen, "1e5e"), "▲５五龍寄");
    assert_eq!(read(sfen, "▲５五竜上", None).unwrap(), "5i5e");
}

#[test]
fn ki2_promotion_non_promotion_and_drops() {
    let sfen = "4k4/9/9/7S1/9/9/9/9/4K4 b G 1";
    assert_eq!(ki2(sfen, "2d2c+"), "▲２三銀成");
    assert_eq!(ki2(sfen, "2d2c"), "▲２三銀不成");
    assert_eq!(ki2(sfen, "G*5h"), "▲５八金");
    // A gold on the board that could also go there: the drop says 打.
    let sfen = "4k4/9/9/9/9/9/9/9/3G4K b G 1";
    assert_eq!(ki2(sfen, "G*5h"), "▲５八金打");
    assert_eq!(ki2(sfen, "6i5h"), "▲５八金");
    let pos: Position = sfen.parse().unwrap();
    let kif =
        |usi: &str| pos.japanese_move(pos.parse_usi_move(usi).unwrap(), None, JapaneseStyle::Kif).unwrap().to_string();
    assert_eq!(kif("G*5h"), "５八金打");
    assert_eq!(kif("6i5h"), "５八金(69)");
}

// KIF leaves 不成 out (the from square is exact) but reads it, and reads the usual variants.
#[test]
fn kif_reading_variants() {
    let sfen = "4k4/9/9/7S1/9/9/9/9/4K4 b G 1";
    let pos: Position = sfen.parse().unwrap();
    let mv = pos.parse_usi_move("2d2c").unwrap();
    assert_eq!(pos.japanese_move(mv, None, JapaneseStyle::Kif).unwrap().to_string(), "２三銀(24)");
    assert_eq!(read(sfen, "２三銀不成(24)", None).unwrap(), "2d2c");
    assert_eq!(read(sfen, "２三銀生(24)", None).unwrap(), "2d2c");
    assert_eq!(read(sfen, "23銀成(24)", None).unwrap(), "2d2c+");
    assert_eq!(read(sfen, "２三銀成(25)", None), Err(JapaneseMoveErrorKind::NoSuchMove));
    assert_eq!(read(sfen, "同　銀(24)", Some(Square::SQ_2C)).unwrap(), "2d2c");
    assert_eq!(read(sfen, "同銀不成", Some(Square::SQ_2C)).unwrap(), "2d2c");
    assert_eq!(read(sfen, "同銀", None), Err(JapaneseMoveErrorKind::NoPreviousMove));
    assert_eq!(read(sfen, "５八王(59)", None).unwrap(), "5i5h");
    // "(00)" marks a drop, after 打 or instead of it (電竜戦 KIF: `３三角打(00)`).
    assert_eq!(read(sfen, "５八金(00)", None).unwrap(), "G*5h");
    assert_eq!(read(sfen, "５八金打(00)", None).unwrap(), "G*5h");
    assert_eq!(read(sfen, "５八金打(58)", None), Err(JapaneseMoveErrorKind::FromSquare));
    assert_eq!(read(sfen, "５八金(5)", None), Err(JapaneseMoveErrorKind::FromSquare));
    // Spaces before the from square (`同銀　(79)`), not before a time field.
    assert_eq!(read(sfen, "２三銀　(24)", None).unwrap(), "2d2c");
    // A move the text names exactly but the rules forbid is named, for the caller to explain.
    let b_drop = Move::drop(PieceKind::Bishop, Square::SQ_5H).unwrap();
    assert_eq!(read(sfen, "５八角打", None), Err(JapaneseMoveErrorKind::Illegal(b_drop)));
    assert_eq!(read(sfen, "△５八金打", None), Err(JapaneseMoveErrorKind::WrongSide));
    assert_eq!(read(sfen, "５十金打", None), Err(JapaneseMoveErrorKind::Destination));
    assert_eq!(read(sfen, "５八x", None), Err(JapaneseMoveErrorKind::Piece));
}
