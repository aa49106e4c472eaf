#!/usr/bin/env bash
# Perft speed of hayanagi beside the other Rust shogi move generators, as one markdown table for the README.
#
#   benches/peers/run.sh          # the issue's table, 5 repetitions: about 14 minutes on an idle 2-core machine
#   benches/peers/run.sh quick    # one ply less where it is big, 3 repetitions: about 3.5 minutes
#   REPS=7 benches/peers/run.sh   # more repetitions
#
# Both times include the two release builds (about 1 minute each from clean); under load from other work the
# wall time grows, the thread CPU times in the table much less.
#
# Not part of CI: it is slow, and its numbers belong to the machine it runs on. It builds the `peers` binary twice,
# the default build and `-C target-cpu=native` (separate target dirs, under $CARGO_TARGET_DIR if set, else
# benches/peers/target), and runs each case with every engine interleaved, timed by thread CPU time (a perft shorter
# than 0.2 s is repeated within each timed run, `peers --min-time`). Any node
# count that disagrees with another engine's or with docs/RULES.md R114 stops the script with an error. Progress goes to
# stderr, the table to stdout. `shogi_legality_lite` ("lite") is left out where it would take minutes a run.
#
# YaneuraOu (optional, GPL: never its code here, only a binary you build): with YANEURAOU=/path/to/binary the
# table gets its bulk rows beside the native build (yaneuraou.py: USI `go perft`, process CPU time minus start-up,
# interleaved with hayanagi's native runs; ratio to those). Built from a snapshot of yaneurao/YaneuraOu:
# `apt-get install clang lld`, then in source/: `make -j2 TARGET_CPU=AVX2 COMPILER=clang++
# YANEURAOU_EDITION=YANEURAOU_ENGINE_MATERIAL normal` (the binary is named YaneuraOu-by-gcc). Without the
# variable (or with a path that is not executable) those rows are skipped with a message.
set -euo pipefail
cd "$(dirname "$0")"

QUICK=0
case "${1:-}" in
  quick) QUICK=1 ;;
  "") ;;
  *) echo "usage: $0 [quick]" >&2; exit 2 ;;
esac
if [ "$QUICK" = 1 ]; then REPS=${REPS:-3}; else REPS=${REPS:-5}; fi
TARGET=${CARGO_TARGET_DIR:-$PWD/target}

echo "building (release, lto, codegen-units=1) into $TARGET/peers-{default,native}" >&2
env -u RUSTFLAGS cargo build --release --locked --quiet --target-dir "$TARGET/peers-default"
RUSTFLAGS='-C target-cpu=native' cargo build --release --locked --quiet --target-dir "$TARGET/peers-native"

ALL=hayanagi,shunsai,haitaka,rsshogi,rsshogi-perft,rshogi-core,lite
FAST=hayanagi,shunsai,haitaka,rsshogi,rsshogi-perft,rshogi-core
# position depth modes engines [repetitions, if not $REPS]
if [ "$QUICK" = 1 ]; then
  CASES=(
    "startpos 5 nobulk $ALL"
    "startpos 5 bulk $FAST"
    "matsuri 3 nobulk,bulk $ALL"
    "maxmoves 3 bulk $FAST"
    "maxmoves 2 nobulk $ALL"
  )
else
  CASES=(
    "startpos 5 nobulk $ALL"
    "startpos 6 bulk $FAST"
    "matsuri 3 nobulk,bulk $ALL"
    "matsuri 4 bulk $FAST"
    "maxmoves 3 bulk,nobulk $FAST"
    # depth 3's bulk count takes some 15-35 ms: every timed run repeats it to 0.2 s (peers --min-time, the same for
    # every engine; yaneuraou.py likewise). Depth 4 (9.3 G nodes) for the fastest, 3 repetitions: its leaves are the
    # other side's (White, 3 kinds in hand, ~175 moves), depth 3's Black's (7 kinds in hand, ~505 moves), so the two
    # rows measure different work, not the same work at two lengths.
    "maxmoves 4 bulk hayanagi,shunsai,haitaka 3"
  )
fi

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date +%s)
rows=()
for build in default native; do
  for case in "${CASES[@]}"; do
    read -r position depth modes engines reps <<<"$case"
    echo "== $build: $position d$depth $modes" >&2
    # A node count disagreement makes peers exit non-zero, and set -e stops the script here.
    rows+=("$("$TARGET/peers-$build/release/peers" "$position" "$depth" --modes "$modes" --engines "$engines" \
      --reps "${reps:-$REPS}" --build "$build" --rows-only)")
  done
done
YANEURAOU=${YANEURAOU:-}
yaneuraou_rows=0
if [ -n "$YANEURAOU" ] && [ -x "$YANEURAOU" ]; then
  for case in "${CASES[@]}"; do
    read -r position depth modes engines reps <<<"$case"
    case ",$modes," in *,bulk,*) ;; *) continue ;; esac
    echo "== yaneuraou: $position d$depth bulk (beside the native build)" >&2
    rows+=("$(python3 yaneuraou.py "$YANEURAOU" "$TARGET/peers-native/release/peers" "$position" "$depth" \
      "${reps:-$REPS}" native)")
    yaneuraou_rows=1
  done
else
  echo "YaneuraOu skipped: set YANEURAOU to the path of a YaneuraOu binary to add its rows (see this script's header)" >&2
fi
elapsed=$(( $(date +%s) - started ))

peers="$TARGET/peers-default/release/peers"
echo "Perft, median of $REPS runs of thread CPU time, engines interleaved (a perft under 0.2 s is repeated within a run"
echo "and timed per perft); \`time ÷ hayanagi's\` above 1 means slower than hayanagi in the same build and mode. $(lscpu | sed -n 's/^Model name: *//p' | head -n1),"
echo "$(nproc) cores; $(rustc --version); $(date -u '+%Y-%m-%d %H:%M UTC'); load average $load_before before,"
echo "$(cut -d' ' -f1-3 /proc/loadavg) after; took $elapsed s. \`benches/peers/run.sh${1:+ $1}\`"
echo
"$peers" header
printf '%s\n' "${rows[@]}"
echo
"$peers" list | sed -n '/^engines:/,/^positions:/p' | sed '1d;$d' | sed 's/^ */- /'
if [ "$yaneuraou_rows" = 1 ]; then
  echo "- yaneuraou      $(basename "$YANEURAOU"), a local build of YaneuraOu: USI go perft (bulk), process CPU time minus start-up; ratio to hayanagi's native runs interleaved with it"
fi
