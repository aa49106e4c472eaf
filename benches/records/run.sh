#!/usr/bin/env bash
# Game-record throughput, hayanagi beside cshogi and python-shogi, in one interleaved run:
#   bash benches/records/run.sh [ROUNDS]        timed, interleaved rounds (medians)
#   bash benches/records/run.sh --instructions  callgrind instructions per record, hayanagi and cshogi
# Builds the throughput example (release) and runs benches/records/bench.py in the CI venv
# (.ci/venv.sh: cshogi, python-shogi).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=$(bash .ci/venv.sh)
cargo build --quiet --release -p hayanagi-records --example throughput
if [ "${1:-}" = --instructions ]; then
  nice -n 5 "$venv/bin/python3" benches/records/instructions.py
else
  nice -n 5 "$venv/bin/python3" benches/records/bench.py "$@"
fi
