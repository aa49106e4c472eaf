// hayanagi/records, installed, under Node's test runner (npm/check.sh): reading KIF, KI2, CSA and USI
// records from text and from Shift_JIS bytes, writing them back, the notations of each move against the
// core package, errors that name what and where, and the CommonJS entry point.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { test } from "node:test";

import { load, Position } from "hayanagi";
import * as records from "hayanagi/records";

const { loadRecords, initRecordsSync, readRecord, readRecords, writeRecord, RecordError } = records;
await Promise.all([load(), loadRecords()]);
const kif = await readFile(new URL("data/board.kif", import.meta.url), "utf8");
const START = Position.startpos().sfen();

test("a KIF record: headers, moves in every notation, times, comments, the outcome", () => {
  const record = readRecord(kif);
  assert.equal(record.format, "kif");
  assert.deepEqual(record.headers.slice(0, 2), [["開始日時", "2026/12/01 10:00:00"], ["先手", "先手さん"]]);
  assert.equal(record.start, START);
  assert.equal(record.moves.length, 8);
  assert.deepEqual(record.moves[0], { usi: "7g7f", kif: "７六歩(77)", ki2: "▲７六歩", csa: "+7776FU", ply: 1, time: 1000, comments: [] });
  assert.deepEqual(record.moves[1].comments, ["角道を開ける"]);
  assert.equal(record.moves[5].ki2, "△３三角");
  assert.deepEqual(record.outcome, { ending: "resign", winner: "w", time: null });
  // The end position is the moves played by the core package.
  const pos = Position.startpos();
  for (const move of record.moves) pos.play(move.usi);
  assert.equal(record.end, pos.sfen());
});

test("the same game read back from what writeRecord writes, in each format; from Shift_JIS bytes", () => {
  const record = readRecord(kif);
  for (const format of ["kif", "ki2", "csa"]) {
    const again = readRecord(writeRecord(record, format));
    assert.equal(again.format, format);
    assert.deepEqual(again.moves.map((move) => move.usi), record.moves.map((move) => move.usi), format);
    assert.equal(again.outcome.ending, "resign", format);
    assert.equal(again.end, record.end, format);
  }
  assert.equal(writeRecord(record, "usi").trim(), `startpos moves ${record.moves.map((move) => move.usi).join(" ")}`);
  const utf8 = new TextEncoder().encode(kif);
  assert.equal(readRecord(utf8).moves.length, 8);
  assert.equal(readRecord(utf8.buffer).moves.length, 8);
  assert.equal(readRecord(utf8, { encoding: "utf-8" }).moves.length, 8);
  // A one-move KIF in Shift_JIS, as .kif files are: ７ 82 56, 六 98 5A, 歩 95 E0.
  const shiftJis = new Uint8Array([0x20, 0x20, 0x20, 0x31, 0x20, 0x82, 0x56, 0x98, 0x5a, 0x95, 0xe0, 0x28, 0x37, 0x37, 0x29, 0x0a]);
  const one = readRecord(shiftJis);
  assert.deepEqual(one.moves.map((move) => move.usi), ["7g7f"]);
  assert.throws(() => readRecord(shiftJis, { encoding: "utf-8" }), (error) => error instanceof RecordError && error.kind === "encoding");
});

test("writeRecord from plain fields: typed moves of the core, USI text, times, comments, headers as an object", () => {
  const pos = Position.startpos();
  const moves = [pos.moveOf("7g7f"), "3c3d", { usi: "8h2b+", time: 3000, comments: ["a trade"] }];
  const text = writeRecord({ headers: { 先手: "A", 後手: "B" }, moves, outcome: { ending: "resign" } }, "kif");
  const back = readRecord(text);
  assert.deepEqual(back.moves.map((move) => move.usi), ["7g7f", "3c3d", "8h2b+"]);
  assert.deepEqual(back.moves[2].comments, ["a trade"]);
  assert.equal(back.moves[2].time, 3000);
  assert.deepEqual(back.headers.filter(([name]) => name === "先手" || name === "後手"), [["先手", "A"], ["後手", "B"]]);
  assert.equal(back.outcome.ending, "resign");
  const handicap = readRecord(writeRecord({ start: "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", moves: ["5a5b"] }, "kif"));
  assert.equal(handicap.handicap, "bishop");
  assert.equal(handicap.moves[0].ki2, "△５二玉");
});

test("variations (KIF 変化) as a tree, each move named in its own position; JKF read and written", () => {
  const text = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n";
  const record = readRecord(text);
  assert.deepEqual(record.moves.map((move) => move.usi), ["7g7f", "3c3d", "2g2f"]);
  assert.equal(record.variations.length, 1);
  const [variation] = record.variations;
  assert.equal(variation.ply, 2);
  assert.deepEqual(variation.moves.map((move) => [move.ply, move.usi, move.ki2]), [[2, "8c8d", "△８四歩"], [3, "2g2f", "▲２六歩"]]);
  const jkf = writeRecord(record, "jkf");
  assert.doesNotThrow(() => JSON.parse(jkf));
  const back = readRecord(jkf);
  assert.equal(back.format, "jkf");
  assert.deepEqual(back.moves.map((move) => move.usi), ["7g7f", "3c3d", "2g2f"]);
});

test("writeRecord writes variations (KIF and KI2 変化, JKF forks) and reads back the same tree; CSA and USI the main line", () => {
  const input = {
    moves: ["7g7f", "3c3d", "2g2f", "8c8d"],
    outcome: { ending: "resign" },
    variations: [
      {
        ply: 2,
        comments: ["横歩取りへ"],
        moves: ["8c8d", { usi: "2g2f", comments: ["居飛車"] }, "8d8e"],
        outcome: { ending: "abort" },
        variations: [{ ply: 3, moves: ["6i7h", "8d8e"], variations: [{ ply: 4, moves: ["4a3b"] }] }],
      },
      { ply: 3, moves: ["6g6f", "8c8d"] },
      { ply: 2, moves: ["4a3b"] },
    ],
  };
  // The tree as the test compares it: plies, moves in USI (numbered), comments, endings.
  const tree = (variations) =>
    variations.map((v) => ({
      ply: v.ply,
      comments: v.comments,
      moves: v.moves.map((move) => [move.ply, move.usi, move.comments]),
      ending: v.outcome?.ending ?? null,
      variations: tree(v.variations),
    }));
  const expected = [
    { ply: 2, comments: ["横歩取りへ"], moves: [[2, "8c8d", []], [3, "2g2f", ["居飛車"]], [4, "8d8e", []]], ending: "abort",
      variations: [{ ply: 3, comments: [], moves: [[3, "6i7h", []], [4, "8d8e", []]], ending: null,
        variations: [{ ply: 4, comments: [], moves: [[4, "4a3b", []]], ending: null, variations: [] }] }] },
    { ply: 3, comments: [], moves: [[3, "6g6f", []], [4, "8c8d", []]], ending: null, variations: [] },
    { ply: 2, comments: [], moves: [[2, "4a3b", []]], ending: null, variations: [] },
  ];
  // A reader keeps the file's order. KIF and KI2 write a line's variations in their order where
  // that reads back, else the latest branch first (here the first ply-2 line holds ply 3, and a
  // 変化：3手 after it would be read as its own): those of one ply in their order. JKF puts forks
  // on their move: by ply.
  const byPly = (list) => list.map((v) => ({ ...v, variations: byPly(v.variations) })).sort((a, b) => a.ply - b.ply);
  const latestFirst = (list) => [...list].sort((a, b) => b.ply - a.ply);
  for (const format of ["kif", "ki2", "jkf"]) {
    const text = writeRecord(input, format);
    const back = readRecord(text, { format });
    assert.deepEqual(back.moves.map((move) => move.usi), input.moves, format);
    assert.equal(back.outcome.ending, "resign", format);
    // (JKF keeps comments with moves: a variation's comments before its first move are not written.)
    const want = format === "jkf" ? byPly(expected).map((v) => ({ ...v, comments: [] })) : latestFirst(expected);
    assert.deepEqual(tree(back.variations), want, `${format}:\n${text}`);
    // A record read is written again to the same text, and so to the same tree.
    assert.equal(writeRecord(back, format), text, format);
    // Each variation's moves are named in their own position.
    assert.equal(back.variations.find((v) => v.ply === 3).moves[0].ki2, "▲６六歩", format);
  }
  assert.equal(readRecord(writeRecord(input, "kif")).variations.length, 3);
  // CSA and USI have no variations: the main line only.
  const csa = readRecord(writeRecord(input, "csa"));
  assert.deepEqual([csa.moves.map((move) => move.usi), csa.variations], [input.moves, []]);
  assert.equal(writeRecord(input, "usi").trim(), "startpos moves 7g7f 3c3d 2g2f 8c8d");
  // A variation at a ply its line does not have, an illegal move in one, wrong types.
  const refused = (record) => {
    try {
      writeRecord(record, "kif");
    } catch (error) {
      return error;
    }
    assert.fail("written");
  };
  const far = refused({ moves: ["7g7f"], variations: [{ ply: 3, moves: ["2g2f"] }] });
  assert.equal(far.kind, "input");
  assert.match(far.message, /from 1 to 2/);
  const sibling = refused({ moves: ["7g7f", "3c3d"], variations: [{ ply: 1, moves: ["2g2f"], variations: [{ ply: 1, moves: ["7g7f"] }] }] });
  assert.match(sibling.message, /from 2 to 2/);
  const illegal = refused({ moves: ["7g7f", "3c3d"], variations: [{ ply: 2, moves: ["8c8d", "8h2b+"] }] });
  assert.deepEqual([illegal.kind, /move 3 of the variation at move 2/.test(illegal.message)], ["input", true]);
  assert.throws(() => writeRecord({ variations: [null] }, "kif"), TypeError);
  assert.throws(() => writeRecord({ variations: [{ ply: 0, moves: [] }] }, "kif"), RangeError);
  assert.throws(() => writeRecord({ variations: {} }, "kif"), TypeError);
});

test("several CSA games in one text", () => {
  const games = readRecords("V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n%TORYO\n");
  assert.deepEqual(games.map((game) => game.moves[0].usi), ["7g7f", "2g2f"]);
  assert.equal(games[1].outcome.ending, "resign");
});

test("errors name what and where: RecordError with kind, line, column; wrong types are TypeError", () => {
  const error = (fn) => {
    try {
      fn();
    } catch (caught) {
      return caught;
    }
    assert.fail("no error");
  };
  const numbering = error(() => readRecord("   1 ７六歩(77)\n   3 ３四歩(33)\n"));
  assert.ok(numbering instanceof RecordError);
  assert.deepEqual([numbering.kind, numbering.line, numbering.column, numbering.takenAs], ["move_number", 2, 4, "kif"]);
  assert.match(numbering.message, /expected move number 2, found 3/);
  const illegal = error(() => readRecord("V2.2\nPI\n+\n+7776FU\n+7776FU\n"));
  assert.equal(illegal.line, 5);
  assert.equal(illegal.takenAs, "csa");
  const forced = error(() => readRecord("▲７六歩 △３四歩\n", { format: "csa" }));
  assert.ok(forced instanceof RecordError);
  const write = error(() => writeRecord({ moves: ["7g7f", "7g7f"] }, "kif"));
  assert.deepEqual([write.kind, write.line], ["input", 3]);
  assert.match(write.message, /move 2/);
  assert.throws(() => readRecord(42), TypeError);
  assert.throws(() => readRecord("x", { format: "pgn" }), TypeError);
  assert.throws(() => writeRecord({ moves: [null] }, "kif"), TypeError);
  assert.throws(() => writeRecord({ moves: ["7g7f"] }, "pdf"), TypeError);
  assert.throws(() => writeRecord({ comments: ["two\nlines"] }, "kif"), RangeError);
  assert.throws(() => writeRecord({ outcome: { ending: "checkmate" } }, "kif"), TypeError);
  assert.throws(() => writeRecord({ moves: [{ usi: "7g7f", time: -1 }] }, "kif"), RangeError);
  assert.throws(() => writeRecord({ start: "not an sfen" }, "kif"), (caught) => caught instanceof RecordError && caught.kind === "input");
  const contradiction = error(() => writeRecord({ moves: ["7g7f"], outcome: { ending: "mate" } }, "kif"));
  assert.deepEqual([contradiction.kind, contradiction.ply], ["write", 2]);
});

test("garbled records: a RecordError or a record, never anything else (the module never traps)", () => {
  let x = 12345;
  const next = (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
  const seeds = [kif, writeRecord(readRecord(kif), "csa"), writeRecord(readRecord(kif), "ki2")];
  let read = 0;
  for (let i = 0; i < 600; i++) {
    const chars = [...seeds[next(seeds.length)]];
    for (let edits = 1 + next(4); edits > 0; edits--) {
      const at = next(chars.length);
      if (next(2) === 0) chars.splice(at, 1);
      else chars[at] = chars[next(chars.length)];
    }
    try {
      readRecords(chars.join(""));
      read++;
    } catch (error) {
      assert.ok(error instanceof RecordError, `${error}`);
      assert.ok(error.line >= 1 && error.column >= 1, `where: ${error.line}:${error.column}`);
    }
  }
  assert.ok(read > 0);
});

test("loading: the file beside the package, a path, bytes, a Module, synchronously; the CommonJS entry point", async () => {
  const wasm = new URL(import.meta.resolve("hayanagi/records.wasm"));
  const bytes = await readFile(wasm);
  for (const source of [undefined, wasm, bytes, new WebAssembly.Module(bytes)]) {
    await loadRecords(source);
    assert.equal(readRecord("startpos moves 7g7f").moves[0].kif, "７六歩(77)");
  }
  initRecordsSync();
  initRecordsSync(bytes);
  assert.equal(readRecord("startpos moves 7g7f").moves[0].csa, "+7776FU");
  await assert.rejects(loadRecords(42), TypeError);
  const cjs = createRequire(import.meta.url)("hayanagi/records");
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(records).sort());
  cjs.initRecordsSync();
  assert.equal(cjs.readRecord(kif).moves.length, 8);
});
