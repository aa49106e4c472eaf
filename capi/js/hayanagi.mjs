// hayanagi.mjs - the hayanagi shogi core in JavaScript, over its WebAssembly build (the C API of
// include/hayanagi.h compiled for wasm32-unknown-unknown). Works in browsers and in Node 20: it uses
// only WebAssembly, TextEncoder/TextDecoder and (for a URL) fetch.
//
//     import { load, Position } from "./hayanagi.mjs";
//     await load(fetch("hayanagi.wasm"));          // or the bytes, a Response, or a URL
//     const pos = Position.fromUsi("startpos moves 7g7f");
//     pos.legalMoves();                             // ["1c1d", "2b3c", ...]
//     pos.perft(3);                                 // 25470n
//
// Memory: the module allocates nothing and exports its linear memory. At load this wrapper grows
// that memory by one page and uses the new page as its scratch space (positions, undo records,
// text and move arrays are copied in before a call and out after it), growing again for longer
// input text. The module never touches memory beyond what it was built with, so the pages are ours.
// A Position keeps its state as a copy of the C API's position record (a plain value), so Position
// objects need no freeing and are garbage-collected like any object.
//
// Numbers: keys, plies and perft counts are 64-bit and returned as BigInt.

const PAGE = 65536;
// Scratch layout (offsets into our page).
const POS = 0; // one position record (size checked at load)
const UNDO = 1024; // one undo record
const OUT_U64 = 1536; // uint64_t out-parameter
const OUT_SIZE = 1544; // size_t out-parameter (wasm32: 4 bytes)
const OUT_MOVE = 1548; // uint16_t out-parameter
const TEXT_OUT = 1600; // text written by the module
const TEXT_OUT_SIZE = 256;
const MOVES = 2048; // uint16_t[MAX_MOVES]
const TEXT_IN = 4096; // text read by the module, up to the end of the page

/** The most legal moves a position can have (HAYANAGI_MAX_MOVES; the test checks it against the header). */
export const MAX_MOVES = (TEXT_IN - MOVES) / 2;
const POSITION_CAPACITY = UNDO - POS;
const UNDO_CAPACITY = OUT_U64 - UNDO;

let lib = null;

// Only this module makes Positions: their bytes must come from the library.
const PRIVATE = Symbol("hayanagi.Position");

/** An error from the library: `code` is its HAYANAGI_ERR_* value, `offset` the byte offset into the
 *  input it is about (or undefined). The message is the library's, with the offset. */
export class HayanagiError extends Error {
  constructor(message, code, offset) {
    super(message);
    this.name = "HayanagiError";
    this.code = code;
    this.offset = offset;
  }
}

/**
 * Loads the WebAssembly module. `source` is its bytes (ArrayBuffer, typed array), a Response or a
 * promise of one (`fetch("hayanagi.wasm")`), a URL or URL string (fetched), or a compiled
 * WebAssembly.Module. Resolves when Position can be used. Loading again replaces the module; keep
 * using Positions made before only if it is the same build.
 */
export async function load(source) {
  source = await source;
  if (typeof source === "string" || source instanceof URL) source = await fetch(source);
  let instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, {});
  } else {
    if (typeof Response !== "undefined" && source instanceof Response) {
      if (!source.ok) throw new Error(`hayanagi: fetching the module failed: HTTP ${source.status}`);
      source = await source.arrayBuffer();
    }
    ({ instance } = await WebAssembly.instantiate(source, {}));
  }
  const exports = instance.exports;
  const positionSize = exports.hayanagi_position_size();
  const undoSize = exports.hayanagi_undo_record_size();
  if (positionSize > POSITION_CAPACITY || undoSize > UNDO_CAPACITY) {
    throw new Error(`hayanagi: records of ${positionSize}/${undoSize} bytes do not fit this wrapper`);
  }
  const base = exports.memory.grow(1) * PAGE;
  const memory = exports.memory;
  lib = { exports, memory, base, positionSize, undoSize, input: base + TEXT_IN, inputCapacity: PAGE - TEXT_IN };
  return { Position, HayanagiError };
}

function api() {
  if (lib === null) throw new Error("hayanagi: call load() first");
  return lib;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function bytes(l) {
  // A fresh view every time: growing the memory detaches the old buffer.
  return new Uint8Array(l.memory.buffer);
}

function view(l) {
  return new DataView(l.memory.buffer);
}

/** Copies `text` (UTF-8) into module memory; returns [pointer, length]. */
function putText(l, text) {
  const encoded = encoder.encode(String(text));
  if (encoded.length > l.inputCapacity) {
    // Grow once for the longest input so far; the new pages follow the old ones.
    const pages = Math.ceil(encoded.length / PAGE);
    l.input = l.memory.grow(pages) * PAGE;
    l.inputCapacity = pages * PAGE;
  }
  bytes(l).set(encoded, l.input);
  return [l.input, encoded.length];
}

/** The NUL-terminated string at `pointer` in module memory. */
function cString(l, pointer) {
  const memory = bytes(l);
  let end = pointer;
  while (memory[end] !== 0) end++;
  return decoder.decode(memory.subarray(pointer, end));
}

function message(l, code) {
  return cString(l, l.exports.hayanagi_error_message(code));
}

/** Throws a HayanagiError for a negative result; returns the result otherwise. */
function check(l, result, context, offset) {
  if (result >= 0) return result;
  const where = offset === undefined ? "" : ` at byte ${offset}`;
  throw new HayanagiError(`${message(l, result)}${where}${context ? ` (${context})` : ""}`, result, offset);
}

function readSize(l) {
  return view(l).getUint32(l.base + OUT_SIZE, true);
}

/** A shogi position: legal moves, play/undo, SFEN, keys, perft. Values are copied, never shared. */
export class Position {
  #record; // a copy of the C API's position record
  #undos = []; // [undo record bytes] for each move played by play()

  constructor(token, record) {
    if (token !== PRIVATE) throw new TypeError("use Position.startpos(), Position.fromSfen() or Position.fromUsi()");
    this.#record = record;
  }

  /** The start position. */
  static startpos() {
    const l = api();
    check(l, l.exports.hayanagi_position_startpos(l.base + POS));
    return new Position(PRIVATE, bytes(l).slice(l.base + POS, l.base + POS + l.positionSize));
  }

  /** Reads an SFEN ("<board> <side> <hands> [<ply>]"); throws HayanagiError naming the byte offset. */
  static fromSfen(sfen) {
    return Position.#parse("hayanagi_position_from_sfen", sfen);
  }

  /** Reads a USI position command ("[position ]startpos|sfen ... [moves ...]"). */
  static fromUsi(command) {
    return Position.#parse("hayanagi_position_from_usi", command);
  }

  static #parse(fn, text) {
    const l = api();
    const [pointer, length] = putText(l, text);
    const result = l.exports[fn](l.base + POS, pointer, length, l.base + OUT_SIZE);
    if (result < 0) check(l, result, JSON.stringify(String(text)), readSize(l));
    return new Position(PRIVATE, bytes(l).slice(l.base + POS, l.base + POS + l.positionSize));
  }

  /** Copies this position into the scratch record; returns the library. */
  #load() {
    const l = api();
    bytes(l).set(this.#record, l.base + POS);
    return l;
  }

  #store(l) {
    this.#record = bytes(l).slice(l.base + POS, l.base + POS + l.positionSize);
  }

  /** An independent copy (without the moves play() recorded). */
  clone() {
    return new Position(PRIVATE, this.#record.slice());
  }

  /** The SFEN, 4 fields. */
  sfen() {
    const l = this.#load();
    const length = check(l, l.exports.hayanagi_position_sfen(l.base + POS, l.base + TEXT_OUT, TEXT_OUT_SIZE, 0));
    return decoder.decode(bytes(l).subarray(l.base + TEXT_OUT, l.base + TEXT_OUT + length));
  }

  toString() {
    return this.sfen();
  }

  /** The legal moves in USI ("7g7f", "8h2b+", "P*5e"), in the generator's order. */
  legalMoves() {
    const l = this.#load();
    const count = check(l, l.exports.hayanagi_legal_moves(l.base + POS, l.base + MOVES, MAX_MOVES, 0));
    const memory = view(l);
    const moves = Array.from({ length: count }, (_, i) => memory.getUint16(l.base + MOVES + 2 * i, true));
    return moves.map((move) => {
      const length = check(l, l.exports.hayanagi_move_to_usi(move, l.base + TEXT_OUT, TEXT_OUT_SIZE, 0));
      return decoder.decode(bytes(l).subarray(l.base + TEXT_OUT, l.base + TEXT_OUT + length));
    });
  }

  /** Plays a USI move if it is legal here; throws HayanagiError otherwise (the position is unchanged). */
  play(usi) {
    const l = this.#load();
    const [pointer, length] = putText(l, usi);
    const { base } = l;
    const parsed = l.exports.hayanagi_move_from_usi(base + POS, pointer, length, base + OUT_MOVE, base + OUT_SIZE);
    if (parsed < 0) check(l, parsed, JSON.stringify(String(usi)), readSize(l));
    const move = view(l).getUint16(l.base + OUT_MOVE, true);
    check(l, l.exports.hayanagi_play(l.base + POS, move, l.base + UNDO), JSON.stringify(String(usi)));
    this.#undos.push(bytes(l).slice(l.base + UNDO, l.base + UNDO + l.undoSize));
    this.#store(l);
    return this;
  }

  /** Takes back the last move play() made; returns false if there is none. */
  undo() {
    const record = this.#undos.pop();
    if (record === undefined) return false;
    const l = this.#load();
    bytes(l).set(record, l.base + UNDO);
    check(l, l.exports.hayanagi_undo(l.base + POS, l.base + UNDO));
    this.#store(l);
    return true;
  }

  /** True if the side to move is in check. */
  inCheck() {
    const l = this.#load();
    return check(l, l.exports.hayanagi_in_check(l.base + POS)) === 1;
  }

  /** "none", "mate" or "no_moves" (SPEC §4, judged from the position alone). */
  status() {
    const l = this.#load();
    const code = check(l, l.exports.hayanagi_status(l.base + POS));
    return cString(l, l.exports.hayanagi_status_name(code));
  }

  /** "b" (Black, sente) or "w" (White, gote). */
  sideToMove() {
    const l = this.#load();
    return check(l, l.exports.hayanagi_side_to_move(l.base + POS)) === 0 ? "b" : "w";
  }

  /** The move number, as in SFEN (BigInt). */
  ply() {
    const l = this.#load();
    check(l, l.exports.hayanagi_ply(l.base + POS, l.base + OUT_U64));
    return view(l).getBigUint64(l.base + OUT_U64, true);
  }

  /** The Zobrist key of board, hands and side to move (BigInt, 64 bits). */
  key() {
    const l = this.#load();
    check(l, l.exports.hayanagi_key(l.base + POS, l.base + OUT_U64));
    return view(l).getBigUint64(l.base + OUT_U64, true);
  }

  /** The number of legal move sequences of length `depth` (BigInt); `bulk` counts the last ply
   *  without playing it (same result, faster). */
  perft(depth, bulk = true) {
    const l = this.#load();
    if (!Number.isInteger(depth) || depth < 0) throw new RangeError("perft depth must be a non-negative integer");
    check(l, l.exports.hayanagi_perft(l.base + POS, Math.min(depth, 0xffffffff), bulk ? 1 : 0, l.base + OUT_U64));
    return view(l).getBigUint64(l.base + OUT_U64, true);
  }
}
