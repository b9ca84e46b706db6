/**
 * The tablebase build from nothing, by the command, and the opening table it makes compared byte for byte
 * with the shipped one:
 *
 *   nice -n 10 npx tsx packages/bots/bench/knights-tablebase.ts [--layout standard] [--threads N] [--keep DIR]
 *
 * Runs `attila knights tablebase build` into a fresh folder and prints its figures (CPU seconds of all its
 * threads, wall seconds, peak resident memory, per layer), the tablebase's size on disk, and whether the
 * opening table it wrote equals `table/standard.table`. Exit status 1 when it does not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STANDARD_TABLE_FILE } from '../src/knights/table/load.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const layout = option('--layout') ?? 'standard';
const keep = option('--keep');
const dir = keep ?? mkdtempSync(join(tmpdir(), 'attila-tablebase-bench-'));
const opening = join(dir, 'opening.table');
const bin = fileURLToPath(new URL('../../cli/bin/attila.js', import.meta.url));
const run = spawnSync(
  process.execPath,
  [
    bin,
    'knights',
    'tablebase',
    'build',
    '--layout',
    layout,
    '--dir',
    dir,
    '--opening-table',
    opening,
    ...(option('--threads') ? ['--threads', option('--threads')!] : []),
  ],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
);
if (run.status !== 0) {
  console.log(`the build failed (exit ${run.status})`);
  process.exit(1);
}
const summary = JSON.parse(run.stdout.trim().split('\n').pop()!) as { file: string };
console.log(JSON.stringify(summary));
console.log(`tablebase on disk: ${statSync(summary.file).size.toLocaleString('en')} bytes`);
let same = true;
if (layout === 'standard') {
  same = Buffer.compare(readFileSync(opening), readFileSync(STANDARD_TABLE_FILE)) === 0;
  console.log(
    same
      ? 'the opening table equals the shipped table/standard.table byte for byte'
      : 'THE OPENING TABLE DIFFERS FROM THE SHIPPED ONE',
  );
}
if (!keep) rmSync(dir, { recursive: true });
process.exitCode = same ? 0 : 1;
