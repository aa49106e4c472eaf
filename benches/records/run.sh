#!/usr/bin/env bash
# Game-record throughput, hayanagi beside cshogi and python-shogi, in one interleaved run:
#   bash benches/records/run.sh [ROUNDS]
# Builds the throughput example (release) and runs benches/records/bench.py in the CI venv
# (.ci/venv.sh: cshogi, python-shogi).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=$(bash .ci/venv.sh)
cargo build --quiet --release -p hayanagi-records --example throughput
nice -n 5 "$venv/bin/python3" benches/records/bench.py "$@"
