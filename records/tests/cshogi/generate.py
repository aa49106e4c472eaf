#!/usr/bin/env python3
"""Writes records/tests/data/cshogi/: CSA and KIF files exported by cshogi (GPL; used only as a black
box through its Python API) from deterministic random games, and expected.txt, which says what each
file holds. `cargo test -p hayanagi-records --test cshogi` reads every file back with hayanagi.

Games start from the even position, every handicap cshogi names, or (KIF only, as a board diagram)
a position from the middle of a random game; the moves are biased toward drops, promotions and
non-promotions (a move that could promote and does not); the endings go through every ending each
exporter writes. Run: python3 records/tests/cshogi/generate.py (deterministic: same files each run).

expected.txt, one line per file, tab-separated:
  file, start (SFEN board, side and hands), USI moves (space-separated), ending, winner (b, w or -)
ending is hayanagi's name of the ending the file records.
"""
import datetime
import os
import random

import cshogi
import cshogi.CSA
import cshogi.KIF

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "cshogi")
HANDICAPS = [name for name, sfen in cshogi.KIF.Parser.HANDYCAP_SFENS.items() if sfen is not None]

# CSA ending code -> (hayanagi ending, winner relative to the side to move: 'loser' = the side to
# move loses, 'winner' = it wins, None = no winner; or a fixed colour).
CSA_ENDINGS = [
    ("%TORYO", "Resign", "loses"),
    ("%CHUDAN", "Abort", None),
    ("%SENNICHITE", "Repetition", None),
    ("%JISHOGI", "Impasse", None),
    ("%MAX_MOVES", "MaxMoves", None),
    ("%TIME_UP", "TimeUp", "loses"),
    ("%ILLEGAL_MOVE", "IllegalMove", "loses"),
    ("%+ILLEGAL_ACTION", "IllegalAction", "w"),
    ("%-ILLEGAL_ACTION", "IllegalAction", "b"),
    ("%KACHI", "Declaration", "wins"),
]
# cshogi KIF.Exporter.end reasons -> hayanagi ending. The winner follows from the side to move:
# it resigns, declares, wins by 反則勝ち and loses by 反則負け.
KIF_ENDINGS = [
    ("resign", "Resign"),
    ("win", "Declaration"),
    ("draw", "Impasse"),
    ("sennichite", "Repetition"),
    ("illegal_win", "IllegalAction"),
    ("illegal_lose", "IllegalMove"),
]


def pick(rng, board):
    moves = list(board.legal_moves)
    if not moves:
        return None
    drops = [m for m in moves if cshogi.move_is_drop(m)]
    promos = [m for m in moves if cshogi.move_is_promotion(m)]
    promotable = {(cshogi.move_from(m), cshogi.move_to(m)) for m in promos}
    non_promos = [m for m in moves if not cshogi.move_is_drop(m) and not cshogi.move_is_promotion(m)
                  and (cshogi.move_from(m), cshogi.move_to(m)) in promotable]
    r = rng.random()
    for group, p in ((drops, 0.3), (non_promos, 0.55), (promos, 0.75)):
        if group and r < p:
            return rng.choice(group)
    return rng.choice(moves)


def play(rng, board, plies):
    moves = []
    for _ in range(plies):
        m = pick(rng, board)
        if m is None:
            break
        moves.append(m)
        board.push(m)
    return moves


def start_fields(board):
    return " ".join(board.sfen().split(" ")[:3])


def colour(c):
    return "b" if c == cshogi.BLACK else "w"


def winner_of(rule, to_move):
    if rule is None:
        return "-"
    if rule == "loses":
        return colour(1 - to_move)
    if rule == "wins":
        return colour(to_move)
    return rule


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    rng = random.Random(20261201)
    lines = []
    for i in range(120):
        kind = "csa" if i % 2 == 0 else "kif"
        choice = rng.random()
        board = cshogi.Board()
        handicap = None
        if choice < 0.35:
            handicap = rng.choice(HANDICAPS)
            board.set_sfen(cshogi.KIF.Parser.HANDYCAP_SFENS[handicap])
        elif choice < 0.5:
            play(rng, board, rng.randrange(10, 60))
            board = cshogi.Board(board.sfen())  # the reached position is the start
            handicap = "bod"
        start = board.copy()
        moves = play(rng, board, rng.randrange(0, 90))
        mated = board.is_game_over()
        path = os.path.join(OUT, f"g{i:03}.{kind}")
        to_move = board.turn
        if kind == "csa":
            code, ending, rule = CSA_ENDINGS[i // 2 % len(CSA_ENDINGS)]
            if mated:
                code, ending, rule = "%TSUMI", "Mate", "loses"
            exporter = cshogi.CSA.Exporter(path, encoding="shift_jis" if i % 4 == 0 else "utf-8")
            exporter.info(start if handicap else None, ["先手" + str(i), "後手 " + str(i)],
                          var_info={"EVENT": "random game " + str(i), "START_TIME": "2026/12/01 09:00:00"},
                          version="V2.2")
            for n, m in enumerate(moves):
                exporter.move(m, time=rng.randrange(0, 100),
                              comment=("comment on move " + str(n + 1)) if n % 7 == 3 else None)
            exporter.endgame(code, time=rng.randrange(0, 10))
            exporter.close()
            winner = winner_of(rule, to_move)
        else:
            reason, ending = KIF_ENDINGS[i // 2 % len(KIF_ENDINGS)]
            exporter = cshogi.KIF.Exporter(path)
            exporter.header(["先手" + str(i), "後手" + str(i)], datetime.datetime(2026, 12, 1, 9, 0, 0),
                            handicap=start if handicap == "bod" else handicap)
            total = [0, 0]
            for n, m in enumerate(moves):
                sec = rng.randrange(0, 200)
                total[n % 2] += sec
                exporter.move(m, sec=sec, sec_sum=total[n % 2])
            exporter.end(reason, sec=3, sec_sum=total[len(moves) % 2] + 3)
            exporter.close()
            text = open(path, "rb").read().decode("cp932")
            summary = [l for l in text.splitlines() if l.startswith("まで")]
            if ending in ("IllegalAction", "IllegalMove"):
                # As Kifu for Windows, tsshogi and python-shogi read them: 反則勝ち is a win of the
                # side to move (the other side fouled), 反則負け its loss; the まで line, which
                # cshogi words by the parity of the move count, is not asked.
                winner = colour(to_move) if ending == "IllegalAction" else colour(1 - to_move)
            elif ending == "Resign":
                winner = colour(1 - to_move)
            elif ending == "Declaration":
                winner = colour(to_move)
            else:
                winner = "-"
        usi = " ".join(cshogi.move_to_usi(m) for m in moves)
        lines.append("\t".join([os.path.basename(path), start_fields(start), usi, ending, winner]))
    with open(os.path.join(OUT, "expected.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} records to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
