// The installed package under Node's test runner: `node --test` in a project that installed the packed
// tarball (npm/check.sh). The shared cases (cases.mjs), then what only Node has: loading from a path, a
// file URL, bytes, a Response, a compiled Module; the header's constants ($HAYANAGI_HEADER).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import * as hy from "hayanagi";

import { cases, STARTPOS } from "./cases.mjs";

const { load, Position } = hy;
// The installed package's module file.
const wasmUrl = new URL(import.meta.resolve("hayanagi/hayanagi.wasm"));

test("load: no argument (the .wasm beside node.mjs), a path, a file URL (object and text), bytes, a Response, a Module, a promise", async () => {
  const sources = [
    undefined,
    fileURLToPath(wasmUrl),
    wasmUrl,
    wasmUrl.href,
    await readFile(wasmUrl),
    new Uint8Array(await readFile(wasmUrl)).buffer,
    new Response(await readFile(wasmUrl), { headers: { "content-type": "application/wasm" } }),
    new WebAssembly.Module(await readFile(wasmUrl)),
    readFile(wasmUrl),
  ];
  for (const source of sources) {
    await load(source);
    assert.equal(Position.startpos().sfen(), STARTPOS);
  }
  await assert.rejects(load(42), TypeError);
  await assert.rejects(load(null), TypeError);
  await assert.rejects(load("no/such/file.wasm"), { code: "ENOENT" });
  await assert.rejects(load(new Uint8Array([0, 97, 115, 109])), WebAssembly.CompileError);
  // Positions made with an earlier instance keep working after a new load.
  const old = Position.startpos();
  await load();
  assert.equal(old.perft(2), 900);
  assert.equal(Position.fromSfen(old.sfen()).key(), old.key());
});

test("the module imports nothing; the package resolves in Node to node.mjs, with the types beside it", async () => {
  const module = new WebAssembly.Module(await readFile(wasmUrl));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  assert.match(import.meta.resolve("hayanagi"), /\/node_modules\/hayanagi\/node\.mjs$/);
  const require = createRequire(import.meta.url);
  assert.match(require.resolve("hayanagi"), /\/node_modules\/hayanagi\/node\.cjs$/);
  const pkg = require("hayanagi/package.json");
  assert.equal(pkg.type, "module");
  assert.equal(pkg.exports["."].import.types, "./hayanagi.d.ts");
  assert.equal(pkg.exports["."].require.types, "./hayanagi.d.cts");
  assert.equal(pkg.version, hy.version(), "the package's version is the library's");
});

test("the header's constants that hayanagi.mjs writes down", { skip: !process.env.HAYANAGI_HEADER }, async () => {
  const header = await readFile(process.env.HAYANAGI_HEADER, "utf8");
  const source = await readFile(new URL("hayanagi.mjs", wasmUrl), "utf8");
  const defined = (name) => Number(new RegExp(`^#define HAYANAGI_${name} \\(?(-?\\d+)\\)?(?: |$)`, "m").exec(header)[1]);
  const written = (name) => Number(new RegExp(`^const ${name} = (\\d+); // HAYANAGI_${name}$`, "m").exec(source)[1]);
  for (const name of ["MAX_MOVES", "NO_SQUARE", "HISTORY_ENTRY_SIZE", "HISTORY_HEADER_ENTRIES"]) {
    assert.equal(written(name), defined(name), name);
  }
  // The kinds in the header's order, the declaration outcomes and failure bits.
  const kinds = ["PAWN", "LANCE", "KNIGHT", "SILVER", "GOLD", "BISHOP", "ROOK", "KING", "PRO_PAWN", "PRO_LANCE", "PRO_KNIGHT", "PRO_SILVER", "HORSE", "DRAGON"];
  assert.deepEqual(kinds.map(defined), [...kinds.keys()]);
  assert.match(source, /^const KINDS = \["P", "L", "N", "S", "G", "B", "R", "K", "\+P", "\+L", "\+N", "\+S", "\+B", "\+R"\];$/m);
  assert.deepEqual(["INVALID", "WIN", "DRAW"].map((name) => defined(`DECLARATION_${name}`)), [0, 1, 2]);
  assert.match(source, /^const DECLARATION_OUTCOMES = \["invalid", "win", "draw"\];$/m);
  for (const name of ["KING_NOT_IN_CAMP", "TOO_FEW_PIECES", "IN_CHECK", "TOO_FEW_POINTS"]) {
    assert.ok(source.includes(`[${defined(`DECLARATION_${name}`)}, "${name.toLowerCase()}"]`), name);
  }
  assert.equal(defined("RULE_27_POINTS"), 27);
  assert.equal(defined("RULE_24_POINTS"), 24);
  // Every HAYANAGI_ERR_* code has its name (codes.mjs is generated from the header by build.sh).
  const codes = [...header.matchAll(/^#define HAYANAGI_ERR_([A-Z0-9_]+) \((-\d+)\)/gm)];
  assert.ok(codes.length > 40);
  const { ERROR_CODES } = await import(new URL("codes.mjs", wasmUrl).href);
  for (const [, name, value] of codes) assert.equal(ERROR_CODES.get(Number(value)), name);
});

test("initSync: no argument, a path, a file URL, bytes, a Module; wrong sources throw TypeError", async () => {
  const bytes = await readFile(wasmUrl);
  for (const source of [undefined, fileURLToPath(wasmUrl), wasmUrl, wasmUrl.href, bytes, new Uint8Array(bytes).buffer, new WebAssembly.Module(bytes)]) {
    hy.initSync(source);
    assert.equal(Position.startpos().sfen(), STARTPOS);
  }
  assert.throws(() => hy.initSync(42), TypeError);
  assert.throws(() => hy.initSync(new URL("https://example.com/hayanagi.wasm")), TypeError);
  assert.throws(() => hy.initSync(new Uint8Array([0, 97, 115, 109])), WebAssembly.CompileError);
});

test("CommonJS: require('hayanagi') is node.cjs, with initSync and the same API and answers", () => {
  const require = createRequire(import.meta.url);
  const cjs = require("hayanagi");
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(hy).sort());
  cjs.initSync();
  const pos = cjs.Position.fromUsi("position startpos moves 7g7f 3c3d");
  assert.equal(pos.ply(), 3);
  assert.equal(pos.perft(2), Position.fromUsi("position startpos moves 7g7f 3c3d").perft(2));
  assert.equal(pos.undo(), null);
  assert.equal(cjs.version(), hy.version());
  assert.throws(() => cjs.Position.fromSfen("x"), cjs.HayanagiError);
  // A fresh process that only requires: no ES module involved.
  const out = require("node:child_process").execFileSync(process.execPath, [
    "-e",
    'const h = require("hayanagi"); h.initSync(); console.log(h.Position.startpos().legalMoves().length)',
  ], { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" });
  assert.equal(out.trim(), "30");
});

test("two modules: the core one without the extended set, at most 84,000 B gzipped; the extended one loaded on its own", async () => {
  const { gzipSync } = await import("node:zlib");
  const core = await readFile(wasmUrl);
  const extendedUrl = new URL(import.meta.resolve("hayanagi/extended.wasm"));
  const extended = await readFile(extendedUrl);
  const exports = (bytes) => WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
  assert.ok(!exports(core).includes("hayanagi_mate_in_3") && !exports(core).includes("hayanagi_tsume_solve"));
  assert.ok(exports(extended).includes("hayanagi_mate_in_3") && exports(extended).includes("hayanagi_legal_moves_of"));
  assert.deepEqual(WebAssembly.Module.imports(new WebAssembly.Module(extended)), []);
  const gzipped = gzipSync(core, { level: 9 }).length;
  assert.ok(gzipped <= 84000, `the core module is ${gzipped} B gzipped (issue 20: at most 84 KB)`);
  // Before loadExtended(), what needs it says so (a fresh process: this one has loaded it).
  const out = (await import("node:child_process")).execFileSync(process.execPath, [
    "--input-type=module",
    "-e",
    'import * as h from "hayanagi"; await h.load(); const p = h.Position.startpos(); console.log(p.perft(3), p.legalMoveCount("all")); for (const f of [() => p.mateIn1(), () => p.legalMoves("checks"), () => h.Position.handicap("bishop"), () => h.handicaps()]) { try { f(); } catch (e) { console.log(e.constructor.name, e.message); } }',
  ], { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8" });
  const lines = out.trim().split("\n");
  assert.equal(lines[0], "25470 30");
  assert.equal(lines.length, 5);
  for (const line of lines.slice(1)) assert.match(line, /^Error hayanagi: .* is in the extended module: call `await loadExtended\(\)` or `initExtendedSync\(bytes\)` first$/);
  // Each module is its own: the core one is not the extended one, and the other way round works.
  await assert.rejects(hy.loadExtended(core), /not the extended one/);
  assert.throws(() => hy.initExtendedSync(core), /not the extended one/);
  await hy.loadExtended();
  hy.initExtendedSync();
  hy.initExtendedSync(fileURLToPath(extendedUrl));
  await hy.loadExtended(new WebAssembly.Module(extended));
  // A position crosses from one to the other and back as its record: the same answers either way.
  const pos = Position.fromUsi("position startpos moves 7g7f 3c3d 8h2b+");
  const back = Position.unpack(pos.pack());
  assert.equal(back.sfen().split(" ").slice(0, 3).join(" "), pos.sfen().split(" ").slice(0, 3).join(" "));
  assert.equal(back.key(), pos.key());
  assert.equal(back.perft(3), pos.perft(3));
  assert.deepEqual(pos.legalMoves("captures").map((m) => m.usi), pos.legalMoves().filter((m) => m.captured !== null).map((m) => m.usi));
  // A move is one object whichever module named it.
  assert.equal(pos.legalMoves("captures")[0], pos.legalMoves().find((m) => m.captured !== null));
});

await load();
await hy.loadExtended();
for (const [name, fn] of cases(hy)) test(name, fn);
