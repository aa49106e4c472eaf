// hayanagi: shogi rules in JavaScript (legal moves, SFEN and USI, game status), over the WebAssembly
// build of the hayanagi C API (include/hayanagi.h, capi/ in the repository). This file runs in browsers,
// bundlers, Deno and Node; Node's entry point (node.mjs) adds loading from a path. Types: hayanagi.d.ts.
//
// Every rule lives in the module: this file only moves values across the boundary, checks JS argument
// types, and names things (squares, pieces, error codes) the way the header documents them.
//
// Memory. The module allocates nothing and never grows or touches memory beyond the pages it was built
// with, so every page this wrapper adds with memory.grow is ours. A small allocator (Heap, below) hands
// out blocks of those pages: each Position owns a position record and a stack of undo records there, and
// plays and undoes moves on them in place, so the hot calls (play, undo, legalMoveCodes) copy nothing but
// a move code. A Position's blocks return to the heap when it is garbage-collected (FinalizationRegistry)
// or at once with dispose().

import { ERROR_CODES } from "./codes.mjs";

const PAGE = 65536;

/** The square names in index order (SPEC §1, the header's MOVES section): index = row * 9 + column,
 *  row 0 = rank a, column 0 = file 9, so 9a = 0, 1a = 8, 7g = 56, 1i = 80. */
export const SQUARES = Object.freeze(
  Array.from({ length: 81 }, (_, i) => `${9 - (i % 9)}${"abcdefghi"[Math.floor(i / 9)]}`),
);
const SQUARE_INDEX = new Map(SQUARES.map((name, index) => [name, index]));

// ----- errors -----

/** An error reported by the library: what (code, the header's name without HAYANAGI_ERR_), where (the
 *  offset into the input text, when there is one), and the library's message. */
export class HayanagiError extends Error {
  constructor(message, code, errno, offset) {
    super(message);
    this.name = "HayanagiError";
    this.code = code;
    this.errno = errno;
    this.offset = offset;
  }
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? `an object (${Object.prototype.toString.call(value)})` : `${typeof value} ${String(value)}`;
}

function expectString(value, what) {
  if (typeof value !== "string") throw new TypeError(`hayanagi: ${what} must be a string, not ${describe(value)}`);
  return value;
}

function expectInteger(value, what, min, max) {
  if (typeof value !== "number") throw new TypeError(`hayanagi: ${what} must be a number, not ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`hayanagi: ${what} must be an integer from ${min} to ${max}, not ${value}`);
  }
  return value;
}

// ----- the module and its memory -----

/** One instantiated module: its exports, its memory, our heap in it, and scratch space. */
class Lib {
  constructor(instance) {
    const x = instance.exports;
    if (!(x.memory instanceof WebAssembly.Memory) || typeof x.hayanagi_position_size !== "function") {
      throw new TypeError("hayanagi: the WebAssembly module is not hayanagi's (no memory or hayanagi_* exports)");
    }
    this.x = x;
    this.memory = x.memory;
    this.positionSize = x.hayanagi_position_size();
    this.undoSize = x.hayanagi_undo_record_size();
    this.buffer = null;
    this.top = 0; // the heap: [top, end) is not handed out yet
    this.end = 0;
    this.free = new Map(); // block size -> free blocks
    // Scratch: out-parameters, text out, a move list, text in (grown on demand).
    this.out = this.alloc(64); // u64 at +0, size_t at +8, u16 at +16
    this.textOut = this.alloc(256);
    this.maxMoves = 1024; // HAYANAGI_MAX_MOVES (checked against the header by the tests)
    this.moves = this.alloc(2 * this.maxMoves);
    this.textInSize = 1024;
    this.textIn = this.alloc(this.textInSize);
    this.statusNames = [];
    for (let code = 0; ; code++) {
      const pointer = x.hayanagi_status_name(code);
      if (pointer === 0) break;
      this.statusNames.push(this.cString(pointer));
    }
    this.usi = new Array(65536); // move code -> USI text, filled on demand (position-independent)
    this.typed = new Array(65536); // move code -> frozen Move object
  }

  /** Up-to-date views (growing the memory detaches the old buffer). */
  get u8() {
    if (this.memory.buffer !== this.buffer) this.refresh();
    return this._u8;
  }
  get u16() {
    if (this.memory.buffer !== this.buffer) this.refresh();
    return this._u16;
  }
  get view() {
    if (this.memory.buffer !== this.buffer) this.refresh();
    return this._view;
  }
  refresh() {
    this.buffer = this.memory.buffer;
    this._u8 = new Uint8Array(this.buffer);
    this._u16 = new Uint16Array(this.buffer);
    this._view = new DataView(this.buffer);
  }

  /** A block of at least `size` bytes, 64-byte aligned (sizes are rounded up to a power of two). */
  alloc(size) {
    let block = 64;
    while (block < size) block *= 2;
    const list = this.free.get(block);
    if (list !== undefined && list.length > 0) return list.pop();
    if (this.top + block > this.end) {
      const pages = Math.ceil(block / PAGE);
      const start = this.memory.grow(pages) * PAGE;
      // The pages follow the previous ones unless someone else grew the memory: then start afresh.
      if (start !== this.end) this.top = start;
      this.end = start + pages * PAGE;
    }
    const pointer = this.top;
    this.top += block;
    return pointer;
  }

  release(pointer, size) {
    let block = 64;
    while (block < size) block *= 2;
    let list = this.free.get(block);
    if (list === undefined) this.free.set(block, (list = []));
    list.push(pointer);
  }

  /** Copies `text` into the text-in buffer as UTF-8; returns its length in bytes. */
  putText(text) {
    if (text.length * 3 > this.textInSize) {
      this.release(this.textIn, this.textInSize);
      this.textInSize = text.length * 3;
      this.textIn = this.alloc(this.textInSize);
    }
    return encoder.encodeInto(text, this.u8.subarray(this.textIn, this.textIn + this.textInSize)).written;
  }

  cString(pointer) {
    const memory = this.u8;
    let end = pointer;
    while (memory[end] !== 0) end++;
    return decoder.decode(memory.subarray(pointer, end));
  }

  outU64() {
    return this.view.getBigUint64(this.out, true);
  }
  outSize() {
    return this.view.getUint32(this.out + 8, true);
  }
  outU16() {
    return this.view.getUint16(this.out + 16, true);
  }

  /** A HayanagiError for the negative result `errno`; `input` is the text an offset points into. */
  error(errno, offset, input) {
    let message = this.cString(this.x.hayanagi_error_message(errno));
    if (offset !== undefined) message += ` at byte ${offset}`;
    if (input !== undefined) message += ` (${JSON.stringify(input.length > 80 ? `${input.slice(0, 77)}...` : input)})`;
    return new HayanagiError(message, ERROR_CODES.get(errno) ?? "UNKNOWN", errno, offset);
  }

  /** Returns `result` if it is not negative; throws its HayanagiError otherwise. */
  check(result) {
    if (result < 0) throw this.error(result);
    return result;
  }

  /** The USI text of a move code the module produced or accepted. */
  usiOf(code) {
    let text = this.usi[code];
    if (text === undefined) {
      const length = this.check(this.x.hayanagi_move_to_usi(code, this.textOut, 256, 0));
      text = String.fromCharCode(...this.u8.subarray(this.textOut, this.textOut + length));
      this.usi[code] = text;
    }
    return text;
  }

  /** The typed move of a code: its fields read from its USI text, frozen and shared. */
  moveOf(code) {
    let move = this.typed[code];
    if (move === undefined) {
      const usi = this.usiOf(code);
      move =
        usi[1] === "*"
          ? { drop: usi[0], to: usi.slice(2, 4), usi, code }
          : { from: usi.slice(0, 2), to: usi.slice(2, 4), promote: usi.length === 5, usi, code };
      this.typed[code] = Object.freeze(move);
    }
    return move;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let current = null;

function lib() {
  if (current === null) throw new Error("hayanagi: call `await load()` first");
  return current;
}

/**
 * Loads the WebAssembly module. With no argument, fetches `hayanagi.wasm` beside this file (Node's entry
 * point reads it from disk instead). Also accepts the module's bytes (ArrayBuffer, typed array), a
 * Response or a promise of one (`fetch(url)`), a URL or URL string, or a compiled WebAssembly.Module.
 * Positions made before a second load keep using the module they were made with.
 */
export async function load(source = new URL("./hayanagi.wasm", import.meta.url)) {
  source = await source;
  if (typeof source === "string" || source instanceof URL) source = await fetch(source);
  let instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, {});
  } else if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`hayanagi: fetching the module failed: HTTP ${source.status} ${source.url}`);
    ({ instance } = await WebAssembly.instantiate(await source.arrayBuffer(), {}));
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    ({ instance } = await WebAssembly.instantiate(source, {}));
  } else {
    throw new TypeError(
      `hayanagi: load() takes the module's bytes, a Response, a URL or a WebAssembly.Module, not ${describe(source)}`,
    );
  }
  current = new Lib(instance);
}

// ----- positions -----

// Only this module makes Positions.
const PRIVATE = Symbol("hayanagi.Position");
// Returns a Position's blocks to its heap once it is garbage-collected.
const finalizer = new FinalizationRegistry((state) => state.release());

/** What a Position owns in module memory: its record and its undo stack. */
class State {
  constructor(l) {
    this.l = l;
    this.pos = l.alloc(l.positionSize);
    this.undoCapacity = 16;
    this.undo = l.alloc(this.undoCapacity * l.undoSize);
    this.moves = []; // the codes of the moves on the undo stack
  }
  release() {
    if (this.pos === 0) return;
    this.l.release(this.pos, this.l.positionSize);
    this.l.release(this.undo, this.undoCapacity * this.l.undoSize);
    this.pos = 0;
  }
  growUndo() {
    const l = this.l;
    const bigger = l.alloc(2 * this.undoCapacity * l.undoSize);
    l.u8.copyWithin(bigger, this.undo, this.undo + this.undoCapacity * l.undoSize);
    l.release(this.undo, this.undoCapacity * l.undoSize);
    this.undo = bigger;
    this.undoCapacity *= 2;
  }
}

/**
 * A shogi position: board, hands, side to move and ply, with the legal moves, play and undo, SFEN, keys
 * and perft. Moves played with play() can be taken back with undo().
 */
export class Position {
  #s;

  constructor(token, state) {
    if (token !== PRIVATE) throw new TypeError("hayanagi: use Position.startpos(), Position.fromSfen() or Position.fromUsi()");
    this.#s = state;
    finalizer.register(this, state, this);
  }

  /** A new position in the current module, written by `write(record)` (which returns a C result). */
  static #make(write, input) {
    const l = lib();
    const state = new State(l);
    const result = write(l, state.pos);
    if (result < 0) {
      state.release();
      throw l.error(result, input === undefined ? undefined : l.outSize(), input);
    }
    return new Position(PRIVATE, state);
  }

  /** The start position. */
  static startpos() {
    return Position.#make((l, pos) => l.x.hayanagi_position_startpos(pos));
  }

  /** Reads an SFEN, "<board> <side> <hands> [<ply>]"; throws a HayanagiError with the byte offset. */
  static fromSfen(sfen) {
    expectString(sfen, "the SFEN");
    return Position.#make((l, pos) => {
      const length = l.putText(sfen); // first: it may move the text buffer
      return l.x.hayanagi_position_from_sfen(pos, l.textIn, length, l.out + 8);
    }, sfen);
  }

  /** Reads a USI position command, "[position ](startpos|sfen <4 fields>)[ moves m1 m2 ...]". */
  static fromUsi(command) {
    expectString(command, "the USI position command");
    return Position.#make((l, pos) => {
      const length = l.putText(command);
      return l.x.hayanagi_position_from_usi(pos, l.textIn, length, l.out + 8);
    }, command);
  }

  /** The state, if this position has not been disposed of. */
  #live() {
    const s = this.#s;
    if (s.pos === 0) throw new Error("hayanagi: the position was disposed of");
    return s;
  }

  /** An independent copy of the position (without the moves undo() could take back). */
  clone() {
    const s = this.#live();
    const l = s.l;
    const state = new State(l);
    l.u8.copyWithin(state.pos, s.pos, s.pos + l.positionSize);
    return new Position(PRIVATE, state);
  }

  /** Gives the position's module memory back now (it is given back anyway once the position is
   *  garbage-collected). Any later call on it throws. */
  dispose() {
    finalizer.unregister(this);
    this.#s.release();
  }

  /** The SFEN, 4 fields. */
  sfen() {
    const s = this.#live();
    const l = s.l;
    const length = l.check(l.x.hayanagi_position_sfen(s.pos, l.textOut, 256, 0));
    return decoder.decode(l.u8.subarray(l.textOut, l.textOut + length));
  }

  toString() {
    return this.sfen();
  }

  /** "b" (Black, sente, moves first) or "w" (White, gote). */
  sideToMove() {
    const s = this.#live();
    return s.l.check(s.l.x.hayanagi_side_to_move(s.pos)) === 0 ? "b" : "w";
  }

  /** The move number, as in SFEN: 1 for the first move of a game. */
  ply() {
    const s = this.#live();
    s.l.check(s.l.x.hayanagi_ply(s.pos, s.l.out));
    return s.l.outU64();
  }

  /** The Zobrist key of board, hands and side to move (64 bits; the same on every platform). */
  key() {
    const s = this.#live();
    s.l.check(s.l.x.hayanagi_key(s.pos, s.l.out));
    return s.l.outU64();
  }

  /** Whether the side to move is in check. */
  inCheck() {
    const s = this.#live();
    return s.l.check(s.l.x.hayanagi_in_check(s.pos)) === 1;
  }

  /** "none", "mate" or "no_moves", judged from the position alone (a Game also knows repetitions). */
  status() {
    const s = this.#live();
    return s.l.statusNames[s.l.check(s.l.x.hayanagi_status(s.pos))];
  }

  /** The legal moves as move codes (the header's uint16_t encoding), in the generator's order. */
  legalMoveCodes() {
    const s = this.#live();
    const l = s.l;
    const count = l.check(l.x.hayanagi_legal_moves(s.pos, l.moves, l.maxMoves, 0));
    const start = l.moves >>> 1;
    return l.u16.slice(start, start + count);
  }

  /** The legal moves, typed: `{from, to, promote, usi, code}` or `{drop, to, usi, code}`. */
  legalMoves() {
    const s = this.#live();
    return Array.from(this.legalMoveCodes(), (code) => s.l.moveOf(code));
  }

  /** The legal moves in USI ("7g7f", "8h2b+", "P*5e"). */
  legalMovesUsi() {
    const s = this.#live();
    return Array.from(this.legalMoveCodes(), (code) => s.l.usiOf(code));
  }

  /** The code of a move given as a code, a USI string, or a typed move; throws if it is not legal here. */
  #code(s, move) {
    const l = s.l;
    if (typeof move === "number") return expectInteger(move, "a move code", 0, 0xffff);
    if (typeof move === "object" && move !== null && l.typed[move.code] === move) return move.code;
    const usi = typeof move === "string" ? move : usiOfFields(move);
    const length = l.putText(usi);
    const result = l.x.hayanagi_move_from_usi(s.pos, l.textIn, length, l.out + 16, l.out + 8);
    if (result < 0) throw l.error(result, typeof move === "string" ? l.outSize() : undefined, usi);
    return l.outU16();
  }

  /**
   * Plays a legal move, given as a code, a USI string or a typed move (`{from, to, promote}` or
   * `{drop, to}`); returns this position. Throws a HayanagiError (ILLEGAL_MOVE, a MOVE_* syntax
   * error, BAD_MOVE) and changes nothing if the move is not legal here.
   */
  play(move) {
    const s = this.#live();
    const code = this.#code(s, move);
    if (s.moves.length === s.undoCapacity) s.growUndo();
    const result = s.l.x.hayanagi_play(s.pos, code, s.undo + s.moves.length * s.l.undoSize);
    if (result < 0) throw s.l.error(result, undefined, typeof move === "string" ? move : undefined);
    s.moves.push(code);
    return this;
  }

  /** Takes back the last move play() made; returns false if there is none. */
  undo() {
    const s = this.#live();
    const count = s.moves.length;
    if (count === 0) return false;
    s.l.check(s.l.x.hayanagi_undo(s.pos, s.undo + (count - 1) * s.l.undoSize));
    s.moves.pop();
    return true;
  }

  /** The moves undo() can take back, oldest first. */
  moves() {
    const s = this.#live();
    return s.moves.map((code) => s.l.moveOf(code));
  }

  /** The number of legal move sequences of length `depth`, counted inside the module; `bulk` counts
   *  the last ply without playing it (same result, faster). */
  perft(depth, bulk = true) {
    const s = this.#live();
    expectInteger(depth, "the perft depth", 0, 0xffffffff);
    if (typeof bulk !== "boolean") throw new TypeError(`hayanagi: bulk must be a boolean, not ${describe(bulk)}`);
    s.l.check(s.l.x.hayanagi_perft(s.pos, depth, bulk ? 1 : 0, s.l.out));
    return s.l.outU64();
  }
}

// `using pos = Position.startpos()` where the runtime has Symbol.dispose (Node 20.4+, recent browsers).
if (typeof Symbol.dispose === "symbol") Position.prototype[Symbol.dispose] = Position.prototype.dispose;

/** The USI text of a typed move given by a user (`{from, to, promote}` or `{drop, to}`). */
function usiOfFields(move) {
  if (typeof move !== "object" || move === null) {
    throw new TypeError(`hayanagi: a move is a code, a USI string or an object, not ${describe(move)}`);
  }
  const square = (value, what) => {
    if (typeof value === "number") return SQUARES[expectInteger(value, what, 0, 80)];
    if (typeof value !== "string") throw new TypeError(`hayanagi: ${what} must be a square ("7g" or 0-80), not ${describe(value)}`);
    if (!SQUARE_INDEX.has(value)) throw new RangeError(`hayanagi: ${what} is not a square: ${JSON.stringify(value)}`);
    return value;
  };
  const to = square(move.to, "move.to");
  if (move.drop !== undefined) {
    if (move.from !== undefined) throw new TypeError("hayanagi: a move has either `from` or `drop`, not both");
    if (typeof move.drop !== "string" || !/^[PLNSGBR]$/.test(move.drop)) {
      throw new TypeError(`hayanagi: move.drop must be one of "P", "L", "N", "S", "G", "B", "R", not ${describe(move.drop)}`);
    }
    return `${move.drop}*${to}`;
  }
  const from = square(move.from, "move.from");
  const promote = move.promote ?? false;
  if (typeof promote !== "boolean") throw new TypeError(`hayanagi: move.promote must be a boolean, not ${describe(promote)}`);
  return `${from}${to}${promote ? "+" : ""}`;
}
