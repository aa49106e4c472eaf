// JS-driven perft against the module's own perft without bulk counting (every leaf played), in one
// process, the four runs one after the other in each of N rounds; it reports each run's best time and
// the median over the rounds of its time over the module's time in the same round (robust to a load
// that changes between rounds):
//   codes  legalMoveCodes() + play(code) + undo()
//   typed  legalMoves() + play(move) + undo()
//   usi    legalMovesUsi() + play(text) + undo()
// Run it in a project that installed the package:  node perft.mjs [depth=4] [rounds=3] [position=startpos]
import { load, Position } from "hayanagi";

const depth = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 3);
const command = process.argv[4] ?? "startpos";
await load();

function walk(list) {
  const perft = (pos, depth) => {
    if (depth === 0) return 1;
    const moves = list(pos);
    let nodes = 0;
    for (let i = 0; i < moves.length; i++) {
      pos.play(moves[i]);
      nodes += perft(pos, depth - 1);
      pos.undo();
    }
    return nodes;
  };
  return perft;
}
const runs = {
  module: (pos) => Number(pos.perft(depth, false)),
  codes: walk((pos) => pos.legalMoveCodes()),
  typed: walk((pos) => pos.legalMoves()),
  usi: walk((pos) => pos.legalMovesUsi()),
};

const pos = Position.fromUsi(command);
const times = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
let nodes;
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of Object.entries(runs)) {
    const t = performance.now();
    const count = name === "module" ? run(pos) : run(pos, depth);
    times[name].push(performance.now() - t);
    if (nodes !== undefined && count !== nodes) throw new Error(`${name}: ${count} nodes, not ${nodes}`);
    nodes = count;
  }
}
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`perft ${depth} ${command}: ${nodes} nodes, ${rounds} rounds`);
for (const [name, list] of Object.entries(times)) {
  const best = Math.min(...list);
  const ratio = median(list.map((ms, round) => ms / times.module[round]));
  console.log(`${name.padEnd(7)} best ${best.toFixed(1).padStart(7)} ms ${(nodes / best / 1000).toFixed(2).padStart(6)} Mnps, median ratio ${ratio.toFixed(2)}x`);
}
