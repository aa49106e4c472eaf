// hayanagi: shogi rules in JavaScript (legal moves, SFEN and USI, game status), over the WebAssembly
// build of the hayanagi C API (include/hayanagi.h, capi/ in the repository). This file runs in browsers,
// bundlers and Node (any runtime with WebAssembly and ES modules); Node's entry point (node.mjs) adds
// loading from a path. Types: hayanagi.d.ts.
//
// Every rule lives in the module: this file only moves values across the boundary, checks JS argument
// types, and names things (squares, pieces, error codes) the way the header documents them.
//
// Memory. The module allocates nothing and never grows or touches memory beyond the pages it was built
// with, so every page this wrapper adds with memory.grow is ours. A small allocator (Lib.alloc, below) hands
// out blocks of those pages: each Position owns a stack of position records there, one per move played
// (play has the module copy the record one entry up and make the move on the copy; undo goes back down
// one entry, without a module call), so the hot calls (play, undo, legalMoveCodes) pass nothing but a
// record's address and a move code. A Position's blocks (about 1 KiB) return to the heap when it is garbage-collected
// (FinalizationRegistry, whose callbacks run only after the current task: a synchronous loop that makes
// millions of positions should dispose() them) or at once with dispose().

import { ERROR_CODES } from "./codes.mjs";

const PAGE = 65536;

/** The square names in index order (docs/RULES.md R1, the header's MOVES section): index = row * 9 + column,
 *  row 0 = rank a, column 0 = file 9, so 9a = 0, 1a = 8, 7g = 56, 1i = 80. */
export const SQUARES = Object.freeze(
  Array.from({ length: 81 }, (_, i) => `${9 - (i % 9)}${"abcdefghi"[Math.floor(i / 9)]}`),
);
const SQUARE_INDEX = new Map(SQUARES.map((name, index) => [name, index]));
/** The piece kinds by the header's numbers (PIECES: P L N S G B R = 0-6, K = 7, +P +L +N +S +B +R = 8-13),
 *  as SFEN writes Black's pieces. The first seven are the kinds a hand holds. */
const KINDS = ["P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R"];
const HAND_KINDS = KINDS.slice(0, 7);
const COLORS = ["b", "w"];
/** The pieces by the header's piece codes (1 + kind + 16 * colour; 0 is an empty square): shared, frozen. */
const PIECES = [null];
for (let code = 1; code < 32; code++) {
  const kind = KINDS[(code - 1) % 16];
  PIECES.push(kind === undefined ? undefined : Object.freeze({ color: COLORS[(code - 1) >> 4], type: kind }));
}
/** HAYANAGI_DECLARATION_*: the outcomes by number, the failed conditions by bit. */
const DECLARATION_OUTCOMES = ["invalid", "win", "draw"];
const DECLARATION_FAILURES = [
  [1, "king_not_in_camp"],
  [2, "too_few_pieces"],
  [4, "in_check"],
  [8, "too_few_points"],
];
const MAX_MOVES = 1024; // HAYANAGI_MAX_MOVES
/** A move list of capi/src/js.rs: a count, a hint, MAX_MOVES keys (uint32 each), MAX_MOVES codes (uint16). */
const LIST_SIZE = 4 * (2 + MAX_MOVES) + 2 * MAX_MOVES;
const LIST_CODES = 4 * (2 + MAX_MOVES); // where the codes start
const NOT_LISTED = 0xffffffff;
/** In an entry of a position's stack (capi/src/js.rs, hayanagi_js_entry_size() bytes): after the
 *  position record, the key of the move that led to it and the address of its height's list. */
const ENTRY_KEY = 0; // (from the end of the record)
const ENTRY_LIST = 4;
const PACKED_SIZE = 32; // HAYANAGI_PACKED_SIZE
const TSUME_ENTRY_SIZE = 16; // HAYANAGI_TSUME_ENTRY_SIZE
/** HAYANAGI_TSUME_*: the solver's answers by number. */
const TSUME_RESULTS = ["no_mate", "mate", "node_limit", "depth_limit", "too_many_moves", "stalled", "line_too_long", "line_not_found"];
/** HAYANAGI_TSUME_COUNTING_* by number (Rust: TsumeCounting::Strict, ::UselessInterpositionsFree). */
const TSUME_COUNTINGS = ["strict", "useless_interpositions_free"];
const TSUME_MAX_LINE = 1024; // HAYANAGI_TSUME_MAX_LINE
const TSUME_MAX_ALTERNATIVES = 256; // HAYANAGI_TSUME_MAX_ALTERNATIVES
const HCPE_SIZE = 38; // HAYANAGI_HCPE_SIZE
const PSV_SIZE = 40; // HAYANAGI_PSV_SIZE
/** HAYANAGI_PACKED_*: the packed layouts by number. */
const PACKED = ["hcp", "sfen"];
/** HAYANAGI_GAME_* (hcpe) and HAYANAGI_PSV_* + 1 (PSV): the results by number. */
const GAME_RESULTS = ["draw", "black_win", "white_win"];
const PSV_RESULTS = ["loss", "draw", "win"];
/** HAYANAGI_RELAX_* bits by name. */
const RELAX = [
  [1, "missing_kings"],
  [2, "incomplete_material"],
];
/** The move filters by the header's HAYANAGI_FILTER_* numbers (Rust: MoveFilter). */
const FILTERS = ["all", "captures", "non_captures", "drops", "checks", "quiet_checks", "evasions"];
const NO_SQUARE = 81; // HAYANAGI_NO_SQUARE
const HISTORY_ENTRY_SIZE = 16; // HAYANAGI_HISTORY_ENTRY_SIZE
const HISTORY_HEADER_ENTRIES = 2; // HAYANAGI_HISTORY_HEADER_ENTRIES
/** The C result codes by name ("HISTORY_FULL" -> -70). */
const ERRNO = Object.fromEntries([...ERROR_CODES].map(([errno, name]) => [name, errno]));

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

/** The index of a square given as its name ("7g") or its index (0-80). */
function expectSquare(value, what) {
  if (typeof value === "number") return expectInteger(value, what, 0, 80);
  if (typeof value !== "string") throw new TypeError(`hayanagi: ${what} must be a square ("7g" or 0-80), not ${describe(value)}`);
  const index = SQUARE_INDEX.get(value);
  if (index === undefined) throw new RangeError(`hayanagi: ${what} is not a square: ${JSON.stringify(value)}`);
  return index;
}

/** The HAYANAGI_TSUME_COUNTING_* number of a counting's name ("strict" when undefined). */
function expectCounting(value = "strict") {
  const index = TSUME_COUNTINGS.indexOf(value);
  if (index < 0) {
    throw new TypeError(`hayanagi: a tsume counting is one of ${TSUME_COUNTINGS.map((name) => `"${name}"`).join(", ")}, not ${describe(value)}`);
  }
  return index;
}

/** The HAYANAGI_FILTER_* number of a filter's name ("captures"). */
function expectFilter(value) {
  const index = FILTERS.indexOf(value);
  if (index < 0) {
    throw new TypeError(`hayanagi: a move filter is one of ${FILTERS.map((name) => `"${name}"`).join(", ")}, not ${describe(value)}`);
  }
  return index;
}

/** A Uint8Array view of bytes given as a Uint8Array, another typed array or DataView, or an ArrayBuffer. */
function expectBytes(value, what) {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError(`hayanagi: ${what} must be bytes (Uint8Array, ArrayBuffer), not ${describe(value)}`);
}

/** The HAYANAGI_PACKED_* number of a layout's name. */
function expectPacked(value) {
  const index = PACKED.indexOf(value);
  if (index < 0) throw new TypeError(`hayanagi: a packed layout is "hcp" or "sfen", not ${describe(value)}`);
  return index;
}

/** 0 for "b", 1 for "w". */
function expectColor(value) {
  if (typeof value !== "string") throw new TypeError(`hayanagi: a colour is "b" or "w", not ${describe(value)}`);
  const index = COLORS.indexOf(value);
  if (index < 0) throw new RangeError(`hayanagi: a colour is "b" or "w", not ${JSON.stringify(value)}`);
  return index;
}

function expectInteger(value, what, min, max) {
  if (typeof value !== "number") throw new TypeError(`hayanagi: ${what} must be a number, not ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`hayanagi: ${what} must be an integer from ${min} to ${max}, not ${value}`);
  }
  return value;
}

// ----- moves -----

/** The library's move objects: `{from, to, promote}` or `{drop, to}`, with `piece` and `captured` when
 *  they come from a position, `usi` and `code`; shared and frozen. (`key` is the cache's, not API.) */
class MoveValue {
  constructor(code, usi, piece, captured, key) {
    if (usi[1] === "*") {
      this.drop = usi[0];
      this.to = usi.slice(2, 4);
    } else {
      this.from = usi.slice(0, 2);
      this.to = usi.slice(2, 4);
      this.promote = usi.length === 5;
    }
    if (piece !== undefined) {
      this.piece = piece;
      this.captured = captured;
    }
    this.usi = usi;
    this.code = code;
    Object.defineProperty(this, "key", { value: key });
  }
}

// ----- the module and its memory -----

/** A fresh Uint16Array of the `count` codes at u16 index `start` of `u16` (the module's memory): a
 *  loop, which costs less than `slice` for a list's few dozen codes. */
function codeArray(u16, start, count) {
  const codes = new Uint16Array(count);
  for (let i = 0; i < count; i++) codes[i] = u16[start + i];
  return codes;
}

/** The size of the block alloc() hands out for `size` bytes: a power of two from 64 up to 4096, then a
 *  multiple of 64 (a move list, 4,104 bytes, takes 4,160). */
function blockSize(size) {
  if (size > 4096) return Math.ceil(size / 64) * 64;
  let block = 64;
  while (block < size) block *= 2;
  return block;
}

/** One instantiated module: its exports, its memory, our heap in it, and scratch space. */
class Lib {
  constructor(instance) {
    const x = instance.exports;
    if (!(x.memory instanceof WebAssembly.Memory) || typeof x.hayanagi_js_list !== "function") {
      throw new TypeError("hayanagi: the WebAssembly module is not hayanagi's (no memory or hayanagi_js_* exports)");
    }
    this.x = x;
    // The hot calls, as plain properties.
    this.playUnchecked = x.hayanagi_play_unchecked;
    this.playChecked = x.hayanagi_play;
    this.jsPlay = x.hayanagi_js_play;
    this.jsList = x.hayanagi_js_list;
    this.memory = x.memory;
    this.positionSize = x.hayanagi_position_size();
    this.entrySize = x.hayanagi_js_entry_size();
    if (this.entrySize < this.positionSize + 8 || this.entrySize % 64 !== 0) throw new TypeError("hayanagi: the module's stack entries are not the wrapper's");
    this.refresh();
    this.top = 0; // the heap: [top, end) is not handed out yet
    this.end = 0;
    this.free = new Map(); // block size -> free blocks
    // Scratch: out-parameters, text out, a move list, text in (grown on demand).
    this.out = this.alloc(64); // u64 at +0, size_t at +8, u16 at +16, a predicate's int32 error at +24, two int32 at +32, +36
    this.textOut = this.alloc(256);
    this.moves = this.alloc(2 * MAX_MOVES);
    this.keys = this.alloc(4 * MAX_MOVES);
    this.textInSize = 1024;
    this.textIn = this.alloc(this.textInSize);
    this.statusNames = [];
    for (let code = 0; ; code++) {
      const name = this.cString(x.hayanagi_status_name(code)); // "unknown" past the last status
      if (name === "unknown") break;
      this.statusNames.push(name);
    }
    this.version = this.cString(x.hayanagi_version());
    // The extended module's (extended.wasm): its scratch position, the handicaps' names, [name, Japanese
    // name] in the core's order (Handicap::ALL), and the core Lib it was last paired with.
    this.extended = typeof x.hayanagi_mate_in_3 === "function";
    if (this.extended) {
      this.scratch = this.alloc(this.positionSize);
      this.handicaps = [];
      for (let index = 0; ; index++) {
        const name = this.cString(x.hayanagi_handicap_name(index, 0)); // "unknown" past the last
        if (name === "unknown") break;
        this.handicaps.push([name, this.cString(x.hayanagi_handicap_name(index, 1))]);
      }
      this.paired = null;
    }
    this.usi = new Array(65536); // move code -> USI text, filled on demand (position-independent)
    this.shapes = new Array(65536); // move code -> frozen MoveShape (toMove: no position, no pieces)
    this.typed = new Map(); // move key (code and pieces, js.rs) -> frozen Move
    this.lastTyped = new Array(65536); // move code -> the Move of that code made last (a cache of typed)
    this.lastKey = new Int32Array(65536).fill(-1); // move code -> the key of lastTyped's move (-1: none)
    this.codes = new Map(); // USI text -> move code, for text that parsed (at most one entry per code)
  }

  /** Views of the memory, made again whenever alloc grows it (growing detaches the old buffer; only
   *  alloc grows this memory: the module never does, and nothing else can reach it). */
  refresh() {
    this.u8 = new Uint8Array(this.memory.buffer);
    this.u16 = new Uint16Array(this.memory.buffer);
    this.u32 = new Uint32Array(this.memory.buffer);
    this.view = new DataView(this.memory.buffer);
  }

  /** A block of at least `size` bytes, 64-byte aligned (sizes are rounded up to a power of two). */
  alloc(size) {
    const block = blockSize(size);
    const list = this.free.get(block);
    if (list !== undefined && list.length > 0) return list.pop();
    if (this.top + block > this.end) {
      const pages = Math.ceil(block / PAGE);
      const start = this.memory.grow(pages) * PAGE;
      // The pages follow the previous ones unless someone else grew the memory: then start afresh.
      if (start !== this.end) this.top = start;
      this.end = start + pages * PAGE;
      this.refresh();
    }
    const pointer = this.top;
    this.top += block;
    return pointer;
  }

  release(pointer, size) {
    const block = blockSize(size);
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
  /** The u64 out-parameter as a number; a RangeError naming `what` beyond 2^53 (never in practice). */
  outNumber(what) {
    const high = this.view.getUint32(this.out + 4, true);
    if (high >= 0x200000) throw new RangeError(`hayanagi: ${what} is ${this.outU64()}, beyond a number's exact range`);
    return high * 0x100000000 + this.view.getUint32(this.out, true);
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

  /** A C predicate's answer (a bool, with the error code written at out + 24): throws the error. */
  answer(value) {
    const errno = this.view.getInt32(this.out + 24, true);
    if (errno < 0) throw this.error(errno);
    return value !== 0;
  }

  /** Returns `result` if it is not negative; throws its HayanagiError otherwise. */
  check(result) {
    if (result < 0) throw this.error(result);
    return result;
  }

  /**
   * The code of a move given as a code, a typed move, `{from, to, promote?}`, `{drop, to}` or USI text,
   * by its shape alone (whether it is legal is the position's question). Throws TypeError or RangeError
   * for arguments of the wrong type or range, HayanagiError for malformed USI (with the offset).
   */
  encode(move) {
    if (typeof move === "number") return expectInteger(move, "a move code", 0, 0xffff);
    if (typeof move === "string") {
      let code = this.codes.get(move);
      if (code === undefined) {
        const length = this.putText(move);
        const result = this.x.hayanagi_move_from_usi(this.textIn, length, this.out + 16, this.out + 8);
        if (result < 0) throw this.error(result, this.outSize(), move);
        code = this.outU16();
        this.codes.set(move, code);
      }
      return code;
    }
    if (typeof move !== "object" || move === null) {
      throw new TypeError(`hayanagi: a move is a code, USI text or an object, not ${describe(move)}`);
    }
    if (move instanceof MoveValue) return move.code;
    const to = expectSquare(move.to, "move.to");
    if (move.drop !== undefined) {
      if (move.from !== undefined) throw new TypeError("hayanagi: a move has either `from` or `drop`, not both");
      const kind = HAND_KINDS.indexOf(move.drop);
      if (typeof move.drop !== "string" || kind < 0) {
        throw new TypeError(`hayanagi: move.drop is one of "P", "L", "N", "S", "G", "B", "R", not ${describe(move.drop)}`);
      }
      return this.check(this.x.hayanagi_move_drop(kind, to));
    }
    const from = expectSquare(move.from, "move.from");
    const promote = move.promote ?? false;
    if (typeof promote !== "boolean") throw new TypeError(`hayanagi: move.promote must be a boolean, not ${describe(promote)}`);
    return this.check(this.x.hayanagi_move_normal(from, to, promote ? 1 : 0));
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

  /** The move shape of a code (no pieces): its fields read from its USI text, frozen and shared. */
  shapeOf(code) {
    let move = this.shapes[code];
    if (move === undefined) {
      move = Object.freeze(new MoveValue(code, this.usiOf(code), undefined, undefined, -1));
      this.shapes[code] = move;
    }
    return move;
  }

  /** The typed move of a move key (code | moving piece << 16 | captured piece << 21, capi/src/js.rs),
   *  frozen and shared. */
  moveOfKey(key) {
    const code = key & 0xffff;
    if (this.lastKey[code] === key) return this.lastTyped[code];
    let move = this.typed.get(key);
    if (move === undefined) {
      move = Object.freeze(new MoveValue(code, this.usiOf(code), PIECES[(key >>> 16) & 31], PIECES[key >>> 21], key));
      this.typed.set(key, move);
    }
    this.lastTyped[code] = move;
    this.lastKey[code] = key;
    return move;
  }

  /** The typed move of a move code about to be played at the position record `pos`. */
  moveIn(pos, code) {
    return this.moveOfKey(this.check(this.x.hayanagi_js_move_key(pos, code)));
  }

  /** (The extended module.) A copy of the position of State `s` (a core module's) in this module's
   *  scratch record, for one call: its address. Both modules are built from one source, so a
   *  position record is the same bytes in either (checked by pairing, below). */
  enter(s) {
    this.u8.set(s.l.u8.subarray(s.pos, s.pos + this.positionSize), this.scratch);
    return this.scratch;
  }

  /** (The extended module.) Copies the position this module wrote at `pointer` into the core record
   *  `pos` of Lib `l`. */
  leave(pointer, l, pos) {
    l.u8.set(this.u8.subarray(pointer, pointer + this.positionSize), pos);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let current = null;
let currentExtended = null;

function lib() {
  if (current === null) throw new Error("hayanagi: call `await load()` or `initSync(bytes)` first");
  return current;
}

/** The extended module, paired with the core Lib `l` (their position records must be the same bytes:
 *  one version, one record size); `what` names the function that needs it. */
function extended(l, what) {
  const e = currentExtended;
  if (e === null) {
    throw new Error(`hayanagi: ${what} is in the extended module: call \`await loadExtended()\` or \`initExtendedSync(bytes)\` first`);
  }
  if (e.paired !== l) {
    if (e.version !== l.version || e.positionSize !== l.positionSize) {
      throw new Error(`hayanagi: the extended module is version ${e.version} (records of ${e.positionSize} B), the core module ${l.version} (${l.positionSize} B): load the two of one package`);
    }
    // One cache of move text and typed moves for both (so that a move is one object whichever module
    // named it).
    e.usi = l.usi;
    e.shapes = l.shapes;
    e.typed = l.typed;
    e.lastTyped = l.lastTyped;
    e.codes = l.codes;
    e.paired = l;
  }
  return e;
}

/** The module of `source` as load() takes it, instantiated. */
async function instantiate(source, what) {
  source = await source;
  if (typeof source === "string" || source instanceof URL) source = await fetch(source);
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, {});
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`hayanagi: fetching the module failed: HTTP ${source.status} ${source.url}`);
    return (await WebAssembly.instantiate(await source.arrayBuffer(), {})).instance;
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return (await WebAssembly.instantiate(source, {})).instance;
  throw new TypeError(`hayanagi: ${what} takes the module's bytes, a Response, a URL or a WebAssembly.Module, not ${describe(source)}`);
}

/** The module of `source` as initSync() takes it, instantiated. */
function instantiateSync(source, what) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) source = new WebAssembly.Module(source);
  if (!(source instanceof WebAssembly.Module)) {
    throw new TypeError(`hayanagi: ${what} takes the module's bytes or a WebAssembly.Module, not ${describe(source)}`);
  }
  return new WebAssembly.Instance(source, {});
}

/** A Lib of the extended module's instance. */
function extendedLib(instance) {
  const l = new Lib(instance);
  if (!l.extended) throw new TypeError("hayanagi: this WebAssembly module is not the extended one (extended.wasm): it has no hayanagi_mate_in_3");
  return l;
}

/**
 * Loads the extended module (`extended.wasm`: typed generation, mate search, the tsume solver, SEE,
 * setup and handicaps, packed positions and training records, CSA and Japanese move text), which the
 * methods of Position that need it use; sources as load() takes them (no argument: the file beside this
 * one). Independent of load(): either may come first. Positions stay in the core module: each call
 * copies the position's record (under 1 KB) into this module.
 */
export async function loadExtended(source = new URL("./extended.wasm", import.meta.url)) {
  currentExtended = extendedLib(await instantiate(source, "loadExtended()"));
}

/** Loads the extended module synchronously, from its bytes or a compiled WebAssembly.Module (as initSync). */
export function initExtendedSync(source) {
  currentExtended = extendedLib(instantiateSync(source, "initExtendedSync()"));
}

/**
 * Loads the WebAssembly module. With no argument, fetches `hayanagi.wasm` beside this file (Node's entry
 * point reads it from disk instead). Also accepts the module's bytes (ArrayBuffer, typed array), a
 * Response or a promise of one (`fetch(url)`), a URL or URL string, or a compiled WebAssembly.Module.
 * Positions made before a second load keep using the module they were made with.
 */
export async function load(source = new URL("./hayanagi.wasm", import.meta.url)) {
  current = new Lib(await instantiate(source, "load()"));
}

/**
 * Loads the WebAssembly module synchronously from its bytes (ArrayBuffer, typed array) or a compiled
 * WebAssembly.Module: for a CommonJS program, a worker, or a test that cannot await (Node's entry point
 * also takes no argument or a path). Browsers compile only small modules on the main thread this way:
 * there prefer load().
 */
export function initSync(source) {
  current = new Lib(instantiateSync(source, "initSync()"));
}

/** The 16 handicaps as `[name, Japanese name]` pairs, in the core's order (Rust: `Handicap::ALL`):
 *  what Position.handicap takes. (The extended module.) */
export function handicaps() {
  return extended(lib(), "handicaps()").handicaps.map((pair) => [...pair]);
}

/** The version of the library the module was built from ("0.1.0"; the package's version too). */
export function version() {
  return lib().version;
}

// ----- positions -----

// Only this module makes Positions and Games.
const PRIVATE = Symbol("hayanagi.private");
// Gives a Position's or a Game's blocks back to its heap once it is garbage-collected.
const finalizer = new FinalizationRegistry((state) => state.release());
// A Position's State, for Game (set by Position's static block; not exported).
let stateOf;

/** What a Position owns in module memory: a stack of positions, one per height (copy/make). */
class State {
  constructor(l) {
    this.l = l;
    // The stack: `capacity` entries of l.entrySize bytes (capi/src/js.rs), the position at height h in
    // entry h with the key of the move that led to it (code and pieces) and the address of the list of
    // height h. play() has the module copy the current entry into the next and make the move there;
    // undo() goes down one entry: the position below was never changed. Doubled when full.
    this.capacity = 1;
    this.base = l.alloc(l.entrySize);
    l.u8.fill(0, this.base, this.base + l.entrySize);
    this.pos = this.base; // the current position's record: entry `height`
    this.height = 0; // the moves undo() can take back
    // The legal moves listed at height h (hayanagi_js_list): lists[h], a block of module memory (where
    // no JS value can change it) with the count (NOT_LISTED once the position at that height has
    // changed: hayanagi_js_play marks the list one height up), a hint, the keys and the codes; its
    // address is in entry h too. Only listed moves are played unchecked.
    this.lists = [];
    this.game = null; // the Game this position belongs to (then only the game changes it)
  }
  release() {
    if (this.pos === 0) return;
    this.l.release(this.base, this.capacity * this.l.entrySize);
    for (const list of this.lists) if (list) this.l.release(list, LIST_SIZE);
    this.lists = [];
    this.pos = 0;
    this.base = 0;
  }
  /** The list block of the current height (allocated on first use: it may grow the memory). */
  list() {
    const height = this.height;
    let list = this.lists[height];
    if (!list) {
      list = this.l.alloc(LIST_SIZE);
      this.l.u32[list >>> 2] = NOT_LISTED;
      while (this.lists.length < height) this.lists.push(0); // (no holes)
      this.lists[height] = list;
      this.l.u32[(this.pos + this.l.positionSize + ENTRY_LIST) >>> 2] = list;
    }
    return list;
  }
  /** Marks every list as listing nothing (a Game changed the position under them). */
  forget() {
    for (const list of this.lists) if (list) this.l.u32[list >>> 2] = NOT_LISTED;
  }
  /** Doubles the stack (it may grow the memory). */
  grow() {
    const l = this.l;
    const size = this.capacity * l.entrySize;
    const bigger = l.alloc(2 * size);
    l.u8.copyWithin(bigger, this.base, this.base + size);
    l.u8.fill(0, bigger + size, bigger + 2 * size);
    l.release(this.base, size);
    this.base = bigger;
    this.pos = bigger + this.height * l.entrySize;
    this.capacity *= 2;
  }
  /** The key of the move that led to the position at height `height` (1 or more). */
  key(height) {
    const l = this.l;
    return l.u32[(this.base + height * l.entrySize + l.positionSize + ENTRY_KEY) >>> 2];
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

  /** A new position in the current module, written by `write(l, record)`, which returns a C result;
   *  `input` is the text it read (an error's offset is into it). */
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

  /** A new position written by the extended module: `write(e, record)` writes it at the scratch record
   *  of that module and returns a C result (or throws its error); then it is copied into the core. */
  static #makeExtended(what, write) {
    const l = lib();
    const e = extended(l, what);
    return Position.#make((l, pos) => {
      const result = write(e, e.scratch);
      if (result < 0) throw e.error(result);
      e.leave(e.scratch, l, pos);
      return result;
    });
  }

  /** The start position. */
  static startpos() {
    return Position.#make((l, pos) => l.x.hayanagi_position_startpos(pos));
  }

  /** The start position of a handicap game, by its name ("bishop", "two-pieces", ...) or its Japanese
   *  name ("角落ち"): White, the stronger side, moves first (Rust: `Handicap::position`). `handicaps()`
   *  lists the 16 names. */
  static handicap(name) {
    expectString(name, "the handicap");
    const index = extended(lib(), "Position.handicap()").handicaps.findIndex((names) => names.includes(name));
    if (index < 0) throw new RangeError(`hayanagi: no handicap is called ${JSON.stringify(name)} (handicaps() lists them)`);
    return Position.#makeExtended("Position.handicap()", (e, pos) => e.x.hayanagi_position_handicap(pos, index));
  }

  /** The handicap whose start position this is (board, hands, side; any ply): its name ("bishop"), or
   *  null (the even game's start too). Rust: `Handicap::of`. */
  handicapOf() {
    const s = this.#live();
    const e = extended(s.l, "handicapOf()");
    const index = e.check(e.x.hayanagi_handicap_of(e.enter(s)));
    return e.handicaps[index]?.[0] ?? null;
  }

  /**
   * A position from its parts, checked against every rule (Rust: `Setup`): `board`, 81 pieces or null in
   * index order (what board() returns); `hands`, `{b: {P: 2, ...}, w: {...}}` (kinds left out are 0);
   * `sideToMove` ("b" by default), `ply` (1), and the rules `relax` relaxes: "missing_kings" (tsume,
   * studies), "incomplete_material" (pieces may be missing), or both. A position that breaks a rule
   * throws a HayanagiError with the first problem's code and `problems`, every problem as `{code, square}`
   * (`square` null when it is about no square).
   */
  static setup({ board, hands = {}, sideToMove = "b", ply = 1, relax = [] } = {}) {
    const l = extended(lib(), "Position.setup()");
    if (!Array.isArray(board) || board.length !== 81) throw new TypeError(`hayanagi: setup's board is an array of 81 pieces or null, not ${describe(board)}`);
    const boardBytes = board.map((piece, i) => {
      if (piece === null) return 0;
      if (typeof piece !== "object" || !COLORS.includes(piece.color) || !KINDS.includes(piece.type)) {
        throw new TypeError(`hayanagi: setup's board[${i}] (${SQUARES[i]}) is {color, type} or null, not ${describe(piece)}`);
      }
      return 1 + KINDS.indexOf(piece.type) + 16 * COLORS.indexOf(piece.color);
    });
    const handBytes = [];
    for (const color of COLORS) {
      const hand = hands[color] ?? {};
      if (typeof hand !== "object" || hand === null) throw new TypeError(`hayanagi: setup's hands.${color} is {P, L, ...} counts, not ${describe(hand)}`);
      for (const kind of Object.keys(hand)) {
        if (!HAND_KINDS.includes(kind)) throw new TypeError(`hayanagi: setup's hands.${color} has no kind ${JSON.stringify(kind)}`);
      }
      for (const kind of HAND_KINDS) handBytes.push(expectInteger(hand[kind] ?? 0, `hands.${color}.${kind}`, 0, 18));
    }
    const side = expectColor(sideToMove);
    expectInteger(ply, "the ply", 1, Number.MAX_SAFE_INTEGER);
    const names = typeof relax === "string" ? [relax] : relax;
    if (!Array.isArray(names)) throw new TypeError(`hayanagi: setup's relax is an array of rule names, not ${describe(relax)}`);
    let bits = 0;
    for (const name of names) {
      const bit = name === "sfen" ? 3 : RELAX.find(([, n]) => n === name)?.[0];
      if (bit === undefined) throw new TypeError(`hayanagi: setup relaxes "missing_kings", "incomplete_material" or "sfen", not ${describe(name)}`);
      bits |= bit;
    }
    const bytes = l.alloc(128); // board at +0, hands at +81, problems (int32 pairs) in l.keys
    try {
      l.u8.set(boardBytes, bytes);
      l.u8.set(handBytes, bytes + 81);
      return Position.#makeExtended("Position.setup()", (l, pos) => {
        const result = l.x.hayanagi_position_setup(pos, bytes, bytes + 81, side, BigInt(ply), bits, l.keys, 2 * MAX_MOVES, l.out + 8);
        if (result >= 0) return result;
        const count = Math.min(l.outSize(), MAX_MOVES);
        const problems = [];
        for (let i = 0; i < count; i++) {
          const code = l.view.getInt32(l.keys + 8 * i, true);
          const square = l.view.getInt32(l.keys + 8 * i + 4, true);
          problems.push({ code: ERROR_CODES.get(code) ?? "UNKNOWN", square: square >= 0 && square < 81 ? SQUARES[square] : null });
        }
        const error = l.error(result);
        error.problems = problems;
        throw error;
      });
    } finally {
      l.release(bytes, 128);
    }
  }

  /** A position from its 32 packed bytes (`format` "hcp", cshogi's HuffmanCodedPos, or "sfen", the
   *  PackedSfen of PSV records), ply 1. Throws a HayanagiError with the byte offset. */
  static unpack(bytes, format = "hcp") {
    const data = expectBytes(bytes, "the packed position");
    const layout = expectPacked(format);
    const l = extended(lib(), "Position.unpack()");
    const pointer = l.alloc(Math.max(data.length, 1));
    try {
      l.u8.set(data, pointer);
      return Position.#makeExtended("Position.unpack()", (l, pos) => {
        const result = l.x.hayanagi_position_unpack(pos, layout, pointer, data.length, l.out + 8);
        if (result < 0) throw l.error(result, l.outSize());
        return result;
      });
    } finally {
      l.release(pointer, Math.max(data.length, 1));
    }
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

  static {
    stateOf = (position) => position.#s;
  }

  /** The state, if this position has not been disposed of. */
  #live() {
    const s = this.#s;
    if (s.pos === 0) throw new Error("hayanagi: the position was disposed of");
    return s;
  }

  /** The state, if this position may be changed directly (it is not a game's). */
  #own() {
    const s = this.#live();
    if (s.game !== null) throw new Error("hayanagi: this position is a game's: play and undo through the Game");
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
    if (this.#s.pos === 0) return;
    this.#own();
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
    return COLORS[s.l.check(s.l.x.hayanagi_side_to_move(s.pos))];
  }

  /** The move number, as in SFEN: 1 for the first move of a game (a number: exact up to 2^53). */
  ply() {
    const s = this.#live();
    s.l.check(s.l.x.hayanagi_ply(s.pos, s.l.out));
    return s.l.outNumber("the ply");
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
    return s.l.answer(s.l.x.hayanagi_in_check(s.pos, s.l.out + 24));
  }

  /** "none", "mate" or "no_moves", judged from the position alone (a Game also knows repetitions). */
  status() {
    const s = this.#live();
    return s.l.statusNames[s.l.check(s.l.x.hayanagi_status(s.pos))];
  }

  /** The piece on a square ("7g" or its index), `{color, type}`, or null if it is empty. */
  pieceAt(square) {
    const s = this.#live();
    return PIECES[s.l.check(s.l.x.hayanagi_piece_at(s.pos, expectSquare(square, "the square")))];
  }

  /** The 81 squares' pieces (or null), in index order: board()[i] is on SQUARES[i]. */
  board() {
    const s = this.#live();
    const l = s.l;
    l.check(l.x.hayanagi_board(s.pos, l.textOut));
    return Array.from(l.u8.subarray(l.textOut, l.textOut + 81), (code) => PIECES[code]);
  }

  /** How many of each kind `color` holds in hand: `{P, L, N, S, G, B, R}`. */
  hand(color) {
    const s = this.#live();
    const l = s.l;
    const first = expectColor(color) * 7;
    l.check(l.x.hayanagi_hands(s.pos, l.textOut));
    const counts = l.u8.subarray(l.textOut + first, l.textOut + first + 7);
    return Object.fromEntries(HAND_KINDS.map((kind, i) => [kind, counts[i]]));
  }

  /** The square of `color`'s king, or null if it has none (tsume problems). */
  kingSquare(color) {
    const s = this.#live();
    const square = s.l.check(s.l.x.hayanagi_king_square(s.pos, expectColor(color)));
    return square === NO_SQUARE ? null : SQUARES[square];
  }

  /** The legal moves as move codes (the header's uint16_t encoding), in the generator's order. */
  legalMoveCodes(filter) {
    const s = this.#live();
    const count = this.#list(s, filter, "legalMoveCodes(filter)", 0);
    const start = (s.lists[s.height] + LIST_CODES) >>> 1;
    return codeArray(s.l.u16, start, count);
  }

  /** Lists the legal moves `filter` selects as keys at the list of the current height (the extended
   *  module's for a filter other than "all"; `what` names the caller); returns their number. */
  #list(s, filter, what, keys) {
    const l = s.l;
    const list = s.list();
    if (filter === undefined || filter === "all") return l.check(l.jsList(s.pos, 0, list, keys));
    const f = expectFilter(filter);
    const e = extended(l, what);
    l.u32[list >>> 2] = NOT_LISTED;
    e.list ??= e.alloc(LIST_SIZE);
    const count = e.check(e.jsList(e.enter(s), f, e.list, keys));
    // The count, the hint and the keys, then the codes, into this height's list.
    l.u8.set(e.u8.subarray(e.list + LIST_CODES, e.list + LIST_CODES + 2 * count), list + LIST_CODES);
    l.u8.set(e.u8.subarray(e.list, e.list + 8 + 4 * count), list);
    return count;
  }

  /** The legal moves, typed: `{from, to, promote, piece, captured, usi, code}` or
   *  `{drop, to, piece, captured: null, usi, code}`, shared frozen objects. */
  legalMoves(filter) {
    const s = this.#live();
    const l = s.l;
    const count = this.#list(s, filter, "legalMoves(filter)", 1);
    const keys = l.u32;
    const start = (s.lists[s.height] >>> 2) + 2;
    const moves = new Array(count);
    for (let i = 0; i < count; i++) moves[i] = l.moveOfKey(keys[start + i]);
    return moves;
  }

  /**
   * Where each piece can go: a Map from the square of each piece that has a legal move ("7g"), and from
   * each kind in hand that can be dropped ("P"), to its legal target squares (a promotion and a
   * non-promotion to one square count once), in the generator's order. What a board UI asks first.
   */
  dests() {
    const codes = this.legalMoveCodes();
    const dests = new Map();
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      const from = (code >>> 7) & 127;
      const origin = from < 81 ? SQUARES[from] : HAND_KINDS[from - 81];
      const to = SQUARES[code & 127];
      const targets = dests.get(origin);
      if (targets === undefined) dests.set(origin, [to]);
      else if (!targets.includes(to)) targets.push(to);
    }
    return dests;
  }

  /** The legal moves in USI ("7g7f", "8h2b+", "P*5e"). */
  legalMovesUsi(filter) {
    const s = this.#live();
    return Array.from(this.legalMoveCodes(filter), (code) => s.l.usiOf(code));
  }

  /** The number of legal moves (counted without a list). */
  legalMoveCount(filter) {
    const s = this.#live();
    const l = s.l;
    if (filter === undefined || filter === "all") return l.check(l.x.hayanagi_count_legal_moves(s.pos));
    const f = expectFilter(filter);
    const e = extended(l, "legalMoveCount(filter)");
    return e.check(e.x.hayanagi_legal_moves_of(e.enter(s), f, e.moves, MAX_MOVES, 0));
  }

  /** The typed move (with `piece` and `captured`) of a legal move given any way play() takes it;
   *  throws a HayanagiError (ILLEGAL_MOVE) if it is not legal here. */
  moveOf(move) {
    const s = this.#live();
    const l = s.l;
    const code = l.encode(move);
    if (!l.answer(l.x.hayanagi_is_legal(s.pos, code, l.out + 24))) throw l.error(ERRNO.ILLEGAL_MOVE, undefined, typeof move === "string" ? move : undefined);
    return l.moveIn(s.pos, code);
  }

  /** Whether a move (code, USI, typed) is legal here. Malformed USI and wrong types still throw. */
  isLegal(move) {
    const s = this.#live();
    const code = s.l.encode(move);
    return s.l.answer(s.l.x.hayanagi_is_legal(s.pos, code, s.l.out + 24));
  }

  /** Whether a legal move gives check; throws a HayanagiError (ILLEGAL_MOVE) if it is not legal. */
  givesCheck(move) {
    const s = this.#live();
    const code = s.l.encode(move);
    return s.l.answer(s.l.x.hayanagi_gives_check(s.pos, code, s.l.out + 24));
  }

  /**
   * Plays a legal move, given as a code, USI text or a typed move (`{from, to, promote}` or
   * `{drop, to}`); returns this position. Throws a HayanagiError (ILLEGAL_MOVE, a MOVE_* syntax error,
   * BAD_MOVE) and changes nothing if it is not legal here. A code that legalMoveCodes() (or
   * legalMoves) listed for this very position is played without testing it again.
   */
  play(move) {
    const s = this.#s;
    if (s.game !== null || s.pos === 0) this.#own(); // throws
    const l = s.l;
    // The hot path (perft, search): a code, then most likely one listed for this position.
    const code = typeof move === "number" && (move & 0xffff) === move ? move : l.encode(move);
    const height = s.height;
    if (height + 1 === s.capacity) s.grow();
    const key = l.jsPlay(s.pos, code);
    if (key < 0) throw l.error(key, undefined, typeof move === "string" ? move : undefined);
    s.height = height + 1;
    s.pos += l.entrySize;
    return this;
  }

  /** Takes back the last move play() made and returns it (as Game.undo does), or null if there is none. */
  undo() {
    const s = this.#s;
    if (s.game !== null || s.pos === 0) this.#own(); // throws
    const height = s.height;
    if (height === 0) return null;
    const l = s.l;
    const key = l.u32[(s.pos + l.positionSize + ENTRY_KEY) >>> 2];
    s.height = height - 1;
    s.pos -= l.entrySize;
    return l.moveOfKey(key);
  }

  /** The moves undo() can take back, oldest first, typed. */
  moves() {
    const s = this.#live();
    const moves = new Array(s.height);
    for (let i = 0; i < s.height; i++) moves[i] = s.l.moveOfKey(s.key(i + 1));
    return moves;
  }

  /** The number of legal move sequences of length `depth`, counted inside the module; `bulk` counts
   *  the last ply without playing it (same result, faster). */
  perft(depth, bulk = true) {
    const s = this.#live();
    expectInteger(depth, "the perft depth", 0, 0xffffffff);
    if (typeof bulk !== "boolean") throw new TypeError(`hayanagi: bulk must be a boolean, not ${describe(bulk)}`);
    s.l.check(s.l.x.hayanagi_perft(s.pos, depth, bulk ? 1 : 0, s.l.out));
    return s.l.outNumber("the perft count");
  }

  /** A move that mates at once (the side to move gives check and the opponent has no legal reply), or
   *  null: Rust's `mate_in_1`. A pawn drop that mates is not one (uchifuzume). */
  mateIn1() {
    const s = this.#live();
    const e = extended(s.l, "mateIn1()");
    const pos = e.enter(s);
    if (!e.answer(e.x.hayanagi_mate_in_1(pos, e.out + 16, e.out + 24))) return null;
    return e.moveIn(pos, e.outU16());
  }

  /** A forced mate in at most 3 plies: the mating line (1 or 3 typed moves, attacker first, each in
   *  the position it is played in), or null: Rust's `mate_in_3`. */
  mateIn3() {
    const s = this.#live();
    const e = extended(s.l, "mateIn3()");
    const count = e.check(e.x.hayanagi_mate_in_3(e.enter(s), e.moves));
    if (count === 0) return null;
    return this.#line(e.u16.slice(e.moves >>> 1, (e.moves >>> 1) + count));
  }

  /**
   * Solves the tsume (mating problem) of this position with the core's df-pn solver (Rust: `TsumeSolver::solve`):
   * the side to move attacks, checking with every move; the defender has the pieces not on the board or in
   * the attacker's hand. `{result, line, nodes}`: `result` "mate" (with `line`, the typed mating moves,
   * attacker first), "no_mate", or why there is no answer ("node_limit", "depth_limit", "too_many_moves",
   * "stalled", "line_too_long", "line_not_found"; `line` null). Options: `nodes` (a node limit, 1,000,000 by
   * default), `depth` (plies, 200 by default, at most 400: each takes stack), `tableSize` (entries of 16
   * bytes, 65,536 by default). A position that is no tsume throws a HayanagiError.
   */
  tsume(options = {}) {
    const { l, table, tableSize, nodes, depth } = this.#tsumeTable(options, "tsume()");
    try {
      const result = l.check(l.x.hayanagi_tsume_solve(l.enter(this.#s), table, tableSize, nodes, depth, l.moves, TSUME_MAX_LINE, l.out + 8, l.out));
      const searched = l.outNumber("the node count");
      if (TSUME_RESULTS[result] !== "mate") return { result: TSUME_RESULTS[result] ?? "unknown", line: null, nodes: searched };
      const codes = l.u16.slice(l.moves >>> 1, (l.moves >>> 1) + l.outSize());
      return { result: "mate", line: this.#line(codes), nodes: searched };
    } finally {
      l.release(table, tableSize * TSUME_ENTRY_SIZE);
    }
  }

  /**
   * The shortest mate (Rust: `TsumeSolver::solve_shortest`): after the first proof, mate within fewer plies
   * is asked again until a bound is disproved. `{result, line, length, minimal, nodes}`: as tsume(), with
   * `length` the mate's length as `counting` counts it ("strict", the default: every defence counts;
   * "useless_interpositions_free": the composers' convention, useless interpositions (無駄合) and their
   * capture not counted, so `line` may be two plies longer than `length`) and `minimal` true when no
   * shorter mate exists (false when a limit stopped the shortening: `length` is then the shortest found);
   * `length` 0 and `minimal` false when there is no mate. Options as tsume(), and `counting`.
   */
  tsumeShortest(options = {}) {
    const counting = expectCounting(options.counting);
    const { l, table, tableSize, nodes, depth } = this.#tsumeTable(options, "tsumeShortest()");
    try {
      // Out-parameters: nodes (u64) at +0, len (size_t) at +8, length (u32) at +32, minimal (i32) at +36.
      const result = l.check(l.x.hayanagi_tsume_solve_shortest(l.enter(this.#s), table, tableSize, nodes, depth, counting, l.moves, TSUME_MAX_LINE, l.out + 8, l.out + 32, l.out + 36, l.out));
      const searched = l.outNumber("the node count");
      if (TSUME_RESULTS[result] !== "mate") return { result: TSUME_RESULTS[result] ?? "unknown", line: null, length: 0, minimal: false, nodes: searched };
      const codes = l.u16.slice(l.moves >>> 1, (l.moves >>> 1) + l.outSize());
      const length = l.view.getUint32(l.out + 32, true);
      const minimal = l.view.getInt32(l.out + 36, true) !== 0;
      return { result: "mate", line: this.#line(codes), length, minimal, nodes: searched };
    } finally {
      l.release(table, tableSize * TSUME_ENTRY_SIZE);
    }
  }

  /**
   * The attacker's alternative mates (余詰) along `line`, a mate of counted `length` from this position (as
   * tsumeShortest() gives; Rust: `TsumeSolver::alternatives`): at each attacker's ply, every other check
   * after which the attacker still mates within the plies the line has left, counted as `counting` says.
   * `{result, alternatives}`: `result` "ok" when every ply was searched, else why not ("node_limit",
   * "depth_limit", ..., "line_not_found" when `line` is not a mating line from here); `alternatives`, those
   * found (also before a limit), `{ply, move}` with `ply` the index in `line` (0: the first move) and `move`
   * typed in the position of that ply, at most 256. Options as tsumeShortest().
   */
  tsumeAlternatives(line, length, options = {}) {
    if (!Array.isArray(line)) throw new TypeError(`hayanagi: the line must be an array of moves, not ${describe(line)}`);
    if (line.length > TSUME_MAX_LINE) throw new RangeError(`hayanagi: the line has ${line.length} moves, more than ${TSUME_MAX_LINE}`);
    expectInteger(length, "the length", 0, 0xffff);
    const counting = expectCounting(options.counting);
    const { l, table, tableSize, nodes, depth } = this.#tsumeTable(options, "tsumeAlternatives()");
    const found = l.alloc(6 * TSUME_MAX_ALTERNATIVES); // plies (size_t: uint32 here), then move codes (uint16)
    try {
      const codes = Uint16Array.from(line, (move) => l.encode(move));
      l.u16.set(codes, l.moves >>> 1);
      const codesAt = found + 4 * TSUME_MAX_ALTERNATIVES;
      const result = l.check(l.x.hayanagi_tsume_alternatives(l.enter(this.#s), table, tableSize, nodes, depth, counting, l.moves, codes.length, length, found, codesAt, TSUME_MAX_ALTERNATIVES, l.out + 8));
      const count = Math.min(l.outSize(), TSUME_MAX_ALTERNATIVES);
      const plies = Array.from(l.u32.subarray(found >>> 2, (found >>> 2) + count));
      const moves = Array.from(l.u16.subarray(codesAt >>> 1, (codesAt >>> 1) + count));
      return { result: result === 0 ? "ok" : (TSUME_RESULTS[result] ?? "unknown"), alternatives: this.#alternatives(codes, plies, moves) };
    } finally {
      l.release(found, 6 * TSUME_MAX_ALTERNATIVES);
      l.release(table, tableSize * TSUME_ENTRY_SIZE);
    }
  }

  /** The solver's options checked and its table allocated and emptied in the extended module (the
   *  caller releases `table`, `tableSize` entries). */
  #tsumeTable({ nodes = 1_000_000, depth = 200, tableSize = 65536 }, what) {
    const s = this.#live();
    const l = extended(s.l, what);
    expectInteger(nodes, "nodes", 1, Number.MAX_SAFE_INTEGER);
    expectInteger(depth, "depth", 1, 400);
    expectInteger(tableSize, "tableSize", 1, 1 << 22);
    const table = l.alloc(tableSize * TSUME_ENTRY_SIZE); // may grow the memory
    try {
      l.check(l.x.hayanagi_tsume_init(table, tableSize));
    } catch (error) {
      l.release(table, tableSize * TSUME_ENTRY_SIZE);
      throw error;
    }
    return { l, table, tableSize, nodes: BigInt(nodes), depth };
  }

  /** The alternatives at `plies` (ascending), moves of `codes` there, typed, along the line `line`. */
  #alternatives(line, plies, codes) {
    const s = this.#live();
    const l = s.l;
    const copy = l.alloc(l.positionSize);
    try {
      l.u8.copyWithin(copy, s.pos, s.pos + l.positionSize);
      const out = [];
      let at = 0;
      for (let i = 0; i < plies.length; i++) {
        while (at < plies[i]) l.check(l.playChecked(copy, line[at++], 0));
        out.push({ ply: plies[i], move: l.moveIn(copy, codes[i]) });
      }
      return out;
    } finally {
      l.release(copy, l.positionSize);
    }
  }

  /** The typed moves of a line of codes played from this position (each in its own position). */
  #line(codes) {
    const s = this.#live();
    const l = s.l;
    const copy = l.alloc(l.positionSize);
    try {
      l.u8.copyWithin(copy, s.pos, s.pos + l.positionSize);
      return Array.from(codes, (code) => {
        const move = l.moveIn(copy, code);
        l.check(l.playChecked(copy, code, 0));
        return move;
      });
    } finally {
      l.release(copy, l.positionSize);
    }
  }

  /** The static exchange evaluation of a legal move: what the exchange on its target square wins for
   *  the side to move (Rust: `see`), with the core's values (pawn 90, ...) or `values`, 14 numbers by kind
   *  (P L N S G B R K +P +L +N +S +B +R). ILLEGAL_MOVE if it is not legal here. */
  see(move, values) {
    const s = this.#live();
    const l = extended(s.l, "see()");
    const code = l.encode(move);
    let table = 0;
    if (values !== undefined) {
      if (!Array.isArray(values) || values.length !== 14) throw new TypeError(`hayanagi: SEE values are 14 numbers by kind, not ${describe(values)}`);
      table = l.keys;
      values.forEach((value, i) => l.view.setInt32(table + 4 * i, expectInteger(value, `values[${i}]`, -0x7fffffff, 0x7fffffff), true));
    }
    l.check(l.x.hayanagi_see(l.enter(s), code, table, l.out + 24));
    return l.view.getInt32(l.out + 24, true);
  }

  /** A legal move as CSA writes it ("+7776FU"; Rust: `csa_move`). ILLEGAL_MOVE if it is not legal here. */
  csaMove(move) {
    const s = this.#live();
    const l = extended(s.l, "csaMove()");
    const code = l.encode(move);
    const length = l.check(l.x.hayanagi_move_to_csa(l.enter(s), code, l.textOut, 256, 0));
    return decoder.decode(l.u8.subarray(l.textOut, l.textOut + length));
  }

  /** The typed move of a CSA move ("+7776FU", "-0055KA") that is legal here (Rust: `parse_csa_move`);
   *  a HayanagiError (CSA_*, with the offset; ILLEGAL_MOVE) otherwise. */
  parseCsaMove(text) {
    expectString(text, "the CSA move");
    const s = this.#live();
    const l = extended(s.l, "parseCsaMove()");
    const length = l.putText(text);
    const pos = l.enter(s);
    const result = l.x.hayanagi_parse_csa_move(pos, l.textIn, length, l.out + 16, l.out + 8);
    if (result < 0) throw l.error(result, result === ERRNO.ILLEGAL_MOVE ? undefined : l.outSize(), text);
    return l.moveIn(pos, l.outU16());
  }

  /** A legal move in Japanese notation (Rust: `japanese_move`): `style` "ki2" ("▲７六歩", the default) or
   *  "kif" ("７六歩(77)"); `previous`, the square the move before went to, makes 同 ("同　銀"). */
  japaneseMove(move, { style = "ki2", previous } = {}) {
    const s = this.#live();
    const l = extended(s.l, "japaneseMove()");
    const styles = ["kif", "ki2"];
    if (!styles.includes(style)) throw new TypeError(`hayanagi: a Japanese style is "kif" or "ki2", not ${describe(style)}`);
    const to = previous === undefined || previous === null ? NO_SQUARE : expectSquare(previous, "previous");
    const code = l.encode(move);
    const length = l.check(l.x.hayanagi_move_to_japanese(l.enter(s), code, to, styles.indexOf(style), l.textOut, 256, 0));
    return decoder.decode(l.u8.subarray(l.textOut, l.textOut + length));
  }

  /** The typed move of a Japanese move ("▲７六歩", "７六歩(77)", "同銀" after a move onto `previous`) that is
   *  legal here and fills the text (Rust: `parse_japanese_move`); a HayanagiError (JAPANESE_*, ILLEGAL_MOVE,
   *  MOVE_TRAILING, with the byte offset) otherwise. */
  parseJapaneseMove(text, { previous } = {}) {
    expectString(text, "the Japanese move");
    const s = this.#live();
    const l = extended(s.l, "parseJapaneseMove()");
    const to = previous === undefined || previous === null ? NO_SQUARE : expectSquare(previous, "previous");
    const length = l.putText(text);
    const pos = l.enter(s);
    const result = l.x.hayanagi_parse_japanese_move(pos, l.textIn, length, to, l.out + 16, l.out + 8, l.out + 32);
    if (result < 0) {
      throw l.error(result, result === ERRNO.ILLEGAL_MOVE ? undefined : l.view.getUint32(l.out + 32, true), text);
    }
    const read = l.outSize();
    if (read !== length) throw l.error(ERRNO.MOVE_TRAILING, read, text);
    return l.moveIn(pos, l.outU16());
  }

  /** The 32 bytes of this position in a packed layout: "hcp" (cshogi's HuffmanCodedPos, the default) or
   *  "sfen" (PackedSfen, of PSV records); both need both kings. */
  pack(format = "hcp") {
    const s = this.#live();
    const l = extended(s.l, "pack()");
    l.check(l.x.hayanagi_position_pack(l.enter(s), expectPacked(format), l.textOut, PACKED_SIZE));
    return l.u8.slice(l.textOut, l.textOut + PACKED_SIZE);
  }

  /**
   * Judges an entering-king declaration (nyugyoku sengen) by the side to move under the 27-point rule
   * (CSA: Black needs 28 points, White 27; a valid declaration wins) or the 24-point rule (31 or more
   * win, 24-30 draw). Conditions outside the position (time) are the caller's.
   */
  declaration(rule) {
    const s = this.#live();
    const l = s.l;
    if (rule !== 27 && rule !== 24) {
      const message = `hayanagi: the declaration rule is 27 or 24, not ${describe(rule)}`;
      throw typeof rule === "number" ? new RangeError(message) : new TypeError(message);
    }
    const outcome = l.check(l.x.hayanagi_declaration(s.pos, rule, l.textOut, l.textOut + 4, l.textOut + 8));
    const view = l.view;
    const failed = view.getUint32(l.textOut + 8, true);
    return {
      outcome: DECLARATION_OUTCOMES[outcome],
      points: view.getUint32(l.textOut, true),
      piecesInCamp: view.getUint32(l.textOut + 4, true),
      failed: DECLARATION_FAILURES.filter(([bit]) => (failed & bit) !== 0).map(([, name]) => name),
    };
  }
}

// `using pos = Position.startpos()` where the runtime has Symbol.dispose (Node 20.4+, recent browsers).
if (typeof Symbol.dispose === "symbol") Position.prototype[Symbol.dispose] = Position.prototype.dispose;

/** A move's shape (`{from, to, promote, usi, code}` or `{drop, to, usi, code}`: no pieces) from a code,
 *  USI text or an object, without a position (whether it is legal is Position's question; a position's
 *  typed moves, with pieces, come from legalMoves(), moveOf(), undo(), moves()). */
export function toMove(move) {
  const l = lib();
  return l.shapeOf(l.encode(move)); // BAD_MOVE for a number that is no move
}

// ----- training records: hcpe (cshogi) and PSV (YaneuraOu's PackedSfenValue) -----

/** One record of an array of fixed-size records, copied into the module (the rest of the array stays
 *  where it is), read by `read`; an error's offset is into the whole array. */
function readRecordAt(bytes, index, size, what, read) {
  const data = expectBytes(bytes, what);
  expectInteger(index, "the record index", 0, Number.MAX_SAFE_INTEGER);
  const core = lib();
  const l = extended(core, what === "the hcpe array" ? "readHcpe()" : "readPsv()");
  const start = index * size;
  if (start >= data.length) throw new RangeError(`hayanagi: ${what} has ${Math.floor(data.length / size)} records (${data.length} bytes): no record ${index}`);
  const record = data.subarray(start, start + size);
  const pointer = l.alloc(size);
  try {
    l.u8.set(record, pointer);
    const result = read(l, pointer, record.length, l.scratch);
    if (result < 0) throw l.error(result, start + l.outSize());
    const position = Position.startpos();
    l.leave(l.scratch, core, stateOf(position).pos);
    return position;
  } finally {
    l.release(pointer, size);
  }
}

/** How many records of `size` bytes an array holds (a truncated last one is not counted). */
function countRecords(bytes, size, what) {
  return Math.floor(expectBytes(bytes, what).length / size);
}

/** The number of hcpe records (38 bytes each) in a file's bytes. */
export function hcpeCount(bytes) {
  return countRecords(bytes, HCPE_SIZE, "the hcpe array");
}

/** Reads hcpe record `index` (cshogi's HuffmanCodedPosAndEval) of a file's bytes: `{position, eval,
 *  bestMove, result}` (`result` "draw", "black_win" or "white_win"; the position at ply 1). A corrupt
 *  record throws a HayanagiError with the byte offset into the array. */
export function readHcpe(bytes, index) {
  let fields;
  const position = readRecordAt(bytes, index, HCPE_SIZE, "the hcpe array", (l, record, length, pos) => {
    const result = l.x.hayanagi_hcpe_read(record, length, 0, pos, l.keys, l.out + 16, l.keys + 4, l.out + 8);
    if (result >= 0) fields = [l.view.getInt32(l.keys, true), l.outU16(), l.view.getInt32(l.keys + 4, true)];
    return result;
  });
  const [evaluation, best, result] = fields;
  const s = stateOf(position);
  return { position, eval: evaluation, bestMove: s.l.moveIn(s.pos, best), result: GAME_RESULTS[result] };
}

/** An hcpe record (38 bytes) of a position, its evaluation (fits int16), a legal best move and the game's
 *  result ("draw", "black_win", "white_win"). */
export function writeHcpe(position, { eval: evaluation, bestMove, result }) {
  const s = stateOf(checkPosition(position));
  const l = extended(s.l, "writeHcpe()");
  const outcome = GAME_RESULTS.indexOf(result);
  if (outcome < 0) throw new TypeError(`hayanagi: an hcpe result is "draw", "black_win" or "white_win", not ${describe(result)}`);
  expectInteger(evaluation, "eval", -32768, 32767);
  const code = l.encode(bestMove);
  l.check(l.x.hayanagi_hcpe_write(l.enter(s), evaluation, code, outcome, l.textOut, HCPE_SIZE));
  return l.u8.slice(l.textOut, l.textOut + HCPE_SIZE);
}

/** The number of PSV records (40 bytes each) in a file's bytes. */
export function psvCount(bytes) {
  return countRecords(bytes, PSV_SIZE, "the PSV array");
}

/** Reads PSV record `index` (PackedSfenValue) of a file's bytes: `{position, score, move, result}`
 *  (`result` "loss", "draw" or "win" for the side to move; the position at the record's game ply). */
export function readPsv(bytes, index) {
  let fields;
  const position = readRecordAt(bytes, index, PSV_SIZE, "the PSV array", (l, record, length, pos) => {
    const result = l.x.hayanagi_psv_read(record, length, 0, pos, l.keys, l.out + 16, l.keys + 4, l.out + 8);
    if (result >= 0) fields = [l.view.getInt32(l.keys, true), l.outU16(), l.view.getInt32(l.keys + 4, true)];
    return result;
  });
  const [score, move, result] = fields;
  const s = stateOf(position);
  return { position, score, move: s.l.moveIn(s.pos, move), result: PSV_RESULTS[result + 1] };
}

/** A PSV record (40 bytes) of a position (its ply is the game ply, at most 65535), a score (int16), a
 *  legal move and the result for the side to move ("loss", "draw", "win"). */
export function writePsv(position, { score, move, result }) {
  const s = stateOf(checkPosition(position));
  const l = extended(s.l, "writePsv()");
  const outcome = PSV_RESULTS.indexOf(result);
  if (outcome < 0) throw new TypeError(`hayanagi: a PSV result is "loss", "draw" or "win", not ${describe(result)}`);
  expectInteger(score, "score", -32768, 32767);
  const code = l.encode(move);
  l.check(l.x.hayanagi_psv_write(l.enter(s), score, code, outcome - 1, l.textOut, PSV_SIZE));
  return l.u8.slice(l.textOut, l.textOut + PSV_SIZE);
}

/** A live Position argument. */
function checkPosition(position) {
  if (!(position instanceof Position)) throw new TypeError(`hayanagi: a Position is needed, not ${describe(position)}`);
  if (stateOf(position).pos === 0) throw new Error("hayanagi: the position was disposed of");
  return position;
}

// ----- games -----

/** What a Game owns in module memory: the history's storage. */
class HistoryState {
  constructor(l, moves) {
    this.l = l;
    this.entries = moves + HISTORY_HEADER_ENTRIES; // HAYANAGI_HISTORY_ENTRIES(moves)
    this.pointer = l.alloc(this.entries * HISTORY_ENTRY_SIZE); // 64-byte aligned
    l.check(l.x.hayanagi_history_init(this.pointer, this.entries));
  }
  release() {
    if (this.pointer === 0) return;
    this.l.release(this.pointer, this.entries * HISTORY_ENTRY_SIZE);
    this.pointer = 0;
  }
}

/**
 * A game: a position and the moves that led to it, which judge repetition (the fourth occurrence of a
 * position: a draw) and perpetual check (the side that gave check with every move since the first of
 * those occurrences loses), and optionally a move limit. `game.position` is the live position: ask it
 * anything, clone it; only the game plays and takes back moves on it.
 */
export class Game {
  #position;
  #h;

  constructor(token, position, history) {
    if (token !== PRIVATE) throw new TypeError("hayanagi: use Game.startpos(), Game.fromSfen() or Game.fromUsi()");
    this.#position = position;
    this.#h = history;
    stateOf(position).game = this;
    finalizer.register(this, history, this);
  }

  /** A game from the start position. */
  static startpos() {
    return Game.#around(Position.startpos());
  }

  /** A game from a position given as an SFEN (no moves recorded yet). */
  static fromSfen(sfen) {
    return Game.#around(Position.fromSfen(sfen));
  }

  static #around(position) {
    return new Game(PRIVATE, position, new HistoryState(stateOf(position).l, 256));
  }

  /** A game from a USI position command: its moves are recorded, so repetitions through them count. */
  static fromUsi(command) {
    expectString(command, "the USI position command");
    const l = lib();
    // Room for every move the command can hold (at most one per space), and more.
    let spaces = 0;
    for (let i = command.indexOf(" "); i >= 0; i = command.indexOf(" ", i + 1)) spaces++;
    const history = new HistoryState(l, Math.max(256, 2 * spaces));
    const position = Position.startpos(); // overwritten below
    const s = stateOf(position);
    const length = l.putText(command);
    const result = l.x.hayanagi_position_from_usi_with_history(s.pos, history.pointer, l.textIn, length, l.out + 8);
    if (result < 0) {
      history.release();
      position.dispose();
      throw l.error(result, l.outSize(), command);
    }
    return new Game(PRIVATE, position, history);
  }

  /** The position the game has reached (live: it follows the game's moves). */
  get position() {
    return this.#position;
  }

  /** The history's storage, if the game is usable. */
  #live() {
    if (this.#h.pointer === 0) throw new Error("hayanagi: the game was disposed of");
    return this.#h;
  }

  /** Plays a legal move (as Position.play takes it) and records it; returns this game. */
  play(move) {
    const h = this.#live();
    const l = h.l;
    const s = stateOf(this.#position);
    const code = l.encode(move);
    let result = l.x.hayanagi_history_play(h.pointer, s.pos, code);
    if (result === ERRNO.HISTORY_FULL) {
      this.#grow();
      result = l.x.hayanagi_history_play(this.#h.pointer, s.pos, code);
    }
    if (result < 0) throw l.error(result, undefined, typeof move === "string" ? move : undefined);
    s.forget(); // (the position's own lists are of a position it has left)
    return this;
  }

  /** Takes back the last move; returns it, or null if no move was played. */
  undo() {
    const h = this.#live();
    const l = h.l;
    const s = stateOf(this.#position);
    const result = l.x.hayanagi_history_undo(h.pointer, s.pos, l.out + 16);
    if (result === ERRNO.HISTORY_EMPTY) return null;
    l.check(result);
    s.forget();
    return l.moveIn(s.pos, l.outU16());
  }

  /** The moves played, first to last (those of the USI command included), typed. */
  moves() {
    const h = this.#live();
    const l = h.l;
    const codes = this.#codes();
    // Their pieces: take every move back on copies of the history and the position.
    const bytes = h.entries * HISTORY_ENTRY_SIZE;
    const copy = l.alloc(bytes);
    const pos = l.alloc(l.positionSize);
    try {
      l.u8.copyWithin(copy, h.pointer, h.pointer + bytes);
      const s = stateOf(this.#position);
      l.u8.copyWithin(pos, s.pos, s.pos + l.positionSize);
      const moves = new Array(codes.length);
      for (let i = codes.length - 1; i >= 0; i--) {
        l.check(l.x.hayanagi_history_undo(copy, pos, 0));
        moves[i] = l.moveIn(pos, codes[i]);
      }
      return moves;
    } finally {
      l.release(copy, bytes);
      l.release(pos, l.positionSize);
    }
  }

  #codes() {
    const h = this.#live();
    const l = h.l;
    const count = l.check(l.x.hayanagi_history_len(h.pointer));
    const buffer = l.alloc(2 * count);
    try {
      l.check(l.x.hayanagi_history_moves(h.pointer, buffer, count, 0));
      return l.u16.slice(buffer >>> 1, (buffer >>> 1) + count);
    } finally {
      l.release(buffer, 2 * count);
    }
  }

  /** Doubles the history's room: a new history replays the moves from the first position. */
  #grow() {
    const h = this.#h;
    const l = h.l;
    const codes = this.#codes();
    // The first position: take every move back on copies of the history and the position.
    const bytes = h.entries * HISTORY_ENTRY_SIZE;
    const copy = l.alloc(bytes);
    const first = l.alloc(l.positionSize);
    l.u8.copyWithin(copy, h.pointer, h.pointer + bytes);
    const s = stateOf(this.#position);
    l.u8.copyWithin(first, s.pos, s.pos + l.positionSize);
    try {
      for (let i = 0; i < codes.length; i++) l.check(l.x.hayanagi_history_undo(copy, first, 0));
      const bigger = new HistoryState(l, 2 * (h.entries - HISTORY_HEADER_ENTRIES));
      for (const code of codes) l.check(l.x.hayanagi_history_play(bigger.pointer, first, code));
      finalizer.unregister(this);
      h.release();
      this.#h = bigger;
      finalizer.register(this, bigger, this);
    } finally {
      l.release(copy, bytes);
      l.release(first, l.positionSize);
    }
  }

  /**
   * The game's status for the side to move: "mate" or "no_moves" (as the position's), else
   * "draw_repetition", "win_perpetual_check" (the opponent checked with every move since the first of
   * the four occurrences), "loss_perpetual_check", else "draw_max_ply" if `maxPly` is given and the
   * move numbered maxPly has been played (256 draws a game from startpos after its 256th move), else "none".
   */
  status(maxPly = 0) {
    const h = this.#live();
    const l = h.l;
    if (typeof maxPly === "number") maxPly = BigInt(expectInteger(maxPly, "maxPly", 0, Number.MAX_SAFE_INTEGER));
    else if (typeof maxPly !== "bigint") throw new TypeError(`hayanagi: maxPly must be a number, not ${describe(maxPly)}`);
    else if (maxPly < 0n || maxPly >= 1n << 64n) throw new RangeError(`hayanagi: maxPly must be from 0 to 2^64 - 1, not ${maxPly}`);
    const status = l.check(l.x.hayanagi_history_status(h.pointer, stateOf(this.#position).pos, maxPly));
    return l.statusNames[status];
  }

  /** Gives the game's module memory back now (also its position's); any later call throws. */
  dispose() {
    if (this.#h.pointer === 0) return;
    finalizer.unregister(this);
    this.#h.release();
    const s = stateOf(this.#position);
    s.game = null;
    this.#position.dispose();
  }
}

if (typeof Symbol.dispose === "symbol") Game.prototype[Symbol.dispose] = Game.prototype.dispose;
