/**
 * Opening-table lookups: the time to load the standard table (read the file, enumerate the space), then
 * lookups per second of a position's value (random positions of the table, in random orientations and with
 * either colour to move) and of all placements' values of a placement position.
 *
 *   npx tsx packages/bots/bench/knights-table-lookup.ts [lookups=1000000]
 */
import { Rng } from '@attila/core';
import { STANDARD_LAYOUT } from '@attila/knights';
import { loadTableFile, STANDARD_TABLE_FILE } from '../src/knights/table/load.js';
import { KNIGHTS } from '../src/knights/table/space.js';

const count = Number(process.argv[2] ?? 1_000_000);
const rng = Rng.fromSeed('lookup');
let t = performance.now();
const table = loadTableFile(STANDARD_TABLE_FILE, STANDARD_LAYOUT);
if (table === null) throw new Error(`no table at ${STANDARD_TABLE_FILE}`);
console.log(
  `loaded in ${(performance.now() - t).toFixed(0)} ms (file, checksum, space of ${table.space.total} positions)`,
);

const syms = STANDARD_LAYOUT.symmetries;
const positions = Array.from({ length: 4096 }, () => {
  const k = rng.int(KNIGHTS + 1);
  const [mover, other] = table.space.unrank(k, rng.int(table.space.count(k)));
  const sym = syms[rng.int(syms.length)];
  const side = rng.int(2) as 0 | 1;
  const [m, o] = [sym.mapMask(mover), sym.mapMask(other)];
  return side === 0 ? { romans: m, huns: o, scorched: 0, side } : { romans: o, huns: m, scorched: 0, side };
});
let known = 0;
t = performance.now();
for (let i = 0; i < count; i++) if (table.positionValue(positions[i & 4095]) !== null) known++;
let s = (performance.now() - t) / 1000;
console.log(`${Math.round(count / s).toLocaleString('en')} position lookups/s (${known} of ${count} known)`);
const placing = positions
  .filter((p) => p.romans !== 0 || p.huns !== 0)
  .filter((p) => table.placementValues(p) !== null);
const n = Math.max(1, Math.floor(count / 20));
t = performance.now();
for (let i = 0; i < n; i++) table.placementValues(placing[i % placing.length]);
s = (performance.now() - t) / 1000;
console.log(
  `${Math.round(n / s).toLocaleString('en')} placement analyses/s (every placement's value of a position)`,
);
