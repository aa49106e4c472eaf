"""Mate in 1 and mate in 3 test data from cshogi: writes `tests/data/mate.txt`, which `cargo test --test
mate_cshogi` reads and `benches/peers` times mate in 1 on.

The positions: random tsume-like placements (`reference.random_tsume`, written independently of the Rust
tests' generator), the positions a few random moves on from them (check-, capture- and drop-biased, so that
the attacker is sometimes in check and the defender sometimes checks back), and positions of biased random
games from the start. For each, cshogi's `Board.mate_move_in_1ply()` and `Board.mate_move(3)` (a move in USI or
`none`). The output depends only on the seed (and the Python and cshogi versions: written with Python 3.11,
cshogi 1.1.0). cshogi is GPL and used only as a black box through its Python API.

    python3 tests/differential/mate.py                # rewrites tests/data/mate.txt
    python3 tests/differential/mate.py --out /tmp/mate.txt --seed 7
"""

import argparse
import sys
from pathlib import Path

sys.dont_write_bytecode = True

import cshogi  # noqa: E402

import reference  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "tests" / "data" / "mate.txt"

TSUME = 3000
TSUME_PLAYOUTS = 300  # starts; up to 4 positions sampled from each
GAMES = 100  # games from the start; up to 8 positions sampled from each


def move_or_none(move):
    return cshogi.move_to_usi(move) if move else "none"


def opponent_has_king(sfen):
    board, side = sfen.split()[:2]
    return ("K" if side == "w" else "k") in board


def collect(seed):
    rng = reference.new_rng(seed)
    records, seen = [], set()

    def add(label, sfen):
        key = reference.same_fields(sfen)
        if key not in seen:
            seen.add(key)
            records.append((label, sfen))

    for _ in range(TSUME):
        add("tsume", reference.random_tsume(rng))
    for _ in range(TSUME_PLAYOUTS):
        bias = rng.choice(["check", "check", "capture", "drop"])
        _, _, sfens = reference.playout(reference.random_tsume(rng), bias, rng, rng.randint(1, 8))
        for sfen in rng.sample(sfens, min(4, len(sfens))):
            add(f"tsume-playout/{bias}", sfen)
    for game in range(GAMES):
        bias = ["check", "capture", "drop", "uniform"][game % 4]
        _, _, sfens = reference.playout(cshogi.STARTING_SFEN, bias, rng, rng.randint(40, 200))
        for sfen in rng.sample(sfens, min(8, len(sfens))):
            add(f"game/{bias}", sfen)
    return records


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()

    records = collect(args.seed)
    with open(args.out, "w") as out:
        out.write(
            "# hayanagi mate test data, written by tests/differential/mate.py "
            f"--seed {args.seed} (cshogi 1.1.0); do not edit by hand.\n"
            "# Tab-separated: label, SFEN, cshogi's Board.mate_move_in_1ply(), cshogi's Board.mate_move(3)\n"
            "# (USI, or `none`; `-` where it was not asked: it crashes when the opponent has no king).\n"
        )
        mates1 = mates3 = 0
        for label, sfen in records:
            board = cshogi.Board(sfen)
            one = board.mate_move_in_1ply()
            mates1 += bool(one)
            if opponent_has_king(sfen):
                three = move_or_none(board.mate_move(3))
                mates3 += three != "none"
            else:
                # cshogi's mate_move(3) crashes the interpreter (SIGSEGV) when the opponent has no king.
                three = "-"
            out.write(f"{label}\t{sfen}\t{move_or_none(one)}\t{three}\n")
    print(f"{len(records)} positions, cshogi: {mates1} mate in 1, {mates3} mate in 3; -> {args.out}")


if __name__ == "__main__":
    main()
