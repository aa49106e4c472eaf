#!/usr/bin/env python3
"""The reverse direction of records/tests/cshogi.rs: records that hayanagi writes are read by
cshogi's CSA.Parser and KIF.Parser and by python-shogi's CSA and KIF readers (all GPL; used only as
black boxes through their Python APIs) to the same start position and moves.

For every record of records/tests/data/cshogi/ (see generate.py), `hayanagi convert --to csa` and
`--to kif` write it (UTF-8), and each reader must give the start (SFEN board, side, hands) and the
USI moves of expected.txt. Known departures of a reader from the format are counted and listed,
never silently skipped: cshogi's KIF reader takes no board diagram (it ignores 持ち駒 lines and
needs 手合割), so records that start from a diagram are checked by the three other readers only;
python-shogi's KIF reader gets the side to move of a diagram wrong about half the time, either way
(the format is clear: 後手番 after the diagram means White moves, none means Black;
records/tests/records.rs has the named test), so for a diagram it is compared on the board, the
hands and the moves (the side is checked on the same records by both CSA readers); python-shogi's
CSA reader rejects some hand lines (`P-00FU00FU`, as the format writes two pawns in hand), which is
counted as a departure (cshogi's CSA reader checks those records).

Usage: python3 records/tests/cshogi/check.py [path/to/hayanagi]   (exit 1 on any difference)
"""
import os
import re
import subprocess
import sys

import cshogi
import cshogi.CSA
import cshogi.KIF
import shogi
import shogi.CSA
import shogi.KIF

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "cshogi")


def fields(sfen):
    """Board, side and hands, the hands in SFEN's order (R B G S N L P, Black first): cshogi and
    python-shogi write them in other orders and python-shogi writes counts of one ("1p")."""
    board, side, hands = sfen.split(" ")[:3]
    counts = {}
    for count, letter in re.findall(r"([0-9]*)([A-Za-z])", hands):
        counts[letter] = counts.get(letter, 0) + int(count or 1)
    order = "RBGSNLPrbgsnlp"
    text = "".join((str(counts[c]) if counts[c] > 1 else "") + c for c in order if c in counts)
    return " ".join([board, side, text or "-"])


def cshogi_read(parser, text):
    games = parser.parse_str(text)
    game = games[0] if isinstance(games, list) else games
    return fields(game.sfen), " ".join(cshogi.move_to_usi(m) for m in game.moves)


def python_shogi_read(parser, text):
    game = parser.parse_str(text)[0]
    return fields(game["sfen"]), " ".join(game["moves"])


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/hayanagi"
    failures = []
    checked = 0
    departures = []
    for line in open(os.path.join(DATA, "expected.txt"), encoding="utf-8"):
        name, start, moves, _ending, _winner = line.rstrip("\n").split("\t")
        path = os.path.join(DATA, name)
        for to in ("csa", "kif"):
            text = subprocess.run([binary, "convert", "--to", to, path], check=True, capture_output=True,
                                  text=True).stdout
            readers = [("python-shogi", python_shogi_read, shogi.CSA.Parser if to == "csa" else shogi.KIF.Parser)]
            if to == "csa":
                readers.append(("cshogi", cshogi_read, cshogi.CSA.Parser))
            elif "手合割" in text:
                readers.append(("cshogi", cshogi_read, cshogi.KIF.Parser))
            else:
                departures.append(f"{name} as kif: cshogi's KIF reader takes no board diagram")
            for reader, read, parser in readers:
                try:
                    got = read(parser, text)
                except Exception as e:  # a reader that rejects our output is a failure too
                    got = ("error", repr(e))
                    if reader == "python-shogi" and to == "csa" and re.search(r"^P[+-]00", text, re.M):
                        departures.append(f"{name} as csa: python-shogi's CSA reader rejects the hand "
                                          f"lines P+00.. / P-00.. ({e})")
                        continue
                checked += 1
                if (reader == "python-shogi" and to == "kif" and "手合割" not in text and got != (start, moves)
                        and got[1] == moves and got[0].split(" ")[::2] == start.split(" ")[::2]):
                    departures.append(f"{name} as kif: python-shogi's KIF reader takes the other side to move after the diagram")
                    continue
                if got != (start, moves):
                    failures.append(f"{name} as {to}, read by {reader}: got {got}, expected {(start, moves)}")
    for d in departures:
        print("known departure:", d)
    for f in failures:
        print("FAIL:", f)
    print(f"hayanagi's CSA and KIF read back by cshogi and python-shogi: {checked - len(failures)} passed, "
          f"{len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
