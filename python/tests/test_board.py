"""The Board API: construction, moves, rules, errors, copying, pickling, equality."""

import copy
import pickle

import pytest

import hayanagi
from hayanagi import Board, Move, MoveFilter, Status

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_start_position():
    board = Board()
    assert board.sfen() == STARTPOS == hayanagi.STARTPOS
    assert len(board.legal_moves()) == 30
    assert board.turn == hayanagi.BLACK and board.ply == 1
    assert not board.in_check
    assert board.status() == Status.NONE


def test_push_pop_by_usi_code_and_object():
    board = Board()
    board.push("7g7f")
    board.push(Move.from_usi("3c3d"))
    board.push(board.parse_usi_move("8h2b+").code)
    assert board.usi() == "startpos moves 7g7f 3c3d 8h2b+"
    assert board.pop() == Move.from_usi("8h2b+")
    assert board.peek() == Move.from_usi("3c3d")
    assert [m.usi for m in board.moves] == ["7g7f", "3c3d"]
    board.pop()
    board.pop()
    assert board == Board()
    with pytest.raises(IndexError):
        board.pop()


def test_an_illegal_move_raises_and_changes_nothing():
    board = Board()
    with pytest.raises(hayanagi.MoveError) as info:
        board.push("7g7e")
    assert info.value.kind == "illegal" and info.value.rule == "unreachable"
    assert isinstance(info.value, ValueError)
    with pytest.raises(hayanagi.MoveError) as info:
        Board("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").push("P*5e")
    assert info.value.rule == "two_pawns"
    with pytest.raises(hayanagi.MoveError) as info:
        board.push(-1)
    assert info.value.kind == "bad_code"
    with pytest.raises(hayanagi.MoveError) as info:
        board.push("7g7")
    assert info.value.kind == "truncated"
    with pytest.raises(TypeError):
        board.push(1.5)  # type: ignore[arg-type]
    assert board.sfen() == STARTPOS and board.moves == []


def test_sfen_errors_carry_field_kind_and_offset():
    with pytest.raises(hayanagi.SfenError) as info:
        Board("4k4/9/9/9/9/9/9/9/4K4 b 2PGP 1")
    err = info.value
    assert (err.field, err.kind, err.offset) == ("hands", "hand_repeated", 27)
    assert isinstance(err, hayanagi.Error) and isinstance(err, ValueError)
    with pytest.raises(hayanagi.SfenError) as info:
        Board("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1")
    assert (info.value.field, info.value.kind) == ("board", "nifu")


def test_usi_commands_keep_their_moves():
    board = Board.from_usi("position startpos moves 7g7f 3c3d")
    assert board.ply == 3 and len(board.moves) == 2
    with pytest.raises(hayanagi.UsiError) as info:
        Board.from_usi("startpos moves 7g7f 7g7f")
    assert (info.value.kind, info.value.index, info.value.offset) == ("illegal", 1, 20)


def test_handicaps():
    board = Board.from_handicap("two-pieces")
    assert board.turn == hayanagi.WHITE
    assert Board.from_handicap("二枚落ち") == board
    with pytest.raises(hayanagi.Error) as info:
        Board.from_handicap("three-rooks")
    assert info.value.kind == "unknown_handicap"


def test_filters():
    board = Board("8k/9/6NG1/9/9/9/9/9/4K4 b GP 1")
    checks = {m.usi for m in board.legal_moves(MoveFilter.CHECKS)}
    assert "G*1b" in checks and "P*1b" not in checks
    assert board.count_legal_moves(MoveFilter.DROPS) == len(board.legal_moves(MoveFilter.DROPS))
    assert board.mate_in_1() is not None


def test_repetition():
    board = Board()
    for _ in range(3):
        for usi in ["5i5h", "5a5b", "5h5i", "5b5a"]:
            board.push(usi)
    assert board.status() == Status.DRAW_REPETITION


def test_copy_pickle_eq_hash():
    board = Board.from_usi("startpos moves 7g7f 3c3d")
    twin = board.copy()
    twin.push("2g2f")
    assert board != twin and len(board.moves) == 2
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.usi() == board.usi()
    assert copy.deepcopy(board) == board
    assert hash(board) == hash(Board(board.sfen()))
    assert len({board, Board(board.sfen())}) == 1
    assert pickle.loads(pickle.dumps(Move.from_usi("P*5e"))) == Move.from_usi("P*5e")


def test_packed_round_trip():
    board = Board.from_usi("startpos moves 7g7f 3c3d 8h2b+")
    for fmt in ("hcp", "packed_sfen"):
        data = board.to_packed(fmt)  # type: ignore[arg-type]
        assert len(data) == 32
        back = Board.from_packed(data, fmt)  # type: ignore[arg-type]
        assert back.sfen().rsplit(" ", 1)[0] == board.sfen().rsplit(" ", 1)[0]
    with pytest.raises(hayanagi.PackedError):
        Board.from_packed(bytes(32), "packed_sfen")


def test_set_hcp_reads_bytes_numpy_rows_and_buffers():
    import numpy as np

    board = Board.from_usi("startpos moves 7g7f 3c3d 8h2b+")
    data = board.to_packed("hcp")
    records = np.zeros(3, dtype=hayanagi.HuffmanCodedPosAndEval)
    records["hcp"][1] = np.frombuffer(data, np.uint8)
    hcps = np.frombuffer(data * 2, dtype=hayanagi.HuffmanCodedPos)
    wide = np.frombuffer(data * 2, np.uint8)[::2]  # not contiguous: read through bytes()
    target = board.sfen().rsplit(" ", 1)[0]
    for given in (data, bytearray(data), memoryview(data), records["hcp"][1], records[1]["hcp"], hcps[1], np.frombuffer(data, np.uint8)):
        other = Board()
        other.push("2g2f")
        other.set_hcp(given)
        assert other.sfen().rsplit(" ", 1)[0] == target and other.moves == []
        assert Board.from_packed(given).sfen() == other.sfen()
    start = Board()
    for bad, error in ((records[1], hayanagi.PackedError), (data[:31], hayanagi.PackedError), (wide, hayanagi.PackedError), (32, TypeError), ("x" * 32, TypeError)):
        with pytest.raises(error):
            start.set_hcp(bad)  # type: ignore[arg-type]
        assert start == Board() and start.moves == []


def test_one_argument_methods_take_it_positionally():
    board = Board()
    board.push("7g7f")
    board.push_usi("3c3d")
    board.set_sfen(board.sfen())
    assert board.is_legal("2g2f") and not board.is_legal("2g2e")
    with pytest.raises(TypeError):
        board.push(mv="2g2f")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        board.push()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Board.push(object(), "2g2f")  # type: ignore[arg-type]
    assert "Plays a legal move" in (Board.push.__doc__ or "")


def random_boards(count: int, seed: int):
    import random

    rng = random.Random(seed)
    board = Board()
    for _ in range(count):
        moves = board.legal_moves()
        if not moves:
            board = Board()
            continue
        board.push(rng.choice(moves))
        yield board.copy()


def test_every_filter_selects_what_it_says():
    for board in random_boards(400, seed=7):
        every = set(board.legal_moves())
        assert set(board.legal_moves(MoveFilter.ALL)) == every
        captures = set(board.legal_moves(MoveFilter.CAPTURES))
        quiet = set(board.legal_moves(MoveFilter.NON_CAPTURES))
        assert captures | quiet == every and not captures & quiet
        assert all(board.piece_at(m.to_square) is not None for m in captures)
        assert set(board.legal_moves(MoveFilter.DROPS)) == {m for m in every if m.is_drop}
        checks = set(board.legal_moves(MoveFilter.CHECKS))
        assert checks == {m for m in every if board.gives_check(m)}
        assert set(board.legal_moves(MoveFilter.QUIET_CHECKS)) == checks & quiet
        assert set(board.legal_moves(MoveFilter.EVASIONS)) == (every if board.in_check else set())
        for f in (MoveFilter.ALL, MoveFilter.CAPTURES, MoveFilter.CHECKS, MoveFilter.DROPS):
            assert board.count_legal_moves(f) == len(board.legal_moves(f))
            assert board.legal_move_codes(f) == [m.code for m in board.legal_moves(f)]


def test_moves_round_trip_through_their_codes_and_text():
    for board in random_boards(200, seed=8):
        for m in board.legal_moves():
            assert Move.from_code(m.code) is m  # one shared object per move
            assert Move.from_usi(m.usi) == m and str(m) == m.usi
            assert Move.from_yaneuraou16(m.to_yaneuraou16()) == m
            if m.is_drop:
                assert m.from_square is None and m.drop_kind in "PLNSGBR"
            else:
                assert board.piece_at(m.from_square) is not None


def test_declaration_and_see():
    board = Board("RRBB+P+P+P+P1/SS2K4/9/9/9/9/9/9/4k4 b G3P 1")
    judged = board.declaration()
    assert (judged.outcome, judged.failed) == ("win", [])
    assert Board().declaration("24").outcome == "invalid"
    trade = Board("4k4/9/4p4/9/4R4/9/9/9/4K4 b - 1")
    assert trade.see("5e5c") > 0 and trade.see_ge("5e5c", 1)


def test_mate_solves_tsume_with_limits_and_errors():
    # 将棋図巧 50 (Open Tsume, CC0; tests/data/tsume/short.tsv): a mate in 9.
    board = Board("9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1")
    result = board.mate(time_ms=60_000)
    assert result.status == "mate" and result.is_mate and result.reason is None
    assert len(result.moves) % 2 == 1 and result.nodes > 0 and result.deepest >= len(result.moves) - 1
    replay = board.copy()
    for i, mv in enumerate(result.moves):
        if i % 2 == 0:
            assert replay.gives_check(mv), (i, mv)
        replay.push(mv)
    assert replay.status() == Status.MATE
    assert "status='mate'" in repr(result)
    # No check mates: a gold in hand against a lone king in the corner.
    assert Board("8k/9/9/9/9/9/9/9/9 b G 1").mate().status == "no_mate"
    # The same gold with the defender given every other piece (rest=True) still cannot mate.
    assert Board("8k/9/9/9/9/9/9/9/9 b G 1").mate(rest=True).status == "no_mate"
    # A one-move mate found both ways.
    assert [m.usi for m in Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").mate().moves] == ["G*5b"]
    unknown = Board("k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1").mate(nodes=1)
    assert (unknown.status, unknown.reason, unknown.moves) == ("unknown", "node_limit", [])
    with pytest.raises(hayanagi.Error) as info:
        Board("9/9/9/9/9/9/9/9/4K4 b G 1").mate()
    assert info.value.kind == "no_defender_king"
    with pytest.raises(hayanagi.Error) as info:
        Board("4k4/9/9/9/9/9/9/4r4/4K4 b G 1").mate()
    assert info.value.kind == "attacker_in_check"
    with pytest.raises(ValueError):
        board.mate(table_mb=0)
