#!/usr/bin/env bash
# Runs every cargo-fuzz target of hayanagi for SECONDS each (default 60), one after the other.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# Stable toolchain, no sanitizer by default: the library forbids `unsafe`, and only the C API (target
# `capi`) has pointer code for AddressSanitizer to watch. FUZZ_SANITIZER=address runs every target under
# it (needs RUSTC_BOOTSTRAP=1, set here, and about 500 MB of memory).
# Installs cargo-fuzz (and g++, for libFuzzer) if missing. Each target starts from its committed seeds
# (fuzz/corpus/<target>/seed-*) plus what its corpus grew to in earlier runs (kept there, ignored by
# git). A failing target leaves its input in fuzz/artifacts/<target>/ and makes the script exit 1
# after all targets ran; replay it with `cargo fuzz run --sanitizer none <target> <file>`.
set -euo pipefail
seconds=${1:-60}
[ $# -gt 0 ] && shift
cd "$(dirname "$0")"
export CARGO_TERM_COLOR=never

# libfuzzer-sys compiles libFuzzer, which is C++.
if ! command -v c++ > /dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  timeout 300 $sudo apt-get update -qq
  timeout 300 $sudo apt-get install -y -qq --no-install-recommends g++ > /dev/null
fi
if ! cargo fuzz --version > /dev/null 2>&1; then
  timeout 600 cargo install cargo-fuzz --locked
fi
sanitizer=${FUZZ_SANITIZER:-none}
if [ "$sanitizer" != none ]; then
  export RUSTC_BOOTSTRAP=1
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi
cargo fuzz build --sanitizer "$sanitizer"

logs=$(mktemp -d)
failed=()
for target in "${targets[@]}"; do
  options=(-max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=1024)
  case $target in
    sfen | usi_position) options+=(-dict="$PWD/usi.dict") ;;
    # Three bytes a step: room for games of up to 300 plies from the first input on.
    play) options+=(-max_len=900 -len_control=10) ;;
    # A packed position and a few move codes; a stream of up to 8 records.
    hcp | psfen) options+=(-max_len=64) ;;
    packed_records) options+=(-max_len=330) ;;
  esac
  mkdir -p "corpus/$target"
  echo "== fuzz $target: ${seconds}s"
  log="$logs/$target.log"
  if ! timeout $((seconds + 300)) cargo fuzz run --sanitizer "$sanitizer" "$target" -- "${options[@]}" > "$log" 2>&1
  then
    failed+=("$target")
    grep -v -E '^#[0-9]+.*(NEW|REDUCE|pulse)' "$log" | tail -n 40
  fi
  # The last status line (coverage: edges `cov`, features `ft`, corpus size) and libFuzzer's totals.
  grep -E '^#[0-9]+.*cov: ' "$log" | tail -n 1 || true
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" | tr '\n' ' '
  echo
done
rm -rf "$logs"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz targets failed: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
  exit 1
fi
