/**
 * Builds (and resumes) the opening table of the standard board: solves the 6-knight layer shard by shard with
 * one solver whose transposition table stays warm across the whole run, and after each shard derives every
 * placement position whose children are all known and rewrites the data file atomically (a temporary file,
 * then a rename), so a stopped build loses at most the shard under way. Progress (CPU time and nodes of each
 * shard) goes to `standard.progress.json`, written the same way.
 *
 *   nice -n 19 npx tsx packages/bots/src/knights/table/build.ts [--minutes N] [--shards FROM-TO] [--stride S] [--bits B]
 *
 * `--minutes` stops before starting a shard once that much time has passed; `--shards` limits the run to a
 * range of shard numbers (inclusive), every S-th of them with `--stride`; `--bits` sets the solver's table size (2^B entries, 16 bytes each).
 * Builds may run side by side on disjoint shards (one per core, e.g. `--stride 2` from shards 0 and 1): each merges its shards into the file under
 * a lock file.
 */
import { STANDARD_LAYOUT } from '@attila/knights';
import { KnightsSolver } from '../solver/search.js';
import { encodeValue } from './format.js';
import { readProgress, withLock, writeFileAtomically, writeProgress, type ShardRecord } from './progress.js';
import { shardCount, shardDone, shardRange, solveShard } from './shards.js';
import { KNIGHTS } from './space.js';
import { loadTableFile, STANDARD_SHARD_SIZE, STANDARD_TABLE_FILE } from './load.js';
import { layoutGeometry, OpeningTable, tableSpaceFor } from './table.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const deadline = option('--minutes') ? Date.now() + Number(option('--minutes')) * 60_000 : Infinity;
const bits = Number(option('--bits') ?? 22);

const layout = STANDARD_LAYOUT;
const space = tableSpaceFor(layout);
const table =
  loadTableFile(STANDARD_TABLE_FILE, layout) ?? OpeningTable.empty(space, layout.shape, STANDARD_SHARD_SIZE);
const shards = shardCount(table);
const [first, last] = (option('--shards') ?? `0-${shards - 1}`).split('-').map(Number);
const solver = new KnightsSolver(layoutGeometry(layout), bits);
const base = space.offsets[KNIGHTS];

const stride = Number(option('--stride') ?? 1);

for (let shard = first; shard <= Math.min(last, shards - 1); shard += stride) {
  if (shardDone(table, shard)) continue;
  if (Date.now() > deadline) break;
  const { from, to } = shardRange(table, shard);
  const wall = Date.now();
  const cpu = process.cpuUsage();
  const { values, nodes } = solveShard(solver, table, shard);
  const used = process.cpuUsage(cpu);
  const record: ShardRecord = {
    shard,
    positions: to - from,
    cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100,
    wallSeconds: Math.round((Date.now() - wall) / 10) / 100,
    nodes,
    finishedAt: new Date().toISOString(),
  };
  const progress = withLock(STANDARD_TABLE_FILE, () => {
    // Another build may have finished shards meanwhile: merge into the file as it is now.
    const latest = loadTableFile(STANDARD_TABLE_FILE, layout);
    if (latest !== null) table.values.set(latest.values.subarray(base), base);
    values.forEach((v, i) => (table.values[base + from + i] = encodeValue(v)));
    table.deriveLowerLayers();
    writeFileAtomically(STANDARD_TABLE_FILE, table.toBytes());
    const p = readProgress();
    p.shards = [...p.shards.filter((x) => x.shard !== shard), record].sort((a, b) => a.shard - b.shard);
    writeProgress(p);
    return p;
  });
  const done = progress.shards.length;
  console.log(
    `shard ${shard}: ${record.positions} positions, ${record.cpuSeconds} s CPU, ${(nodes / 1e6).toFixed(1)} M nodes ` +
      `(${done}/${shards} shards done)`,
  );
}
