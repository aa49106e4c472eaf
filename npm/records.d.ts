// Types of hayanagi/records (records.mjs in browsers and bundlers, records-node.mjs in Node: the same API).
// Checked with `tsc --strict` against a consumer program by npm/check.sh.

/** A record format: CSA (V2.2/V3.0), Kakinoki's KIF and KI2, a USI `position` command, JKF (JSON Kifu Format). */
export type RecordFormat = "csa" | "kif" | "ki2" | "usi" | "jkf";

/** How a game ended (KIF 投了 = "resign", CSA %SENNICHITE = "repetition", ...). */
export type Ending =
  | "resign"
  | "abort"
  | "repetition"
  | "impasse"
  | "max_moves"
  | "mate"
  | "no_mate"
  | "time_up"
  | "illegal_move"
  | "illegal_action"
  | "declaration"
  | "win_by_default"
  | "loss_by_default"
  | "error"
  | "take_back"
  | "sealed";

/** One move of a record's main line, in every notation. */
export interface RecordMove {
  /** Its move number (1 for the first move of the game). */
  readonly ply: number;
  /** USI: "7g7f". */
  readonly usi: string;
  /** KIF: "７六歩(77)", "同　銀(31)". */
  readonly kif: string;
  /** KI2, with the side's mark: "▲７六歩", "△同銀". */
  readonly ki2: string;
  /** CSA: "+7776FU". */
  readonly csa: string;
  /** Milliseconds spent on it, if the record says. */
  readonly time: number | null;
  /** The comments after it, one per line. */
  readonly comments: readonly string[];
}

/** The end of a record. */
export interface Outcome {
  readonly ending: Ending;
  /** "b", "w", or null (a draw, an abort, not known). */
  readonly winner: "b" | "w" | null;
  /** Milliseconds spent on the ending, if the record says. */
  readonly time: number | null;
}

/** A variation (分岐, a JKF fork): moves that replace the line's move numbered `ply`, with their own
 *  ending and variations. */
export interface Variation {
  /** The move number it replaces. */
  readonly ply: number;
  /** Comments before its first move. */
  readonly comments: readonly string[];
  readonly moves: readonly RecordMove[];
  readonly outcome: Outcome | null;
  readonly endComments: readonly string[];
  readonly variations: readonly Variation[];
}

/** A game record as readRecord returns it. */
export interface GameRecord {
  /** The format it was read as. */
  readonly format: RecordFormat;
  /** Header fields in file order: KIF's Japanese names for the usual ones (先手, 後手, 開始日時, 棋戦, ...). */
  readonly headers: readonly (readonly [string, string])[];
  /** The SFEN before the first move. */
  readonly start: string;
  /** The handicap named or recognised ("bishop", ...; the core's Handicap names), or null. */
  readonly handicap: string | null;
  /** Comments before the first move. */
  readonly comments: readonly string[];
  readonly moves: readonly RecordMove[];
  /** The SFEN after the last move. */
  readonly end: string;
  readonly outcome: Outcome | null;
  readonly variations: readonly Variation[];
  /** Comments after the ending. */
  readonly endComments: readonly string[];
}

/** A move as writeRecord takes it: USI text, a typed move of the core package, or `{usi, time?, comments?}`. */
export type RecordMoveInput =
  | string
  | { readonly usi: string; readonly time?: number | null; readonly comments?: readonly string[] };

/** What writeRecord takes: a GameRecord, or any object with some of its fields. */
export interface RecordInput {
  /** The SFEN before the first move (the start position if absent). */
  readonly start?: string;
  readonly headers?: readonly (readonly [string, string])[] | Readonly<Record<string, string>>;
  readonly comments?: readonly string[];
  readonly moves?: readonly RecordMoveInput[];
  /** Without a winner, the ending's usual one ("resign": the side that did not resign); null: none. */
  readonly outcome?: { readonly ending: Ending; readonly winner?: "b" | "w" | null; readonly time?: number | null } | null;
  readonly endComments?: readonly string[];
  /** Variations, a tree (written by KIF, KI2 and JKF; CSA and USI have none and write the main line only). */
  readonly variations?: readonly VariationInput[];
}

/** A variation as writeRecord takes it (a Variation of readRecord, or plain fields): its first move
 *  replaces the move numbered `ply` of its line (after that line's first move, for a variation of a
 *  variation), or follows the line's last move. */
export interface VariationInput {
  readonly ply: number;
  readonly comments?: readonly string[];
  readonly moves?: readonly RecordMoveInput[];
  readonly outcome?: { readonly ending: Ending; readonly winner?: "b" | "w" | null; readonly time?: number | null } | null;
  readonly endComments?: readonly string[];
  readonly variations?: readonly VariationInput[];
}

/** A record that cannot be read or written: what and where. */
export class RecordError extends Error {
  readonly name: "RecordError";
  /** What is wrong: "expected", "japanese_move", "csa_move", "illegal", "move_number", "encoding",
   *  "usi", "position", "unknown_handicap", "input" (a field writeRecord was given), "write" (a
   *  record writeRecord refuses), ... */
  readonly kind: string;
  /** 1-based line of the text (of writeRecord's input lines for "input"). */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** The format a detected record was read as, or null. */
  readonly takenAs: RecordFormat | null;
  /** Why it was taken as that format, or null. */
  readonly reason: string | null;
  /** For "write" (a record writeRecord refuses, such as a "mate" ending without a mate): the ply, from 1. */
  readonly ply: number | null;
}

/** What loadRecords accepts (in Node also a path). */
export type RecordsWasmSource =
  | ArrayBuffer
  | ArrayBufferView
  | Response
  | URL
  | string
  | WebAssembly.Module
  | PromiseLike<ArrayBuffer | ArrayBufferView | Response | URL | string | WebAssembly.Module>;

/** Loads the records module (records.wasm beside the package by default); independent of the core's load(). */
export function loadRecords(source?: RecordsWasmSource): Promise<void>;
/** Loads the records module synchronously (bytes, a module; in Node also no argument, a path, a file: URL). */
export function initRecordsSync(source?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string): void;

/** Options of readRecord(s). */
export interface ReadOptions {
  /** The format; detected if absent. */
  readonly format?: RecordFormat;
  /** For bytes: the encoding; detected if absent (a BOM, valid UTF-8, else Shift_JIS). */
  readonly encoding?: "utf-8" | "shift_jis";
}

/** Reads every game of a record (CSA files may hold several): text or a file's bytes. Throws RecordError. */
export function readRecords(input: string | ArrayBuffer | ArrayBufferView, options?: ReadOptions): GameRecord[];
/** Reads the first game of a record. Throws RecordError. */
export function readRecord(input: string | ArrayBuffer | ArrayBufferView, options?: ReadOptions): GameRecord;
/** Writes a record as text, variations included in KIF, KI2 and JKF (CSA and USI: the main line); an
 *  illegal move is a RecordError ("input", naming the move). */
export function writeRecord(record: RecordInput, format: RecordFormat): string;
