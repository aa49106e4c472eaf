#!/usr/bin/env python3
"""Load-insensitive reading cost: instructions per record (callgrind) of hayanagi-records'
`Record::read_bytes` (decoding included) and of cshogi's `CSA.Parser.parse_str` / `KIF.Parser.parse_str`
(given decoded text, Python call included), on the CSA records and the 手合割 KIF records of
records/tests/data/cshogi. Each count is the difference of two runs (N rounds and 1 or 0), divided by
the records read, so start-up and loading cancel out.

Usage: bash benches/records/run.sh --instructions
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
EXAMPLE = os.path.join(ROOT, "target", "release", "examples", "throughput")
CSHOGI = r'''
import os, sys
import cshogi.CSA, cshogi.KIF
data, rounds, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
texts = []
for n in sorted(os.listdir(data)):
    if n.endswith("." + kind):
        raw = open(os.path.join(data, n), "rb").read()
        try:
            t = raw.decode("utf-8")
        except UnicodeDecodeError:
            t = raw.decode("cp932")
        if kind == "csa" or "手合割" in t:
            texts.append(t)
parse = cshogi.CSA.Parser.parse_str if kind == "csa" else cshogi.KIF.Parser.parse_str
for _ in range(rounds):
    for t in texts:
        parse(t)
'''


def instructions(command):
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg"] + command,
                             capture_output=True, text=True, check=True)
    return int(re.search(r"refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))


def main():
    data = os.path.join(ROOT, "records", "tests", "data", "cshogi")
    def text(name):
        raw = open(os.path.join(data, name), "rb").read()
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("cp932")

    names = os.listdir(data)
    records = {"csa": sum(n.endswith(".csa") for n in names),
               "kif": sum(n.endswith(".kif") and "手合割" in text(n) for n in names)}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(CSHOGI)
        script = f.name
    print("| reader | hayanagi (instructions per record) | cshogi | cshogi / hayanagi |")
    print("|---|--:|--:|--:|")
    for kind, label, rounds in (("csa", "csa read", 20), ("kif", "kif read named", 5)):
        ours = (instructions([EXAMPLE, str(rounds + 1), label]) - instructions([EXAMPLE, "1", label])) / (rounds * records[kind])
        theirs = (instructions([sys.executable, script, data, str(rounds), kind])
                  - instructions([sys.executable, script, data, "0", kind])) / (rounds * records[kind])
        print(f"| {kind.upper()} read | {ours:,.0f} | {theirs:,.0f} | {theirs / ours:.1f}x |")
    os.unlink(script)


if __name__ == "__main__":
    main()
