// The package from a CommonJS TypeScript program (the "require" entry point and its .d.cts types):
// compiled with the consumer under `tsc --strict` by npm/check.sh, then run. No top-level await: initSync.
import { initExtendedSync, initSync, Position, type Move } from "hayanagi";

initSync();
initExtendedSync();
const pos = Position.startpos();
const moves: Move[] = pos.legalMoves();
const ply: number = pos.ply();
if (moves.length !== 30 || ply !== 1 || pos.perft(3) !== 25470) throw new Error("commonjs consumer");
if (pos.mateIn1() !== null || pos.legalMoveCount("drops") !== 0) throw new Error("commonjs consumer: the extended module");
console.log("consumer (CommonJS): ok");
