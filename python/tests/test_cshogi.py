"""hayanagi checked against cshogi 1.1.0 as a black box (GPL: used only through its Python API, in
CI's venv) on the positions of random games: the same legal move sets, check, 32- and 16-bit move
codes both ways, HCP and PackedSfen bytes, mate and mate in 1. Where cshogi is lax, a named test
below says how and what the rules decide."""

import random

import numpy as np
import pytest

import hayanagi
from hayanagi import Board, Move

import cshogi  # noqa: E402  (in CI's venv, pinned in .ci/requirements.txt)


def random_positions(games: int, plies: int, seed: int):
    """(cshogi board, hayanagi board) pairs, the same position, along random games (copies: the
    games go on)."""
    rng = random.Random(seed)
    for _ in range(games):
        cb, hb = cshogi.Board(), Board()
        for _ in range(plies):
            yield cshogi.Board(cb.sfen()), hb.copy()
            legal = list(cb.legal_moves)
            if not legal:
                break
            mv = rng.choice(legal)
            cb.push(mv)
            hb.push(cshogi.move_to_usi(mv))
            assert hb.sfen().rsplit(" ", 1)[0] == cb.sfen().rsplit(" ", 1)[0]


POSITIONS = list(random_positions(games=30, plies=220, seed=20261201))


def test_enough_positions():
    assert len(POSITIONS) > 3000


def test_legal_moves_check_and_move_codes_agree():
    for cb, hb in POSITIONS:
        cmoves = list(cb.legal_moves)
        assert sorted(cshogi.move_to_usi(m) for m in cmoves) == sorted(m.usi for m in hb.legal_moves()), hb.sfen()
        assert bool(cb.is_check()) == hb.in_check
        for m in cmoves:
            ours = hb.parse_usi_move(cshogi.move_to_usi(m))
            assert hb.to_cshogi(ours) == m, (hb.sfen(), ours)
            assert hb.move_from_cshogi(m) == ours
            assert ours.to_cshogi16() == cshogi.move16(m)
            assert Move.from_cshogi16(cshogi.move16(m)) == ours
            assert hb.move_from_cshogi(cshogi.move16(m)) == ours
            assert ours.to_yaneuraou16() == cshogi.move16_to_psv(cshogi.move16(m))


def test_packed_bytes_agree():
    hcp = np.empty(1, dtype=cshogi.HuffmanCodedPos)
    psfen = np.empty(1, dtype=cshogi.PackedSfen)
    for cb, hb in POSITIONS[::3]:
        cb.to_hcp(hcp)
        assert hb.to_packed("hcp") == hcp.tobytes(), hb.sfen()
        cb.to_psfen(psfen)
        assert hb.to_packed("packed_sfen") == psfen.tobytes(), hb.sfen()
        back = Board.from_packed(hcp.tobytes(), "hcp")
        assert back.sfen().rsplit(" ", 1)[0] == hb.sfen().rsplit(" ", 1)[0]


def is_mate_after(board: Board, mv: Move) -> bool:
    after = board.copy()
    after.push(mv)
    return after.status() == hayanagi.Status.MATE


def test_mate_and_mate_in_1_agree_where_cshogi_finds_one():
    mates = missed = 0
    for cb, hb in POSITIONS:
        over = cb.is_game_over()
        assert over == (hb.count_legal_moves() == 0)
        if over:
            mates += 1
            assert hb.status() in (hayanagi.Status.MATE, hayanagi.Status.NO_MOVES)
        if hb.in_check:
            continue
        ours = hb.mate_in_1()
        theirs = cb.mate_move_in_1ply()
        if theirs:
            assert ours is not None and is_mate_after(hb, ours), hb.sfen()
        elif ours is not None:
            assert is_mate_after(hb, ours), hb.sfen()
            missed += 1  # see test_cshogi_misses_a_mate_in_1_by_a_promoting_rook_capture
    assert mates > 0
    print(f"{mates} game ends; cshogi's mate_move_in_1ply missed {missed} mates in 1")


def test_cshogi_misses_a_mate_in_1_by_a_promoting_rook_capture():
    # White mates with 9i7i+ (the rook takes the bishop and promotes; played out below, the status
    # is MATE); cshogi's mate_move_in_1ply answers 0 (found on a random game).
    sfen = "ln3n1k1/2g+PpG2l/ps3s+Pp1/8g/1rppPP2p/P1G4PP/+b+p1PS1+p2/2+l5L/r1B3KNS w Pnp 140"
    board = Board(sfen)
    mv = board.mate_in_1()
    assert mv == Move.from_usi("9i7i+") and is_mate_after(board, mv)
    assert cshogi.Board(sfen).mate_move_in_1ply() == 0


def test_cshogi_calls_the_second_occurrence_a_repetition_the_rule_needs_the_fourth():
    # Kings step out and back: after 4 plies the start position occurs for the second time.
    cb, hb = cshogi.Board(), Board()
    for usi in ["5i5h", "5a5b", "5h5i", "5b5a"]:
        cb.push_usi(usi)
        hb.push(usi)
    assert cb.is_draw() == cshogi.REPETITION_DRAW  # cshogi: a repetition already (an engine's view)
    assert hb.status() == hayanagi.Status.NONE  # the rule (sennichite): only the fourth occurrence
    for _ in range(2):
        for usi in ["5i5h", "5a5b", "5h5i", "5b5a"]:
            hb.push(usi)
    assert hb.status() == hayanagi.Status.DRAW_REPETITION


def test_cshogi_packs_a_position_without_both_kings_hayanagi_refuses():
    # A tsume problem without Black's king: HCP has no code for "no king" that fits in 256 bits;
    # cshogi writes square 81 and drops the last bit, so its bytes do not read back.
    sfen = "4k4/9/4G4/9/9/9/9/9/9 b G 1"
    hcp = np.empty(1, dtype=cshogi.HuffmanCodedPos)
    cshogi.Board(sfen).to_hcp(hcp)
    with pytest.raises(hayanagi.PackedError) as info:
        Board(sfen).to_packed("hcp")
    assert info.value.kind == "missing_king"
    with pytest.raises(hayanagi.PackedError):
        Board.from_packed(hcp.tobytes(), "hcp")


def test_cshogi_move_codes_with_wrong_piece_bits_are_refused():
    board = Board()
    mv = board.parse_usi_move("7g7f")
    good = board.to_cshogi(mv)
    assert good == 0x11E3B
    with pytest.raises(hayanagi.MoveError) as info:
        board.move_from_cshogi(good | 0x500000)  # claims to capture a bishop
    assert info.value.kind == "piece_bits"
