//! No silent failure (issue 8, deliverable 2): a call that cannot do what was asked returns an error
//! and changes nothing. One named test per case.

use hayanagi::{Color, PlayError, Position, UndoError};

fn sfen(text: &str) -> Position {
    Position::from_sfen(text).unwrap()
}

fn play(pos: &mut Position, usi: &str) -> hayanagi::Undo {
    let mv = pos.parse_usi_move(usi).unwrap();
    pos.play(mv).unwrap()
}

/// The case: play 7g7f, then take back 2g2f (a move never played here, its record made on
/// another copy of the start position). It used to leave the position after 7g7f with White to
/// move and return nothing.
#[test]
fn undo_refuses_the_record_of_a_move_that_was_not_played_here() {
    let mut pos = Position::startpos();
    play(&mut pos, "7g7f");
    let after = pos.clone();
    let mut other = Position::startpos();
    let foreign = play(&mut other, "2g2f");
    assert_eq!(pos.undo(foreign), Err(UndoError::NotLastMove));
    assert_eq!(pos, after);
    assert_eq!(pos.sfen().to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
}

#[test]
fn undo_refuses_the_record_of_an_earlier_move() {
    let mut pos = Position::startpos();
    let first = play(&mut pos, "7g7f");
    let second = play(&mut pos, "3c3d");
    let after = pos.clone();
    assert_eq!(pos.undo(first), Err(UndoError::NotLastMove));
    assert_eq!(pos, after);
    pos.undo(second).unwrap();
    pos.undo(first).unwrap();
    assert_eq!(pos, Position::startpos());
}

#[test]
fn undo_refuses_a_record_already_taken_back() {
    let mut pos = Position::startpos();
    let undo = play(&mut pos, "7g7f");
    pos.undo(undo).unwrap();
    assert_eq!(pos.undo(undo), Err(UndoError::NotLastMove));
    assert_eq!(pos, Position::startpos());
}

/// The ply is part of what a record names: the same board, hands and side reached again later (a
/// gold out and back by both sides) is not the position the record's move produced.
#[test]
fn undo_refuses_a_record_when_only_the_ply_differs() {
    let mut pos = Position::startpos();
    let out = play(&mut pos, "6i6h");
    for usi in ["4a4b", "6h6i", "4b4a", "6i6h"] {
        play(&mut pos, usi);
    }
    assert!(pos.same_position(&{
        let mut again = Position::startpos();
        play(&mut again, "6i6h");
        again
    }));
    assert_eq!(pos.key(), out.key_after());
    let after = pos.clone();
    assert_eq!(pos.undo(out), Err(UndoError::NotLastMove));
    assert_eq!(pos, after);
}

/// What the record cannot tell apart, documented on `Undo`: the very same position (same ply too)
/// reached by another order of moves. Undo then restores exactly the position the record was made
/// in, a real position whose key and checkers are consistent.
#[test]
fn undo_in_the_same_position_reached_another_way_restores_the_records_position() {
    let mut one = Position::startpos();
    play(&mut one, "7g7f");
    play(&mut one, "3c3d");
    let before_last = one.clone();
    let last = play(&mut one, "2g2f");
    let mut other = Position::startpos();
    for usi in ["2g2f", "3c3d", "7g7f"] {
        play(&mut other, usi);
    }
    assert_eq!(other, one);
    other.undo(last).unwrap();
    assert_eq!(other, before_last);
    assert_eq!(other.key(), other.compute_key());
}

#[test]
fn undo_unchecked_takes_back_the_last_move() {
    let mut pos = sfen("4k4/9/4p4/9/9/9/9/4R4/4K4 b - 1");
    let start = pos.clone();
    let mv = pos.parse_usi_move("5h5c+").unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(undo.mv(), mv);
    assert!(pos.in_check());
    pos.undo_unchecked(undo);
    assert_eq!(pos, start);
    assert_eq!(pos.checkers(), start.checkers());
}

/// A pass in check left the king capturable: a position `from_sfen` rejects ("the side not to move
/// is in check").
#[test]
fn pass_in_check_is_refused_and_changes_nothing() {
    let mut pos = sfen("4k4/4R4/9/9/9/9/9/9/4K4 w - 7");
    assert!(pos.in_check());
    let before = pos.clone();
    assert_eq!(pos.pass(), Err(PlayError::PassInCheck));
    assert_eq!(pos, before);
}

#[test]
fn pass_twice_restores_the_position_and_keeps_the_ply() {
    let mut pos = sfen("4k4/9/9/9/9/9/9/9/4K4 b P 7");
    pos.pass().unwrap();
    assert_eq!((pos.side_to_move(), pos.ply()), (Color::White, 7));
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(Position::from_sfen(&pos.sfen().to_string()).as_ref(), Ok(&pos));
    pos.pass().unwrap();
    assert_eq!(pos, sfen("4k4/9/9/9/9/9/9/9/4K4 b P 7"));
}

/// One answer at the ply limit for the library, a `History` (tests/sfen.rs), a USI command
/// (tests/usi.rs) and the C API (capi/tests): a move from ply `u64::MAX` is `PlyLimit`, and the
/// position is unchanged.
#[test]
fn play_at_ply_u64_max_is_refused_with_ply_limit() {
    let mut pos = sfen("4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615");
    let before = pos.clone();
    let mv = pos.parse_usi_move("5i4h").unwrap();
    assert_eq!(pos.play(mv), Err(PlayError::PlyLimit));
    assert_eq!(pos, before);
    // A pass does not count as a move: it stays possible at the limit.
    pos.pass().unwrap();
    assert_eq!(pos.ply(), u64::MAX);
}

#[test]
fn play_refuses_an_illegal_move_and_changes_nothing() {
    let mut pos = Position::startpos();
    let mv = pos.parse_usi_move("7g7f").unwrap();
    play(&mut pos, "7g7f");
    let before = pos.clone();
    assert_eq!(pos.play(mv), Err(PlayError::Illegal(mv)));
    assert_eq!(pos, before);
}

/// `play_unchecked` does not check the ply (its contract): at `u64::MAX` it wraps to 0, and the
/// record takes it back exactly.
#[test]
fn play_unchecked_at_ply_u64_max_wraps_and_undo_unchecked_restores_it() {
    let mut pos = sfen("4k4/9/9/9/9/9/9/9/4K4 b - 18446744073709551615");
    let before = pos.clone();
    let undo = pos.play_unchecked(pos.parse_usi_move("5i4h").unwrap());
    assert_eq!(pos.ply(), 0);
    pos.undo(undo).unwrap();
    assert_eq!(pos, before);
}

/// Debug builds (tests run with debug assertions) catch a broken `undo_unchecked` contract.
#[test]
#[should_panic(expected = "is not the last move played")]
fn undo_unchecked_of_a_wrong_record_is_a_debug_assertion() {
    let mut pos = Position::startpos();
    let undo = play(&mut pos, "7g7f");
    play(&mut pos, "3c3d");
    pos.undo_unchecked(undo);
}

/// A move from an empty square breaks `play_unchecked`'s contract; the position stays unchanged,
/// and so does the undo of its record.
#[test]
fn play_unchecked_of_a_move_from_an_empty_square_changes_nothing() {
    let mut pos = Position::startpos();
    let mv = hayanagi::Move::normal(hayanagi::Square::SQ_5E, hayanagi::Square::SQ_5D, false).unwrap();
    let undo = pos.play_unchecked(mv);
    assert_eq!(pos, Position::startpos());
    pos.undo(undo).unwrap();
    assert_eq!(pos, Position::startpos());
}

#[test]
fn errors_are_small_copy_values_with_messages() {
    fn is_error<E: core::error::Error + Copy + Send + Sync + 'static>(_: E) {}
    is_error(PlayError::PlyLimit);
    is_error(UndoError::NotLastMove);
    assert_eq!(PlayError::PassInCheck.to_string(), "the side to move is in check and cannot pass");
    assert_eq!(UndoError::NotLastMove.to_string(), "the undo record is not of the last move played on this position");
}
