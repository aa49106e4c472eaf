#!/usr/bin/env python3
"""Runs `hayanagi mate dfpn` on every valid problem of ../shared/tsume/open-tsume.tsv (the 193 whose
recorded lines replay as mates) with a time limit per problem and a table size, writes one TSV row
per problem, and a summary against KomoringHeights' baseline (komoringheights-baseline.tsv).

usage: run.py --bin target/release/hayanagi --data ../shared/tsume --out results.tsv
              [--time-ms 15000] [--table-mb 512] [--nodes N] [--only zukou-001,musou-073] [--microcosmos]
              [--shortest [--no-useless]] [--cpu]
       run.py --markdown results.tsv   (a shortest-mode run's table for the README)
--nodes adds a node limit (node counts do not depend on the machine's load, unlike times).
--shortest runs the shortest mode (the minimal length, the defender's longest defence), --no-useless
with useless interpositions (無駄合) not counted: each row then says whether the length is proved
minimal or an upper bound (a limit stopped the shortening), and the summary compares it with
KomoringHeights' shortened length (`longer_than_kh` flags a row whose length exceeds it, counted
strictly; with --no-useless lengths are not comparable to KomoringHeights' and nothing is flagged).
Times: `time_ms` is the solver's own wall clock (the search and reading the line back), `cpu_ms` the
solver thread's CPU time (what a loaded machine inflates least; the process's user + system time where
the CLI does not say it), `wall_ms` the process's wall clock (with making the table). --cpu puts the
limit on the solver's CPU time (`--cpu-ms`) instead of its wall clock: on a machine shared with other
work a wall-clock limit gives each problem only its share of a core.
"""
import argparse
import os
import resource
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


def run_one(binary, sfen, time_ms, table_mb, nodes=0, shortest=False, conventional=False, cpu=False):
    """One `hayanagi mate dfpn` run: a dict of answer (mate, nomate, unknown:<reason>, error:<why>),
    length, minimal (minimal, upper_bound or '' outside the shortest mode), first_proof (the first
    proof's length, shortest mode), nodes, time_ms, cpu_ms, wall_ms, nps, fill (‰) and line. With `cpu`
    the limit is on the solver's CPU time (--cpu-ms), else on its wall clock (--time-ms)."""
    cmd = [binary, "mate", "dfpn", "--quiet", "--table-mb", str(table_mb), "--cpu-ms" if cpu else "--time-ms", str(time_ms),
           *(["--nodes", str(nodes)] if nodes else []), *(["--shortest"] if shortest else []),
           *(["--no-useless"] if conventional else []), sfen]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    lines, status = [], "error:timeout"
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        # Reading the line back may run past the limit (shortest mode): allow three times it, and
        # with a CPU limit on a loaded machine forty times (a share of a core).
        out, _ = proc.communicate(timeout=time_ms / 1000 * (40 if cpu else 3) + 60)
        lines = out.splitlines()
        status = f"error:exit_{proc.returncode}"
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
    wall_ms = int((time.monotonic() - start) * 1000)
    # The child is reaped and runs alone: the children's usage grew by its CPU time (used when the
    # solver does not say its own, which leaves out making the table).
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_ms = str(int((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000))
    result = {"answer": status, "length": "", "minimal": "", "first_proof": "", "nodes": "", "time_ms": str(wall_ms),
              "cpu_ms": cpu_ms, "wall_ms": str(wall_ms), "nps": "", "fill": "", "line": ""}
    if len(lines) < 2:
        return result
    first = lines[0].split(" ")
    answer = first[0]
    if answer == "mate":
        result["length"], result["line"] = first[1], " ".join(first[2:])
    elif answer == "unknown":
        answer = "unknown:" + "_".join(first[1:])
    result["answer"] = answer
    # 'nodes N time_ms T nps R table U/L (F‰) depth D [cpu_ms C]': pairs but for the fill.
    words = [w for w in lines[1].split(" ") if not w.startswith("(")]
    stats = dict(zip(words[0::2], words[1::2]))
    result["nodes"] = stats.get("nodes", "")
    result["time_ms"] = stats.get("time_ms", str(wall_ms))
    result["nps"] = stats.get("nps", "")
    result["cpu_ms"] = stats.get("cpu_ms", cpu_ms)
    # The fill is after the table's count: 'table U/L (F‰)'.
    after = lines[1].split("(")
    result["fill"] = after[1].split("‰")[0] if "table" in stats and len(after) > 1 else ""
    if shortest and answer == "mate":
        # 'shortest minimal|upper_bound line_plies N first_proof N'
        words = lines[2].split(" ") if len(lines) > 2 and lines[2].startswith("shortest ") else ["", "?"]
        result["minimal"] = words[1]
        result["first_proof"] = dict(zip(words[2::2], words[3::2])).get("first_proof", "")
    return result


COLUMNS = ["id", "recorded_length", "answer", "length", "minimal", "first_proof_length", "nodes", "time_ms", "cpu_ms",
           "wall_ms", "first_proof_ms", "nps", "table_fill_permille", "kh_result", "kh_length", "longer_than_kh",
           "kh_time_ms", "kh_first_proof_ms", "line"]


def markdown(path):
    """The README's table of a shortest-mode run: each problem's length (≤ when an upper bound), the
    first proof's, KomoringHeights' shortened one, both times, and how they compare."""
    rows = load(path)
    print("| problem | recorded | shortest | first proof | KomoringHeights | CPU s | KH s | compared |")
    print("|---|--:|--:|--:|--:|--:|--:|---|")
    for r in rows:
        mate = r["answer"] == "mate"
        ours = (r["length"] if r["minimal"] == "minimal" else f"≤{r['length']}") if mate else r["answer"]
        kh = r["kh_length"] or r["kh_result"].replace("checkmate ", "")
        if not mate:
            note = "no answer within the limit" if r["answer"].startswith("unknown") else r["answer"]
        elif not r["kh_length"]:
            note = f"KomoringHeights: {kh}"
        elif int(r["length"]) > int(r["kh_length"]):
            note = "longer than KomoringHeights' (an upper bound: the limit stopped the shortening)"
        elif int(r["length"]) < int(r["kh_length"]):
            note = "shorter than KomoringHeights' (its line was not the shortest)"
        else:
            note = "equal" + ("" if r["minimal"] == "minimal" else " (not proved minimal)")
        if mate and r["kh_length"] and r["length"] != r["recorded_length"] and r["minimal"] == "minimal":
            note += "; not the recorded length" + (" (KomoringHeights' too)" if r["kh_length"] == r["length"] else "")
        cpu = f"{int(r['cpu_ms']) / 1000:.1f}" if r["cpu_ms"].isdigit() else ""
        kh_s = f"{int(r['kh_time_ms']) / 1000:.1f}" if r["kh_time_ms"].isdigit() else ""
        print(f"| {r['id']} | {r['recorded_length']} | {ours} | {r['first_proof_length']} | {kh} | {cpu} | {kh_s} "
              f"| {note} |")


def main():
    if sys.argv[1:2] == ["--markdown"]:
        markdown(sys.argv[2])
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--time-ms", type=int, default=15000)
    ap.add_argument("--table-mb", type=int, default=512)
    ap.add_argument("--nodes", type=int, default=0, help="a node limit per problem as well (0: none)")
    ap.add_argument("--only", default="")
    ap.add_argument("--microcosmos", action="store_true", help="also run ミクロコスモス")
    ap.add_argument("--shortest", action="store_true", help="the shortest mode (hayanagi mate dfpn --shortest)")
    ap.add_argument("--no-useless", action="store_true", help="with --shortest: useless interpositions not counted")
    ap.add_argument("--cpu", action="store_true", help="the time limit on the solver's CPU time, not its wall clock")
    args = ap.parse_args()
    if args.no_useless and not args.shortest:
        ap.error("--no-useless needs --shortest")

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
    out.write("\t".join(COLUMNS) + "\n")
    results = []
    for pid, row in chosen:
        r = run_one(args.bin, row["sfen"], args.time_ms, args.table_mb, args.nodes, args.shortest, args.no_useless,
                    args.cpu)
        kh = baseline.get(pid, {})
        kh_length = kh.get("reported_length", "") if kh.get("result") == "checkmate" else ""
        # Flagged: a strict length longer than KomoringHeights' proven one (its line is a mate of that length).
        longer = (args.shortest and not args.no_useless and r["answer"] == "mate" and kh_length.isdigit()
                  and int(r["length"]) > int(kh_length))
        r.update(id=pid, recorded_length=row["length"], first_proof_length=r.pop("first_proof"),
                 first_proof_ms="" if args.shortest or r["answer"] != "mate" else r["time_ms"],
                 table_fill_permille=r.pop("fill"), kh_result=kh.get("result", ""), kh_length=kh_length,
                 longer_than_kh="longer" if longer else "", kh_time_ms=kh.get("time_ms", ""),
                 kh_first_proof_ms=kh.get("first_proof_time_ms", ""))
        out.write("\t".join(r[c] for c in COLUMNS) + "\n")
        out.flush()
        results.append((r, kh))
        print(f"{pid}\t{r['answer']}\t{r['length']}\t{r['minimal']}\t{r['time_ms']} ms ({r['cpu_ms']} ms CPU)\t"
              f"{r['nodes']} nodes\t(KH: {kh.get('result', '')} {kh_length} {kh.get('time_ms', '')} ms, "
              f"{kh.get('first_proof_time_ms', '')} ms first proof){' LONGER THAN KH' if longer else ''}",
              file=sys.stderr)
    summary(results, args)


def summary(results, args):
    say = lambda text: print(text, file=sys.stderr)  # noqa: E731
    mates = [r for r, _ in results if r["answer"] == "mate"]
    nomate = [r for r, _ in results if r["answer"] == "nomate"]
    times = [int(r["time_ms"] or 0) for r, _ in results]
    cpu = [int(r["cpu_ms"] or 0) for r, _ in results]
    kh_times = [int(kh["time_ms"]) for _, kh in results if kh.get("time_ms", "").isdigit()]
    kh_first = [int(kh["first_proof_time_ms"]) for _, kh in results if kh.get("first_proof_time_ms", "").isdigit()]
    kh_solved = sum(1 for _, kh in results if kh.get("result") == "checkmate")
    mode = ("shortest, useless interpositions not counted" if args.no_useless else "shortest, strict"
            if args.shortest else "first proof")
    say("")
    say(f"mode: {mode}; {args.time_ms} ms ({'CPU' if args.cpu else 'wall clock'}) and {args.table_mb} MB a problem"
        f"{f', {args.nodes} nodes' if args.nodes else ''}; load average at the end {os.getloadavg()[0]:.1f}")
    say(f"problems {len(results)}; mate {len(mates)}, nomate {len(nomate)}, "
        f"unknown {len(results) - len(mates) - len(nomate)}")
    if times:
        say(f"total {sum(times) / 1000:.1f} s ({sum(cpu) / 1000:.1f} s CPU), median {statistics.median(times)} ms "
            f"a problem; KomoringHeights on the same problems: {kh_solved} mates, total {sum(kh_times) / 1000:.1f} s, "
            f"median {statistics.median(kh_times) if kh_times else '-'} ms")
    if not args.shortest:
        first = [int(r["time_ms"]) for r in mates]
        say(f"median time to the first proof over the mates: {statistics.median(first) if first else '-'} ms "
            f"(KomoringHeights {statistics.median(kh_first) if kh_first else '-'} ms)")
        return
    minimal = [r for r in mates if r["minimal"] == "minimal"]
    say(f"proved minimal {len(minimal)}, upper bound {len(mates) - len(minimal)}")
    if args.no_useless:
        return
    both = [(r, kh) for r, kh in results if r["answer"] == "mate" and kh.get("result") == "checkmate"]
    cmp = [(int(r["length"]), int(kh["reported_length"])) for r, kh in both]
    say(f"length vs KomoringHeights' (its shortened line) on the {len(cmp)} both mated: "
        f"{sum(a < b for a, b in cmp)} shorter, {sum(a == b for a, b in cmp)} equal, "
        f"{sum(a > b for a, b in cmp)} longer: "
        + (" ".join(r["id"] for r, kh in both if int(r["length"]) > int(kh["reported_length"])) or "none"))


if __name__ == "__main__":
    main()
