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


# 将棋図巧 #26 three moves before its recorded end (Open Tsume, CC0; the C API's test): strictly a mate
# in 5; with the composers' convention 3, the line showing the useless interposition and its capture.
ZUKOU_26_END = "5k2n/3pp2+R+N/5p2r/9/6G2/5Lpp1/9/9/9 b P2b3g4s2n3l12p 23"


def assert_mating_line(board, moves):
    replay = board.copy()
    for i, mv in enumerate(moves):
        if i % 2 == 0:
            assert replay.gives_check(mv), (i, mv)
        replay.push(mv)
    assert replay.status() == Status.MATE


def test_mate_shortest_strict_and_without_useless_interpositions():
    board = Board(ZUKOU_26_END)
    strict = board.mate(shortest=True, table_mb=1)
    assert (strict.status, strict.length, len(strict.moves), strict.minimal) == ("mate", 5, 5, True)
    assert strict.first_proof is not None and strict.first_proof >= 5
    assert "length=5, minimal=True" in repr(strict)
    conventional = board.mate(shortest=True, counting="useless_interpositions_free", table_mb=1)
    assert (conventional.length, len(conventional.moves), conventional.minimal) == (3, 5, True)
    assert_mating_line(board, strict.moves)
    assert_mating_line(board, conventional.moves)
    # The first proof has no counted length.
    first = board.mate(table_mb=1)
    assert first.is_mate and (first.length, first.minimal, first.first_proof) == (None, False, None)
    none = Board("8k/9/9/9/9/9/9/9/9 b G 1").mate(shortest=True, table_mb=1)
    assert (none.status, none.length, none.minimal, none.moves) == ("no_mate", None, False, [])
    limited = Board("9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1").mate(shortest=True, nodes=100)
    assert (limited.status, limited.reason, limited.length) == ("unknown", "node_limit", None)
    with pytest.raises(ValueError, match="counting"):
        board.mate(shortest=True, counting="conventional")
    with pytest.raises(ValueError, match="shortest=True"):
        board.mate(counting="useless_interpositions_free")
    with pytest.raises(hayanagi.Error) as info:
        Board("4k4/9/9/9/9/9/9/4r4/4K4 b G 1").mate(shortest=True)
    assert info.value.kind == "attacker_in_check"


def test_mate_shortest_agrees_with_mate_in_1_and_mate_in_3():
    # Random placements near a lone king (seeded): a shortest mate of 1 or 3 plies exactly where
    # mate_in_1 / mate_in_3 find one, proved minimal; a longer one where they find none.
    import random

    rng = random.Random(18)
    letters = "PLNSGBR"
    checked = {1: 0, 3: 0, "longer": 0, "none": 0}
    for _ in range(400):
        # The king on one of the first two ranks, one to three pieces within two files and ranks below.
        board_cells = [None] * 81
        king = rng.randrange(2) * 9 + rng.randrange(9)
        board_cells[king] = "k"
        for _ in range(rng.randint(1, 3)):
            cell = min(8, king // 9 + rng.randint(0, 2)) * 9 + max(0, min(8, king % 9 + rng.randint(-2, 2)))
            if board_cells[cell] is None:
                board_cells[cell] = rng.choice(letters + "+R+B")
        rows = []
        for row in range(9):
            text, empty = "", 0
            for col in range(9):
                piece = board_cells[row * 9 + col]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    text, empty = text + str(empty), 0
                text += piece
            rows.append(text + (str(empty) if empty else ""))
        hand = "".join(rng.choice(letters) for _ in range(rng.randint(1, 2)))
        try:
            board = Board(f"{'/'.join(rows)} b {hand} 1")
            result = board.mate(shortest=True, table_mb=1, nodes=20_000)
        except ValueError:
            continue  # not a position (a piece that cannot move, the defender in check), or no tsume
        one, three = board.mate_in_1(), board.mate_in_3()
        if one is not None:
            assert (result.length, result.minimal) == (1, True), board.sfen()
            checked[1] += 1
        elif three is not None:
            assert (result.length, len(result.moves), result.minimal) == (3, 3, True), board.sfen()
            checked[3] += 1
        elif result.is_mate:
            assert result.length is not None and result.length >= 5, board.sfen()
            checked["longer"] += 1
        else:
            checked["none"] += 1
    assert checked[1] >= 10 and checked[3] >= 5 and checked["longer"] >= 5 and checked["none"] >= 20, checked


def test_mate_alternatives_are_the_other_checks_that_mate_in_time():
    def mates_within(board, mv, plies):
        child = board.copy()
        child.push(mv)
        if child.status() == Status.MATE:
            return True
        if plies < 3:
            return False
        replies = child.legal_moves()
        for reply in replies:
            grandchild = child.copy()
            grandchild.push(reply)
            if grandchild.mate_in_1() is None:
                return False
        return bool(replies)

    for sfen, count in [
        ("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 0),  # G*5b is the only mate in 1
        ("k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1", 0),  # every other check fails
        ("k8/9/1G7/9/9/9/9/9/9 b G 1", 1),  # G*9b and G*8b, each held by the gold on 8c
        (ZUKOU_26_END, None),
    ]:
        board = Board(sfen)
        shortest = board.mate(shortest=True, table_mb=1)
        assert shortest.length is not None
        found = board.mate_alternatives(shortest.moves, shortest.length, table_mb=1)
        assert (found.status, found.reason) == ("ok", None)
        if count is not None:
            assert len(found.alternatives) == count, sfen
        expected = []
        at = board.copy()
        for ply, played in enumerate(shortest.moves):
            if ply % 2 == 0 and shortest.length - ply <= 3:
                for check in at.legal_moves(MoveFilter.CHECKS):
                    if check != played and mates_within(at, check, shortest.length - ply):
                        expected.append((ply, check.usi))
            at.push(played)
        got = [(a.ply, a.move.usi) for a in found.alternatives if shortest.length - a.ply <= 3]
        assert got == expected, sfen
    two = Board("k8/9/1G7/9/9/9/9/9/9 b G 1")
    found = two.mate_alternatives(["G*9b"], 1)
    assert [(a.ply, a.move.usi) for a in found.alternatives] == [(0, "G*8b")]
    assert "TsumeAlternative(ply=0, move='G*8b')" == repr(found.alternatives[0])
    assert "alternatives=[(0, 'G*8b')]" in repr(found)
    nomate = two.mate_alternatives(["G*7b"], 1)
    assert (nomate.status, nomate.reason, nomate.alternatives) == ("unknown", "line_not_found", [])
    with pytest.raises(hayanagi.MoveError):
        two.mate_alternatives(["G*9b", "9a9b"], 3)  # the king cannot take a gold held by the gold on 8c
    with pytest.raises(ValueError, match="counting"):
        two.mate_alternatives(["G*9b"], 1, counting="none")
    with pytest.raises(TypeError):
        two.mate_alternatives("G*9b", 1)


def test_a_listed_move_is_known_legal_only_in_the_position_it_was_listed_in():
    # push plays a move of this board's own legal_moves() list at that ply without checking it again;
    # the list is forgotten once the game goes back below that ply or the position is replaced.
    board = Board.from_usi("startpos moves 7g7f 3c3d")
    listed = board.legal_moves()
    capture = Move.from_usi("8h2b+")
    assert capture in listed
    board.push(capture)
    board.pop()
    board.push(capture)  # again, from the same list
    board.pop()
    for _ in range(2):
        board.pop()
    board.push("2g2f")
    board.push("3c3d")  # the same ply, another position: 7g still holds a pawn
    with pytest.raises(hayanagi.MoveError) as info:
        board.push(capture)
    assert info.value.kind == "illegal" and board.usi() == "startpos moves 2g2f 3c3d"
    board.set_sfen(hayanagi.STARTPOS)
    board.legal_moves()
    board.set_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1")
    with pytest.raises(hayanagi.MoveError):
        board.push("7g7f")
    # A filtered list counts too; moves of a deeper ply stay listed while the game is above it.
    board = Board()
    checks = board.legal_moves(MoveFilter.NON_CAPTURES)
    board.push(checks[0])
    reply = board.legal_move_codes()[0]
    board.push(reply)
    board.pop()
    board.push(reply)
    assert len(board.moves) == 2 and board.status() == Status.NONE


def test_status_sees_moves_pushed_and_popped_in_any_order():
    board = Board()
    cycle = ["2h3h", "8b7b", "3h2h", "7b8b"]
    for _ in range(2):
        for usi in cycle:
            board.push(usi)
        assert board.status() == Status.NONE
    for usi in cycle[:3]:
        board.push(usi)
    board.pop()
    board.push(cycle[2])
    assert board.status() == Status.NONE
    board.push(cycle[3])
    assert board.status() == Status.DRAW_REPETITION  # the start position a fourth time
    assert board.peek() == Move.from_usi("7b8b") and len(board.moves) == 12
    copied = board.copy()
    assert copied.status() == Status.DRAW_REPETITION and copied.moves == board.moves
    board.pop()
    assert board.status() == Status.NONE
    board.push("7b8b")
    assert board.status() == Status.DRAW_REPETITION
    for _ in range(12):
        board.pop()
    with pytest.raises(IndexError):
        board.pop()
    assert board.status() == Status.NONE and board.peek() is None


def test_push_usi_reads_any_str():
    board = Board()
    for bad in ["７g7f", "7g7f7g7f7g", "", "7g7"]:
        with pytest.raises(hayanagi.MoveError):
            board.push_usi(bad)
        with pytest.raises(hayanagi.MoveError):
            board.push(bad)
    with pytest.raises(TypeError):
        board.push_usi(7)  # type: ignore[arg-type]
    board.push_usi("7g7f")
    board.push("3c3d")
    board.push_usi("8h2b+")
    assert board.pop() == Move.from_usi("8h2b+") and board.pop().usi == "3c3d"
