// A TypeScript program that uses the installed package as a user would: npm/check.sh compiles it with
// `tsc --strict` (tsconfig.json beside it, no skipLibCheck: the package's .d.ts is checked too), then
// runs the output. The @ts-expect-error lines prove that wrong uses do not compile.
import {
  Game,
  HayanagiError,
  load,
  loadExtended,
  initExtendedSync,
  Position,
  SQUARES,
  toMove,
  type Color,
  type Declaration,
  type Dests,
  type MoveShape,
  type Hand,
  type Piece,
  type ErrorCode,
  type MoveFilter,
  handicaps,
  hcpeCount,
  psvCount,
  readHcpe,
  readPsv,
  writeHcpe,
  writePsv,
  type HcpeRecord,
  type PsvRecord,
  type Move,
  type MoveLike,
  type Square,
  type Status,
  type TsumeAlternative,
  type TsumeCounting,
  type TsumeShortestAnswer,
} from "hayanagi";

await load();
await loadExtended();
// The synchronous twin returns nothing to await.
// @ts-expect-error: void is no promise
if (Math.random() > 2) (initExtendedSync() satisfies Promise<void>);

const pos: Position = Position.fromUsi("position startpos moves 7g7f 3c3d");
const moves: Move[] = pos.legalMoves();
const codes: Uint16Array = pos.legalMoveCodes();
const usi: string[] = pos.legalMovesUsi();
if (moves.length !== codes.length || usi.length !== codes.length) throw new Error("lists differ");

// A move is a board move or a drop; `"drop" in move` tells them apart.
function describe(move: Move): string {
  if ("drop" in move) return `drop ${move.drop} on ${move.to}`;
  const to: Square = move.to;
  return `${move.from}-${to}${move.promote ? " promoting" : ""}`;
}
const bishop = moves.find((move) => move.usi === "8h2b+");
if (bishop === undefined || describe(bishop) !== "8h-2b promoting") throw new Error("no 8h2b+");

// Every way to write a move.
const inputs: MoveLike[] = [bishop, "8h2b+", bishop.code, { from: "8h", to: "2b", promote: true }, { from: 64, to: 16, promote: true }];
for (const input of inputs) {
  pos.play(input);
  pos.undo();
}
pos.play({ from: "8h", to: "2b", promote: true }).play({ from: "3a", to: "2b" }).play({ drop: "B", to: "4e" });
const side: Color = pos.sideToMove();
const status: Status = pos.status();
const ply: number = pos.ply();
const key: bigint = pos.key();
const nodes: number = pos.perft(2);
if (Position.startpos().ply() !== 1) throw new Error("ply() === 1");
console.log(pos.sfen(), side, status, ply, key.toString(16), nodes);

try {
  Position.fromSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b PP 1");
  throw new Error("accepted a bad SFEN");
} catch (error) {
  if (!(error instanceof HayanagiError)) throw error;
  const code: ErrorCode = error.code;
  const offset: number | undefined = error.offset;
  if (code !== "SFEN_HAND_REPEATED" || offset !== 61) throw new Error(`${code} ${offset}`);
}
// Board, hands, kings: what a GUI draws.
const board: (Piece | null)[] = pos.board();
const king: Piece | null = pos.pieceAt("5i");
const hand: Hand = pos.hand("w");
const whiteKing: Square | null = pos.kingSquare("w");
if (board.length !== 81 || king?.type !== "K" || king.color !== "b" || hand.B !== 1 || whiteKing !== "5a") {
  throw new Error("board queries");
}
const legal: boolean = pos.isLegal("2b3a") && !pos.givesCheck({ from: "2b", to: "3a" });
const count: number = pos.legalMoveCount();
const declaration: Declaration = pos.declaration(27);
if (!legal || count !== pos.legalMoveCodes().length || declaration.outcome !== "invalid") throw new Error("questions");

// A game judges repetition.
const game: Game = Game.startpos();
const steps = ["5i5h", "5a5b", "5h5i", "5b5a"] as const;
for (let i = 0; i < 12; i++) game.play(steps[i % 4]!);
const gameStatus: Status = game.status();
const last: Move | null = game.undo();
if (gameStatus !== "draw_repetition" || last?.usi !== "5b5a" || game.moves().length !== 11) throw new Error("game");
const shape: MoveShape = toMove("P*5e");
if (shape.usi !== "P*5e") throw new Error("toMove");

// What a board UI asks: where pieces can go, what a move moves and takes, and undo's answer.
const start = Position.startpos();
const dests: Dests = start.dests();
const targets: Square[] | undefined = dests.get("7g");
if (targets?.[0] !== "7f" || dests.has("P")) throw new Error("dests");
const typed: Move = start.moveOf("7g7f");
const moved: Piece = typed.piece;
const taken: Piece | null = typed.captured;
start.play(typed);
const undone: Move | null = start.undo();
if (moved.type !== "P" || taken !== null || undone !== typed || start.undo() !== null) throw new Error("moves");

// Typed generation, mate search, SEE, CSA moves, handicaps.
const filter: MoveFilter = "drops";
const drops: Move[] = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b G 1").legalMoves(filter);
const mate: Move | null = Position.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").mateIn1();
const line: Move[] | null = Position.fromSfen("k8/9/2R6/9/9/9/9/9/9 b R2B2GS2NL2g3s2n3l18p 1").mateIn3();
const value: number = Position.fromSfen("4k4/9/4s4/4p4/9/9/9/4R4/4K4 b - 1").see("5h5d");
const csa: string = start.csaMove("7g7f");
const parsed: Move = start.parseCsaMove(csa);
const names: [string, string][] = handicaps();
const bishopOdds: Position = Position.handicap("bishop");
if (drops.length !== 79 || mate?.usi !== "G*5b" || line?.length !== 3 || value !== -900 || parsed.usi !== "7g7f") {
  throw new Error("the core's questions");
}
if (names.length !== 16 || bishopOdds.sideToMove() !== "w" || start.legalMoveCount("captures") !== 0) throw new Error("handicaps");
// The tsume solver's shortest mate (with the 無駄合 counting) and its alternatives.
const counting: TsumeCounting = "useless_interpositions_free";
const problem = Position.fromSfen("k8/9/1G7/9/9/9/9/9/9 b G 1");
const shortest: TsumeShortestAnswer = problem.tsumeShortest({ counting, tableSize: 1024 });
if (shortest.result !== "mate") throw new Error("tsumeShortest");
const mateLength: number = shortest.length;
const others: readonly TsumeAlternative[] = problem.tsumeAlternatives(shortest.line, mateLength, { counting }).alternatives;
if (!shortest.minimal || mateLength !== 1 || others.length !== 1 || others[0]?.ply !== 0) throw new Error("tsumeAlternatives");
const ki2: string = start.japaneseMove("7g7f");
const fromJapanese: Move = start.parseJapaneseMove("▲７六歩");
const packed: Uint8Array = start.pack("hcp");
const unpacked: Position = Position.unpack(packed);
const hcpe: Uint8Array = writeHcpe(start, { eval: 10, bestMove: "7g7f", result: "black_win" });
const record: HcpeRecord = readHcpe(hcpe, 0);
const psv: PsvRecord = readPsv(writePsv(start, { score: -5, move: fromJapanese, result: "draw" }), 0);
const set: Position = Position.setup({ board: start.board(), hands: { b: { P: 0 } }, relax: ["missing_kings"] });
if (ki2 !== "▲７六歩" || unpacked.sfen() !== start.sfen() || record.bestMove.usi !== "7g7f" || psv.result !== "draw" || hcpeCount(hcpe) !== 1) {
  throw new Error("notation and packed data");
}
if (set.sfen() !== start.sfen() || bishopOdds.handicapOf() !== "bishop" || psvCount(new Uint8Array(80)) !== 2) throw new Error("setup");

const square: Square | undefined = SQUARES[56];
if (square !== "7g") throw new Error("SQUARES[56]");

// Wrong uses that must not compile (in a function never called: some would throw TypeError).
export function wrongUses(): unknown[] {
  // @ts-expect-error: the constructor is private
  const made = new Position();
  // @ts-expect-error: "conventional" is no tsume counting
  const badCounting = Position.startpos().tsumeShortest({ counting: "conventional" });
  // @ts-expect-error: an SFEN is a string
  const parsed = Position.fromSfen(null);
  // @ts-expect-error: "0a" is not a square
  const badSquare: MoveLike = { from: "0a", to: "1a" };
  // @ts-expect-error: a drop of a king
  const kingDrop: MoveLike = { drop: "K", to: "5e" };
  // @ts-expect-error: a move with both from and drop
  const both: MoveLike = { from: "7g", drop: "P", to: "5e" };
  // @ts-expect-error: not a status
  const notStatus: Status = "checkmate";
  // @ts-expect-error: not an error code
  const notCode: ErrorCode = "NIFU";
  // @ts-expect-error: perft counts are numbers
  const nodes: bigint = pos.perft(1);
  // @ts-expect-error: a shape (toMove) has no pieces
  const noPiece: Piece = toMove("7g7f").piece;
  // @ts-expect-error: undo may return null
  const notNull: Move = pos.undo();
  // @ts-expect-error: not a filter
  const badFilter = pos.legalMoves("quiet");
  // @ts-expect-error: a colour is "b" or "w"
  const hand = pos.hand("black");
  // @ts-expect-error: the rules are 27 and 24
  const declaration = pos.declaration(28);
  // @ts-expect-error: a game's position is read-only
  game.position = Position.startpos();
  return [made, badCounting, parsed, badSquare, kingDrop, both, notStatus, notCode, nodes, badFilter, noPiece, notNull, hand, declaration];
}
console.log("consumer: ok");
