#!/usr/bin/env python3
"""Records per second: hayanagi-records (its `throughput` example) beside cshogi's CSA.Parser and
KIF.Parser (parse_str on the decoded text, as hayanagi reads bytes it decodes), on the 120 records of
records/tests/data/cshogi, in one run on one machine. Prints a Markdown table for the README.

Usage: python3 records/tests/cshogi/throughput.py [ROUNDS]   (from the repository root)
"""
import os
import subprocess
import sys
import time

import cshogi.CSA
import cshogi.KIF

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "cshogi")


def rate(texts, parse, rounds):
    start = time.process_time()
    for _ in range(rounds):
        for text in texts:
            parse(text)
    return len(texts) * rounds / (time.process_time() - start)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    names = sorted(n for n in os.listdir(DATA) if n.endswith((".csa", ".kif")))
    texts = {}
    for n in names:
        raw = open(os.path.join(DATA, n), "rb").read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp932")
        texts.setdefault(n[-3:], []).append(text)
    # cshogi's KIF reader takes no board diagram: only the 手合割 records are timed for it.
    kif_named = [t for t in texts["kif"] if "手合割" in t]
    out = subprocess.run(["cargo", "run", "--quiet", "--release", "-p", "hayanagi-records", "--example", "throughput",
                          str(rounds)], check=True, capture_output=True, text=True).stdout
    ours = {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in out.splitlines()}
    theirs = {
        "csa read": rate(texts["csa"], cshogi.CSA.Parser.parse_str, rounds),
        "kif read": rate(kif_named, cshogi.KIF.Parser.parse_str, rounds),
    }
    print("| format | hayanagi read | hayanagi write | cshogi read |")
    print("|---|--:|--:|--:|")
    for f in ("csa", "kif", "ki2"):
        cs = f"{theirs[f + ' read']:,.0f}" if f + " read" in theirs else "(no KI2 reader)"
        print(f"| {f.upper()} | {ours[f + ' read']:,.0f} | {ours[f + ' write']:,.0f} | {cs} |")


if __name__ == "__main__":
    main()
