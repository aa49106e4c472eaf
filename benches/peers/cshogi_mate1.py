"""cshogi's mate-in-1 speed on the corpus `peers mate1` uses (the SFEN column of tests/data/mate.txt).

Each timed pass calls `Board.mate_move_in_1ply()` once per position on boards built beforehand, timed by
process CPU time, median of the repetitions. The figure includes the Python call overhead of every call; the
time of an empty pass (the same loop calling `Board.is_check()`) is printed too, for scale. cshogi is GPL and is
used only as a black box through its Python API (`pip install cshogi`).

    python3 benches/peers/cshogi_mate1.py [--reps 5] [--passes 5]
"""

import argparse
import importlib.metadata
import statistics
import time
from pathlib import Path

import cshogi

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "mate.txt"


def timed(boards, call, passes):
    start = time.process_time()
    for _ in range(passes):
        for board in boards:
            call(board)
    return time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    sfens = [line.split("\t")[1] for line in CORPUS.read_text().splitlines() if line and not line.startswith("#")]
    boards = [cshogi.Board(sfen) for sfen in sfens]
    mates = sum(1 for board in boards if board.mate_move_in_1ply())
    mate_times, empty_times = [], []
    for _ in range(args.reps):
        mate_times.append(timed(boards, cshogi.Board.mate_move_in_1ply, args.passes))
        empty_times.append(timed(boards, cshogi.Board.is_check, args.passes))
    calls = len(boards) * args.passes
    mate, empty = statistics.median(mate_times), statistics.median(empty_times)
    print(f"{len(boards)} positions, cshogi {importlib.metadata.version('cshogi')} reports a mate in 1 in {mates}")
    print(f"| cshogi | Board.mate_move_in_1ply() from Python | {calls / mate / 1e6:.2f} M | {mate * 1e9 / calls:.0f} |")
    print(f"(an is_check() call in the same loop takes {empty * 1e9 / calls:.0f} ns: the Python overhead per call)")


if __name__ == "__main__":
    main()
