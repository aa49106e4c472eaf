#!/usr/bin/env bash
# The Python package (python/): format and lints of its crate, its Rust unit tests, the wheel built by
# `maturin build --release` and installed into CI's virtual environment (as a user installs it), the
# pytest suite, `mypy --strict` on a consumer script against the stubs, and the Python examples of
# python/README.md and README.md. Run from .ci/run with the venv first on PATH (.ci/venv.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# python/ is its own workspace (the root's `cargo test` never needs libpython); it shares the root's
# target directory so that the core is not built twice.
export CARGO_TARGET_DIR="$root/target"
python3 -c 'import maturin, pytest, mypy' 2> /dev/null || { echo "run .ci/venv.sh first (maturin, pytest, mypy)" >&2; exit 1; }

# The picture test renders the SVG in headless Chromium with a Japanese font (Debian's packages).
if ! command -v chromium > /dev/null || ! fc-list :lang=ja | grep -q .; then
  # shellcheck source=.ci/apt_install.sh
  source .ci/apt_install.sh
  apt_install chromium fonts-noto-cjk
fi

(cd python && cargo fmt -- --check)
(cd python && cargo clippy --all-targets -- -D warnings)
(cd python && cargo test)

# The PySpark test (python/tests/test_spark.py) needs Java 17; HAYANAGI_SPARK=1 makes a missing pyspark a failure.
if ! java -version > /dev/null 2>&1; then
  . .ci/apt_install.sh
  apt_install openjdk-17-jre-headless
fi
export HAYANAGI_SPARK=1

wheels=$(mktemp -d)
(cd python && maturin build --release --quiet --out "$wheels")
pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/hayanagi-*.whl
rm -rf "$wheels"
# From another directory, so that the installed package is imported, not python/hayanagi/.
cd "${TMPDIR:-/tmp}"
python3 -c 'import hayanagi, sys; print("hayanagi", hayanagi.__file__, file=sys.stderr)'
python3 -m pytest -q -p no:cacheprovider "$root/python/tests"
mypy --strict --no-incremental --cache-dir=/dev/null "$root/python/tests/consumer.py" "$root/python/tests/consumer_data.py"
python3 "$root/.ci/python_examples.py" "$root/python/README.md" "$root/README.md"
