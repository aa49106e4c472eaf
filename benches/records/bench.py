#!/usr/bin/env python3
"""Game-record throughput in one run: hayanagi-records (its `throughput` example, Rust) beside
cshogi's and python-shogi's CSA and KIF readers (GPL; used only as black boxes through their Python
APIs), interleaved round by round so that the machine's load falls on all alike; the median of the
rounds is printed, in records per second and moves per second, as a Markdown table.

Inputs: the 120 records of records/tests/data/cshogi (60 CSA, 60 KIF written by cshogi's exporters,
Shift_JIS and UTF-8, about 45 moves each). hayanagi reads bytes (decoding included); cshogi and
python-shogi are given the decoded text. cshogi's KIF reader takes no board diagram, so it is timed
on the 手合割 records only (and hayanagi's KIF figure is given on the same subset too).

Usage: bash benches/records/run.sh [ROUNDS]
"""
import os
import statistics
import subprocess
import sys
import time

import cshogi.CSA
import cshogi.KIF
import shogi.CSA
import shogi.KIF

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(ROOT, "records", "tests", "data", "cshogi")


def load():
    moves = {}
    for line in open(os.path.join(DATA, "expected.txt"), encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        moves[fields[0]] = len(fields[2].split()) if fields[2] else 0
    texts = {"csa": [], "kif": [], "kif_named": []}
    counts = {"csa": 0, "kif": 0, "kif_named": 0}
    for name in sorted(moves):
        raw = open(os.path.join(DATA, name), "rb").read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp932")
        kind = name[-3:]
        texts[kind].append(text)
        counts[kind] += moves[name]
        if kind == "kif" and "手合割" in text:
            texts["kif_named"].append(text)
            counts["kif_named"] += moves[name]
    return texts, counts


def accepted(texts, parse):
    """The texts a reader takes (python-shogi rejects some hand lines, a known departure)."""
    out = []
    for text in texts:
        try:
            parse(text)
            out.append(text)
        except Exception:  # noqa: BLE001 - any refusal leaves the text out of that reader's timing
            pass
    return out


def rate(texts, parse, repeat):
    start = time.perf_counter()
    for _ in range(repeat):
        for text in texts:
            parse(text)
    return len(texts) * repeat / (time.perf_counter() - start)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    binary = os.path.join(ROOT, "target", "release", "examples", "throughput")
    texts, counts = load()
    per = {k: counts[k] / len(texts[k]) for k in texts}
    results = {}
    ps_csa = accepted(texts["csa"], shogi.CSA.Parser.parse_str)
    ps_kif = accepted(texts["kif_named"], shogi.KIF.Parser.parse_str)

    def add(key, value):
        results.setdefault(key, []).append(value)

    for _ in range(rounds):
        out = subprocess.run([binary, "40"], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            label, value = line.rsplit(" ", 1)
            add("hayanagi " + label, float(value))
        add("cshogi csa read", rate(texts["csa"], cshogi.CSA.Parser.parse_str, 20))
        add("cshogi kif read", rate(texts["kif_named"], cshogi.KIF.Parser.parse_str, 20))
        add("python-shogi csa read", rate(ps_csa, shogi.CSA.Parser.parse_str, 5))
        add("python-shogi kif read", rate(ps_kif, shogi.KIF.Parser.parse_str, 5))
    med = {k: statistics.median(v) for k, v in results.items()}

    def cell(key, moves_per):
        if key not in med:
            return "-"
        return f"{med[key]:,.0f} ({med[key] * moves_per / 1e6:.2f} M moves/s)"

    print(f"median of {rounds} interleaved rounds; records/s (moves/s); CSA {len(texts['csa'])} records, "
          f"KIF {len(texts['kif_named'])} 手合割 records (python-shogi: {len(ps_csa)} CSA, {len(ps_kif)} KIF it takes)")
    print()
    print("| reader / writer | hayanagi | cshogi | python-shogi | hayanagi / cshogi |")
    print("|---|--:|--:|--:|--:|")
    for fmt, sub in (("csa", "csa"), ("kif", "kif_named")):
        ours = "hayanagi " + fmt + (" read named" if fmt == "kif" else " read")
        ratio = med[ours] / med["cshogi " + fmt + " read"]
        print(f"| {fmt.upper()} read | {cell(ours, per[sub])} | {cell('cshogi ' + fmt + ' read', per[sub])} | "
              f"{cell('python-shogi ' + fmt + ' read', per[sub])} | {ratio:.1f}x |")
    everything = (counts["csa"] + counts["kif"]) / (len(texts["csa"]) + len(texts["kif"]))
    for label in ("ki2 read", "jkf read", "csa write", "kif write", "ki2 write", "jkf write"):
        print(f"| {label.split()[0].upper()} {label.split()[1]} | {cell('hayanagi ' + label, everything)} | - | - | |")


if __name__ == "__main__":
    main()
