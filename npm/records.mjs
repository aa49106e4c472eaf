// hayanagi/records: game records (KIF, KI2, CSA, USI; UTF-8 or Shift_JIS) read and written, over the
// WebAssembly build of hayanagi-records (npm/records-wasm/, records.wasm): a module of its own, loaded
// on its own, so that the core module stays small. Runs wherever hayanagi.mjs runs; Node's entry point
// (records-node.mjs) adds loading from a path. Types: records.d.ts.
//
// The boundary is bytes in, JSON out: the module answers every call with a JSON block (records-wasm's
// lib.rs), which this file parses and turns into plain objects or a RecordError.

const FORMATS = ["csa", "kif", "ki2", "usi", "jkf"];
const ENCODINGS = ["utf-8", "shift_jis"];
const ENDINGS = new Set([
  "resign", "abort", "repetition", "impasse", "max_moves", "mate", "no_mate", "time_up", "illegal_move",
  "illegal_action", "declaration", "win_by_default", "loss_by_default", "error", "take_back", "sealed",
]);

/** A record that cannot be read (or written): what (`kind`), where (`line`, `column`, 1-based; for what
 *  writeRecord refuses, `ply`), and for a detected format, the format it was read as and why (`takenAs`,
 *  `reason`). */
export class RecordError extends Error {
  constructor({ kind, line, column, message, takenAs = null, reason = null, ply = null }) {
    super(message);
    this.name = "RecordError";
    this.kind = kind;
    this.line = line;
    this.column = column;
    this.takenAs = takenAs;
    this.reason = reason;
    this.ply = ply;
  }
}

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? `an object (${Object.prototype.toString.call(value)})` : `${typeof value} ${String(value)}`;
}

let current = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function module() {
  if (current === null) throw new Error("hayanagi/records: call `await loadRecords()` or `initRecordsSync(bytes)` first");
  return current;
}

function instantiated(instance) {
  const x = instance.exports;
  if (!(x.memory instanceof WebAssembly.Memory) || typeof x.hayanagi_records_read !== "function") {
    throw new TypeError("hayanagi/records: the WebAssembly module is not records.wasm (no hayanagi_records_* exports)");
  }
  current = x;
}

/**
 * Loads the records module (records.wasm beside this file by default; also its bytes, a Response, a URL,
 * a WebAssembly.Module, or a promise of one). Independent of the core module's load().
 */
export async function loadRecords(source = new URL("./records.wasm", import.meta.url)) {
  source = await source;
  if (typeof source === "string" || source instanceof URL) source = await fetch(source);
  if (source instanceof WebAssembly.Module) return instantiated(await WebAssembly.instantiate(source, {}));
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new Error(`hayanagi/records: fetching the module failed: HTTP ${source.status} ${source.url}`);
    source = await source.arrayBuffer();
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return instantiated((await WebAssembly.instantiate(source, {})).instance);
  }
  throw new TypeError(`hayanagi/records: loadRecords() takes the module's bytes, a Response, a URL or a WebAssembly.Module, not ${describe(source)}`);
}

/** Loads the records module synchronously from its bytes or a compiled WebAssembly.Module. */
export function initRecordsSync(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) source = new WebAssembly.Module(source);
  if (!(source instanceof WebAssembly.Module)) {
    throw new TypeError(`hayanagi/records: initRecordsSync() takes the module's bytes or a WebAssembly.Module, not ${describe(source)}`);
  }
  instantiated(new WebAssembly.Instance(source, {}));
}

/** Calls `fn(pointer, length)` with `bytes` copied into the module, and parses its JSON answer. */
function call(bytes, fn) {
  const x = module();
  const input = x.hayanagi_records_alloc(bytes.length);
  new Uint8Array(x.memory.buffer, input, bytes.length).set(bytes);
  let output;
  try {
    output = fn(x, input, bytes.length);
  } finally {
    x.hayanagi_records_free(input, bytes.length);
  }
  // The module's allocator may have grown the memory: views are made after the call.
  const length = new DataView(x.memory.buffer).getUint32(output, true);
  const json = decoder.decode(new Uint8Array(x.memory.buffer, output + 4, length));
  x.hayanagi_records_free(output, length + 4);
  const answer = JSON.parse(json);
  if (answer.error) throw new RecordError(answer.error);
  return answer;
}

function formatCode(format, what) {
  if (format === undefined) return -1;
  const code = FORMATS.indexOf(format);
  if (code < 0) throw new TypeError(`hayanagi/records: ${what} is "csa", "kif", "ki2", "usi" or "jkf", not ${describe(format)}`);
  return code;
}

/**
 * Reads every game of a record: text (a string), or a file's bytes (Uint8Array, ArrayBuffer), decoded
 * as UTF-8 or Shift_JIS (detected, or `encoding`). The format is detected unless `format` is given.
 * CSA files may hold several games; the other formats one. Throws a RecordError naming the line.
 */
export function readRecords(input, { format, encoding } = {}) {
  const formatNumber = formatCode(format, "format");
  let encodingNumber = -1;
  if (encoding !== undefined) {
    encodingNumber = ENCODINGS.indexOf(encoding);
    if (encodingNumber < 0) throw new TypeError(`hayanagi/records: encoding is "utf-8" or "shift_jis", not ${describe(encoding)}`);
  }
  let bytes;
  let text = 0;
  if (typeof input === "string") {
    bytes = encoder.encode(input);
    text = 1;
  } else if (input instanceof ArrayBuffer) {
    bytes = new Uint8Array(input);
  } else if (ArrayBuffer.isView(input)) {
    bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  } else {
    throw new TypeError(`hayanagi/records: a record is a string or bytes (Uint8Array, ArrayBuffer), not ${describe(input)}`);
  }
  return call(bytes, (x, pointer, length) => x.hayanagi_records_read(pointer, length, text, formatNumber, encodingNumber)).records;
}

/** Reads the first (usually the only) game of a record: see readRecords. */
export function readRecord(input, options) {
  return readRecords(input, options)[0];
}

/** One field of a line for the module: no tab or line break in it. */
function field(value, what) {
  if (typeof value !== "string") throw new TypeError(`hayanagi/records: ${what} must be a string, not ${describe(value)}`);
  if (/[\t\r\n]/.test(value)) throw new RangeError(`hayanagi/records: ${what} has a tab or a line break: ${JSON.stringify(value)}`);
  return value;
}

function time(value, what) {
  if (value === undefined || value === null) return "";
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`hayanagi/records: ${what} is a whole number of milliseconds, not ${describe(value)}`);
  return String(value);
}

function comments(list, what, tag, lines) {
  if (list === undefined) return;
  if (!Array.isArray(list)) throw new TypeError(`hayanagi/records: ${what} must be an array of strings, not ${describe(list)}`);
  list.forEach((comment, i) => lines.push(`${tag}\t${field(comment, `${what}[${i}]`)}`));
}

/** The lines of a line of a record (the main line: `record`, or a variation) for the module: its
 *  comments, moves, ending, end comments, then its variations, each between `variation PLY` and
 *  `endvariation`. `what` names it in errors ("record", "record.variations[0]"). */
function writeLine(line, what, lines) {
  comments(line.comments, `${what}.comments`, "comment", lines);
  const moves = line.moves ?? [];
  if (!Array.isArray(moves)) throw new TypeError(`hayanagi/records: ${what}.moves must be an array, not ${describe(moves)}`);
  moves.forEach((move, i) => {
    const name = `${what}.moves[${i}]`;
    if (typeof move === "string") {
      lines.push(`move\t${field(move, name)}\t`);
      return;
    }
    if (typeof move !== "object" || move === null) throw new TypeError(`hayanagi/records: ${name} is USI text or a move object, not ${describe(move)}`);
    lines.push(`move\t${field(move.usi, `${name}.usi`)}\t${time(move.time, `${name}.time`)}`);
    comments(move.comments, `${name}.comments`, "comment", lines);
  });
  const outcome = line.outcome ?? null;
  if (outcome !== null) {
    if (typeof outcome !== "object" || !ENDINGS.has(outcome.ending)) {
      throw new TypeError(`hayanagi/records: ${what}.outcome.ending is one of ${[...ENDINGS].join(", ")}, not ${describe(outcome?.ending)}`);
    }
    // No winner given: the ending's usual one (resign: the other side); null: none.
    const winner = outcome.winner === undefined ? "?" : outcome.winner === null ? "-" : outcome.winner;
    if (!["b", "w", "-", "?"].includes(winner)) throw new TypeError(`hayanagi/records: ${what}.outcome.winner is "b", "w" or null, not ${describe(outcome.winner)}`);
    lines.push(`end\t${outcome.ending}\t${winner}\t${time(outcome.time, `${what}.outcome.time`)}`);
  }
  comments(line.endComments, `${what}.endComments`, "endcomment", lines);
  const variations = line.variations ?? [];
  if (!Array.isArray(variations)) throw new TypeError(`hayanagi/records: ${what}.variations must be an array, not ${describe(variations)}`);
  variations.forEach((variation, i) => {
    const name = `${what}.variations[${i}]`;
    if (typeof variation !== "object" || variation === null) throw new TypeError(`hayanagi/records: ${name} is an object, not ${describe(variation)}`);
    if (!Number.isSafeInteger(variation.ply) || variation.ply < 1) throw new RangeError(`hayanagi/records: ${name}.ply is a move number (1 or more), not ${describe(variation.ply)}`);
    lines.push(`variation\t${variation.ply}`);
    writeLine(variation, name, lines);
    lines.push("endvariation");
  });
}

/**
 * Writes a record as text in `format` ("kif", "ki2", "csa", "usi" or "jkf"). The record is what readRecord
 * returns, or any object with the same fields: `start` (an SFEN; the start position if absent), `headers`
 * (`[name, value]` pairs or an object), `comments`, `moves` (USI text, a typed move, or
 * `{usi, time?, comments?}`), `outcome` (`{ending, winner?, time?}`: without a winner, the ending's
 * usual one, so "resign" makes the side not to move the winner; `winner: null` is none), `endComments`,
 * `variations` (a tree of `{ply, comments?, moves, outcome?, endComments?, variations?}`: a variation's
 * first move replaces its line's move numbered `ply`, or follows the line's last move). KIF, KI2 and
 * JKF write the variations (KIF and KI2 as 変化：N手, JKF as forks); CSA and USI have no variations and
 * write the main line only. A move that is not legal is a RecordError naming it.
 */
export function writeRecord(record, format) {
  if (typeof record !== "object" || record === null) throw new TypeError(`hayanagi/records: a record is an object, not ${describe(record)}`);
  const formatNumber = formatCode(format, "the format");
  if (formatNumber < 0) throw new TypeError("hayanagi/records: writeRecord needs a format");
  const lines = [`start\t${field(record.start ?? "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "record.start")}`];
  const headers = record.headers ?? [];
  const pairs = Array.isArray(headers) ? headers : typeof headers === "object" ? Object.entries(headers) : null;
  if (pairs === null) throw new TypeError(`hayanagi/records: record.headers must be [name, value] pairs or an object, not ${describe(headers)}`);
  pairs.forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`hayanagi/records: record.headers[${i}] must be a [name, value] pair`);
    lines.push(`header\t${field(pair[0], `record.headers[${i}][0]`)}\t${field(pair[1], `record.headers[${i}][1]`)}`);
  });
  writeLine(record, "record", lines);
  const bytes = encoder.encode(lines.join("\n"));
  return call(bytes, (x, pointer, length) => x.hayanagi_records_write(pointer, length, formatNumber)).text;
}
