/**
 * Benchmark of the build's solver on a fixed sample of layer 6 (ranks FROM..FROM+COUNT): CPU seconds, nodes and
 * positions per CPU second, each value checked against the shipped table where it is known.
 *
 *   npx tsx packages/bots/src/knights/table/bench.ts [--from 0] [--count 250] [--bits 22]
 */
import { STANDARD_LAYOUT } from '@attila/knights';
import { KnightsSolver } from '../solver/search.js';
import { decodeValue } from './format.js';
import { loadTableFile, STANDARD_TABLE_FILE } from './load.js';
import { solveRank } from './shards.js';
import { KNIGHTS } from './space.js';
import { layoutGeometry } from './table.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const from = option('--from', 0);
const count = option('--count', 250);
const table = loadTableFile(STANDARD_TABLE_FILE, STANDARD_LAYOUT);
if (table === null) throw new Error('bench: no standard table');
const solver = new KnightsSolver(layoutGeometry(STANDARD_LAYOUT), option('--bits', 22));
const base = table.space.offsets[KNIGHTS];
const cpu = process.cpuUsage();
let wrong = 0;
let known = 0;
for (let r = from; r < from + count; r++) {
  const v = solveRank(solver, table, r);
  const expected = decodeValue(table.values[base + r]);
  if (expected !== null) {
    known++;
    if (expected !== v) {
      wrong++;
      console.log(`rank ${r}: ${v}, table says ${expected}`);
    }
  }
  if ((r - from + 1) % 50 === 0 && r + 1 < from + count) {
    const t = process.cpuUsage(cpu);
    console.log(
      `... ${r - from + 1} positions, ${((t.user + t.system) / 1e6).toFixed(1)} s CPU, ` +
        `${(solver.nodes / 1e6).toFixed(2)} M nodes, ${known - wrong}/${known} equal`,
    );
  }
}
const used = process.cpuUsage(cpu);
const seconds = (used.user + used.system) / 1e6;
console.log(
  `${count} positions from rank ${from}: ${seconds.toFixed(2)} s CPU, ${(solver.nodes / 1e6).toFixed(2)} M nodes, ` +
    `${(count / seconds).toFixed(2)} positions/CPU-s; ${known - wrong}/${known} equal to the table`,
);
