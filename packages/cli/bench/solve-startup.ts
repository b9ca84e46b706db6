/**
 * `attila knights solve` as a whole process, the way a person runs it (issue 29: any standard-board placement
 * position in under 1 s, any move-phase position in under 1 s once the tablebase is built). Positions are
 * drawn at random from seeded bot-vs-bot games (the puzzle miner's, as in the analysis board's benchmark),
 * the empty board always among the placement ones; each is solved `--runs` times by a fresh
 * `node packages/cli/bin/attila.js knights solve POSITION`, timed from spawn to exit (wall clock), and where
 * `/usr/bin/time` exists its user + system CPU too. Prints the median and max per phase, and where each
 * answer came from (`table`, `tablebase`, `solver`). Refuses to run without the standard board's tablebase
 * (`--tablebase DIR`, default as the command's), which the move phase needs to be answered at once.
 *
 * `--from-sources` times the command run through the TypeScript loader (ATTILA_FROM_SOURCES=1), as it was
 * before it was compiled. The compiled command is built first (one untimed run), so the figures are those
 * of an installed clone, not of the first run after an edit.
 *
 *   nice -n 5 npx tsx packages/cli/bench/solve-startup.ts [--count 10] [--runs 3] [--seed bench]
 *     [--tablebase DIR] [--from-sources]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Rng } from '@attila/core';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { tablebaseFileIn } from '@attila/bots';
import { botGame } from '../../bots/src/knights/puzzles/mine.js';
import { defaultTablebaseDir } from '../src/data-dir.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: 'bench' },
    tablebase: { type: 'string' },
    'from-sources': { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.count);
const RUNS = Number(args.runs);
const BIN = fileURLToPath(new URL('../bin/attila.js', import.meta.url));
const TABLEBASE = args.tablebase ?? defaultTablebaseDir(process.env, homedir());
if (!existsSync(tablebaseFileIn(TABLEBASE, STANDARD_LAYOUT))) {
  console.error(`no tablebase in ${TABLEBASE}: build it first (attila knights tablebase build)`);
  process.exit(1);
}
const TIME = existsSync('/usr/bin/time');
const env = { ...process.env, ...(args['from-sources'] ? { ATTILA_FROM_SOURCES: '1' } : {}) };

/** `count` positions drawn without repeats from the games' positions that pass `keep`. */
function draw(rng: Rng, keep: (p: Position) => boolean, count: number): Position[] {
  const pool = new Map<string, Position>();
  for (let g = 0; pool.size < count * 4 && g < 2000; g++) {
    for (const p of botGame(args.seed!, g).positions) if (keep(p)) pool.set(p.toString(), p);
  }
  const all = [...pool.values()];
  const picked: Position[] = [];
  while (picked.length < count && all.length > 0) picked.push(all.splice(rng.int(all.length), 1)[0]);
  return picked;
}

interface Run {
  readonly wallMs: number;
  readonly cpuMs: number | null;
  readonly source: string;
}

function solve(position: string): Run {
  const command = [BIN, 'knights', 'solve', '--tablebase', TABLEBASE, position];
  const start = performance.now();
  const r = TIME
    ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, ...command], { encoding: 'utf8', env })
    : spawnSync(process.execPath, command, { encoding: 'utf8', env });
  const wallMs = performance.now() - start;
  if (r.status !== 0) throw new Error(`attila knights solve "${position}" failed: ${r.stderr}`);
  const cpu = /cpu ([0-9.]+) ([0-9.]+)/.exec(r.stderr);
  const answer = JSON.parse(r.stdout) as { source: string };
  return { wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null, source: answer.source };
}

const rng = Rng.fromSeed(`${args.seed}:draw`);
const empty = Position.empty(STANDARD_LAYOUT, 'R');
const phases = {
  placement: [empty, ...draw(rng, (p) => p.phase() === 'placement' && !p.equals(empty), COUNT - 1)],
  'move phase': draw(rng, (p) => p.phase() === 'turns', COUNT),
};

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

solve(empty.toString()); // builds the compiled command if a source changed since it was
console.log(
  `attila knights solve as a whole process${args['from-sources'] ? ' (from the sources, through tsx)' : ''}: ` +
    `${COUNT} positions a phase, ${RUNS} runs each; load average ${loadavg()[0].toFixed(2)}`,
);
for (const [phase, positions] of Object.entries(phases)) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) for (const p of positions) runs.push(solve(p.toString()));
  const walls = runs.map((r) => r.wallMs);
  const cpus = runs.flatMap((r) => (r.cpuMs === null ? [] : [r.cpuMs]));
  const sources = new Map<string, number>();
  for (const r of runs) sources.set(r.source, (sources.get(r.source) ?? 0) + 1);
  console.log(
    `${phase.padEnd(10)}  wall median ${ms(median(walls))}, max ${ms(Math.max(...walls))}` +
      (cpus.length > 0 ? `; CPU median ${ms(median(cpus))}, max ${ms(Math.max(...cpus))}` : '') +
      `; answered from ${[...sources].map(([s, n]) => `${s} ${n}`).join(', ')}`,
  );
}
console.log(`load average ${loadavg()[0].toFixed(2)} at the end`);
