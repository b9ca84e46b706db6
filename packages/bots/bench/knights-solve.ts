/**
 * Solver benchmark: random positions just after placement on the standard board (random legal placements,
 * Romans to move), each solved twice with a fresh table: the value alone (win or loss with one move that keeps
 * it) and the exact value with the complete set of optimal moves. One core. Times are CPU time of this process
 * (the machine may be shared); wall-clock totals are printed at the end.
 *
 *   npx tsx packages/bots/bench/knights-solve.ts [count=50] [seed=bench]
 */
import { Rng } from '@attila/core';
import { Board, Position, STANDARD_LAYOUT } from '@attila/knights';
import { solveExact, solveQuick, solverFor, solverPosition } from '../src/knights/index.js';
import { randomPlayedPosition } from '../src/knights/solver/positions.test-support.js';

const count = Number(process.argv[2] ?? 50);
const rng = Rng.fromSeed(process.argv[3] ?? 'bench');
const solver = solverFor(STANDARD_LAYOUT);

function afterPlacement(): Position {
  return randomPlayedPosition(rng, 0, () => new Board(STANDARD_LAYOUT, 0));
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[s.length >> 1], max: s[s.length - 1] };
};
const quickMs: number[] = [];
const exactMs: number[] = [];
let nodes = 0;
let ms = 0;
const wallStart = performance.now();
for (let i = 0; i < count; i++) {
  const position = afterPlacement();
  const p = solverPosition(position);
  solver.table.clear();
  let t = process.cpuUsage().user;
  const q = solveQuick(solver, p);
  const tq = (process.cpuUsage().user - t) / 1000;
  solver.table.clear();
  t = process.cpuUsage().user;
  const e = solveExact(solver, p);
  const te = (process.cpuUsage().user - t) / 1000;
  quickMs.push(tq);
  exactMs.push(te);
  nodes += q.nodes + e.nodes;
  ms += tq + te;
  console.log(
    `${String(i + 1).padStart(3)} ${position.toString()}  quick ${q.value > 0 ? '+1' : '-1'} ${q.nodes} nodes ${tq.toFixed(0)} ms` +
      `  exact ${e.value > 0 ? '+' : ''}${e.value} (${e.best.length} best) ${e.nodes} nodes ${te.toFixed(0)} ms`,
  );
}
const f = (s: { min: number; median: number; max: number }) =>
  `min ${s.min.toFixed(0)} / median ${s.median.toFixed(0)} / max ${s.max.toFixed(0)} ms`;
console.log(`quick: ${f(stats(quickMs))}`);
console.log(`exact: ${f(stats(exactMs))}`);
console.log(`nodes per second: ${Math.round(nodes / (ms / 1000))} (CPU time)`);
console.log(`wall clock: ${((performance.now() - wallStart) / 1000).toFixed(0)} s for ${count} positions`);
