#!/usr/bin/env bash
# Builds and checks the C API (capi/, include/hayanagi.h) and its WebAssembly module:
#   format, lints and docs; the static library, with no panic path linked and exactly the header's
#   functions exported; the header as strict C99 and as C++; the C test program (every function and
#   error path) natively, under valgrind, against the debug and the shared library; a C++ program
#   linked against the library; the wasm32-unknown-unknown module builds (raw and after wasm-opt -Oz,
#   under 1 MiB); the README's C example. The module's JS package is checked by npm/check.sh.
# Installs what is missing on a Debian machine (the wasm target, gcc/g++, valgrind, binaryen).
# Respects CARGO_TARGET_DIR (default: capi/target). Called by .ci/run; exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/capi"
export CARGO_TERM_COLOR=never
target="${CARGO_TARGET_DIR:-$root/capi/target}"
start=$(date +%s)
step() { printf '\n== capi: %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }
fail() { echo "capi/check.sh: $*" >&2; exit 1; }
apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  timeout 300 $sudo apt-get update -qq &&
    timeout 300 $sudo apt-get install -y -qq --no-install-recommends "$@" > /dev/null
}
# Seconds since $1 (from `date +%s.%N`), to 2 decimals.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }

step "tools"
if command -v rustup > /dev/null; then
  timeout 300 rustup target add wasm32-unknown-unknown
  timeout 300 rustup component add rustfmt clippy
fi
{ command -v gcc > /dev/null && command -v g++ > /dev/null; } || apt_install gcc g++
command -v valgrind > /dev/null || apt_install valgrind
command -v wasm-opt > /dev/null || apt_install binaryen || echo "binaryen not installable: the module is not optimised"
cargo --version

step "format, lints, docs"
cargo fmt -- --check
cargo clippy --release -- -D warnings
cargo clippy --release --target wasm32-unknown-unknown -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps

step "static and shared library (the header's constants are checked at compile time)"
cargo build --release
lib="$target/release/libhayanagi_capi.a"
# With LTO, a reachable panic would leave a call to `abort` (the panic handler's): there must be none.
if nm -u "$lib" 2> /dev/null | grep -qw abort; then
  fail "a panic path is linked into $lib"
fi
# Exactly the functions the header declares are exported.
exported=$(nm -g --defined-only "$lib" 2> /dev/null | awk '$2 == "T" && $3 ~ /^hayanagi_/ { print $3 }' | sort -u)
declared=$(grep -oE '\bhayanagi_[a-z0-9_]+\(' "$root/include/hayanagi.h" | tr -d '(' | sort -u)
if [ "$exported" != "$declared" ]; then
  diff <(echo "$declared") <(echo "$exported") >&2 || true
  fail "the library's exported functions (>) differ from the header's declarations (<)"
fi
echo "$(echo "$exported" | wc -l) functions exported, as declared"

step "the header: strict C99, C++98 and C++17"
gcc -std=c99 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c "$root/include/hayanagi.h"
g++ -std=c++98 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c++ "$root/include/hayanagi.h"
g++ -std=c++17 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c++ "$root/include/hayanagi.h"

step "C test program, natively and under valgrind"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"
# The README's line ("Linking from C"), with the library where this build put it.
gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c "$lib" -o "$out/capi-test"
"$out/capi-test"
t=$(date +%s.%N)
valgrind -q --error-exitcode=99 --leak-check=full "$out/capi-test"
valgrind_seconds=$(since "$t")
echo "under valgrind: ${valgrind_seconds} s"
g++ -std=c++11 -Wall -Wextra -Werror -I include capi/tests/link.cpp "$lib" -o "$out/capi-link"
"$out/capi-link"
# The debug library (no LTO; overflow checks on, so an overflow on these paths would abort).
(cd capi && cargo build)
gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c "$target/debug/libhayanagi_capi.a" \
  -o "$out/capi-test-debug"
"$out/capi-test-debug"
# The release test against the shared library.
gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c -L "$target/release" -lhayanagi_capi \
  -o "$out/capi-test-shared"
LD_LIBRARY_PATH="$target/release" "$out/capi-test-shared"

step "WebAssembly module"
cd "$root/capi"
cargo rustc --release --target wasm32-unknown-unknown --crate-type cdylib
raw="$target/wasm32-unknown-unknown/release/hayanagi_capi.wasm"
wasm="$target/hayanagi.wasm"
if command -v wasm-opt > /dev/null; then
  wasm-opt -Oz "$raw" -o "$wasm"
else
  cp "$raw" "$wasm"
fi
raw_size=$(stat -c %s "$raw")
wasm_size=$(stat -c %s "$wasm")
[ "$wasm_size" -le 1048576 ] && [ "$raw_size" -le 1048576 ] || fail "the module is over 1 MiB"

step "the README's example (Linking from C)"
cd "$root"
# The first ```LANG block of README section SECTION.
readme_block() {
  awk -v lang="$1" -v section="$2" '
    $0 == "## " section { in_section = 1; next }
    /^## / { in_section = 0 }
    in_section && $0 == "```" lang { in_block = 1; next }
    in_block && $0 == "```" { exit }
    in_block { print }' "$root/README.md"
}
readme_block c "Linking from C" > "$out/app.c"
[ -s "$out/app.c" ] || fail "the C example is missing from the README"
gcc -std=c99 -Wall -Wextra -Werror -I include "$out/app.c" "$lib" -o "$out/app"
"$out/app"

step "done"
printf 'static library %s: %s B; the C test program linking it: .text %s B, .rodata %s B; under valgrind %s s\n' \
  "$(basename "$lib")" "$(stat -c %s "$lib")" \
  "$(size -A "$out/capi-test" | awk '$1 == ".text" { print $2 }')" \
  "$(size -A "$out/capi-test" | awk '$1 == ".rodata" { print $2 }')" "$valgrind_seconds"
printf 'hayanagi.wasm: %s B raw, %s B after wasm-opt -Oz\n' "$raw_size" "$wasm_size"
