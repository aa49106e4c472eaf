#!/usr/bin/env python3
"""Bulk perft of a locally built YaneuraOu binary beside hayanagi, as rows of benches/peers' table.

    python3 yaneuraou.py <yaneuraou-binary> <peers-binary> <position> <depth> [reps] [build-label]

YaneuraOu is GPL: nothing of it is in this repository. This only drives a binary the user built
(see run.sh's header) through USI: `usi`, `setoption Threads 1`, `setoption USI_Hash 1`,
`position sfen ...`, `go perft N`, `quit`, one process per run. Its perft counts the last ply
from the legal move list (bulk) and uses no hash table. Its time is the child process's CPU time
(user + system) minus that of the same process running `go perft 1` (start-up, tables, I/O;
the least of three). A perft shorter than 0.2 s of CPU time (as measured on the first run) is
repeated within the process (`go perft N` that many times; the time is per perft), as `peers`
repeats hayanagi's with its default `--min-time 0.2`. Each repetition runs YaneuraOu and then hayanagi's bulk perft of the same
position and depth (`peers ... --engines hayanagi --reps 1`, thread CPU time), so the two share
the machine's load; the row's last column is YaneuraOu's median time over hayanagi's median of
those same runs. The node counts must agree. The position names and SFENs come from
`peers list`.
"""
import re
import resource
import statistics
import subprocess
import sys


def positions(peers):
    """The named positions of `peers list`: name -> SFEN."""
    out = subprocess.run([peers, "list"], capture_output=True, text=True, check=True).stdout
    named, inside = {}, False
    for line in out.splitlines():
        if line.startswith("positions:"):
            inside = True
        elif inside and line.startswith("  "):
            name, sfen = line.split(None, 1)
            named[name] = sfen.strip()
    return named


MIN_TIME = 0.2


def yaneuraou_once(binary, sfen, depth, calls=1):
    """(nodes, CPU seconds) of one YaneuraOu process running `go perft depth` `calls` times."""
    commands = [
        "usi",
        "setoption name Threads value 1",
        "setoption name USI_Hash value 1",
        f"position sfen {sfen}",
        *[f"go perft {depth}"] * calls,
        "quit",
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [binary], input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=3600
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    nodes = re.findall(r"Nodes searched: (\d+)", out)
    if len(nodes) != calls or len(set(nodes)) != 1:
        raise SystemExit(f"yaneuraou.py: not {calls} equal 'Nodes searched' lines from {binary}:\n{out[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return int(nodes[0]), cpu


def hayanagi_once(peers, position, depth):
    """(nodes, CPU seconds) of hayanagi's bulk perft, from the row `peers` prints."""
    out = subprocess.run(
        [peers, position, str(depth), "--engines", "hayanagi", "--modes", "bulk", "--reps", "1", "--rows-only"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cells = [cell.strip() for cell in out.strip().splitlines()[-1].strip("|").split("|")]
    # | position | depth | engine | mode | nodes | median CPU ms | Mnps | ratio |
    return int(cells[4].replace(",", "")), float(cells[5]) / 1e3


def three_digits(value):
    """As the peers table writes milliseconds: at least three significant digits."""
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    if value >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def main():
    if len(sys.argv) < 5:
        raise SystemExit(__doc__)
    binary, peers, position, depth = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    reps = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    build = sys.argv[6] if len(sys.argv) > 6 else "native"
    sfen = positions(peers).get(position, position)
    startup = min(yaneuraou_once(binary, sfen, 1)[1] for _ in range(3))
    # Perfts per process: as many as last MIN_TIME (the first run, untimed, tells), with a tenth to spare.
    one = max(yaneuraou_once(binary, sfen, depth)[1] - startup, 1e-4)
    calls = 1 if one >= MIN_TIME else min(int(MIN_TIME * 1.1 / one) + 1, 100_000)
    ours, theirs, count = [], [], None
    for _ in range(reps):
        nodes, cpu = yaneuraou_once(binary, sfen, depth, calls)
        our_nodes, our_cpu = hayanagi_once(peers, position, depth)
        if nodes != our_nodes or (count is not None and nodes != count):
            raise SystemExit(f"yaneuraou.py: {position} depth {depth}: YaneuraOu counts {nodes}, hayanagi {our_nodes}")
        count = nodes
        theirs.append(max(cpu - startup, 1e-6) / calls)
        ours.append(our_cpu)
    seconds = statistics.median(theirs)
    ratio = seconds / statistics.median(ours)
    print(
        f"| {position} | {depth} | {build} | yaneuraou | bulk | {count:,} | {three_digits(seconds * 1e3)} "
        f"| {count / seconds / 1e6:.1f} | {ratio:.2f} |"
    )


if __name__ == "__main__":
    main()
