// JS-driven perft over move codes (legalMoveCodes + play/undo by code) against the module's own
// perft without bulk counting (every leaf played), in one process, interleaved, best of N rounds.
//   node npm/bench/perft.mjs [depth=4] [rounds=3] [position=startpos]
// Prints nodes, the time of each and their ratio.
import { load, Position } from "hayanagi";

const depth = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 3);
const command = process.argv[4] ?? "startpos";
await load();

function perft(pos, depth) {
  if (depth === 0) return 1;
  const moves = pos.legalMoveCodes();
  let nodes = 0;
  for (let i = 0; i < moves.length; i++) {
    pos.play(moves[i]);
    nodes += perft(pos, depth - 1);
    pos.undo();
  }
  return nodes;
}

const pos = Position.fromUsi(command);
let best = { js: Infinity, module: Infinity };
let nodes = 0;
for (let round = 0; round < rounds; round++) {
  let t = performance.now();
  nodes = perft(pos, depth);
  best.js = Math.min(best.js, performance.now() - t);
  t = performance.now();
  const expected = pos.perft(depth, false);
  best.module = Math.min(best.module, performance.now() - t);
  if (BigInt(nodes) !== expected) throw new Error(`JS perft ${nodes} != module perft ${expected}`);
}
const mnps = (ms) => (nodes / ms / 1000).toFixed(2);
console.log(`perft ${depth} ${command}: ${nodes} nodes`);
console.log(`module perft (nobulk): ${best.module.toFixed(1)} ms, ${mnps(best.module)} Mnps`);
console.log(`JS perft over codes:   ${best.js.toFixed(1)} ms, ${mnps(best.js)} Mnps`);
console.log(`ratio: ${(best.js / best.module).toFixed(2)}x`);
