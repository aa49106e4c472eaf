#!/usr/bin/env bash
# Builds and checks the C API (capi/, include/hayanagi.h) and its WebAssembly module:
#   format, lints and docs; the static library, with no panic path linked and exactly the header's
#   functions exported; the header as strict C99 and as C++; the C test program (every function and
#   error path) natively, under valgrind, against the debug library; a C++ program linked against the
#   library; the C perft benchmark (counts only); capi/install.sh into a temporary prefix (files,
#   SONAME, exports of both libraries, the test against the installed shared library; the records
#   library beside it, its test through pkg-config and CMake, shared and static) and the
#   README's C blocks run as written (pkg-config shared and static, CMake shared and static); the
#   wasm32-unknown-unknown module builds (after wasm-opt -Oz, under 1 MiB). The module's JS
#   package is checked by npm/check.sh.
# Installs what is missing on a Debian machine (the wasm target, gcc/g++, valgrind, binaryen, cmake).
# Respects CARGO_TARGET_DIR (default: capi/target). Called by .ci/run; exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/capi"
export CARGO_TERM_COLOR=never
target="${CARGO_TARGET_DIR:-$root/capi/target}"
start=$(date +%s)
step() { printf '\n== capi: %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }
fail() { echo "capi/check.sh: $*" >&2; exit 1; }
# shellcheck source=../.ci/apt_install.sh
source "$root/.ci/apt_install.sh"
# Seconds since $1 (from `date +%s.%N`), to 2 decimals.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }

step "tools"
if command -v rustup > /dev/null; then
  timeout 300 rustup target add wasm32-unknown-unknown
  timeout 300 rustup component add rustfmt clippy
fi
{ command -v gcc > /dev/null && command -v g++ > /dev/null; } || apt_install gcc g++
command -v valgrind > /dev/null || apt_install valgrind
command -v cmake > /dev/null || apt_install cmake
command -v pkg-config > /dev/null || apt_install pkg-config
command -v wasm-opt > /dev/null || apt_install binaryen || echo "binaryen not installable: the module is not optimised"
cargo --version

step "format, lints, docs"
cargo fmt -- --check
cargo clippy --release -- -D warnings
# Without the extended set too (the npm package's core module is built so).
cargo clippy --release --no-default-features -- -D warnings
cargo clippy --release --target wasm32-unknown-unknown -- -D warnings
# With the game records (the records library, include/hayanagi_records.h).
cargo clippy --release --features records -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --features records

step "static and shared library (the header's constants are checked at compile time)"
cargo build --release
lib="$target/release/libhayanagi_capi.a"
# With LTO, a reachable panic would leave a call to `abort` (the panic handler's): there must be none.
if nm -u "$lib" 2> /dev/null | grep -qw abort; then
  fail "a panic path is linked into $lib"
fi
# Exactly the functions the header declares are exported. The archive cargo builds also holds the
# runtime's compiler_builtins members (global, not hayanagi_*): only its hayanagi_* functions are
# compared; the installed libraries (checked after installing) must have no other global symbol.
declared=$(grep -oE '\bhayanagi_[a-z0-9_]+\(' "$root/include/hayanagi.h" | tr -d '(' | sort -u)
check_exports() { # LIBRARY all|hayanagi NM-FLAGS...
  local exported
  exported=$(nm "${@:3}" --defined-only "$1" 2> /dev/null |
    awk -v only="$2" 'NF == 3 && $2 ~ /^[A-Z]$/ && (only == "all" || $3 ~ /^hayanagi_/) { print $2 " " $3 }' | sort -u)
  if [ "$exported" != "$(echo "$declared" | sed 's/^/T /')" ]; then
    diff <(echo "$declared" | sed 's/^/T /') <(echo "$exported") >&2 || true
    fail "$1: the global symbols (>) differ from the header's functions (<)"
  fi
  echo "$(basename "$1"): $(echo "$exported" | wc -l) global symbols, the header's functions"
}
check_exports "$lib" hayanagi -g
# One version everywhere: the header's is checked against capi/Cargo.toml at compile time.
cargo_version() { sed -n 's/^version = "\(.*\)"$/\1/p' "$1" | head -1; }
for manifest in "$root/Cargo.toml" "$root/fuzz/capi-rlib/Cargo.toml"; do
  [ "$(cargo_version "$manifest")" = "$(cargo_version "$root/capi/Cargo.toml")" ] ||
    fail "$manifest and capi/Cargo.toml have different versions"
done

step "the header: strict C99, C++98 and C++17"
gcc -std=c99 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c "$root/include/hayanagi.h"
g++ -std=c++98 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c++ "$root/include/hayanagi.h"
g++ -std=c++17 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c++ "$root/include/hayanagi.h"

step "C test program, natively and under valgrind"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"
# The README's line ("Using it from C"), with the library where this build put it.
gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c "$lib" -o "$out/capi-test"
t=$(date +%s.%N)
"$out/capi-test"
native_seconds=$(since "$t")
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

step "the records library (include/hayanagi_records.h): exports, header, C test natively and under valgrind"
# Its own target directory: the same crate with the records feature, so the same file names.
records_target="$target/records-lib"
(cd capi && CARGO_TARGET_DIR="$records_target" cargo build --release --features records)
records_lib="$records_target/release/libhayanagi_capi.a"
# Exactly the functions of both headers are exported (the shared library: nothing else global).
plain_declared="$declared"
declared=$(grep -ohE '\bhayanagi_[a-z0-9_]+\(' include/hayanagi.h include/hayanagi_records.h | tr -d '(' | sort -u)
check_exports "$records_lib" hayanagi -g
check_exports "$records_target/release/libhayanagi_capi.so" all -D
declared="$plain_declared"
gcc -std=c99 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c -I include include/hayanagi_records.h
g++ -std=c++98 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c++ -I include include/hayanagi_records.h
g++ -std=c++17 -pedantic-errors -Wall -Wextra -Werror -fsyntax-only -x c++ -I include include/hayanagi_records.h
gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/records.c "$records_lib" -o "$out/records-test"
"$out/records-test"
t=$(date +%s.%N)
valgrind -q --error-exitcode=99 --leak-check=full "$out/records-test"
echo "records test under valgrind: $(since "$t") s"
# The whole plain C test against the records library too (it is a superset).
gcc -std=c99 -Wall -Wextra -Werror -I include capi/tests/main.c "$records_lib" -o "$out/capi-test-records-lib"
"$out/capi-test-records-lib" > /dev/null

step "the C perft benchmark (counts agree; the README's speed numbers come from deeper runs)"
gcc -O2 -std=c99 -Wall -Wextra -Werror -I include capi/bench/perft.c "$lib" -o "$out/bench"
"$out/bench" 3

step "capi/install.sh into a temporary prefix"
prefix="$out/prefix"
bash capi/install.sh --prefix "$prefix" --no-build
version=$(sed -n 's/^#define HAYANAGI_VERSION_STRING "\(.*\)"$/\1/p' include/hayanagi.h)
so="$prefix/lib/libhayanagi.so.$version"
for file in include/hayanagi.h lib/libhayanagi.a "lib/libhayanagi.so.$version" lib/pkgconfig/hayanagi.pc \
  lib/cmake/hayanagi/hayanagiConfig.cmake lib/cmake/hayanagi/hayanagiConfigVersion.cmake; do
  [ -f "$prefix/$file" ] || fail "install: $file is missing"
done
abi_link=$(readelf -d "$prefix/lib/libhayanagi.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$(readlink "$prefix/lib/$abi_link")" = "libhayanagi.so.$version" ] &&
  [ "$(readlink "$prefix/lib/libhayanagi.so")" = "$abi_link" ] || fail "install: the .so links"
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
# The ABI version: MAJOR, or 0.MINOR before 1.0 (the header's ABI AND VERSIONS).
major=${version%%.*}
if [ "$major" = 0 ]; then abi="0.$(echo "$version" | cut -d. -f2)"; else abi="$major"; fi
[ "$soname" = "libhayanagi.so.$abi" ] || fail "install: SONAME is '$soname', not libhayanagi.so.$abi"
echo "SONAME $soname"
check_exports "$so" all -D
check_exports "$prefix/lib/libhayanagi.a" all -g
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --exact-version="$version" hayanagi ||
  fail "install: pkg-config does not find hayanagi $version"
# The whole C test against the installed shared library, found by its SONAME.
gcc -std=c99 -Wall -Wextra -Werror capi/tests/main.c $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config \
  --cflags --libs hayanagi) -o "$out/capi-test-shared"
readelf -d "$out/capi-test-shared" | grep -q "NEEDED.*\[$soname\]" || fail "the test does not need $soname"
LD_LIBRARY_PATH="$prefix/lib" "$out/capi-test-shared"
# The records library beside it: its files, SONAME, exports (both headers' functions), pkg-config,
# and the records C test against the installed shared and static libraries, by pkg-config and CMake.
records_so="$prefix/lib/libhayanagi_records.so.$version"
for file in include/hayanagi_records.h lib/libhayanagi_records.a "lib/libhayanagi_records.so.$version" \
  lib/pkgconfig/hayanagi_records.pc; do
  [ -f "$prefix/$file" ] || fail "install: $file is missing"
done
records_soname=$(readelf -d "$records_so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$records_soname" = "libhayanagi_records.so.$abi" ] ||
  fail "install: the records library's SONAME is '$records_soname', not libhayanagi_records.so.$abi"
[ "$(readlink "$prefix/lib/$records_soname")" = "libhayanagi_records.so.$version" ] &&
  [ "$(readlink "$prefix/lib/libhayanagi_records.so")" = "$records_soname" ] || fail "install: the records .so links"
echo "SONAME $records_soname"
plain_declared="$declared"
declared=$(grep -ohE '\bhayanagi_[a-z0-9_]+\(' include/hayanagi.h include/hayanagi_records.h | tr -d '(' | sort -u)
check_exports "$records_so" all -D
check_exports "$prefix/lib/libhayanagi_records.a" all -g
declared="$plain_declared"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
pkg-config --exact-version="$version" hayanagi_records || fail "install: pkg-config does not find hayanagi_records $version"
gcc -std=c99 -Wall -Wextra -Werror capi/tests/records.c $(pkg-config --cflags --libs hayanagi_records) \
  -o "$out/records-test-shared"
readelf -d "$out/records-test-shared" | grep -q "NEEDED.*\[$records_soname\]" || fail "the records test does not need $records_soname"
LD_LIBRARY_PATH="$prefix/lib" "$out/records-test-shared" > /dev/null
gcc -std=c99 -Wall -Wextra -Werror capi/tests/records.c $(pkg-config --cflags hayanagi_records) \
  "$(pkg-config --variable=libdir hayanagi_records)/libhayanagi_records.a" \
  $(pkg-config --variable=static_libs hayanagi_records) -o "$out/records-test-static"
! readelf -d "$out/records-test-static" | grep -q 'NEEDED.*libhayanagi' || fail "the static records test needs a shared hayanagi"
"$out/records-test-static" > /dev/null
unset PKG_CONFIG_PATH
mkdir -p "$out/records-cmake"
cat > "$out/records-cmake/CMakeLists.txt" << EOF
cmake_minimum_required(VERSION 3.16)
project(records C)
find_package(hayanagi $version REQUIRED)
add_executable(records "$root/capi/tests/records.c")
target_link_libraries(records PRIVATE hayanagi::records)
EOF
for kind in shared static; do
  static=OFF
  [ "$kind" = static ] && static=ON
  cmake -S "$out/records-cmake" -B "$out/records-cmake/$kind" -DCMAKE_PREFIX_PATH="$prefix" -DHAYANAGI_STATIC=$static \
    > "$out/records-cmake/$kind.log" 2>&1 && cmake --build "$out/records-cmake/$kind" >> "$out/records-cmake/$kind.log" 2>&1 ||
    { cat "$out/records-cmake/$kind.log" >&2; fail "CMake ($kind) does not build the records test against hayanagi::records"; }
  if [ "$kind" = shared ]; then
    readelf -d "$out/records-cmake/$kind/records" | grep -q "NEEDED.*\[$records_soname\]" || fail "CMake shared: not $records_soname"
  else
    ! readelf -d "$out/records-cmake/$kind/records" | grep -q 'NEEDED.*libhayanagi' || fail "CMake static: a shared hayanagi"
  fi
  "$out/records-cmake/$kind/records" > /dev/null
done
echo "records library: pkg-config shared and static, CMake shared and static: the records test passes"

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
# A reachable panic would be an import (env.abort, the panic handler's): the module imports nothing.
if command -v wasm-opt > /dev/null && wasm-opt --print "$raw" 2> /dev/null | grep -q '^ *(import '; then
  wasm-opt --print "$raw" | grep '^ *(import ' >&2
  fail "the WebAssembly module imports something: a panic path is linked (find it: wasm-opt --print $raw | grep -n 'call .*panic')"
fi
raw_size=$(stat -c %s "$raw")
wasm_size=$(stat -c %s "$wasm")
echo "module: $raw_size B as built (with its names section), $wasm_size B as checked"
# The guard is on the module as shipped (wasm-opt -Oz; the npm package strips custom sections too):
# the raw build carries a names section that no user loads.
[ "$wasm_size" -le 1048576 ] || fail "the module is over 1 MiB ($wasm_size B)"

step "the README's C blocks (Using it from C), run as written"
cd "$root"
# Block N (default 1) in LANG of README section SECTION.
readme_block() {
  awk -v lang="$1" -v section="$2" -v n="${3:-1}" '
    $0 == "## " section { in_section = 1; next }
    /^## / { in_section = 0 }
    in_section && $0 == "```" lang { seen++; in_block = seen == n; next }
    in_block && $0 == "```" { exit }
    in_block { print }' "$root/README.md"
}
section="Using it from C"
work="$out/readme"
mkdir -p "$work"
readme_block c "$section" > "$work/app.c"
readme_block sh "$section" 1 | sed "s|bash capi/install.sh|bash '$root/capi/install.sh'|" > "$work/pkg-config.sh"
readme_block cmake "$section" > "$work/CMakeLists.txt"
readme_block sh "$section" 2 > "$work/cmake.sh"
for file in app.c pkg-config.sh CMakeLists.txt cmake.sh; do
  [ -s "$work/$file" ] || fail "the README's $file block is missing"
done
# What the tour prints must be what its comments say: the comment ending each printf statement, or
# the comment line after it.
awk '
  /printf\(/ { pending = 1 }
  pending && /\/\* .* \*\/$/ && (/;/ || /^ *\/\*/) { sub(/.*\/\* /, ""); sub(/ \*\/$/, ""); print; pending = 0; next }
  pending && /; *$/ { ended = 1; pending = 0; next }
  ended && /^ *\/\* .* \*\/$/ { sub(/.*\/\* /, ""); sub(/ \*\/$/, ""); print }
  { ended = 0 }' "$work/app.c" > "$work/expected"
[ "$(wc -l < "$work/expected")" -ge 5 ] || fail "the tour's expected output is missing"
(
  cd "$work"
  export PREFIX="$out/readme-prefix"
  bash -euo pipefail pkg-config.sh > pkg-config.out
  bash -euo pipefail cmake.sh > cmake.log
  for program in ./app ./app-static ./build/app ./build-static/app; do
    "$program" > run.out
    diff expected run.out >&2 || fail "the README's $program prints what its comments do not say"
  done
  # Each build is what it says: the shared ones need the SONAME, the static ones do not.
  for program in app build/app; do readelf -d "$program" | grep -q 'NEEDED.*libhayanagi' || fail "$program: not shared"; done
  for program in app-static build-static/app; do
    ! readelf -d "$program" | grep -q 'NEEDED.*libhayanagi' || fail "$program: not static"
  done
  echo "pkg-config shared and static, CMake shared and static: $(wc -l < expected) lines as documented"
)

step "the README's C quick start (### C, JavaScript), run as written"
quick="$out/quick"
mkdir -p "$quick"
awk '$0 == "### C, JavaScript" { in_section = 1; next }
  /^##/ { in_section = 0 }
  in_section && $0 == "```c" { in_block = 1; next }
  in_block && $0 == "```" { exit }
  in_block { print }' "$root/README.md" > "$quick/app.c"
[ -s "$quick/app.c" ] || fail "the README's C quick start is missing"
[ "$(wc -l < "$quick/app.c")" -le 10 ] || fail "the README's C quick start is longer than 10 lines"
# It compiles against the installed library as the sentence before it says, and prints what its
# printf comment says.
gcc -std=c99 -Wall -Wextra -Werror "$quick/app.c" $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags \
  --libs hayanagi) -o "$quick/app"
LD_LIBRARY_PATH="$prefix/lib" "$quick/app" > "$quick/run.out" || fail "the C quick start exits non-zero"
sed -n 's|.*printf(.*/\* \(.*\) \*/$|\1|p' "$quick/app.c" > "$quick/expected"
[ -s "$quick/expected" ] && diff "$quick/expected" "$quick/run.out" >&2 || fail "the C quick start prints what its comment does not say"
echo "C quick start: $(wc -l < "$quick/app.c") lines, prints '$(cat "$quick/run.out")'"

step "done"
printf 'static library %s: %s B (installed, helpers made local: %s B); shared %s: %s B; the C test program linking it: .text %s B, .rodata %s B\n' \
  "$(basename "$lib")" "$(stat -c %s "$lib")" "$(stat -c %s "$prefix/lib/libhayanagi.a")" "$(basename "$so")" "$(stat -c %s "$so")" \
  "$(size -A "$out/capi-test" | awk '$1 == ".text" { print $2 }')" \
  "$(size -A "$out/capi-test" | awk '$1 == ".rodata" { print $2 }')"
printf 'C test: %s natively, %s s under valgrind\n' "$native_seconds" "$valgrind_seconds"
printf 'hayanagi.wasm: %s B raw, %s B after wasm-opt -Oz\n' "$raw_size" "$wasm_size"
