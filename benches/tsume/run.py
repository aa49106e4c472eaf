#!/usr/bin/env python3
"""Runs `hayanagi mate dfpn` on every valid problem of ../shared/tsume/open-tsume.tsv (the 193 whose
recorded lines replay as mates) with a time limit per problem and a table size, writes one TSV row
per problem, and a summary against KomoringHeights' baseline (komoringheights-baseline.tsv).

usage: run.py --bin target/release/hayanagi --data ../shared/tsume --out results.tsv
              [--time-ms 15000] [--table-mb 512] [--nodes N] [--only zukou-001,musou-073] [--microcosmos]
--nodes adds a node limit (node counts do not depend on the machine's load, unlike times).
"""
import argparse
import statistics
import subprocess
import sys
import time


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            rows.append(dict(zip(header, line.rstrip("\n").split("\t"))))
    return rows


def problem_id(row):
    return f"{row['collection']}-{int(row['number']):03d}" if row["number"].isdigit() else row["collection"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--time-ms", type=int, default=15000)
    ap.add_argument("--table-mb", type=int, default=512)
    ap.add_argument("--nodes", type=int, default=0, help="a node limit per problem as well (0: none)")
    ap.add_argument("--only", default="")
    ap.add_argument("--microcosmos", action="store_true", help="also run ミクロコスモス")
    args = ap.parse_args()

    problems = load(f"{args.data}/open-tsume.tsv")
    baseline = {row["id"]: row for row in load(f"{args.data}/komoringheights-baseline.tsv")}
    only = set(filter(None, args.only.split(",")))
    chosen = []
    for row in problems:
        pid = problem_id(row)
        if only and pid not in only:
            continue
        if not row["flags"].startswith("valid") and not (args.microcosmos and pid not in baseline):
            continue
        if pid not in baseline and not args.microcosmos and not only:
            continue
        chosen.append((pid, row))

    out = open(args.out, "w", encoding="utf-8")
    out.write("id\trecorded_length\tanswer\tlength\tnodes\ttime_ms\tfirst_proof_ms\tnps\ttable_fill_permille\t"
              "kh_result\tkh_length\tkh_time_ms\tkh_first_proof_ms\tline\n")
    results = []
    for pid, row in chosen:
        cmd = [args.bin, "mate", "dfpn", "--quiet", "--table-mb", str(args.table_mb), "--time-ms", str(args.time_ms),
               *(["--nodes", str(args.nodes)] if args.nodes else []), row["sfen"]]
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.time_ms / 1000 + 60)
            lines = proc.stdout.splitlines()
        except subprocess.TimeoutExpired:
            lines = []
        wall_ms = int((time.monotonic() - start) * 1000)
        answer, length, line = "error", "", ""
        stats = {}
        if len(lines) >= 2:
            first = lines[0].split(" ")
            answer = first[0]
            if answer == "mate":
                length, line = first[1], " ".join(first[2:])
            elif answer == "unknown":
                answer = "unknown:" + "_".join(first[1:])
            words = lines[1].split(" ")
            stats = dict(zip(words[0::2], words[1::2]))
        nodes = stats.get("nodes", "")
        time_ms = stats.get("time_ms", str(wall_ms))
        nps = stats.get("nps", "")
        fill = stats.get("table", "").split("(")[-1].rstrip("‰)") if "table" in stats else ""
        # Fill is the word after the table count: 'table U/L (F‰)'.
        if "table" in stats:
            after = lines[1].split("(")
            fill = after[1].split("‰")[0] if len(after) > 1 else ""
        kh = baseline.get(pid, {})
        first_proof = time_ms if answer == "mate" else ""
        out.write("\t".join([pid, row["length"], answer, length, nodes, time_ms, first_proof, nps, fill,
                             kh.get("result", ""), kh.get("reported_length", ""), kh.get("time_ms", ""),
                             kh.get("first_proof_time_ms", ""), line]) + "\n")
        out.flush()
        results.append((pid, answer, length, int(time_ms or 0), kh))
        print(f"{pid}\t{answer}\t{length}\t{time_ms} ms\t{nodes} nodes\t(KH: {kh.get('result', '')} "
              f"{kh.get('reported_length', '')} {kh.get('first_proof_time_ms', '')} ms first proof)", file=sys.stderr)

    solved = [r for r in results if r[1] == "mate"]
    nomate = [r for r in results if r[1] == "nomate"]
    times = [r[3] for r in results]
    first = [r[3] for r in solved]
    kh_first = [int(r[4]["first_proof_time_ms"]) for r in results if r[4].get("first_proof_time_ms", "").isdigit()]
    kh_solved = sum(1 for r in results if r[4].get("result") == "checkmate")
    print("", file=sys.stderr)
    print(f"problems {len(results)}; mate {len(solved)}, nomate {len(nomate)}, "
          f"unknown {len(results) - len(solved) - len(nomate)}", file=sys.stderr)
    if times:
        print(f"total {sum(times) / 1000:.1f} s, median {statistics.median(times)} ms per problem; "
              f"median time to the (first) proof over the solved: {statistics.median(first) if first else '-'} ms",
              file=sys.stderr)
    if kh_first:
        print(f"KomoringHeights on the same problems: {kh_solved} mates; median first proof {statistics.median(kh_first)} ms",
              file=sys.stderr)
    shorter = sum(1 for r in solved if r[4].get("reported_length", "").isdigit() and int(r[2]) < int(r[4]["reported_length"]))
    longer = sum(1 for r in solved if r[4].get("reported_length", "").isdigit() and int(r[2]) > int(r[4]["reported_length"]))
    print(f"line length vs KomoringHeights' (its shortened line): {shorter} shorter, {longer} longer "
          f"(ours is the first proof's line, not the shortest)", file=sys.stderr)


if __name__ == "__main__":
    main()
