#!/usr/bin/env bash
# Checks the npm package (npm/) the way its users consume it. Called by .ci/run; exits non-zero on any failure.
#   1. npm/build.sh (the .wasm, the error codes) and `npm pack`: the tarball must hold exactly the files
#      the package ships.
#   2. A fresh project installs the tarball (and typescript, esbuild) from npm as a user would, then:
#      the tests under Node's test runner (test/node.test.mjs, test/cases.mjs); the TypeScript consumer
#      (test/consumer.ts) under `tsc --strict`, run; the README's examples (section "JavaScript (npm)"):
#      Node, a page bundled by esbuild, a plain page with an import map.
#   3. A static server on 127.0.0.1 serves that project to headless Chromium, which runs the same tests
#      (test/browser.html) and both example pages; the DOM it dumps must report no failure.
#   4. JS-driven perft over move codes against the module's own perft (npm/bench/perft.mjs; reported).
# Installs what is missing (Node 20+ is required; chromium and binaryen through apt). Respects CARGO_TARGET_DIR.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
start=$(date +%s)
step() { printf '\n== npm: %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }
fail() { echo "npm/check.sh: $*" >&2; exit 1; }
# shellcheck source=../.ci/apt_install.sh
source "$root/.ci/apt_install.sh"

step "tools"
command -v node > /dev/null || fail "Node 20 or newer is needed"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' || fail "Node 20 or newer is needed"
if command -v rustup > /dev/null; then timeout 300 rustup target add wasm32-unknown-unknown; fi
command -v wasm-opt > /dev/null || apt_install binaryen || echo "binaryen not installable: shipping the raw module"
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  apt_install chromium
  chromium=$(command -v chromium)
fi
# The board page's screenshot is of Japanese text: the stored one was made with Noto CJK.
fc-list :lang=ja | grep -q "Noto Sans CJK JP" || apt_install fonts-noto-cjk || fail "no Japanese font (fonts-noto-cjk)"
node --version
"$chromium" --version

step "build and pack"
work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
bash "$here/build.sh"
(cd "$here" && npm pack --silent --ignore-scripts --pack-destination "$work" > /dev/null)
tarball=$(ls "$work"/hayanagi-*.tgz)
expected="codes.cjs codes.d.cts codes.d.ts codes.mjs extended.wasm hayanagi.cjs hayanagi.d.cts hayanagi.d.ts hayanagi.mjs hayanagi.wasm
  node.cjs node.mjs package.json README.md records.cjs records.d.cts records.d.ts records.mjs records.wasm
  records-node.cjs records-node.mjs"
actual=$(tar -tzf "$tarball" | sed 's|^package/||' | sort | xargs)
[ "$actual" = "$(echo $expected | tr ' ' '\n' | sort | xargs)" ] || fail "the tarball holds: $actual"
echo "$(basename "$tarball"): $(stat -c %s "$tarball") B"

step "install the tarball into a fresh project"
project="$work/project"
mkdir -p "$project"
cd "$project"
echo '{ "name": "hayanagi-check", "private": true, "type": "module" }' > package.json
timeout 300 npm install --silent --no-audit --no-fund --prefer-offline "$tarball" typescript esbuild puppeteer-core
cp -r "$here/test" "$project/test"
cp "$here/bench/perft.mjs" "$project/perft.mjs"

step "Node's test runner on the installed package"
HAYANAGI_HEADER="$root/include/hayanagi.h" node --test test/node.test.mjs test/records.test.mjs

step "TypeScript: the consumers (ES module, CommonJS) under tsc --strict, then run"
npx tsc --version
(cd test && npx tsc -p . && node out/consumer.js && node out/consumer.cjs)

step "the README's examples (JavaScript (npm))"
# The N-th ```LANG block of README section SECTION.
readme_block() {
  awk -v lang="$1" -v section="$2" -v n="$3" '
    $0 == "## " section { in_section = 1; next }
    /^## / { in_section = 0 }
    in_section && $0 == "```" lang { count++; if (count == n) { in_block = 1; next } }
    in_block && $0 == "```" { exit }
    in_block { print }' "$root/README.md"
}
section="JavaScript (npm)"
mkdir -p example/node example/bundled/dist example/page
readme_block js "$section" 1 > example/node/app.mjs
readme_block js "$section" 2 > example/node/app.cjs
readme_block js "$section" 3 > example/node/records.mjs
readme_block js "$section" 4 > example/bundled/app.js
readme_block html "$section" 1 > example/bundled/dist/index.html
readme_block html "$section" 2 > example/page/index.html
for file in example/node/app.mjs example/node/app.cjs example/node/records.mjs example/bundled/app.js example/bundled/dist/index.html example/page/index.html; do
  [ -s "$file" ] || fail "an example is missing from the README: $file"
done
# The quick start's JavaScript (README "### C, JavaScript").
awk '$0 == "### C, JavaScript" { in_section = 1; next }
  /^##/ { in_section = 0 }
  in_section && $0 == "```js" { in_block = 1; next }
  in_block && $0 == "```" { exit }
  in_block { print }' "$root/README.md" > example/node/quickstart.mjs
[ -s example/node/quickstart.mjs ] || fail "the JavaScript quick start is missing from the README"
[ "$(wc -l < example/node/quickstart.mjs)" -le 10 ] || fail "the JavaScript quick start is longer than 10 lines"
# Each Node example prints what the comments after its console.log calls say.
for app in example/node/quickstart.mjs example/node/app.mjs example/node/app.cjs example/node/records.mjs; do
  node "$app" | tee "$work/node-example.txt"
  sed -n 's|^ *console\.log(.*); // ||p' "$app" > "$work/node-expected.txt"
  diff "$work/node-expected.txt" "$work/node-example.txt" || fail "$app printed something else (> printed, < README)"
done
# The bundler example: the README's commands, run from the example's folder.
readme_block sh "$section" 3 > example/bundled/build.sh
[ -s example/bundled/build.sh ] || fail "the bundler commands are missing from the README"
ln -s ../../node_modules example/bundled/node_modules
(cd example/bundled && bash -euo pipefail build.sh)
# The plain page imports from ./node_modules: give it the project's.
ln -s ../../node_modules example/page/node_modules

step "headless Chromium: the tests and the example pages, from a static server on 127.0.0.1"
# The server (test/serve.py) takes each page's report; the browser runs until the report is in.
python3 "$project/test/serve.py" "$project" "$work/port" "$work/report" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || fail "the server did not start"
port=$(cat "$work/port")
# Runs test/report.html on page $1 until its text matches $2; prints the report.
report() {
  local query
  query=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlencode({"page": sys.argv[1], "until": sys.argv[2]}))' "$1" "$2")
  rm -f "$work/report"
  "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/chromium" \
    "http://127.0.0.1:$port/test/report.html?$query" > "$work/chromium.log" 2>&1 &
  local browser_pid=$!
  for _ in $(seq 1500); do [ -s "$work/report" ] && break; sleep 0.1; done
  kill "$browser_pid" 2> /dev/null || true
  wait "$browser_pid" 2> /dev/null || true
  [ -s "$work/report" ] || { tail -20 "$work/chromium.log" >&2; fail "no report from $1"; }
  cat "$work/report"
  echo
  grep -q "^REPORT: MATCHED$" "$work/report"
}
report /test/browser.html "browser tests: [0-9]+ passed, [0-9]+ failed" | tee "$work/browser.txt"
grep -qE "^browser tests: [1-9][0-9]* passed, 0 failed$" "$work/browser.txt" || fail "the browser tests failed"
report /example/bundled/dist/index.html "30 moves; perft 3 = 25470" > /dev/null || fail "the bundled page failed"
report /example/page/index.html "8h2b\\+ 8h2b " > /dev/null || fail "the plain page failed"
echo "both example pages show their results"

step "the board page (examples/board/) in headless Chromium through puppeteer-core: clicks, a record, a screenshot"
mkdir -p example/board
cp "$here/examples/board/"* example/board/
ln -s ../../node_modules example/board/node_modules
node test/board.test.mjs "http://127.0.0.1:$port/example/board/index.html" "$chromium" "$here/test/board.png"
kill "$server_pid"
wait "$server_pid" 2> /dev/null || true
server_pid=""

step "speed: JS-driven perft over move codes against the module's own nobulk perft"
node perft.mjs 4 5 startpos codes,typed,usi

step "done"
printf 'hayanagi.wasm: %s B, %s B gzipped; package %s: %s B\n' "$(stat -c %s "$here/hayanagi.wasm")" \
  "$(gzip -9 -n -c "$here/hayanagi.wasm" | wc -c)" "$(basename "$tarball")" "$(stat -c %s "$tarball")"
