// The WebAssembly module through capi/js/hayanagi.mjs, in Node 20 (`node --test`). The module is
// read from $HAYANAGI_WASM (capi/check.sh sets it) or from capi/target's release build.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import { HayanagiError, MAX_MOVES, Position, load } from "../js/hayanagi.mjs";

const wasmPath =
  process.env.HAYANAGI_WASM ?? new URL("../target/wasm32-unknown-unknown/release/hayanagi_capi.wasm", import.meta.url);
const wasm = await readFile(wasmPath);

const STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
// SPEC §6: pieces in hand on both sides.
const MATSURI = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

test("the module imports nothing (no panic path, no runtime); loads from bytes, a Response or a Module", async () => {
  const module = new WebAssembly.Module(wasm);
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  await load(new Response(wasm, { headers: { "content-type": "application/wasm" } }));
  assert.equal(Position.startpos().sfen(), STARTPOS);
  await load(module);
  assert.equal(Position.startpos().sfen(), STARTPOS);
  const exported = await load(wasm);
  assert.equal(exported.Position, Position);
});

test("the module's move array holds HAYANAGI_MAX_MOVES, and the richest known position's 593 moves", async () => {
  const header = await readFile(new URL("../../include/hayanagi.h", import.meta.url), "utf8");
  assert.equal(MAX_MOVES, Number(/^#define HAYANAGI_MAX_MOVES (\d+)$/m.exec(header)[1]));
  const richest = Position.fromSfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
  assert.equal(richest.legalMoves().length, 593);
  assert.equal(richest.perft(1, false), 593n);
});

test("perft: startpos 1-3, matsuri 1-2 (SPEC §6)", () => {
  const start = Position.startpos();
  assert.equal(start.perft(0), 1n);
  assert.equal(start.perft(1), 30n);
  assert.equal(start.perft(2), 900n);
  assert.equal(start.perft(3), 25470n);
  assert.equal(start.perft(3, false), 25470n);
  const matsuri = Position.fromSfen(MATSURI);
  assert.equal(matsuri.perft(1), 207n);
  assert.equal(matsuri.perft(2), 28684n);
  assert.equal(matsuri.perft(2, false), 28684n);
  assert.equal(matsuri.legalMoves().length, 207);
  assert.equal(matsuri.sfen(), MATSURI); // perft leaves the position as it was
});

/** Asserts that `fn` throws a HayanagiError with this code, offset and message. */
function assertError(fn, code, offset, message) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof HayanagiError, `not a HayanagiError: ${error}`);
    assert.equal(error.code, code);
    assert.equal(error.offset, offset);
    assert.ok(error.message.startsWith(message), `message ${JSON.stringify(error.message)}`);
    return true;
  });
}

test("SFEN and USI errors are exceptions with the library's message and the byte offset", () => {
  assertError(
    () => Position.fromSfen("4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1"),
    -39,
    15,
    "SFEN board: a second unpromoted pawn of one colour on a file (nifu) at byte 15",
  );
  const sfenError = (sfen, code, offset, message) => assertError(() => Position.fromSfen(sfen), code, offset, message);
  sfenError("4k4/9/9/9/9/9/9/9/4K4 x - 1", -28, 22, "SFEN: the side to move must be 'b' or 'w' at byte 22");
  sfenError("4k4/9/9/9/9/9/9/9/4K4 b", -20, 23, "SFEN: a field is missing at byte 23");
  sfenError("4k4/9/9/9/9/9/9/9/4K4 b - 0", -41, 26, "SFEN ply: must be at least 1 at byte 26");
  sfenError("", -21, 0, "SFEN: a field is empty (fields are separated by exactly one space) at byte 0");
  // Text is UTF-8: the offset counts bytes.
  sfenError("4k4/9/9/9/9/9/9/9/4K4 b 歩 1", -11, 24, "a byte is not printable ASCII at byte 24");
  assertError(
    () => Position.fromUsi("position startpos moves 7g7f 7g7f"),
    -7,
    29,
    "the move is not legal in the position at byte 29",
  );
  assertError(() => Position.fromUsi("startpoz"), -50, 0, "USI position: expected 'startpos' or 'sfen' at byte 0");
  assert.throws(() => new Position(), TypeError);
});

test("play and undo, with keys that match a fresh parse", () => {
  const pos = Position.startpos();
  const keys = [pos.key()];
  for (const usi of ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]) {
    pos.play(usi);
    keys.push(pos.key());
    assert.equal(Position.fromSfen(pos.sfen()).key(), pos.key());
  }
  const after = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6";
  assert.equal(pos.sfen(), after);
  assert.equal(String(pos), after);
  assert.equal(pos.ply(), 6n);
  assert.equal(pos.sideToMove(), "w");
  assert.equal(new Set(keys).size, 6);
  assert.equal(Position.fromUsi("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e").key(), pos.key());

  // A clone is independent.
  const copy = pos.clone();
  copy.play("2b3a");
  assert.equal(pos.sfen(), after);

  // Illegal and malformed moves throw and change nothing.
  assertError(() => pos.play("7g7f"), -7, 0, "the move is not legal in the position at byte 0");
  assertError(() => pos.play("P*5e+"), -67, 4, "USI move: a drop cannot promote at byte 4");
  assertError(() => pos.play("p*5e"), -64, 0, "USI move: drops are written uppercase");
  assert.equal(pos.sfen(), after);

  for (let i = 5; i > 0; i--) {
    assert.equal(pos.undo(), true);
    assert.equal(pos.key(), keys[i - 1]);
  }
  assert.equal(pos.undo(), false);
  assert.equal(pos.sfen(), STARTPOS);
  assert.equal(pos.ply(), 1n);
});

test("legal moves with drops", () => {
  const gold = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b G");
  const moves = gold.legalMoves();
  assert.equal(moves.length, 84);
  const drops = moves.filter((move) => move.includes("*"));
  assert.equal(drops.length, 79); // every empty square
  assert.ok(drops.every((move) => /^G\*[1-9][a-i]$/.test(move)));
  assert.ok(moves.includes("G*5b") && moves.includes("5i4h"));

  // White drops with uppercase letters too; matsuri's White holds g, s, n and pawns.
  const matsuri = Position.fromSfen(MATSURI);
  const letters = new Set(matsuri.legalMoves().filter((m) => m.includes("*")).map((m) => m[0]));
  assert.deepEqual([...letters].sort(), ["G", "N", "P", "S"]);
  for (const move of matsuri.legalMoves()) {
    const next = matsuri.clone().play(move);
    assert.equal(Position.fromSfen(next.sfen()).key(), next.key(), move);
  }
});

test("check and status", () => {
  const checked = Position.fromSfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1");
  assert.equal(checked.inCheck(), true);
  assert.equal(checked.status(), "none");
  const mate = Position.fromSfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2");
  assert.equal(mate.inCheck(), true);
  assert.equal(mate.status(), "mate");
  assert.deepEqual(mate.legalMoves(), []);
  const empty = Position.fromSfen("4k4/9/9/9/9/9/9/9/9 b - 1");
  assert.equal(empty.inCheck(), false);
  assert.equal(empty.status(), "no_moves");
  assert.equal(Position.startpos().status(), "none");
  assert.equal(empty.perft(32), 0n);
  assertError(() => empty.perft(33), -10, undefined, "the perft depth is above HAYANAGI_MAX_PERFT_DEPTH");
});

test("input longer than the scratch page grows the memory", () => {
  const before = Position.fromSfen(MATSURI);
  const shuffle = " 5i5h 5a5b 5h5i 5b5a";
  const command = "sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves" + shuffle.repeat(4000);
  assert.ok(command.length > 65536);
  const pos = Position.fromUsi(command);
  assert.equal(pos.ply(), 16001n);
  assert.equal(pos.sfen(), "4k4/9/9/9/9/9/9/9/4K4 b - 16001");
  // Positions made before the memory grew still work.
  assert.equal(before.perft(1), 207n);
});
