// JS-driven perft against the module's own perft without bulk counting (every leaf played):
//   codes     legalMoveCodes() + play(code) + undo()
//   typed     legalMoves() + play(move) + undo()
//   usi       legalMovesUsi() + play(text) + undo()
//   shogiops  shogiops' perft (shogiops/debug), if the package is installed beside this one
// Each variant runs in a process of its own (so that play() sees one kind of argument, as in a real
// program, and the JIT's feedback from one variant does not slow another), alternating with the
// module's perft in each of N rounds. Times are the process's CPU time (process.cpuUsage), which
// another job on a shared machine disturbs far less than wall time, of timed runs of at least 0.2 s
// each (a perft shorter than that is repeated within the run, and its time is the run's over the
// repetitions); the ratio is the median over the rounds of the variant's time over the module's time
// in the same round.
//   node perft.mjs [depth=4] [rounds=5] [position=startpos] [variants=codes,typed,usi,shogiops]
// Run it in a project that installed the package (npm/check.sh, benches/js/run.sh).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { load, Position } from "hayanagi";

const [depth = 4, rounds = 5] = process.argv.slice(2, 4).map(Number);
const command = process.argv[4] ?? "startpos";
const variants = (process.argv[5] ?? "codes,typed,usi,shogiops").split(",");
const child = process.env.HAYANAGI_BENCH_VARIANT;

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

/** The CPU time of one `run()` in ms, and its result: `run` is repeated until the timed run has taken
 *  at least MIN_MS of CPU time (HAYANAGI_BENCH_MIN_MS, default 200 ms), and the time divided. */
const MIN_MS = Number(process.env.HAYANAGI_BENCH_MIN_MS ?? 200);
function time(run) {
  const before = process.cpuUsage();
  let result;
  let runs = 0;
  let ms;
  do {
    result = run();
    runs++;
    const used = process.cpuUsage(before);
    ms = (used.user + used.system) / 1000;
  } while (ms < MIN_MS);
  return [ms / runs, result];
}

if (child !== undefined) {
  // One variant against the module, alternating, in this process; prints JSON.
  await load();
  const pos = Position.fromUsi(command);
  let run;
  if (child === "shogiops") {
    let shogiops;
    try {
      shogiops = { ...(await import("shogiops/debug")), ...(await import("shogiops/sfen")) };
    } catch {
      console.log(JSON.stringify({ skipped: "shogiops is not installed" }));
      process.exit(0);
    }
    const sfen = pos.sfen();
    const theirs = shogiops.parseSfen("standard", sfen).unwrap();
    run = () => shogiops.perft(theirs, depth, false);
  } else {
    const list = { codes: (p) => p.legalMoveCodes(), typed: (p) => p.legalMoves(), usi: (p) => p.legalMovesUsi() }[child];
    const perft = walk(list);
    run = () => perft(pos, depth);
  }
  const times = { module: [], variant: [] };
  let nodes;
  for (let round = 0; round < rounds; round++) {
    const [moduleMs, expected] = time(() => pos.perft(depth, false));
    const [variantMs, count] = time(run);
    if (count !== expected) throw new Error(`${child}: ${count} nodes, not ${expected}`);
    nodes = expected;
    times.module.push(moduleMs);
    times.variant.push(variantMs);
  }
  console.log(JSON.stringify({ nodes, times }));
} else {
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const line = (name, ms, nodes, ratio) =>
    console.log(`${name.padEnd(9)} best ${ms.toFixed(1).padStart(8)} ms ${(nodes / ms / 1000).toFixed(2).padStart(6)} Mnps, median ratio ${ratio}`);
  console.log(`perft ${depth} ${command}, nobulk, ${rounds} rounds per variant, CPU time`);
  let moduleTimes = [];
  const results = [];
  for (const variant of variants) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      env: { ...process.env, HAYANAGI_BENCH_VARIANT: variant },
      encoding: "utf8",
    });
    const result = JSON.parse(out);
    if (result.skipped) {
      console.log(`${variant.padEnd(9)} skipped: ${result.skipped}`);
      continue;
    }
    moduleTimes = moduleTimes.concat(result.times.module);
    results.push([variant, result]);
  }
  if (results.length === 0) process.exit(0);
  const nodes = results[0][1].nodes;
  line("module", Math.min(...moduleTimes), nodes, "1");
  for (const [variant, { times }] of results) {
    const ratio = median(times.variant.map((ms, i) => ms / times.module[i]));
    line(variant, Math.min(...times.variant), nodes, `${ratio.toFixed(2)}x`);
  }
  const best = Object.fromEntries(results.map(([variant, { times }]) => [variant, Math.min(...times.variant)]));
  if (best.codes !== undefined && best.shogiops !== undefined) {
    console.log(`shogiops over JS over codes: ${(best.shogiops / best.codes).toFixed(1)}x (best times)`);
  }
}
