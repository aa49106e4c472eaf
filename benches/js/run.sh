#!/usr/bin/env bash
# JS-driven perft against the module's own nobulk perft and against shogiops 0.18 (a pure TypeScript
# shogi library, installed from npm into a scratch project: a black-box peer, none of its code is in
# this repository). README, "JavaScript (npm)", "Checks, sizes, speed".
#   bash benches/js/run.sh [depth=4] [rounds=7] [position=startpos] [variants=codes,typed,usi,shogiops]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$root/npm/build.sh" > /dev/null
(cd "$root/npm" && npm pack --silent --ignore-scripts --pack-destination "$work" > /dev/null)
cd "$work"
echo '{ "name": "hayanagi-bench", "private": true, "type": "module" }' > package.json
timeout 300 npm install --silent --no-audit --no-fund --prefer-offline "$work"/hayanagi-*.tgz shogiops@0.18.0
cp "$root/npm/bench/perft.mjs" perft.mjs
nice -n 5 node perft.mjs "${1:-4}" "${2:-7}" "${3:-startpos}" "${4:-codes,typed,usi,shogiops}"
