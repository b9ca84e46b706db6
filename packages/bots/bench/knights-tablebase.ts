/**
 * The tablebase build from nothing, by the command, and the opening table it makes compared byte for byte
 * with the shipped one:
 *
 *   nice -n 10 npx tsx packages/bots/bench/knights-tablebase.ts [--layout standard] [--threads N] [--keep DIR]
 *
 * Runs `attila knights tablebase build` into a fresh folder (or `--keep DIR`, which it leaves in place: the
 * data folder's `tablebase` makes the run also the machine's tablebase) and prints its figures (CPU seconds of
 * all its threads, wall seconds, peak resident memory, per layer; where `/usr/bin/time` exists, also its user
 * and system CPU and maximum resident set), the tablebase's size on disk, and the SHA-256 of the opening table
 * it wrote beside that of `table/standard.table`. Exit status 1 when they differ.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
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
// /usr/bin/time -v reports the child's own peak resident set and CPU (the build's summary measures itself).
const timer = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-v'] : [];
const run = spawnSync(
  timer[0] ?? process.execPath,
  [
    ...timer.slice(1),
    ...(timer.length > 0 ? [process.execPath] : []),
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
  { encoding: 'utf8', stdio: ['ignore', 'pipe', timer.length > 0 ? 'pipe' : 'inherit'], maxBuffer: 1 << 24 },
);
if (timer.length > 0) {
  const err = run.stderr;
  const timeAt = err.indexOf('\tCommand being timed');
  process.stderr.write(timeAt >= 0 ? err.slice(0, timeAt) : err);
  const field = (label: string) => new RegExp(`${label}: ([0-9.:]+)`).exec(err)?.[1];
  console.log(
    `/usr/bin/time: ${field('User time \\(seconds\\)')} s user, ${field('System time \\(seconds\\)')} s system, ` +
      `maximum resident set ${Number(field('Maximum resident set size \\(kbytes\\)')).toLocaleString('en')} KB, ` +
      `wall ${field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)')}`,
  );
}
if (run.status !== 0) {
  console.log(`the build failed (exit ${run.status})`);
  process.exit(1);
}
const summary = JSON.parse(run.stdout.trim().split('\n').pop()!) as { file: string };
console.log(JSON.stringify(summary));
console.log(`tablebase on disk: ${statSync(summary.file).size.toLocaleString('en')} bytes`);
let same = true;
if (layout === 'standard') {
  const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  const built = sha256(opening);
  const shipped = sha256(STANDARD_TABLE_FILE);
  console.log(`sha256 built   ${built}  ${opening}`);
  console.log(`sha256 shipped ${shipped}  ${STANDARD_TABLE_FILE}`);
  same = built === shipped && Buffer.compare(readFileSync(opening), readFileSync(STANDARD_TABLE_FILE)) === 0;
  console.log(
    same
      ? 'the opening table equals the shipped table/standard.table byte for byte'
      : 'THE OPENING TABLE DIFFERS FROM THE SHIPPED ONE',
  );
}
if (!keep) rmSync(dir, { recursive: true });
process.exitCode = same ? 0 : 1;
