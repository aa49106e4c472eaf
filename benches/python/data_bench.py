"""Speed of hayanagi's training-data functions beside cshogi's, in one run, the two interleaved.

    python3 benches/python/data_bench.py [--records N] [--rounds R]

Needs the wheel and cshogi in the same environment (bash .ci/venv.sh; bash .ci/python.sh installs the
wheel). Every timing is at least 0.2 s; each round times every case once, cshogi and hayanagi one
after the other, and the table gives the median over rounds of the rate and of the per-round ratio.
The load average is printed before and after: on a shared machine, rates are lower bounds, and
ratios (taken in the same round) are what to compare.

Cases:
  set_hcp            per call, in a Python loop over an hcpe array's rows (cshogi: ndarray rows;
                     hayanagi: the same rows as bytes, what Board.set_hcp takes)
  set_hcp+features   per call: set_hcp then dlshogi's make_input_features into float32 arrays
  batch features     hcpe array -> float32 planes in mini-batches of 1024 written into one reused
                     pair of arrays (hayanagi.input_features(out=)); cshogi has no batch
                     function: its Python loop of set_hcp + make_input_features
  batch packed       hcpe array -> packed planes, 1 bit a cell (hayanagi.packed_features), threads=1, 2
  validate / unique / hcpe->psv / labels   whole-array functions, threads=1
"""

import argparse
import os
import statistics
import sys
import time

import numpy as np

import cshogi
import cshogi.dlshogi as dlshogi
import hayanagi as hy

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python", "tests"))


def sample(n, seed=1):
    from games import random_records  # the cross-check's random games (python/tests/games.py)

    return random_records(n, seed)[0]


def timed(run, count, min_seconds=0.2):
    """Records per second of `run()` (which handles `count` records), repeated for at least min_seconds."""
    reps, start = 0, time.perf_counter()
    while True:
        run()
        reps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return reps * count / elapsed


def cases(records):
    rows = list(records["hcp"])
    as_bytes = [r.tobytes() for r in rows]
    cboard, hboard = cshogi.Board(), hy.Board()
    f1 = np.zeros((62, 9, 9), np.float32)
    f2 = np.zeros((57, 9, 9), np.float32)
    n = len(records)

    def c_set():
        for r in rows:
            cboard.set_hcp(r)

    def h_set():
        for b in as_bytes:
            hboard.set_hcp(b)

    def c_feat():
        for r in rows:
            cboard.set_hcp(r)
            dlshogi.make_input_features(cboard, f1, f2)

    def h_feat():
        for b in as_bytes:
            hboard.set_hcp(b)
            hy.make_input_features(hboard, f1, f2)

    yield "set_hcp (per call)", c_set, h_set, n
    yield "set_hcp + make_input_features (per call)", c_feat, h_feat, n
    batch = 1024
    b1 = np.zeros((batch, 62, 9, 9), np.float32)
    b2 = np.zeros((batch, 57, 9, 9), np.float32)
    batches = [records[i : i + batch] for i in range(0, n - batch + 1, batch)]

    def h_batches():
        for part in batches:
            hy.input_features(part, threads=1, out=(b1, b2))

    yield "hcpe -> float32 features, batches of 1024 into one buffer", c_feat, h_batches, len(batches) * batch
    yield "hcpe -> packed features, threads=1", None, lambda: hy.packed_features(records, threads=1), n
    yield "hcpe -> packed features, threads=2", None, lambda: hy.packed_features(records, threads=2), n
    yield "validate, threads=1", None, lambda: hy.validate(records, threads=1), n
    yield "unique, threads=1", None, lambda: hy.unique(records, threads=1), n
    yield "hcpe -> psv, threads=1", None, lambda: hy.convert(records, "psv", threads=1), n
    yield "move labels, threads=1", None, lambda: hy.move_labels(records, threads=1), n


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    records = sample(args.records)
    print(f"load average before: {os.getloadavg()}; {os.cpu_count()} cores; {args.records} positions of random games")
    results = {}
    for _ in range(args.rounds):
        for name, theirs, ours, count in cases(records):
            c = timed(theirs, count) if theirs else None
            h = timed(ours, count)
            results.setdefault(name, []).append((c, h))
    print(f"load average after: {os.getloadavg()}")
    print("| case | cshogi 1.1.0 /s | hayanagi /s | hayanagi / cshogi |")
    print("|---|--:|--:|--:|")
    for name, runs in results.items():
        h = statistics.median(r[1] for r in runs)
        if runs[0][0] is None:
            print(f"| {name} | - | {h / 1e3:,.0f} k | - |")
        else:
            c = statistics.median(r[0] for r in runs)
            ratio = statistics.median(r[1] / r[0] for r in runs)
            print(f"| {name} | {c / 1e3:,.0f} k | {h / 1e3:,.0f} k | {ratio:.2f}x |")


if __name__ == "__main__":
    main()
