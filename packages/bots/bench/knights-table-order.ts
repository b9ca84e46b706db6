/**
 * Does the order of the build matter? 6-knight positions sharing the other side's knights (the mover's
 * differing by one knight) share children one ply down (a knight of each reaching the same square), while
 * positions sharing the mover's knights (the build's rank order) share them only two plies down. Solves
 * `count` positions with one fixed set for the other side (a) independently and (b) with one warm table.
 *
 *   npx tsx packages/bots/bench/knights-table-order.ts [count=40] [seed=bench]
 */
import { Rng } from '@attila/core';
import { STANDARD_LAYOUT } from '@attila/knights';
import { KnightsSolver } from '../src/knights/solver/search.js';
import { exactScore } from '../src/knights/solver/solve.js';
import { subsets, TableSpace } from '../src/knights/table/space.js';
import { layoutGeometry } from '../src/knights/table/table.js';

const count = Number(process.argv[2] ?? 40);
const rng = Rng.fromSeed(process.argv[3] ?? 'bench');
const geometry = layoutGeometry(STANDARD_LAYOUT);
const space = new TableSpace(geometry);
const others = [...subsets(20, 3)];
const other = others[rng.int(others.length)];
const movers = [...subsets(20, 3)].filter((m) => (m & other) === 0 && space.legal(m | other)).slice(0, count);
const solver = new KnightsSolver(geometry, 22);

for (const [name, clearEach] of [
  ['independent', true],
  ['shared, other side fixed', false],
] as const) {
  solver.table.clear();
  const n0 = solver.nodes;
  const t0 = process.cpuUsage().user;
  for (const m of movers) {
    if (clearEach) solver.table.clear();
    exactScore(solver, { romans: m, huns: other, scorched: 0, side: 0 });
  }
  const cpu = (process.cpuUsage().user - t0) / 1e6;
  console.log(`${name.padEnd(26)} ${((solver.nodes - n0) / 1e6).toFixed(1)} M nodes ${cpu.toFixed(1)} s CPU`);
}
