"""Positions of random games played by cshogi (GPL, used as a black box through its Python API), as
hcpe records: the shared input of the cross-check (test_data.py), the Spark test and the array
benchmark (benches/python/data_bench.py)."""

import random

import numpy as np


def random_records(n, seed, keep=0.3, plies=(20, 300)):
    """hcpe records (and cshogi's boards' SFEN) of positions from random games, as cshogi writes
    them: a share `keep` of the positions of games of `plies` plies, with random evals and results.
    Games all start from the start position, so with `keep=1` positions repeat."""
    import cshogi

    rng = random.Random(seed)
    records = np.zeros(n, cshogi.HuffmanCodedPosAndEval)
    sfens = []
    board = cshogi.Board()
    hcp = np.zeros(1, cshogi.HuffmanCodedPos)
    i = 0
    while i < n:
        board.reset()
        for _ in range(rng.randint(*plies)):
            moves = list(board.legal_moves)
            if not moves or i >= n:
                break
            move = rng.choice(moves)
            if rng.random() < keep:
                board.to_hcp(hcp)
                records[i]["hcp"] = hcp["hcp"][0]
                records[i]["eval"] = rng.randint(-3000, 3000)
                records[i]["bestMove16"] = cshogi.move16(move)
                records[i]["gameResult"] = rng.randint(0, 2)
                sfens.append(board.sfen())
                i += 1
            board.push(move)
    return records, sfens
