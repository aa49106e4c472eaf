//! Game status (docs/RULES.md R44–R48, R60): one named test per rule, each with its position.

#[path = "common/judge.rs"]
mod judge;

use hayanagi::{Entry, History, HistoryError, Move, Position, Status};

fn sfen(text: &str) -> Position {
    Position::from_sfen(text).unwrap_or_else(|err| panic!("{text}: {err}"))
}

fn usi(pos: &Position, text: &str) -> Move {
    pos.parse_usi_move(text).unwrap_or_else(|err| panic!("{text} in {}: {err}", pos.sfen()))
}

/// Plays `moves` (USI, space-separated) through `history`, checking the status before each move:
/// the game must go on until the last one.
fn play_all<S: AsRef<[Entry]> + AsMut<[Entry]>>(history: &mut History<S>, pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        assert_eq!(history.status(pos), Ok(Status::None), "before {text} in {}", pos.sfen());
        let mv = usi(pos, text);
        history.play(pos, mv).unwrap_or_else(|err| panic!("{text} in {}: {err}", pos.sfen()));
    }
}

/// Both golds step aside and back: four plies that return to the same position.
const GOLD_SHUFFLE: &str = "6i6h 4a4b 6h6i 4b4a";

#[test]
fn status_display_is_the_documented_spelling() {
    let spelled: Vec<String> = Status::ALL.iter().map(|status| status.to_string()).collect();
    assert_eq!(
        spelled,
        ["none", "mate", "no_moves", "draw_repetition", "win_perpetual_check", "loss_perpetual_check", "draw_max_ply"]
    );
    assert!(Status::ALL.iter().all(|&status| status.is_over() == (status != Status::None)));
}

#[test]
fn mate_head_gold() {
    // White king on 5a, Black pawn on 5c; Black drops the gold on the king's head (頭金).
    //   . . . . k . . . .
    //   . . . . G . . . .   <- dropped, protected by the pawn
    //   . . . . P . . . .
    let mut pos = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let mut history = History::new([Entry::EMPTY; 4]);
    assert_eq!(pos.status(), Status::None);
    let mv = usi(&pos, "G*5b");
    history.play(&mut pos, mv).unwrap();
    assert!(pos.in_check());
    assert_eq!(pos.legal_moves().len(), 0);
    assert_eq!(pos.status(), Status::Mate);
    assert_eq!(history.status(&pos), Ok(Status::Mate));

    // The same gold without the pawn behind it is simply taken.
    let pos = sfen("4k4/4G4/9/9/9/9/9/9/4K4 w - 2");
    assert!(pos.in_check());
    assert_eq!(pos.status(), Status::None);
}

#[test]
fn no_moves_cornered_king_not_in_check() {
    // White's only piece is its king on 1a; Black's gold on 3a guards 2a and its silver on 2c guards
    // 2b and 1b. White is not in check and cannot move.
    let pos = sfen("6G1k/9/7S1/9/9/9/9/9/4K4 w - 1");
    assert!(!pos.in_check());
    assert_eq!(pos.legal_moves().len(), 0);
    assert_eq!(pos.status(), Status::NoMoves);
    assert_eq!(History::new([Entry::EMPTY; 1]).status(&pos), Ok(Status::NoMoves));

    // Without the gold, 2a is free.
    let pos = sfen("8k/9/7S1/9/9/9/9/9/4K4 w - 1");
    assert_eq!(pos.status(), Status::None);
}

#[test]
fn four_fold_repetition_is_a_draw() {
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 32]);
    play_all(&mut history, &mut pos, GOLD_SHUFFLE);
    play_all(&mut history, &mut pos, GOLD_SHUFFLE);
    play_all(&mut history, &mut pos, GOLD_SHUFFLE);
    // The start position, Black to move, for the fourth time (plies 0, 4, 8 and 12).
    assert_eq!(pos.sfen().to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 13");
    assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));

    // Any position repeats the same way: after one more move, the position after 6i6h is there
    // for the fourth time too.
    let mv = usi(&pos, "6i6h");
    history.play(&mut pos, mv).unwrap();
    assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
    // Taking it back returns to the fourth occurrence of the start position.
    assert_eq!(history.undo(&mut pos), Ok(mv));
    assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
    // And one more takes back the repetition.
    history.undo(&mut pos).unwrap();
    assert_eq!(history.status(&pos), Ok(Status::None));
}

#[test]
fn three_fold_repetition_is_not_enough() {
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 32]);
    play_all(&mut history, &mut pos, GOLD_SHUFFLE);
    play_all(&mut history, &mut pos, GOLD_SHUFFLE);
    // The start position for the third time.
    assert_eq!(history.len(), 8);
    assert_eq!(history.status(&pos), Ok(Status::None));
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // Black's king walks a triangle (5i5h 5h4h 4h5i, three moves) while White's gold steps 4a4b and
    // back (two moves): the start board returns every five plies, with the side to move alternating.
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 32]);
    let start_board = |pos: &Position| pos.sfen().to_string().split(' ').take(3).collect::<Vec<_>>().join(" ");
    let mut seen = Vec::new();
    for chunk in ["5i5h 4a4b 5h4h 4b4a 4h5i", "4a4b 5i5h 4b4a 5h4h 4a4b 4h5i 4b4a", "5i5h 4a4b 5h4h 4b4a 4h5i"] {
        play_all(&mut history, &mut pos, chunk);
        seen.push(start_board(&pos));
    }
    // The start board at plies 0 (Black to move), 5 (White), 12 (Black) and 17 (White): four times,
    // but only twice with the same side to move.
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    assert_eq!(seen, [format!("{board} w -"), format!("{board} b -"), format!("{board} w -")]);
    assert_eq!(history.len(), 17);
    assert_eq!(history.status(&pos), Ok(Status::None));
}

#[test]
fn repetition_found_through_push_from_the_usi_parser() {
    let mut storage = [Entry::EMPTY; 16];
    let mut history = History::new(&mut storage[..]);
    let mut refused = None;
    let moves = [GOLD_SHUFFLE; 3].join(" ");
    let pos = Position::from_usi_position_with(&format!("position startpos moves {moves}"), |after, undo| {
        refused = refused.or(history.push(after, undo).err());
    })
    .unwrap();
    assert_eq!(refused, None);
    assert_eq!(history.len(), 12);
    assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
    let played: Vec<String> = history.moves().map(|mv| mv.to_string()).collect();
    assert_eq!(played.join(" "), moves);
}

// Perpetual check (連続王手の千日手). White's king walks between 1a and 1b; Black's dragon follows it
// on the 3-file, checking along rank a and rank b in turn:
//   3b3a+ (check) 1a1b  3a3b+ (check) 1b1a
// Black to move, dragon on 3b, king on 1a:
const DRAGON_CHASE: &str = "8k/6+R2/9/9/9/9/9/9/4K4 b - 1";
const CHASE: &str = "3b3a 1a1b 3a3b 1b1a";

#[test]
fn perpetual_check_loses_for_the_checking_side_to_move() {
    let mut pos = sfen(DRAGON_CHASE);
    let mut history = History::new([Entry::EMPTY; 16]);
    for _ in 0..3 {
        play_all(&mut history, &mut pos, CHASE);
    }
    // Fourth occurrence with Black to move; every Black move since the first one gave check.
    assert_eq!(pos.ply(), 13);
    assert_eq!(history.status(&pos), Ok(Status::LossPerpetualCheck));
    assert!(history.entries().iter().step_by(2).all(|entry| entry.gave_check()));
    assert!(history.entries().iter().skip(1).step_by(2).all(|entry| !entry.gave_check()));
}

#[test]
fn perpetual_check_wins_for_the_side_in_check() {
    // The same chase seen from White: the dragon has just checked on 3a, White to move.
    let mut pos = sfen("6+R1k/9/9/9/9/9/9/9/4K4 w - 1");
    assert!(pos.in_check());
    let mut history = History::new([Entry::EMPTY; 16]);
    for _ in 0..3 {
        play_all(&mut history, &mut pos, "1a1b 3a3b 1b1a 3b3a");
    }
    assert_eq!(history.status(&pos), Ok(Status::WinPerpetualCheck));
}

#[test]
fn repetition_with_one_quiet_move_among_the_checks_is_a_plain_draw() {
    let mut pos = sfen(DRAGON_CHASE);
    let mut history = History::new([Entry::EMPTY; 32]);
    // A detour back to the same position with one quiet move: 3b4b does not check.
    play_all(&mut history, &mut pos, "3b4b 1a2a 4b3b 2a1a");
    assert!(!history.entries()[0].gave_check());
    play_all(&mut history, &mut pos, CHASE);
    play_all(&mut history, &mut pos, CHASE);
    // Fourth occurrence (plies 0, 4, 8, 12); since the first, one Black move was not a check.
    assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
}

#[test]
fn perpetual_check_counts_from_the_earliest_of_the_last_four_occurrences() {
    // The quiet detour, then the chase until the fourth occurrence: a plain draw, as above. If the
    // game goes on anyway, the fifth occurrence counts the last four, since the detour: only checks.
    let mut pos = sfen(DRAGON_CHASE);
    let mut history = History::new([Entry::EMPTY; 32]);
    play_all(&mut history, &mut pos, "3b4b 1a2a 4b3b 2a1a");
    play_all(&mut history, &mut pos, CHASE);
    play_all(&mut history, &mut pos, CHASE);
    assert_eq!(history.status(&pos), Ok(Status::DrawRepetition));
    for text in CHASE.split_whitespace() {
        let mv = usi(&pos, text);
        history.play(&mut pos, mv).unwrap();
    }
    assert_eq!(history.len(), 16);
    assert_eq!(history.status(&pos), Ok(Status::LossPerpetualCheck));
}

#[test]
fn max_ply_draw_only_when_asked() {
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 8]);
    play_all(&mut history, &mut pos, "7g7f 3c3d 2g2f");
    // Three moves played: the next move is number 4.
    assert_eq!(pos.ply(), 4);
    assert_eq!(history.status(&pos), Ok(Status::None));
    assert_eq!(history.status_with_max_ply(&pos, None), Ok(Status::None));
    assert_eq!(history.status_with_max_ply(&pos, Some(4)), Ok(Status::None));
    assert_eq!(history.status_with_max_ply(&pos, Some(3)), Ok(Status::DrawMaxPly));
    assert_eq!(history.status_with_max_ply(&pos, Some(0)), Ok(Status::DrawMaxPly));
    assert_eq!(history.status_with_max_ply(&pos, Some(u64::MAX)), Ok(Status::None));
}

#[test]
fn mate_on_the_last_allowed_move_is_mate_not_a_max_ply_draw() {
    let mut pos = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 9");
    let mut history = History::new([Entry::EMPTY; 4]);
    let mate = usi(&pos, "G*5b");
    history.play(&mut pos, mate).unwrap();
    assert_eq!(history.status_with_max_ply(&pos, Some(9)), Ok(Status::Mate));
    history.undo(&mut pos).unwrap();
    let quiet = usi(&pos, "G*5d");
    history.play(&mut pos, quiet).unwrap();
    assert_eq!(history.status_with_max_ply(&pos, Some(9)), Ok(Status::DrawMaxPly));
}

#[test]
fn repetition_on_the_last_allowed_move_is_a_repetition_not_a_max_ply_draw() {
    let mut pos = sfen(DRAGON_CHASE);
    let mut history = History::new([Entry::EMPTY; 16]);
    for _ in 0..3 {
        play_all(&mut history, &mut pos, CHASE);
    }
    assert_eq!(history.status_with_max_ply(&pos, Some(12)), Ok(Status::LossPerpetualCheck));
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 16]);
    for _ in 0..3 {
        play_all(&mut history, &mut pos, GOLD_SHUFFLE);
    }
    assert_eq!(history.status_with_max_ply(&pos, Some(12)), Ok(Status::DrawRepetition));
}

#[test]
fn history_full_is_an_error_and_changes_nothing() {
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 2]);
    assert_eq!(history.capacity(), 2);
    play_all(&mut history, &mut pos, "7g7f 3c3d");
    let before = pos.clone();
    let mv = usi(&pos, "2g2f");
    assert_eq!(history.play(&mut pos, mv), Err(HistoryError::Full { capacity: 2 }));
    assert_eq!(pos, before);
    assert_eq!(history.len(), 2);
    assert_eq!(history.status(&pos), Ok(Status::None));

    // push too, with a borrowed buffer; and a buffer of no entries at all.
    let mut buffer = [Entry::EMPTY; 1];
    let mut borrowed = History::new(&mut buffer[..]);
    let mut pos = Position::startpos();
    let undo = pos.play(usi(&pos, "7g7f")).unwrap();
    assert_eq!(borrowed.push(&pos, undo), Ok(()));
    let mv = usi(&pos, "3c3d");
    let undo = pos.play(mv).unwrap();
    assert_eq!(borrowed.push(&pos, undo), Err(HistoryError::Full { capacity: 1 }));
    assert_eq!(borrowed.len(), 1);
    let mut none: History<[Entry; 0]> = History::default();
    let mut pos = Position::startpos();
    let mv = usi(&pos, "7g7f");
    assert_eq!(none.play(&mut pos, mv), Err(HistoryError::Full { capacity: 0 }));
    assert_eq!(pos, Position::startpos());
    assert_eq!(HistoryError::Full { capacity: 2 }.to_string(), "history full: all 2 entries are used");
}

#[test]
fn illegal_moves_and_foreign_positions_are_refused() {
    let mut pos = Position::startpos();
    let mut history = History::new([Entry::EMPTY; 8]);
    // A pawn cannot move two squares.
    let jump = Move::normal(hayanagi::Square::SQ_7G, hayanagi::Square::SQ_7E, false).unwrap();
    assert_eq!(history.play(&mut pos, jump), Err(HistoryError::IllegalMove(jump)));
    assert_eq!((history.len(), &pos), (0, &Position::startpos()));
    assert_eq!(HistoryError::IllegalMove(jump).to_string(), "illegal move 7g7e");

    play_all(&mut history, &mut pos, "7g7f");
    // A position the history has not reached is refused by every method that takes one.
    let mut other = Position::startpos();
    let expected = pos.key();
    let found = other.key();
    let mismatch = HistoryError::NotCurrent { expected, found };
    assert_eq!(history.status(&other), Err(mismatch));
    assert_eq!(history.play(&mut other, usi(&Position::startpos(), "2g2f")), Err(mismatch));
    assert_eq!(history.undo(&mut other), Err(mismatch));
    assert_eq!(other, Position::startpos());
    assert_eq!(history.len(), 1);
    assert!(mismatch.to_string().starts_with("the position is not the one the history reached"));

    // Taken back to its start, a history still knows it; cleared, it takes any position as its start.
    history.undo(&mut pos).unwrap();
    assert_eq!(history.undo(&mut pos), Err(HistoryError::Empty));
    let mut other = sfen(DRAGON_CHASE);
    let check = usi(&other, "3b3a");
    assert!(matches!(history.play(&mut other, check), Err(HistoryError::NotCurrent { .. })));
    history.clear();
    let mut other = sfen(DRAGON_CHASE);
    play_all(&mut history, &mut other, "3b3a");
    assert_eq!(history.len(), 1);
}

/// Random games that often step back and forth (and often check), judged at every move by the
/// history and by the from-scratch oracle above.
#[test]
fn random_repeating_games_agree_with_a_from_scratch_judge() {
    let starts = [
        "4k4/9/9/9/9/9/9/9/R3K4 b - 1",
        "3gkg3/9/9/9/9/9/9/9/3GKG3 b - 1",
        "4k4/9/4P4/9/9/9/9/9/4K4 b RG 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut seen = [0usize; 7];
    for (s, start) in starts.iter().enumerate() {
        for game in 0..40 {
            let mut pos = sfen(start);
            let mut positions = vec![pos.clone()];
            let mut texts = vec![judge::text(&pos)];
            let mut moves: Vec<Move> = Vec::new();
            let mut history = History::new([Entry::EMPTY; 128]);
            for _ in 0..100 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                // Step back the piece this side moved last time, if that is legal and undoes it.
                let back = moves.len().checked_sub(2).and_then(|i| moves[i].from().map(|from| (from, moves[i].to())));
                let back = back.and_then(|(from, to)| {
                    legal.iter().copied().find(|m| m.from() == Some(to) && m.to() == from && !m.is_promotion())
                });
                let checks: Vec<Move> = legal.iter().copied().filter(|&m| pos.gives_check(m)).collect();
                // In odd games the side that moved first checks whenever it can (perpetual check).
                let checker = game % 2 == 1 && pos.side_to_move() == positions[0].side_to_move();
                let mv = match (back, random(10)) {
                    (Some(mv), _) if checker && checks.contains(&mv) => mv,
                    _ if checker && !checks.is_empty() => checks[random(checks.len())],
                    (Some(mv), 0..=5) => mv,
                    (_, 6..=7) if !checks.is_empty() => checks[random(checks.len())],
                    _ => legal[random(legal.len())],
                };
                history.play(&mut pos, mv).unwrap();
                moves.push(mv);
                positions.push(pos.clone());
                texts.push(judge::text(&pos));
                let expected = judge::status(&positions, &texts);
                assert_eq!(history.status(&pos), Ok(expected), "start {s}, game {game}, after {moves:?}");
                seen[expected as usize] += 1;
                if expected != Status::None {
                    break;
                }
            }
        }
    }
    // The games reach repetitions and perpetual checks, not only quiet play.
    eprintln!("statuses seen (none, mate, no_moves, repetition, win, loss, max ply): {seen:?}");
    assert!(seen[Status::DrawRepetition as usize] > 10, "{seen:?}");
    assert!(seen[Status::WinPerpetualCheck as usize] > 0 && seen[Status::LossPerpetualCheck as usize] > 0, "{seen:?}");
}
