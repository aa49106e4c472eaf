#!/usr/bin/env bash
# The Python benchmarks in one command: `bash benches/python/run.sh [args for board.py]`.
# Makes a virtual environment (target/bench-python-venv) with cshogi and rsshogi from PyPI, builds
# hayanagi's wheel with `maturin build --release` and installs it there, then runs board.py (the
# per-call Board API: legal moves, push+pop, board from SFEN, set_hcp, CSA files) and the array
# benchmarks data_*.py, each library taking turns in one run. Quiet machine recommended.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
venv=${HAYANAGI_BENCH_VENV:-$root/target/bench-python-venv}
[ -x "$venv/bin/python3" ] || python3 -m venv "$venv"
if ! cmp -s benches/python/requirements.txt "$venv/.requirements"; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r benches/python/requirements.txt
  cp benches/python/requirements.txt "$venv/.requirements"
fi
export PATH="$venv/bin:$PATH" CARGO_TARGET_DIR="$root/target"
wheels=$(mktemp -d)
(cd python && maturin build --release --quiet --out "$wheels")
pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/hayanagi-*.whl
rm -rf "$wheels"
cd "${TMPDIR:-/tmp}"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
python3 "$root/benches/python/board.py" "$@"
for bench in "$root"/benches/python/data_*.py; do
  [ -e "$bench" ] && python3 "$bench"
done
