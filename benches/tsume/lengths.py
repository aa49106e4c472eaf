#!/usr/bin/env python3
"""Issue 18's problem-by-problem length table: for every valid problem of ../shared/tsume/open-tsume.tsv
(the 193 whose recorded lines replay as mates) runs `hayanagi mate dfpn --shortest` twice, strictly and
with --no-useless (the 無駄合 convention), and writes one TSV row per problem: the recorded length, each
mode's answer, counted length and whether it is proved minimal, and KomoringHeights' length from the
shared baseline. Nothing is filled in that the solver did not answer: an unproved mode says
`unknown:<reason>` and has no length; an answer not proved minimal is marked upper_bound.

usage: lengths.py --bin target/release/hayanagi --data ../shared/tsume --out lengths.tsv
                  [--time-ms 3000] [--table-mb 128] [--only zukou-001,musou-073]
Then `lengths.py --markdown lengths.tsv` prints the README table.
"""
import argparse
import sys

# The collection's reader, problem names and runner are run.py's (beside this file).
from run import load, problem_id, run_one


def run(binary, sfen, time_ms, table_mb, conventional):
    """(answer, length, minimal, nodes, time_ms) of one shortest-mode run (run.py's runner)."""
    r = run_one(binary, sfen, time_ms, table_mb, shortest=True, conventional=conventional)
    return r["answer"], r["length"], r["minimal"], r["nodes"], r["time_ms"]


def measure(args):
    problems = [r for r in load(f"{args.data}/open-tsume.tsv") if r["flags"].startswith("valid")]
    baseline = {row["id"]: row for row in load(f"{args.data}/komoringheights-baseline.tsv")}
    only = set(filter(None, args.only.split(",")))
    out = open(args.out, "w", encoding="utf-8")
    out.write("id\trecorded\tstrict_answer\tstrict\tstrict_minimal\tstrict_nodes\tstrict_ms\t"
              "conv_answer\tconv\tconv_minimal\tconv_nodes\tconv_ms\tkh_result\tkh_length\n")
    for row in problems:
        pid = problem_id(row)
        if pid not in baseline or (only and pid not in only):
            continue
        strict = run(args.bin, row["sfen"], args.time_ms, args.table_mb, False)
        conv = run(args.bin, row["sfen"], args.time_ms, args.table_mb, True)
        kh = baseline[pid]
        fields = [pid, row["length"], *strict, *conv, kh.get("result", ""), kh.get("reported_length", "")]
        out.write("\t".join(fields) + "\n")
        out.flush()
        print("\t".join(fields), file=sys.stderr)


def cell(answer, length, minimal):
    if answer == "mate":
        return length if minimal == "minimal" else f"≤{length}"
    if answer == "nomate":
        return "no mate"
    return "unproved"


def explain(r):
    """Why the lengths differ, from the numbers alone (no guessing of causes the run did not show)."""
    rec = int(r["recorded"])
    notes = []
    strict_ok = r["strict_answer"] == "mate" and r["strict_minimal"] == "minimal"
    conv_ok = r["conv_answer"] == "mate" and r["conv_minimal"] == "minimal"
    if r["strict_answer"] == "nomate" or r["conv_answer"] == "nomate":
        notes.append("no mate: the recorded line is not forced (flawed record)")
    if r["conv_answer"] == "mate":
        conv = int(r["conv"])
        if conv_ok and conv < rec:
            notes.append("shorter mate than recorded (cook / 余詰 or flawed record)")
        elif conv_ok and conv > rec:
            notes.append("longer than recorded with the convention: our 無駄合 rule counts an interposition the record does not, or the record misses a defence")
        elif not conv_ok and conv < rec:
            notes.append("a shorter mate than recorded was found (cook / 余詰 or flawed record); not proved minimal")
    if r["strict_answer"] == "mate" and r["conv_answer"] == "mate" and int(r["conv"]) < int(r["strict"]):
        notes.append("strict counts useless interpositions (無駄合)")
    if not strict_ok:
        notes.append("strict: " + ("not proved minimal within the limit" if r["strict_answer"] == "mate"
                                   else "not proved within the limit" if r["strict_answer"].startswith("unknown")
                                   else r["strict_answer"] if r["strict_answer"] != "nomate" else "no mate"))
    if not conv_ok:
        notes.append("conventional: " + ("not proved minimal within the limit" if r["conv_answer"] == "mate"
                                         else "not proved within the limit" if r["conv_answer"].startswith("unknown")
                                         else r["conv_answer"] if r["conv_answer"] != "nomate" else "no mate"))
    return "; ".join(notes)


def markdown(path):
    rows = load(path)
    print("| problem | recorded | strict shortest | conventional shortest | KomoringHeights | difference |")
    print("|---|--:|--:|--:|--:|---|")
    for r in rows:
        kh = r["kh_length"] if r["kh_result"] == "checkmate" else r["kh_result"].replace("checkmate ", "")
        print(f"| {r['id']} | {r['recorded']} | {cell(r['strict_answer'], r['strict'], r['strict_minimal'])} | "
              f"{cell(r['conv_answer'], r['conv'], r['conv_minimal'])} | {kh} | {explain(r)} |")
    n = len(rows)
    strict_min = sum(r["strict_answer"] == "mate" and r["strict_minimal"] == "minimal" for r in rows)
    conv_min = sum(r["conv_answer"] == "mate" and r["conv_minimal"] == "minimal" for r in rows)
    conv_same = sum(r["conv_answer"] == "mate" and r["conv_minimal"] == "minimal" and r["conv"] == r["recorded"]
                    for r in rows)
    print(f"\n{n} problems: strict shortest proved on {strict_min}, conventional shortest proved on {conv_min} "
          f"(equal to the recorded length on {conv_same}).", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--data")
    ap.add_argument("--out")
    ap.add_argument("--time-ms", type=int, default=3000)
    ap.add_argument("--table-mb", type=int, default=128)
    ap.add_argument("--only", default="")
    ap.add_argument("--markdown", metavar="TSV")
    args = ap.parse_args()
    if args.markdown:
        markdown(args.markdown)
    else:
        measure(args)


if __name__ == "__main__":
    main()
