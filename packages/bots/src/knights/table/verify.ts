/**
 * Verifies an opening table (the standard board's unless `--file` names another; the board comes from the
 * file's header): the file's header, checksum and layer sizes (on loading), the structural checks of
 * `check.ts` over the whole table (which tie every placement position to the 6-knight layer), values
 * recomputed by the alpha-beta solver — a random sample of distinct 6-knight entries (`--sample`, 1,000 by
 * default), of 5-knight ones (`--placement-sample`) — and, on the standard board, every entry of the
 * opening book (`book/standard.book`: its win or loss, and its winning placements, must agree).
 *
 *   npx tsx packages/bots/src/knights/table/verify.ts [--file F] [--sample N] [--placement-sample N] [--seed X]
 *
 * The sample is drawn from `--seed` (default `attila`), so a run is reproducible: the same seed checks the same
 * entries, whose ranks are printed with their values (`--list`).
 * Exit status 1 when anything disagrees or a value is missing; the coverage is printed first.
 */
import { Rng } from '@attila/core';
import { existsSync, readFileSync } from 'node:fs';
import { STANDARD_LAYOUT } from '@attila/knights';
import { standardOpeningBook } from '../book/book.js';
import { KnightsSolver } from '../solver/search.js';
import {
  bookProblems,
  distinctRanks,
  sampleProblems,
  structuralProblems,
  type CheckProblem,
} from './check.js';
import { decodeTable } from './format.js';
import { STANDARD_TABLE_FILE } from './load.js';
import { shapeGeometry } from './shape-geometry.js';
import { KNIGHTS, TableSpace } from './space.js';
import { OpeningTable } from './table.js';

const args = process.argv.slice(2);
const numberAfter = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seedArg = args.indexOf('--seed');
const seed = seedArg >= 0 ? args[seedArg + 1] : 'attila';
const rng = Rng.fromSeed(seed);

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
const problems: CheckProblem[] = [];
for (const c of table.coverage()) {
  console.log(`layer ${c.layer}: ${c.known} of ${c.total} positions computed`);
  if (c.known !== c.total)
    problems.push({ layer: c.layer, rank: -1, problem: `${c.total - c.known} values missing` });
}
problems.push(...structuralProblems(table));
console.log(`structural checks over all ${space.total} positions: ${problems.length} problems`);

const solver = new KnightsSolver(space.geometry, 22);
const pick = (layer: number, n: number) => distinctRanks(rng, space.count(layer), n);
const check = (label: string, layer: number, ranks: number[]) => {
  const t0 = process.cpuUsage().user;
  const wall0 = Date.now();
  const found = sampleProblems(solver, table, layer, ranks);
  problems.push(...found);
  const values = ranks.map((r) => table.values[space.offsets[layer] + r] - 128);
  const wins = values.filter((v) => v > 0).length;
  if (args.includes('--list'))
    for (const [i, r] of ranks.entries()) console.log(`  ${label} rank ${r}: ${values[i]}`);
  console.log(
    `${label} (seed ${JSON.stringify(seed)}): ${ranks.length} distinct entries (${wins} wins, ${ranks.length - wins} losses for the side to move) ` +
      `recomputed by the alpha-beta solver, ${found.length} disagree, ` +
      `${((process.cpuUsage().user - t0) / 1e6).toFixed(1)} s CPU, ${((Date.now() - wall0) / 1000).toFixed(1)} s wall`,
  );
};
const sample = numberAfter('--sample', 1000);
if (sample > 0) check('sample of layer 6', KNIGHTS, pick(KNIGHTS, sample));
const placementSample = numberAfter('--placement-sample', 0);
if (placementSample > 0) check('sample of layer 5', KNIGHTS - 1, pick(KNIGHTS - 1, placementSample));
if (table.shape === STANDARD_LAYOUT.shape) {
  const book = standardOpeningBook();
  const found = bookProblems(table, book);
  problems.push(...found);
  console.log(`opening book: ${[...book.entries()].length} entries compared, ${found.length} disagree`);
}
for (const p of problems.slice(0, 50)) console.log(`layer ${p.layer} rank ${p.rank}: ${p.problem}`);
console.log(problems.length === 0 ? 'the table is sound' : 'THE TABLE HAS PROBLEMS');
process.exitCode = problems.length === 0 ? 0 : 1;
