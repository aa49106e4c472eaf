"""threads=1 against threads=2 for the whole-array functions: wall-clock and CPU time of each call.

    python3 benches/python/threads_bench.py [--records N] [--rounds R]

Needs the wheel in the environment (bash .ci/python.sh installs it). The records are the positions of
random games (python/tests/games.py), repeated to N. Each round runs every case once with threads=1
and once with threads=2; the table gives the median over rounds of the rate (records per second of
wall-clock time), of the CPU time per record (all threads, from time.process_time) and of the speed-up
(threads=2 wall-clock rate over threads=1's, per round). On a shared machine a speed-up below 2 can be
the other work's: the load average is printed before and after.
"""

import argparse
import os
import statistics
import sys
import time

import numpy as np

import hayanagi as hy

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python", "tests"))


def sample(n, seed=1):
    from games import random_records  # the cross-check's random games (python/tests/games.py)

    base = random_records(min(n, 20000), seed)[0]
    return np.resize(base, n)


def timed(run):
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    records = sample(args.records)
    n = len(records)
    out = np.zeros((n, 1205), np.uint8)
    cases = {
        "packed_features": lambda t: hy.packed_features(records, threads=t),
        "packed_features(out=)": lambda t: hy.packed_features(records, threads=t, out=out),
        "input_features": lambda t: hy.input_features(records[:50000], threads=t),
        "validate": lambda t: hy.validate(records, threads=t),
        "move_labels": lambda t: hy.move_labels(records, threads=t),
    }
    try:
        hy.packed_features(records[:1], out=out[:1])
    except TypeError:  # a wheel from before packed_features(out=)
        del cases["packed_features(out=)"]
    print(f"load average before: {os.getloadavg()}; {os.cpu_count()} cores; {n} records")
    results = {}
    for _ in range(args.rounds):
        for name, run in cases.items():
            one = timed(lambda: run(1))
            two = timed(lambda: run(2))
            results.setdefault(name, []).append((one, two))
    print(f"load average after: {os.getloadavg()}")
    print("| case | threads=1 k/s | CPU ns/record | threads=2 k/s | CPU ns/record | speed-up |")
    print("|---|--:|--:|--:|--:|--:|")
    for name, runs in results.items():
        rate1 = statistics.median(n / r[0][0] for r in runs)
        rate2 = statistics.median(n / r[1][0] for r in runs)
        cpu1 = statistics.median(r[0][1] / n * 1e9 for r in runs)
        cpu2 = statistics.median(r[1][1] / n * 1e9 for r in runs)
        speed = statistics.median(r[0][0] / r[1][0] for r in runs)
        print(f"| {name} | {rate1 / 1e3:,.0f} | {cpu1:,.0f} | {rate2 / 1e3:,.0f} | {cpu2:,.0f} | {speed:.2f}x |")


if __name__ == "__main__":
    main()
