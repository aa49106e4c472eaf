"""Game records through hayanagi-records: CSA, KIF, KI2, JKF and USI read and written, with times,
comments, evaluations, time controls, the ending and variations; errors say the line and column
(reading) or the ply (writing)."""

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


# ----- what real GUIs and servers write: evaluations, times, time controls, endings -----

FLOODGATE = """'Floodgate CSA file
V2
N+Gikou_test
N-Apery_test
$EVENT:wdoor+floodgate-300-10F+Gikou_test+Apery_test+20240101120000
$START_TIME:2024/01/01 12:00:00
$TIME_LIMIT:00:05+10
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
P+
P-
+
+2726FU,T5
'** 45 -8384FU +2625FU
-3334FU,T3
'* -30 +2625FU
%TORYO
'summary:toryo:Gikou_test win:Apery_test lose
"""


def test_floodgate_csa_evaluations_times_time_control_and_summary():
    record = GameRecord.from_text(FLOODGATE)
    assert record.format == "csa"
    assert (record.header("先手"), record.header("後手")) == ("Gikou_test", "Apery_test")
    assert [m.time_ms for m in record.moves] == [5000, 3000]
    evals = [m.evaluation for m in record.moves]
    assert evals[0] is not None and (evals[0].centipawns, evals[0].mate, evals[0].line) == (45, None, ["-8384FU", "+2625FU"])
    assert evals[1] is not None and evals[1].centipawns == -30
    assert record.time_control == hayanagi.TimeControl(main_ms=300_000, byoyomi_ms=10_000)
    assert record.outcome == Outcome("resign", winner=hayanagi.WHITE)
    assert record.end_comments == ["summary:toryo:Gikou_test win:Apery_test lose"]
    kif = record.to_text("kif")
    assert "持ち時間：5分+10秒" in kif and "まで2手で後手の勝ち" in kif
    assert GameRecord.from_text(kif).moves[0].evaluation == evals[0]


def test_shogigui_game_and_analysis_comments():
    # ShogiGUI writes `**対局 ...` after each move of its games, `**解析 ...` when analysing.
    kif = (
        "開始日時：2021/10/02 22:35:06\n手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n"
        "   1 ７六歩(77)        ( 0:01/00:00:01)\n**対局 深さ 2 ノード数 960 評価値 12 読み筋 ▲７六歩(77) \n"
        "   2 ５二金(41)        ( 0:02/00:00:02)\n**解析 0 ○ 候補1 時間 00:00.5 深さ 3/3 ノード数 10 評価値 -詰 3 読み筋 ▲３三角(88)\n"
        "   3 中断\n"
    )
    record = GameRecord.from_text(kif)
    first, second = (m.evaluation for m in record.moves)
    assert first is not None and (first.centipawns, first.line) == (12, ["▲７六歩(77)"])
    assert second is not None and (second.centipawns, second.mate) == (None, -3)
    assert [m.time_ms for m in record.moves] == [1000, 2000]
    assert record.outcome is not None and record.outcome.ending == "abort" and record.outcome.winner is None


def test_shogihome_comments():
    kif = "手合割：平手\n   1 ７六歩(77)\n*先手有望\n**評価値=210\n**読み筋=▲２六歩△３四歩\n   2 ３四歩(33)\n*#詰み=後手勝ち:5手\n"
    first, second = (m.evaluation for m in GameRecord.from_text(kif).moves)
    assert first is not None and (first.centipawns, first.line) == (210, ["▲２六歩", "△３四歩"])
    assert second is not None and second.mate == -5
    assert GameRecord.from_text("startpos moves 7g7f").moves[0].evaluation is None


def test_time_controls():
    tc = hayanagi.TimeControl.parse("10分+30秒")
    assert (tc.main_ms, tc.byoyomi_ms, tc.increment_ms) == (600_000, 30_000, 0)
    assert (tc.kif(), tc.csa_time_limit(), tc.csa_time()) == ("10分+30秒", "00:10+30", "600+30+0")
    assert hayanagi.TimeControl.parse("600+30+0") == tc == hayanagi.TimeControl.parse("00:10+30")
    fischer = hayanagi.TimeControl.parse("5分+10秒加算")
    assert fischer.increment_ms == 10_000 and fischer.csa_time_limit() is None
    with pytest.raises(hayanagi.Error) as info:
        hayanagi.TimeControl.parse("(持ち時間)")
    assert info.value.kind == "time_control"
    record = GameRecord.from_text("startpos moves 7g7f")
    assert record.time_control is None
    record.time_control = fischer
    assert record.header("持ち時間") == "5分+10秒加算"
    csa = record.to_text("csa")
    assert "V3.0" in csa and "$TIME:300+0+10" in csa
    assert GameRecord.from_text(csa).time_control == fischer
    record.time_control = None
    assert record.header("持ち時間") is None


def test_headers():
    record = GameRecord.from_text("V2.2\nN+A\n$EVENT:名人戦\n$OPENING:相掛かり\n$X_ROUND:3\nPI\n+\n+7776FU\n")
    assert record.headers == [("CSA", "V2.2"), ("先手", "A"), ("棋戦", "名人戦"), ("戦型", "相掛かり"), ("$X_ROUND", "3")]
    record.set_header("先手", "B")
    record.set_header("場所", "東京")
    record.set_header("戦型", None)
    assert record.headers == [("CSA", "V2.2"), ("先手", "B"), ("棋戦", "名人戦"), ("$X_ROUND", "3"), ("場所", "東京")]
    csa = record.to_text("csa")
    assert "N+B" in csa and "$EVENT:名人戦" in csa and "$X_ROUND:3" in csa
    assert "場所：東京" in record.to_text("kif")


@pytest.mark.parametrize(
    "text,ending,winner",
    [
        ("V2.2\nPI\n+\n+7776FU\n%TORYO\n", "resign", hayanagi.BLACK),
        ("V2.2\nPI\n+\n+7776FU\n%SENNICHITE\n", "repetition", None),
        ("V2.2\nPI\n+\n+7776FU\n%KACHI\n", "declaration", hayanagi.WHITE),
        ("V2.2\nPI\n+\n+7776FU\n%TIME_UP\n", "time_up", hayanagi.BLACK),
        ("V2.2\nPI\n+\n+7776FU\n%+ILLEGAL_ACTION\n", "illegal_action", hayanagi.WHITE),
        ("V2.2\nPI\n+\n+7776FU\n%MATTA\n", "take_back", None),
        ("手合割：平手\n   1 ７六歩(77)\n   2 封じ手\n", "sealed", None),
        ("手合割：平手\n   1 ７六歩(77)\n   2 持将棋\n", "impasse", None),
    ],
)
def test_endings_and_winners(text, ending, winner):
    outcome = GameRecord.from_text(text).outcome
    assert outcome is not None and (outcome.ending, outcome.winner) == (ending, winner)
    assert outcome.is_draw == (ending in ("repetition", "impasse"))
    assert Outcome(ending).ending == ending  # every ending read can be made


def test_an_outcome_set_without_a_winner_gets_the_usual_one():
    record = GameRecord.from_text("startpos moves 7g7f 3c3d")
    record.outcome = Outcome("resign")
    assert record.outcome == Outcome("resign", winner=hayanagi.WHITE)  # Black to move resigns
    with pytest.raises(hayanagi.GameRecordError) as info:
        record.outcome = Outcome("mate")  # Black is not mated
    assert info.value.kind == "ending_contradicts" and info.value.ply == 3
    assert record.outcome.ending == "resign"  # unchanged


# ----- JKF -----

JKF = """{
  "header": {"先手": "A", "後手": "B"},
  "initial": {"preset": "HIRATE"},
  "moves": [
    {"comments": ["before the first move"]},
    {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "color": 0, "piece": "FU"}, "time": {"now": {"m": 0, "s": 12}, "total": {"h": 0, "m": 0, "s": 12}}},
    {"move": {"from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "color": 1, "piece": "FU"}, "comments": ["a reply"],
     "forks": [[{"move": {"from": {"x": 8, "y": 3}, "to": {"x": 8, "y": 4}, "color": 1, "piece": "FU"}}, {"special": "TORYO"}]]},
    {"move": {"from": {"x": 8, "y": 8}, "to": {"x": 2, "y": 2}, "color": 0, "piece": "KA", "capture": "KA", "promote": true}},
    {"move": {"from": {"x": 3, "y": 1}, "to": {"x": 2, "y": 2}, "color": 1, "piece": "GI", "same": true, "capture": "UM"}},
    {"special": "TORYO", "comments": ["resigned"]}
  ]
}"""


def test_jkf_read_and_write():
    record = GameRecord.from_text(JKF)
    assert record.format == "jkf"
    assert record.board().usi() == "startpos moves 7g7f 3c3d 8h2b+ 3a2b"
    assert record.comments == ["before the first move"] and record.moves[1].comments == ["a reply"]
    assert record.moves[0].time_ms == 12_000 and record.end_comments == ["resigned"]
    assert record.outcome == Outcome("resign", winner=hayanagi.WHITE)
    (fork,) = record.variations
    assert (fork.ply, [m.move.usi for m in fork.moves], fork.outcome) == (2, ["8c8d"], Outcome("resign", winner=hayanagi.WHITE))
    jkf = record.to_text("jkf")
    again = GameRecord.from_text(jkf, "jkf")
    assert again == record and again.to_text("jkf") == jkf
    assert GameRecord.from_text(record.to_text("kif")).variations == record.variations
    with pytest.raises(hayanagi.GameRecordError) as info:
        GameRecord.from_text('{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "color": 0, "piece": "FU"}}]}')
    assert (info.value.kind, info.value.line, info.value.column) == ("illegal", 1, 25)


# ----- variations: read, walk, write back, edit -----

TREE = (
    "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 投了\nまで3手で先手の勝ち\n\n"
    "変化：3手\n   3 ６六歩(67)\n   4 ８四歩(83)\n   5 ６八銀(79)\n\n変化：4手\n   4 ４四歩(43)\n   5 中断\n\n"
    "変化：2手\n   2 ８四歩(83)\n*comment in a variation\n\n変化：2手\n   2 ３二金(41)\n"
)


def test_variations_read_walk_and_lines():
    record = GameRecord.from_text(TREE)
    assert len(record) == 3 and record.variation_count == 4
    walked = [(path, v.ply, [m.move.usi for m in v.moves]) for path, v in record.walk()]
    # In file order: the 変化 blocks as the file lists them, each line's own after it.
    assert walked == [
        ((0,), 3, ["6g6f", "8c8d", "7i6h"]),
        ((0, 0), 4, ["4c4d"]),
        ((1,), 2, ["8c8d"]),
        ((2,), 2, ["4a3b"]),
    ]
    assert record.variations[1].moves[0].comments == ["comment in a variation"]
    line = record.line((0, 0))
    assert line.board().usi() == "startpos moves 7g7f 3c3d 6g6f 4c4d"
    assert line.outcome == Outcome("abort") and line.variations == []
    assert record.line((0,)).board_at(4).usi() == "startpos moves 7g7f 3c3d 6g6f 8c8d"
    assert record.line() == record
    with pytest.raises(IndexError):
        record.line((0, 5))

    def tree(variations, by_ply=False):
        # (ply, moves, sub-tree) of each variation; JKF holds forks on their move, so by ply.
        out = [(v.ply, [m.move for m in v.moves], tree(v.variations, by_ply)) for v in variations]
        return sorted(out, key=lambda t: t[0]) if by_ply else out

    for fmt in ("kif", "ki2", "jkf"):
        again = GameRecord.from_text(record.to_text(fmt))
        by_ply = fmt == "jkf"
        assert tree(again.variations, by_ply) == tree(record.variations, by_ply), fmt
    assert [v.ply for v in again.variations] == [2, 2, 3]  # JKF: by ply
    # CSA and USI hold only the main line.
    assert GameRecord.from_text(record.to_text("csa")).variations == []


def test_variations_built_and_checked():
    record = GameRecord.from_text("startpos moves 7g7f 3c3d 2g2f")
    sub = hayanagi.Variation(4, ["8c8d"])
    record.variations = [hayanagi.Variation(3, [RecordMove("6g6f", time_ms=5000), "4c4d"], variations=[sub], comments=["or"])]
    kif = record.to_text("kif")
    assert "変化：3手" in kif and "変化：4手" in kif
    again = GameRecord.from_text(kif)
    assert [m.move.usi for m in again.variations[0].moves] == ["6g6f", "4c4d"]
    assert again.variations[0].moves[0].time_ms == 5000 and again.variations[0].comments == ["or"]
    assert again.line((0,)).moves[1].comments == ["or"]  # the branch's comment joins the move before it
    with pytest.raises(hayanagi.GameRecordError) as info:
        record.variations = [hayanagi.Variation(2, ["2g2f"])]  # White to move at ply 2
    assert info.value.kind == "illegal" and info.value.ply == 2
    with pytest.raises(hayanagi.GameRecordError) as info:
        record.variations = [hayanagi.Variation(9, ["8c8d"])]
    assert info.value.kind == "variation_ply"
    # Moves that no longer fit the variations are refused; nothing changes.
    record.variations = [hayanagi.Variation(3, ["6g6f"])]
    with pytest.raises(hayanagi.GameRecordError):
        record.moves = record.moves[:1]
    assert len(record) == 3


def test_several_games_bytes_and_files(tmp_path):
    games = GameRecord.all_from_text("V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n%TORYO\n")
    assert [g.moves[0].move.usi for g in games] == ["7g7f", "2g2f"]
    record = GameRecord.from_text(TREE)
    sjis = record.to_bytes("kif", "shift_jis")
    assert sjis.startswith(b"#KIF version=2.0 encoding=Shift_JIS")
    assert GameRecord.from_bytes(sjis) == record
    for name in ("game.kif", "game.ki2", "game.jkf", "game.csa"):
        path = tmp_path / name
        record.to_file(path)
        back = GameRecord.from_file(path)
        assert back.format == name.split(".")[1] and [m.move for m in back.moves] == [m.move for m in record.moves]
    with pytest.raises(ValueError):
        record.to_file(tmp_path / "game.txt")
    record.to_file(tmp_path / "game.txt", "ki2", encoding="shift_jis")
    assert GameRecord.all_from_file(tmp_path / "game.txt")[0] == record
    copy = record.copy()
    copy.set_header("先手", "changed")
    assert copy != record
