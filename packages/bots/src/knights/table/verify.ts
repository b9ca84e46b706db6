/**
 * Verifies an opening table (the standard board's unless `--file` names another; the board comes from the
 * file's header): the file's header, checksum and layer sizes (on loading), the structural checks of
 * `check.ts` over the whole table, then values recomputed by the solver — a random sample of the computed
 * 6-knight entries, a random sample of computed placement positions, or whole shards.
 *
 *   npx tsx packages/bots/src/knights/table/verify.ts [--file F] [--sample N] [--placement-sample N] [--shard S]... [--seed X]
 *
 * Exit status 1 when anything disagrees; the coverage (computed positions per layer) is printed first.
 */
import { Rng } from '@attila/core';
import { existsSync, readFileSync } from 'node:fs';
import { KnightsSolver } from '../solver/search.js';
import { sampleProblems, structuralProblems, type CheckProblem } from './check.js';
import { decodeTable, UNKNOWN } from './format.js';
import { STANDARD_TABLE_FILE } from './load.js';
import { shapeGeometry } from './shape-geometry.js';
import { shardCount, shardDone, shardRange } from './shards.js';
import { KNIGHTS, TableSpace } from './space.js';
import { OpeningTable } from './table.js';

const args = process.argv.slice(2);
const numberAfter = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const shards = args.flatMap((a, i) => (a === '--shard' ? [Number(args[i + 1])] : []));
const rng = Rng.fromSeed(String(numberAfter('--seed', Date.now())));

const fileArg = args.indexOf('--file');
const file = fileArg >= 0 ? args[fileArg + 1] : STANDARD_TABLE_FILE;
if (!existsSync(file)) {
  console.log(`no table file at ${file}`);
  process.exit(1);
}
let table: OpeningTable;
try {
  const decoded = decodeTable(new Uint8Array(readFileSync(file)));
  table = OpeningTable.fromFile(decoded, new TableSpace(shapeGeometry(decoded.shape)));
} catch (e) {
  console.log((e as Error).message);
  process.exit(1);
}
const space = table.space;
console.log(`${file}: header, checksum and layer sizes good (board ${table.shape})`);
for (const c of table.coverage())
  console.log(`layer ${c.layer}: ${c.known} of ${c.total} positions computed`);
const done = Array.from({ length: shardCount(table) }, (_, s) => s).filter((s) => shardDone(table, s));
console.log(`shards of layer 6 done: ${done.length} of ${shardCount(table)}`);

const problems: CheckProblem[] = structuralProblems(table);
console.log(`structural checks over all ${space.total} positions: ${problems.length} problems`);

const solver = new KnightsSolver(space.geometry, 22);
const knownRanks = (layer: number) => {
  const out: number[] = [];
  for (let r = 0; r < space.count(layer); r++) {
    if (table.values[space.offsets[layer] + r] !== UNKNOWN) out.push(r);
  }
  return out;
};
const pick = (ranks: number[], n: number) =>
  Array.from({ length: Math.min(n, ranks.length) }, () => ranks[rng.int(ranks.length)]);
const check = (label: string, layer: number, ranks: number[]) => {
  const t0 = process.cpuUsage().user;
  const found = sampleProblems(solver, table, layer, ranks);
  problems.push(...found);
  console.log(
    `${label}: ${ranks.length} recomputed, ${found.length} disagree, ${((process.cpuUsage().user - t0) / 1e6).toFixed(1)} s CPU`,
  );
};
const sample = numberAfter('--sample', shards.length > 0 ? 0 : 20);
if (sample > 0) check('sample of layer 6', KNIGHTS, pick(knownRanks(KNIGHTS), sample));
const placementSample = numberAfter('--placement-sample', 0);
if (placementSample > 0)
  check('sample of layer 5', KNIGHTS - 1, pick(knownRanks(KNIGHTS - 1), placementSample));
for (const s of shards) {
  const { from, to } = shardRange(table, s);
  check(
    `shard ${s}`,
    KNIGHTS,
    Array.from({ length: to - from }, (_, i) => from + i),
  );
}
for (const p of problems) console.log(`layer ${p.layer} rank ${p.rank}: ${p.problem}`);
console.log(problems.length === 0 ? 'the table is sound' : 'THE TABLE HAS PROBLEMS');
process.exitCode = problems.length === 0 ? 0 : 1;
