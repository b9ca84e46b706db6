/**
 * Opening-table build benchmark: the exact values of 6-knight positions of the standard board (the positions
 * the build has to search), solved (a) independently, the solver's table cleared before each, (b) in rank
 * order with one table kept warm (as the build does: neighbours share the side to move's knights), and
 * (c) with one warm table in random order. Same positions in each mode; CPU time of this process.
 *
 *   npx tsx packages/bots/bench/knights-table.ts [count=60] [seed=bench] [table bits=22] [modes=a,b,c,d]
 *
 * Modes: a independent, b shared in rank order, c shared in random order (all three by `exactScore`), d shared
 * in rank order by the build's `valueScore`.
 */
import { Rng } from '@attila/core';
import { STANDARD_LAYOUT } from '@attila/knights';
import { KnightsSolver } from '../src/knights/solver/search.js';
import { exactScore, valueScore } from '../src/knights/solver/solve.js';
import { scoreToValue, type SolverPosition } from '../src/knights/solver/score.js';
import { KNIGHTS } from '../src/knights/table/space.js';
import { layoutGeometry, tableSpaceFor } from '../src/knights/table/table.js';

const count = Number(process.argv[2] ?? 60);
const rng = Rng.fromSeed(process.argv[3] ?? 'bench');
const space = tableSpaceFor(STANDARD_LAYOUT);
const solver = new KnightsSolver(layoutGeometry(STANDARD_LAYOUT), Number(process.argv[4] ?? 22));
const start = rng.int(space.count(KNIGHTS) - count);
const block = Array.from({ length: count }, (_, i) => start + i);
const shuffled = [...block];
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = rng.int(i + 1);
  [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
}

function run(
  name: string,
  ranks: number[],
  clearEach: boolean,
  solve: (s: KnightsSolver, p: SolverPosition) => number = exactScore,
): Map<number, number> {
  solver.table.clear();
  const values = new Map<number, number>();
  const n0 = solver.nodes;
  const t0 = process.cpuUsage().user;
  for (const r of ranks) {
    if (clearEach) solver.table.clear();
    const [mover, other] = space.unrank(KNIGHTS, r);
    values.set(r, scoreToValue(solve(solver, { romans: mover, huns: other, scorched: 0, side: 0 })));
  }
  const cpu = (process.cpuUsage().user - t0) / 1e6;
  const nodes = solver.nodes - n0;
  console.log(
    `${name.padEnd(34)} ${(nodes / 1e6).toFixed(1).padStart(7)} M nodes  ${cpu.toFixed(1).padStart(6)} s CPU  ` +
      `${(ranks.length / cpu).toFixed(2)} positions/s`,
  );
  return values;
}

console.log(`${count} positions of layer 6, ranks ${start}..${start + count - 1} of ${space.count(KNIGHTS)}`);
const modes = (process.argv[5] ?? 'a,b,c,d').split(',');
const results: Array<Map<number, number>> = [];
if (modes.includes('a')) results.push(run('independent (table cleared each)', block, true));
if (modes.includes('b')) results.push(run('shared table, rank order', block, false));
if (modes.includes('c')) results.push(run('shared table, random order', shuffled, false));
if (modes.includes('d')) results.push(run('shared, rank order, valueScore', block, false, valueScore));

const same = results.every((m) => block.every((r) => m.get(r) === results[0].get(r)));
console.log(same ? `values agree in all ${results.length} modes` : 'VALUES DISAGREE');
