"""Game records through hayanagi-records: CSA, KIF, KI2 and USI read and written, with times,
comments and the ending; errors say the line and column."""

import pytest

import hayanagi
from hayanagi import Board, GameRecord, Outcome, RecordMove

CSA = """V2.2
N+sente
N-gote
$EVENT:test
PI
+
'before the first move
+7776FU
T12
'a comment
-3334FU
T3
+8822UM
T5
%TORYO
T1
"""


def test_read_csa_moves_times_comments_ending():
    record = GameRecord.from_text(CSA)
    # Header names are the KIF ones whatever the format: N+ is 先手, $EVENT 棋戦.
    assert record.header("先手") == "sente" and ("棋戦", "test") in record.headers
    assert [m.move.usi for m in record.moves] == ["7g7f", "3c3d", "8h2b+"]
    assert [m.time_ms for m in record.moves] == [12000, 3000, 5000]
    assert record.moves[0].comments == ["a comment"]
    assert record.comments == ["before the first move"]
    assert record.outcome == Outcome("resign", winner=hayanagi.BLACK, time_ms=1000)
    assert len(record) == 3
    board = record.board()
    assert board.usi() == "startpos moves 7g7f 3c3d 8h2b+"
    assert record.board_at(1).sfen() == Board.from_usi("startpos moves 7g7f").sfen()
    with pytest.raises(IndexError):
        record.board_at(4)


@pytest.mark.parametrize("fmt", ["csa", "kif", "ki2", "usi"])
def test_write_and_read_back(fmt):
    record = GameRecord.from_text(CSA)
    again = GameRecord.from_text(record.to_text(fmt), fmt)
    assert [m.move for m in again.moves] == [m.move for m in record.moves]
    if fmt != "usi":
        assert again.outcome is not None and again.outcome.ending == "resign"
    if fmt in ("csa", "kif"):
        assert [m.time_ms for m in again.moves] == [m.time_ms for m in record.moves]


def test_shift_jis_bytes_and_files(tmp_path):
    kif = "手合割：平手\n先手：甲\n後手：乙\n   1 ７六歩(77)   ( 0:01/00:00:01)\n*コメント\n   2 ３四歩(33)\n   3 投了\n"
    record = GameRecord.from_bytes(kif.encode("cp932"))
    assert record.header("先手") == "甲"
    assert record.moves[0].comments == ["コメント"]
    assert record.outcome is not None and record.outcome.winner == hayanagi.WHITE
    path = tmp_path / "game.kif"
    record.to_file(path, "kif")
    assert GameRecord.from_file(path) == record


def test_build_a_record_from_a_board():
    board = Board.from_usi("startpos moves 2g2f 8c8d")
    record = GameRecord(board)
    record.append("2f2e", time_ms=2500, comments=["pushing"])
    record.headers = [("先手", "me"), ("後手", "you")]
    record.outcome = Outcome("time_up", winner=hayanagi.BLACK)
    text = record.to_text("csa")
    assert "N+me" in text and "+2625FU" in text and "T2.500" in text and "%TIME_UP" in text
    with pytest.raises(hayanagi.MoveError) as info:
        record.append("2e2d")  # white to move: not legal
    assert info.value.kind == "illegal"
    moves = record.moves
    moves.insert(0, RecordMove("7g7f"))
    with pytest.raises(hayanagi.MoveError) as info:
        record.moves = moves  # 7g7f then 2g2f: black twice
    assert info.value.kind == "illegal"
    assert len(record) == 3


def test_bad_records_raise_with_line_and_column():
    bad = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n"
    with pytest.raises(hayanagi.GameRecordError) as info:
        GameRecord.from_text(bad)
    err = info.value
    assert (err.line, err.column) == (6, 2)
    assert isinstance(err, hayanagi.Error) and err.kind == "csa_move"
    with pytest.raises(ValueError):
        GameRecord.from_text("x", "doc")
    with pytest.raises(ValueError):
        Outcome("resigned")
