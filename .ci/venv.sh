#!/usr/bin/env bash
# Creates (once) the virtual environment CI's Python runs in and installs .ci/requirements.txt into it.
# Prints the environment's directory; `.ci/run` puts its bin/ first on PATH, so `python3` and `pip` are the
# environment's. The system Python is never written to.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${HAYANAGI_VENV:-$PWD/target/ci-venv}
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv" >&2
fi
stamp="$venv/.requirements"
if ! cmp -s .ci/requirements.txt "$stamp"; then
  timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check -r .ci/requirements.txt >&2
  cp .ci/requirements.txt "$stamp"
fi
echo "$venv"
