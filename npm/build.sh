#!/usr/bin/env bash
# Builds what the npm package ships beside its hand-written JS and types (README, "JavaScript (npm)"):
#   hayanagi.wasm  the core module: the C API crate (capi/) for wasm32-unknown-unknown, release,
#                  without its `extended` set (--no-default-features) and with the core's compact
#                  tables (the module is 79 KB gzipped instead of 101 KB; nobulk perft as fast, bulk
#                  perft about 1.8x slower; README "Checks, sizes, speed"). Candidates: the raw
#                  module; it without its custom sections (names, producers: tools/strip.mjs); with
#                  binaryen, the raw module stripped by `wasm-opt --strip-debug --strip-producers`, and
#                  `wasm-opt -Oz` of it. The one smallest after `gzip -9` is shipped (-Oz splits the
#                  tables into thousands of data segments, which compress worse).
#   extended.wasm  the extended module: the same crate with its default features (the extended set:
#                  typed generation, mate, tsume, SEE, setup, handicaps, packed formats, notation) and
#                  the full tables, chosen the same way; hayanagi.mjs copies a position's record into it
#                  for each call (loadExtended()).
#   records.wasm   the game-records module (records-wasm/: hayanagi-records for wasm32-unknown-unknown,
#                  with the core's compact tables), chosen the same way; wrapped by records.mjs.
#   codes.mjs, codes.d.ts
#                  the HAYANAGI_ERR_* codes of include/hayanagi.h as the names HayanagiError.code
#                  takes ("SFEN_NIFU"), so that the JS names cannot drift from the header.
#   *.cjs, *.d.cts the CommonJS entry points (package.json "require"), written from the ES modules by
#                  tools/cjs.mjs, and their types (the .d.ts files importing the .cjs ones).
# Prints the candidates' sizes. Respects CARGO_TARGET_DIR (default: capi/target).
# `build.sh --full-tables` builds the core module with the full tables instead (bulk perft as fast as
# the extended module's, 101 KB gzipped).
set -euo pipefail
tables=(--features hayanagi/compact-tables)
case "${1:-}" in
  "") ;;
  --full-tables) tables=() ;;
  *) echo "usage: npm/build.sh [--full-tables]" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="${CARGO_TARGET_DIR:-$root/capi/target}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Builds the C API's module with the cargo arguments given into target dir $1; prints its path.
build_capi() {
  local dir="$1"
  shift
  (cd "$root/capi" && cargo rustc --quiet --release --target wasm32-unknown-unknown --crate-type cdylib --target-dir "$dir" "$@")
  local raw="$dir/wasm32-unknown-unknown/release/hayanagi_capi.wasm"
  # The module must import nothing: an import (env.abort) means a panic path is linked.
  local imports
  imports=$(node -e 'const m = new WebAssembly.Module(require("fs").readFileSync(process.argv[1]));
    console.log(WebAssembly.Module.imports(m).map((i) => `${i.module}.${i.name}`).join(" "))' "$raw")
  if [ -n "$imports" ]; then
    echo "npm/build.sh: the module imports $imports: a panic path is linked into the C API's WebAssembly build ($*)" >&2
    exit 1
  fi
  # hayanagi.mjs keeps its views of the memory until it grows the memory itself: the module never may.
  if command -v wasm-opt > /dev/null && wasm-opt --print "$raw" 2> /dev/null | grep -q 'memory.grow'; then
    echo "npm/build.sh: the module grows its memory (hayanagi.mjs assumes it never does)" >&2
    exit 1
  fi
  echo "$raw"
}
# Ships whichever of the raw module $1, it stripped of names, and `wasm-opt -Oz` of it is smallest
# gzipped, as $2.
ship() {
  local raw="$1" name
  name=$(basename "$2" .wasm)
  node "$here/tools/strip.mjs" "$raw" "$work/$name-unnamed.wasm"
  local candidates=("$raw" "$work/$name-unnamed.wasm")
  if command -v wasm-opt > /dev/null; then
    wasm-opt --strip-debug --strip-producers "$raw" -o "$work/$name-stripped.wasm"
    wasm-opt -Oz --strip-debug --strip-producers "$raw" -o "$work/$name-oz.wasm"
    candidates+=("$work/$name-stripped.wasm" "$work/$name-oz.wasm")
  else
    echo "npm/build.sh: wasm-opt not found (apt-get install binaryen): no -Oz candidate" >&2
  fi
  local best="" best_gz="" candidate gz
  for candidate in "${candidates[@]}"; do
    gz=$(gzip -9 -n -c "$candidate" | wc -c)
    printf '%-24s %8s B raw %7s B gzip -9\n' "$(basename "$candidate" .wasm)" "$(stat -c %s "$candidate")" "$gz"
    if [ -z "$best" ] || [ "$gz" -lt "$best_gz" ]; then best="$candidate" best_gz="$gz"; fi
  done
  cp "$best" "$2"
  echo "shipping $(basename "$best" .wasm): npm/$name.wasm, $(stat -c %s "$2") B, $best_gz B gzipped"
}
core_raw=$(build_capi "$target/npm-core" --no-default-features "${tables[@]}")
extended_raw=$(build_capi "$target")
ship "$core_raw" "$here/hayanagi.wasm"
ship "$extended_raw" "$here/extended.wasm"

# The records module: its own workspace (records-wasm/Cargo.toml), std, the same rules on imports.
(cd "$here/records-wasm" && cargo build --quiet --release --target wasm32-unknown-unknown)
records_target="${CARGO_TARGET_DIR:-$here/records-wasm/target}"
records_raw="$records_target/wasm32-unknown-unknown/release/hayanagi_records_wasm.wasm"
imports=$(node -e 'const m = new WebAssembly.Module(require("fs").readFileSync(process.argv[1]));
  console.log(WebAssembly.Module.imports(m).map((i) => `${i.module}.${i.name}`).join(" "))' "$records_raw")
if [ -n "$imports" ]; then
  echo "npm/build.sh: the records module imports $imports" >&2
  exit 1
fi
ship "$records_raw" "$here/records.wasm"

# The error codes, from lines `#define HAYANAGI_ERR_NAME (-N) /* what it means */`.
codes=$(sed -nE 's|^#define HAYANAGI_ERR_([A-Z0-9_]+) \((-[0-9]+)\) */\* *(.*[^ ]) *\*/.*$|\2 \1 \3|p' \
  "$root/include/hayanagi.h")
[ "$(echo "$codes" | wc -l)" -eq "$(grep -c '^#define HAYANAGI_ERR_' "$root/include/hayanagi.h")" ] || {
  echo "npm/build.sh: a HAYANAGI_ERR_* line of the header is not in the form this script reads" >&2
  exit 1
}
{
  echo "// Generated by npm/build.sh from include/hayanagi.h: do not edit."
  echo "/** HayanagiError.code for each negative result of the C API. */"
  echo "export const ERROR_CODES = new Map(["
  echo "$codes" | awk '{ printf "  [%s, \"%s\"],\n", $1, $2 }'
  echo "]);"
} > "$here/codes.mjs"
{
  echo "// Generated by npm/build.sh from include/hayanagi.h: do not edit."
  echo "/** What went wrong, as the C API's HAYANAGI_ERR_* names without the prefix. */"
  echo "export type ErrorCode ="
  echo "$codes" | awk '{ name = $2; $1 = ""; $2 = ""; sub(/^  /, ""); printf "  /** %s */\n  | \"%s\"\n", $0, name }'
  echo "  ;"
} > "$here/codes.d.ts"

# The CommonJS twins and their types.
for module in codes hayanagi node records records-node; do node "$here/tools/cjs.mjs" "$here/$module.mjs" "$here/$module.cjs"; done
for types in codes hayanagi records; do sed 's|"\./codes\.js"|"./codes.cjs"|' "$here/$types.d.ts" > "$here/$types.d.cts"; done
