"""Packed positions and records, read and written: hayanagi (the core through `cargo bench --bench packed`, and
the CLI's `pack` / `unpack`) beside cshogi's `to_hcp` / `set_hcp` / `to_psfen` / `set_psfen` and its record
dtypes, in one run, interleaved round by round, on the positions of `tests/data/packed.txt`.

cshogi is timed as a pipeline uses it from Python: one call per record on a reused Board and numpy record
(`Board.set_hcp(record["hcp"])`, then `Board.move_from_move16` for hcpe's best move, as a reader that checks the
move would; writing fills a numpy record through `to_hcp` and its fields). So its figures include the Python
call overhead, which is what a Python pipeline pays. hayanagi's core figures are from Rust; its reads include
every check (rules, legality of the record's move). The CLI figures are whole processes on 10 copies of the
positions, per line, hex or SFEN text both ways.

    python3 benches/packed.py             # prints a Markdown table and the machine, load and versions
    python3 benches/packed.py --rounds 3

cshogi is GPL and used only as a black box through its Python API.
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cshogi
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "packed.txt"


def load():
    rows = [line.rstrip("\n").split("\t") for line in DATA.open() if line.startswith("pos\t")]
    return rows


def per_record(count, fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1e9 / count


def cshogi_round(rows):
    sfens = [row[2] for row in rows]
    boards = [cshogi.Board(sfen) for sfen in sfens]
    hcps = np.zeros(len(rows), dtype=cshogi.HuffmanCodedPos)
    psfens = np.zeros(len(rows), dtype=cshogi.PackedSfen)
    with_records = [row for row in rows if row[7] != "-"]
    hcpe = np.frombuffer(b"".join(bytes.fromhex(row[7]) for row in with_records), dtype=cshogi.HuffmanCodedPosAndEval)
    psv = np.frombuffer(b"".join(bytes.fromhex(row[8]) for row in with_records), dtype=cshogi.PackedSfenValue)
    record_boards = [cshogi.Board(row[2]) for row in with_records]
    reader = cshogi.Board()
    out = {}

    def write(array, method):
        for i, board in enumerate(boards):
            getattr(board, method)(array[i : i + 1])

    def read(array, method):
        for i in range(len(array)):
            getattr(reader, method)(array[i : i + 1])

    out["hcp-write"] = per_record(len(boards), lambda: write(hcps, "to_hcp"))
    out["hcp-read"] = per_record(len(boards), lambda: read(hcps, "set_hcp"))
    out["psfen-write"] = per_record(len(boards), lambda: write(psfens, "to_psfen"))
    out["psfen-read"] = per_record(len(boards), lambda: read(psfens, "set_psfen"))

    def read_hcpe():
        for record in hcpe:
            reader.set_hcp(record["hcp"])
            reader.move_from_move16(int(record["bestMove16"]) & 0xFFFF)

    def read_psv():
        for record in psv:
            reader.set_psfen(record["sfen"])
            reader.move_from_psv(int(record["move"]))

    def write_hcpe():
        outbuf = np.zeros(len(record_boards), dtype=cshogi.HuffmanCodedPosAndEval)
        for i, board in enumerate(record_boards):
            slot = outbuf[i : i + 1]
            board.to_hcp(slot["hcp"])
            slot["eval"] = hcpe[i]["eval"]
            slot["bestMove16"] = hcpe[i]["bestMove16"]
            slot["gameResult"] = hcpe[i]["gameResult"]

    def write_psv():
        outbuf = np.zeros(len(record_boards), dtype=cshogi.PackedSfenValue)
        for i, board in enumerate(record_boards):
            slot = outbuf[i : i + 1]
            board.to_psfen(slot["sfen"])
            slot["score"] = psv[i]["score"]
            slot["move"] = psv[i]["move"]
            slot["gamePly"] = psv[i]["gamePly"]
            slot["game_result"] = psv[i]["game_result"]

    out["hcpe-read"] = per_record(len(hcpe), read_hcpe)
    out["hcpe-write"] = per_record(len(hcpe), write_hcpe)
    out["psv-read"] = per_record(len(psv), read_psv)
    out["psv-write"] = per_record(len(psv), write_psv)
    return out


def hayanagi_round():
    text = subprocess.run(
        ["cargo", "bench", "-q", "--bench", "packed", "--", "--machine"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    out = {}
    for line in text.splitlines():
        if line.startswith("bench "):
            _, name, ns = line.split()
            out[name] = float(ns)
    return out


def cli_round(binary, rows, tmp):
    lines = [row[2] for row in rows] * 10
    sfens = tmp / "sfens.txt"
    sfens.write_text("\n".join(lines) + "\n")
    out = {}
    for fmt in ("hcp", "psfen"):
        packed = tmp / f"{fmt}.txt"
        with sfens.open("rb") as src, packed.open("wb") as dst:
            start = time.perf_counter()
            subprocess.run([binary, "pack", fmt], stdin=src, stdout=dst, check=True)
            out[f"cli-pack-{fmt}"] = (time.perf_counter() - start) * 1e9 / len(lines)
        with packed.open("rb") as src:
            start = time.perf_counter()
            subprocess.run([binary, "unpack", fmt], stdin=src, stdout=subprocess.DEVNULL, check=True)
            out[f"cli-unpack-{fmt}"] = (time.perf_counter() - start) * 1e9 / len(lines)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows = load()
    subprocess.run(["cargo", "build", "-q", "--release", "-p", "hayanagi-cli"], cwd=ROOT, check=True)
    subprocess.run(["cargo", "bench", "-q", "--bench", "packed", "--no-run"], cwd=ROOT, check=True)
    binary = str(ROOT / "target" / "release" / "hayanagi")
    load_before = os.getloadavg()
    started = time.time()
    samples = {"cshogi": {}, "hayanagi": {}, "cli": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            for who, fn in (
                ("cshogi", lambda: cshogi_round(rows)),
                ("hayanagi", hayanagi_round),
                ("cli", lambda: cli_round(binary, rows, Path(tmp))),
            ):
                for name, ns in fn().items():
                    samples[who].setdefault(name, []).append(ns)
    median = {who: {k: statistics.median(v) for k, v in d.items()} for who, d in samples.items()}
    load_after = os.getloadavg()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, {os.cpu_count()} cores of {cpu}, {rustc},")
    print(f"cshogi {getattr(cshogi, '__version__', '1.1.0')}, Python {platform.python_version()}, numpy {np.__version__};")
    print(f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after; {args.rounds} rounds interleaved, medians;")
    print(f"{len(rows)} positions ({time.time() - started:.0f} s).")
    print()
    print("| records per second (ns each) | hayanagi (Rust) | cshogi (from Python) | hayanagi CLI (text lines) |")
    print("|---|--:|--:|--:|")
    cli_names = {
        "hcp-write": "cli-pack-hcp",
        "hcp-read": "cli-unpack-hcp",
        "psfen-write": "cli-pack-psfen",
        "psfen-read": "cli-unpack-psfen",
    }

    def cell(ns):
        return f"{1e9 / ns:,.0f} ({ns:,.0f})"

    for name in median["hayanagi"]:
        cli = cli_names.get(name)
        cli_cell = cell(median["cli"][cli]) if cli else ""
        print(f"| {name} | {cell(median['hayanagi'][name])} | {cell(median['cshogi'][name])} | {cli_cell} |")


if __name__ == "__main__":
    sys.exit(main())
