/**
 * `attila knights tablebase build`: every move-phase position of a layout solved by the layered build
 * (`@attila/bots` tablebase), written to the tablebase folder in its 4-bit form, with a progress bar and the
 * figures of each layer (positions, CPU, wall clock, memory). `--opening-table <file>` also writes the
 * opening table (the placement phase and the positions just after it) made from layer 0.
 */
import { homedir } from 'node:os';
import { defaultTablebaseDir } from '../data-dir.js';
import { mkdirSync } from 'node:fs';
import {
  buildMemoryBytes,
  TablebaseFile,
  tablebaseSpaceFor,
  makeTablebase,
  tablebaseFileIn,
  type BuildProgress,
  type LayerFigures,
} from '@attila/bots';
import { parseLayout } from '@attila/knights';
import type { Command } from 'commander';

interface BuildOptions {
  readonly layout: string;
  readonly dir: string;
  readonly threads?: string;
  readonly openingTable?: string;
  readonly maxMemory: string;
}

const MB = 1024 * 1024;

function bar(p: BuildProgress): string {
  const width = 30;
  const part = p.done / p.total;
  const filled = Math.round(part * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(100 * part).toFixed(1).padStart(5)}%  layer ${p.layer} (${p.step})`;
}

export function layerLine(f: LayerFigures): string {
  return (
    `layer ${String(f.layer).padStart(2)}: ${f.positions.toLocaleString('en').padStart(13)} positions, ` +
    `${f.cpuSeconds.toFixed(1).padStart(6)} s CPU, ${f.wallSeconds.toFixed(1).padStart(6)} s wall, ` +
    `${Math.round(f.rss / MB)} MB resident`
  );
}

export function registerKnightsTablebase(knights: Command, fail: (message: string) => never): void {
  const tablebase = knights
    .command('tablebase')
    .description('the move-phase tablebase: every position solved by backward induction over scorch layers');
  tablebase
    .command('build')
    .description('solve every move-phase position of a layout and write its tablebase (4 bits a position)')
    .option('--layout <layout>', 'preset name, shape string or tile placements', 'standard')
    .option(
      '--dir <dir>',
      'the tablebase folder (the server reads it too)',
      defaultTablebaseDir(process.env, homedir()),
    )
    .option('--threads <n>', 'worker threads (default: up to 2 cores)')
    .option('--opening-table <file>', 'also write the opening table (placement phase) made from layer 0')
    .option('--max-memory <MB>', 'refuse a layout whose build needs more memory than this', '2048')
    .action(async (opts: BuildOptions) => {
      const layout = parseLayout(opts.layout);
      if (!layout.ok) fail(layout.error.message);
      const threads = opts.threads === undefined ? undefined : Number(opts.threads);
      if (threads !== undefined && (!Number.isInteger(threads) || threads < 1 || threads > 64))
        fail(`--threads takes a whole number from 1 to 64, not "${opts.threads}"`);
      const need = buildMemoryBytes(layout.value);
      const cap = Number(opts.maxMemory) * MB;
      if (!(cap > 0)) fail(`--max-memory takes a number of megabytes, not "${opts.maxMemory}"`);
      if (need > cap)
        fail(
          `the build of this layout needs ${Math.round(need / MB)} MB for its layers ` +
            `(${layout.value.symmetries.length} symmetries), more than --max-memory ${opts.maxMemory}`,
        );
      mkdirSync(opts.dir, { recursive: true });
      const file = tablebaseFileIn(opts.dir, layout.value);
      const err = process.stderr;
      const tty = err.isTTY === true;
      err.write(
        `building ${file} (${layout.value.symmetries.length} symmetries, ${Math.round(need / MB)} MB of layers)\n`,
      );
      const summary = await makeTablebase({
        layout: layout.value,
        tablebaseFile: file,
        openingTableFile: opts.openingTable,
        threads,
        onProgress: (p) => {
          if (tty) err.write(`\r${bar(p)}   `);
        },
        onLayer: (_s, _codes, f) => {
          err.write(`${tty ? '\r\x1b[K' : ''}${layerLine(f)}\n`);
        },
      });
      const out = (line: string) => process.stdout.write(`${line}\n`);
      out(
        JSON.stringify({
          file,
          openingTable: opts.openingTable ?? null,
          positions: summary.positions,
          threads: summary.threads,
          cpuSeconds: Math.round(summary.cpuSeconds * 10) / 10,
          wallSeconds: Math.round(summary.wallSeconds * 10) / 10,
          peakRssMB: Math.round(summary.peakRss / MB),
          layers: summary.layers.map((l) => ({
            layer: l.layer,
            positions: l.positions,
            cpuSeconds: Math.round(l.cpuSeconds * 10) / 10,
            wallSeconds: Math.round(l.wallSeconds * 10) / 10,
          })),
        }),
      );
    });

  tablebase
    .command('stats')
    .description('positions, wins and losses of each layer of a built tablebase (and checks its checksums)')
    .option('--layout <layout>', 'preset name, shape string or tile placements', 'standard')
    .option('--dir <dir>', 'the tablebase folder', defaultTablebaseDir(process.env, homedir()))
    .action((opts: { layout: string; dir: string }) => {
      const layout = parseLayout(opts.layout);
      if (!layout.ok) fail(layout.error.message);
      const file = tablebaseFileIn(opts.dir, layout.value);
      if (!TablebaseFile.exists(file))
        fail(`no tablebase at ${file}: build it with "attila knights tablebase build"`);
      const tb = TablebaseFile.open(file, tablebaseSpaceFor(layout.value), layout.value.shape);
      const damaged = tb.damagedLayers();
      const out = (line: string) => process.stdout.write(`${line}\n`);
      out(
        `${file}: ${tb.bytes.toLocaleString('en')} bytes, checksums ${damaged.length === 0 ? 'good' : `BAD in layers ${damaged.join(', ')}`}`,
      );
      out('scorched  positions        wins (side to move)  losses          longest win');
      for (let s = 0; s <= tb.sp.free; s++) {
        const c = tb.lengthCounts(s);
        const wins = c.reduce((a, n, len) => (len % 2 === 1 ? a + n : a), 0);
        const total = c.reduce((a, n) => a + n, 0);
        const longest = c.reduce((a, n, len) => (len % 2 === 1 && n > 0 ? len : a), 0);
        out(
          `${String(s).padStart(8)}  ${total.toLocaleString('en').padStart(13)}  ${wins.toLocaleString('en').padStart(13)} (${((100 * wins) / total).toFixed(1).padStart(5)}%)  ${(total - wins).toLocaleString('en').padStart(13)}  ${longest > 0 ? `+${longest}` : '-'}`,
        );
      }
      tb.close();
      if (damaged.length > 0) process.exitCode = 1;
    });
}
