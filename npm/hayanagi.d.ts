// Types of the hayanagi npm package (hayanagi.mjs in browsers and bundlers, node.mjs in Node: the same API).
// Checked with `tsc --strict` against a consumer program by npm/check.sh.

import type { ErrorCode } from "./codes.js";
export type { ErrorCode } from "./codes.js";

/** A file digit, 1 (the right edge from Black's side) to 9. */
export type File = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** A rank letter, a (White's back rank) to i (Black's back rank). */
export type Rank = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i";
/** A square in USI notation: file digit then rank letter ("7g"). */
export type Square = `${File}${Rank}`;
/** A square as its index 0-80 (row * 9 + column: 9a = 0, 1a = 8, 7g = 56, 1i = 80), or its name. */
export type SquareLike = Square | number;

/** "b": Black (sente, 先手), moves first, uppercase in SFEN. "w": White (gote, 後手). */
export type Color = "b" | "w";
/** The kinds that can be held in hand and dropped, as USI writes drops. */
export type HandPiece = "P" | "L" | "N" | "S" | "G" | "B" | "R";
/** Every kind of piece on the board, as SFEN writes Black's: promoted kinds with "+". */
export type PieceType = HandPiece | "K" | "+P" | "+L" | "+N" | "+S" | "+B" | "+R";

/** A piece on the board: its colour and its kind (as SFEN writes Black's). Shared, frozen values. */
export interface Piece {
  readonly color: Color;
  readonly type: PieceType;
}

/** How many pieces of each kind a side holds in hand. */
export type Hand = Record<HandPiece, number>;

/** The result of Position.declaration. */
export interface Declaration {
  /** "win" or "draw" (24-point rule, 24-30 points) if the side to move may declare; "invalid" otherwise. */
  readonly outcome: "win" | "draw" | "invalid";
  /** Its points: 5 for each rook and bishop (promoted or not), 1 for each other piece, in the enemy camp and in hand. */
  readonly points: number;
  /** Its pieces other than the king in the enemy camp. */
  readonly piecesInCamp: number;
  /** The conditions that fail (empty unless "invalid"). */
  readonly failed: readonly DeclarationFailure[];
}

/** A condition of a declaration that fails. */
export type DeclarationFailure = "king_not_in_camp" | "too_few_pieces" | "in_check" | "too_few_points";

/** A board move's shape (toMove: no position, so no pieces): shared, frozen, with its USI text and its
 *  move code. */
export interface BoardMoveShape {
  readonly from: Square;
  readonly to: Square;
  readonly promote: boolean;
  /** The USI text: "7g7f", "8h2b+". */
  readonly usi: string;
  /** The header's uint16_t encoding (what legalMoveCodes returns). */
  readonly code: number;
}

/** A drop's shape. */
export interface DropMoveShape {
  readonly drop: HandPiece;
  readonly to: Square;
  /** The USI text: "P*5e". */
  readonly usi: string;
  readonly code: number;
}

/** A move by its shape alone (what toMove returns). */
export type MoveShape = BoardMoveShape | DropMoveShape;

/** A board move in its position: what moves and what it takes. */
export interface BoardMove extends BoardMoveShape {
  /** The moving piece, before it promotes. */
  readonly piece: Piece;
  /** The piece taken, or null. */
  readonly captured: Piece | null;
}

/** A drop in its position. */
export interface DropMove extends DropMoveShape {
  /** The dropped piece (of the side to move). */
  readonly piece: Piece;
  readonly captured: null;
}

/** A move in its position, typed (legalMoves, moveOf, undo, moves). Tell the two apart with
 *  `"drop" in move` (or `move.drop !== undefined`). */
export type Move = BoardMove | DropMove;

/** Where pieces can go: from each square with a piece that can move, and each kind in hand that can be
 *  dropped, to its target squares. */
export type Dests = Map<Square | HandPiece, Square[]>;

/** Which legal moves to list (Rust: MoveFilter): "captures" are board moves onto an enemy piece,
 *  "non_captures" the others and drops, "checks" give check (direct or discovered), "quiet_checks" check
 *  without capturing, "evasions" are every legal move when in check and none otherwise. */
export type MoveFilter = "all" | "captures" | "non_captures" | "drops" | "checks" | "quiet_checks" | "evasions";

/** What Position.tsume answers: a mate with its line, no mate, or why there is no answer. */
export type TsumeAnswer =
  | { readonly result: "mate"; readonly line: Move[]; readonly nodes: number }
  | {
      readonly result: "no_mate" | TsumeUnknown;
      readonly line: null;
      readonly nodes: number;
    };

/** Why the tsume solver gave no answer (C: HAYANAGI_TSUME_NODE_LIMIT, ...). */
export type TsumeUnknown = "node_limit" | "depth_limit" | "too_many_moves" | "stalled" | "line_too_long" | "line_not_found";

/** How Position.tsumeShortest and tsumeAlternatives count a mate's length (Rust: TsumeCounting): every
 *  defence ("strict"), or the composers' convention, useless interpositions (無駄合) not counted. */
export type TsumeCounting = "strict" | "useless_interpositions_free";

/** The solver's options: a node limit (1,000,000), the deepest ply (200, at most 400), the table's entries
 *  of 16 B (65,536), and for tsumeShortest and tsumeAlternatives the counting ("strict"). */
export interface TsumeOptions {
  readonly nodes?: number;
  readonly depth?: number;
  readonly tableSize?: number;
  readonly counting?: TsumeCounting;
}

/** What Position.tsumeShortest answers: the shortest mate with its line, its counted length and whether it
 *  is proved minimal; or no mate, or why there is no answer. */
export type TsumeShortestAnswer =
  | { readonly result: "mate"; readonly line: Move[]; readonly length: number; readonly minimal: boolean; readonly nodes: number }
  | { readonly result: "no_mate" | TsumeUnknown; readonly line: null; readonly length: 0; readonly minimal: false; readonly nodes: number };

/** An alternative mate (余詰, Rust: TsumeAlternative): at index `ply` of the line (an attacker's move),
 *  `move` instead of the line's also mates within the plies left. */
export interface TsumeAlternative {
  readonly ply: number;
  readonly move: Move;
}

/** What Position.tsumeAlternatives answers: "ok" when every ply of the line was searched, else why not
 *  ("line_not_found": the line is no mate from the position); the alternatives found either way. */
export interface TsumeAlternatives {
  readonly result: "ok" | TsumeUnknown;
  readonly alternatives: TsumeAlternative[];
}

/** The packed position layouts: cshogi's HuffmanCodedPos, YaneuraOu's PackedSfen. */
export type PackedFormat = "hcp" | "sfen";

/** What Position.setup takes. */
export interface SetupParts {
  /** 81 pieces or null, in index order (what board() returns). */
  readonly board: readonly (Piece | null)[];
  /** Counts in hand per colour; kinds left out are 0. */
  readonly hands?: { readonly b?: Partial<Hand>; readonly w?: Partial<Hand> };
  readonly sideToMove?: Color;
  readonly ply?: number;
  /** The rules not to check: kings may be missing (tsume, studies), material may be incomplete, or "sfen" (both). */
  readonly relax?: "sfen" | readonly ("missing_kings" | "incomplete_material" | "sfen")[];
}

/** One rule a setup breaks, and the square it is about (null for none). */
export interface SetupProblem {
  readonly code: ErrorCode;
  readonly square: Square | null;
}

/** An hcpe record (cshogi's HuffmanCodedPosAndEval). */
export interface HcpeRecord {
  readonly position: Position;
  readonly eval: number;
  readonly bestMove: Move;
  readonly result: "draw" | "black_win" | "white_win";
}

/** A PSV record (YaneuraOu's PackedSfenValue); result for the side to move. */
export interface PsvRecord {
  readonly position: Position;
  readonly score: number;
  readonly move: Move;
  readonly result: "loss" | "draw" | "win";
}

/** The number of hcpe records (38 bytes each) in a file's bytes. */
export function hcpeCount(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): number;
/** Reads hcpe record `index` of a file's bytes; a corrupt one throws HayanagiError with the offset into the array. */
export function readHcpe(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, index: number): HcpeRecord;
/** An hcpe record (38 bytes). */
export function writeHcpe(position: Position, fields: { readonly eval: number; readonly bestMove: MoveLike; readonly result: HcpeRecord["result"] }): Uint8Array;
/** The number of PSV records (40 bytes each) in a file's bytes. */
export function psvCount(bytes: Uint8Array | ArrayBuffer | ArrayBufferView): number;
/** Reads PSV record `index` of a file's bytes. */
export function readPsv(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, index: number): PsvRecord;
/** A PSV record (40 bytes); the position's ply is the game ply. */
export function writePsv(position: Position, fields: { readonly score: number; readonly move: MoveLike; readonly result: PsvRecord["result"] }): Uint8Array;

/** A move as a caller may write it. */
export type MoveInput =
  | { readonly from: SquareLike; readonly to: SquareLike; readonly promote?: boolean; readonly drop?: undefined }
  | { readonly drop: HandPiece; readonly to: SquareLike; readonly from?: undefined };

/** What play, isLegal and givesCheck accept: a Move, a move written as an object, USI text, or a move code. */
export type MoveLike = Move | MoveShape | MoveInput | string | number;

/** The game status for the side to move (docs/RULES.md R44–R47). A Position alone knows only the first three. */
export type Status =
  | "none"
  | "mate"
  | "no_moves"
  | "draw_repetition"
  | "win_perpetual_check"
  | "loss_perpetual_check"
  | "draw_max_ply";

/** The 81 square names in index order: SQUARES[i] is the square with index i. */
export const SQUARES: readonly Square[];

/** A move as a typed value, from a code, USI text or an object, by its shape alone (no position: whether
 *  it is legal is Position.isLegal's question). Throws HayanagiError for malformed USI or a number that
 *  is not a move code. */
export function toMove(move: MoveLike): MoveShape;

/** An error from the library: a rejected SFEN, USI command or move, an illegal move, a bad argument value. */
export class HayanagiError extends Error {
  readonly name: "HayanagiError";
  /** What went wrong: the header's HAYANAGI_ERR_* name without the prefix ("SFEN_NIFU", "ILLEGAL_MOVE"). */
  readonly code: ErrorCode;
  /** The C API's negative result code (HAYANAGI_ERR_*). */
  readonly errno: number;
  /** For errors in input text: the offset of the problem (input is ASCII up to it, so bytes = characters). */
  readonly offset: number | undefined;
  /** The library's message, with the offset and the input. */
  readonly message: string;
  /** From Position.setup: every rule the position breaks. */
  readonly problems?: readonly SetupProblem[];
}

/** What load() accepts: the module's bytes, a Response, a URL, a compiled module, or a promise of one;
 *  in Node also a file path. */
export type WasmSource =
  | ArrayBuffer
  | ArrayBufferView
  | Response
  | URL
  | string
  | WebAssembly.Module
  | PromiseLike<ArrayBuffer | ArrayBufferView | Response | URL | string | WebAssembly.Module>;

/**
 * Loads the WebAssembly module; call (and await) it once before anything else. With no argument it loads
 * hayanagi.wasm beside the package's JS (fetched in browsers, read from disk in Node). A string is a
 * URL in browsers and a path in Node (unless it starts with file:, http:, https:, data: or blob:).
 */
export function load(source?: WasmSource): Promise<void>;

/**
 * Loads the WebAssembly module synchronously, from its bytes or a compiled module; in Node also with no
 * argument (hayanagi.wasm beside the package), a path or a file: URL. For CommonJS and workers; browsers
 * compile only small modules synchronously on the main thread, so there prefer load().
 */
export function initSync(source?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string): void;

/**
 * Loads the extended module (extended.wasm beside the package's JS, or a source as load() takes it), which
 * these need (they throw an Error naming themselves until it is loaded): a filter given to the legal-move
 * methods, mateIn1, mateIn3, tsume, tsumeShortest, tsumeAlternatives, see, csaMove, parseCsaMove,
 * japaneseMove, parseJapaneseMove, pack, handicapOf, Position.setup, Position.unpack, Position.handicap, handicaps(), readHcpe, writeHcpe, readPsv,
 * writePsv. Positions stay in the core module (each call copies the position's record across); load()
 * and loadExtended() may come in either order.
 */
export function loadExtended(source?: WasmSource): Promise<void>;

/** Loads the extended module synchronously (as initSync loads the core module). */
export function initExtendedSync(source?: ArrayBuffer | ArrayBufferView | WebAssembly.Module | URL | string): void;

/** The 16 handicaps as [name, Japanese name] pairs ("bishop", "角落ち"), in the core's order (extended module). */
export function handicaps(): [string, string][];

/** The version of the library the module was built from ("0.1.0"); the package has the same version. */
export function version(): string;

/**
 * A shogi position: board, hands, side to move and ply. Its record (about 1 KiB with its undo stack) lives
 * in module memory and is given back when the Position is garbage-collected, which takes effect only after
 * the current task, or at once by dispose(): a synchronous loop that makes positions by the million should
 * dispose of them (or walk one position with play and undo).
 */
export class Position {
  private constructor();
  /** The start position. */
  static startpos(): Position;
  /** The start position of a handicap game by its name ("bishop") or Japanese name ("角落ち"); White moves
   *  first. RangeError for another name (handicaps() lists them). */
  static handicap(name: string): Position;
  /** A position from its parts, checked against every rule unless `relax` relaxes some (Rust: Setup).
   *  A broken rule throws HayanagiError with `problems`. */
  static setup(parts: SetupParts): Position;
  /** A position (ply 1) from 32 packed bytes, "hcp" (default) or "sfen"; HayanagiError with the offset. */
  static unpack(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, format?: PackedFormat): Position;
  /** Reads an SFEN ("<board> <side> <hands> [<ply>]"). Throws HayanagiError (code, offset) if it is not valid. */
  static fromSfen(sfen: string): Position;
  /** Reads a USI position command ("[position ](startpos|sfen <4 fields>)[ moves ...]"). */
  static fromUsi(command: string): Position;

  /** An independent copy (without the moves undo() could take back). */
  clone(): Position;
  /** Gives the module memory back now; later calls on this position throw. (Also under the name
   *  Symbol.dispose where the runtime has it, for `using`.) */
  dispose(): void;

  /** The SFEN, always 4 fields. */
  sfen(): string;
  toString(): string;
  sideToMove(): Color;
  /** The move number, as in SFEN (1 for the first move of a game). */
  ply(): number;
  /** The Zobrist key of board, hands and side to move: 64 bits, so the one bigint of the API. */
  key(): bigint;
  inCheck(): boolean;
  /** "none", "mate" or "no_moves": what the position alone tells (a Game also knows repetitions). */
  status(): "none" | "mate" | "no_moves";
  /** The piece on a square, or null if it is empty. */
  pieceAt(square: SquareLike): Piece | null;
  /** Every square's piece (or null), in index order: board()[i] is on SQUARES[i]. */
  board(): (Piece | null)[];
  /** What `color` holds in hand. */
  hand(color: Color): Hand;
  /** The square of `color`'s king, or null if it has none (tsume problems). */
  kingSquare(color: Color): Square | null;

  /** The legal moves, typed (with the moving and the captured piece), in the generator's order; with a
   *  filter, only those it selects (Rust: legal_moves_of). */
  legalMoves(filter?: MoveFilter): Move[];
  /** Where each piece can go: a Map from the square of each piece with a legal move ("7g") and from each
   *  kind in hand that can be dropped ("P") to its target squares (a promotion and a non-promotion to one
   *  square count once), in the generator's order. */
  dests(): Dests;
  /** The typed move of a legal move given any way play() takes it; HayanagiError ILLEGAL_MOVE if it is
   *  not legal here. */
  moveOf(move: MoveLike): Move;
  /** The legal moves in USI. */
  legalMovesUsi(filter?: MoveFilter): string[];
  /** The legal moves as move codes (a fresh array), the fastest way to walk a tree: play() plays a
   *  code listed for the very position it is in without testing it again. */
  legalMoveCodes(filter?: MoveFilter): Uint16Array;
  /** The number of legal moves, counted without a list. */
  legalMoveCount(filter?: MoveFilter): number;
  /** Whether a move is legal here (malformed USI still throws HayanagiError, wrong types TypeError). */
  isLegal(move: MoveLike): boolean;
  /** Whether a legal move gives check; throws HayanagiError ILLEGAL_MOVE if it is not legal here. */
  givesCheck(move: MoveLike): boolean;

  /** Plays a legal move and returns this position; throws HayanagiError (ILLEGAL_MOVE, MOVE_*) and
   *  changes nothing otherwise. */
  play(move: MoveLike): this;
  /** Takes back the last move play() made and returns it (as Game.undo does); null if there is none. */
  undo(): Move | null;
  /** The moves undo() can take back, oldest first. */
  moves(): Move[];

  /** The number of legal move sequences of `depth` moves, counted inside the module. */
  perft(depth: number, bulk?: boolean): number;

  /** A move that mates at once, or null (Rust: mate_in_1). A mating pawn drop is no mate (uchifuzume). */
  mateIn1(): Move | null;
  /** A forced mate in at most 3 plies: its line (1 or 3 moves, attacker first), or null (Rust: mate_in_3). */
  mateIn3(): Move[] | null;

  /** Solves the tsume of this position with the core's df-pn solver (the side to move checks with every
   *  move). `nodes` (1,000,000), `depth` (200 plies, at most 400), `tableSize` (65,536 entries of 16 B). */
  tsume(options?: { readonly nodes?: number; readonly depth?: number; readonly tableSize?: number }): TsumeAnswer;
  /** The shortest mate (Rust: TsumeSolver::solve_shortest), its length as `counting` counts it ("strict" by
   *  default; with "useless_interpositions_free" the line may show a useless interposition and its capture,
   *  two plies more than `length`) and whether it is proved minimal. Options as tsume(), and `counting`. */
  tsumeShortest(options?: TsumeOptions): TsumeShortestAnswer;
  /** The alternative mates (余詰) along `line`, a mate of counted `length` from this position (what
   *  tsumeShortest gives; Rust: TsumeSolver::alternatives), at most 256. */
  tsumeAlternatives(line: readonly MoveLike[], length: number, options?: TsumeOptions): TsumeAlternatives;
  /** The static exchange evaluation of a legal move: what the exchange on its target square wins for the
   *  side to move (Rust: see), with the core's values (pawn 90, ...) or 14 values by kind
   *  (P L N S G B R K +P +L +N +S +B +R). HayanagiError ILLEGAL_MOVE if it is not legal here. */
  see(move: MoveLike, values?: readonly number[]): number;
  /** A legal move as CSA writes it ("+7776FU"; Rust: csa_move). */
  csaMove(move: MoveLike): string;
  /** The typed move of a CSA move that is legal here (Rust: parse_csa_move); HayanagiError (CSA_*, with
   *  the offset; ILLEGAL_MOVE) otherwise. */
  parseCsaMove(text: string): Move;
  /** A legal move in Japanese notation (Rust: japanese_move): style "ki2" ("▲７六歩", the default) or
   *  "kif" ("７六歩(77)"); `previous`, the square the move before went to, makes 同. */
  japaneseMove(move: MoveLike, options?: { readonly style?: "kif" | "ki2"; readonly previous?: SquareLike | null }): string;
  /** The typed move of Japanese move text that is legal here and fills the text (Rust: parse_japanese_move);
   *  HayanagiError (JAPANESE_*, ILLEGAL_MOVE, MOVE_TRAILING, with the byte offset) otherwise. */
  parseJapaneseMove(text: string, options?: { readonly previous?: SquareLike | null }): Move;
  /** The 32 bytes of this position packed: "hcp" (cshogi's HuffmanCodedPos, the default) or "sfen"
   *  (PackedSfen); both need both kings. */
  pack(format?: PackedFormat): Uint8Array;
  /** The handicap whose start this is (board, hands, side; any ply), or null (the even start too). */
  handicapOf(): string | null;

  /** Judges an entering-king declaration by the side to move: under the 27-point rule (CSA: Black needs
   *  28 points, White 27; a valid declaration wins) or the 24-point rule (31+ win, 24-30 draw). */
  declaration(rule: 27 | 24): Declaration;
}

/**
 * A game: a position and the moves that led to it, which judge repetition (the fourth occurrence of a
 * position draws) and perpetual check (the side that checked with every move since the first of those
 * occurrences loses). Its history grows as needed.
 */
export class Game {
  private constructor();
  static startpos(): Game;
  /** A game from an SFEN (no moves recorded). */
  static fromSfen(sfen: string): Game;
  /** A game from a USI position command; its moves are recorded (they count for repetition). */
  static fromUsi(command: string): Game;
  /** The position reached, live: ask it anything or clone it; its play/undo/dispose throw (use the game's). */
  readonly position: Position;
  /** Plays a legal move and records it; throws HayanagiError and changes nothing otherwise. */
  play(move: MoveLike): this;
  /** Takes back the last move and returns it; null if there is none. */
  undo(): Move | null;
  /** The moves played, first to last. */
  moves(): Move[];
  /** The status for the side to move; with `maxPly` (not 0), "draw_max_ply" once the move numbered
   *  maxPly has been played. */
  status(maxPly?: number): Status;
  /** Gives the game's module memory back now (its position's too). */
  dispose(): void;
}
