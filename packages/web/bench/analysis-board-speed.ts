/**
 * How fast the analysis board answers, in Chromium against the real server (issue 21's done-when: any
 * standard-board placement position in under 50 ms, any move-phase position in under 1 s, median over 50
 * random positions from real games, the max too). The positions come from seeded bot-vs-bot games (the
 * puzzle miner's games: random, greedy and perfect players mixed): 50 of the move phase and 50 of the
 * placement phase, each drawn at random from all such positions of the games. A placement position is
 * "from the table" when the opening table (as built today) knows every one of its placements, else the
 * server's search and the browser's solver answer it; the two are reported apart.
 *
 * Each position is pasted into the board (the field and Enter, as a person does) on one page, and timed in
 * the page from the Enter to the moment every legal move shows its exact value (and, separately, to the
 * analysis being done, the line of best play included). A position not answered in `--cap` seconds is
 * counted at the cap. Needs the built web app (`npm run build:web`). Wall-clock time; the machine may be
 * shared.
 *
 * Issue 29's targets: every move's value of a placement position under 50 ms (the page's opening table), of a
 * move-phase position under 200 ms with the server's tablebase. The server reads the tablebase folder
 * (`--tablebase-dir`, default as `attila serve`'s); the script refuses to run when the standard board's file
 * is not there (the server would start a 5-minute build instead), and says where the move-phase values came
 * from (the tablebase answers with `complete: true` at once).
 *
 * `--only placement|table|moves` times one class alone (placement: the games' placement positions; table: the
 * table-covered ones; moves: the move phase).
 *
 *   npx tsx packages/web/bench/analysis-board-speed.ts [--seed bench] [--count 50] [--cap 20] [--web-dist DIR]
 *     [--only placement|table|moves] [--profile FILE.cpuprofile] [--trace FILE.json]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { Rng } from '@attila/core';
import { Board, Position, STANDARD_LAYOUT } from '@attila/knights';
import { standardOpeningTable, tablebaseFileIn } from '@attila/bots';
import { botGame } from '../../bots/src/knights/puzzles/mine.js';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: 'bench' },
    count: { type: 'string', default: '50' },
    cap: { type: 'string', default: '20' },
    'web-dist': { type: 'string' },
    'tablebase-dir': { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'string' },
  },
});
const COUNT = Number(args.count);
const CAP_MS = Number(args.cap) * 1000;
const ROOT = new URL('../../../', import.meta.url).pathname;
const TABLEBASE_DIR =
  args['tablebase-dir'] ??
  process.env.ATTILA_TABLEBASE_DIR ??
  join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'attila', 'tablebase');
const STANDARD_TABLEBASE = tablebaseFileIn(TABLEBASE_DIR, STANDARD_LAYOUT);
if (!existsSync(STANDARD_TABLEBASE)) {
  console.error(`no tablebase at ${STANDARD_TABLEBASE}: build it first (attila knights tablebase build)`);
  process.exit(1);
}

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'attila-bench-'));
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'packages/cli/bin/attila.js'),
      'serve',
      '--port',
      '0',
      '--db',
      join(dir, 'bench.db'),
      ...(args['web-dist'] ? ['--web-dist', args['web-dist']] : []),
      '--tablebase-dir',
      TABLEBASE_DIR,
      '--log-level',
      'warn',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** `count` positions drawn without repeats from the games' positions that pass `keep`. */
function draw(rng: Rng, keep: (p: Position) => boolean, count: number): Position[] {
  const pool = new Map<string, Position>();
  for (let g = 0; pool.size < count * 4 && g < 2000; g++) {
    for (const p of botGame(args.seed as string, g).positions) if (keep(p)) pool.set(p.toString(), p);
  }
  const all = [...pool.values()];
  const picked: Position[] = [];
  while (picked.length < count && all.length > 0) picked.push(all.splice(rng.int(all.length), 1)[0]);
  return picked;
}

interface Timing {
  readonly position: string;
  /** Every legal move has its exact value on screen (ms; the cap when it never had). */
  readonly values: number;
  /** The analysis is done (the line of best play too). */
  readonly done: number;
  /** From the Enter to the page's request to the server's analysis (ms), when it made one. */
  readonly asked: number | null;
  /** From the Enter to the server's answer fully received (ms). */
  readonly answered: number | null;
}

/**
 * Runs in the page (as text: tsx would name its functions with a helper the page does not have): presses
 * Enter in the position field and resolves, at the first frame where it holds, with the ms until every legal
 * move shows an exact value and until the analysis is done (`cap` for one that never came).
 */
const IN_PAGE = `(target, total, cap) => new Promise((resolve) => {
  const input = document.querySelector('[data-testid="position-input"]');
  const t0 = performance.now();
  let values = -1;
  const check = () => {
    const now = performance.now() - t0;
    const here = document.querySelector('[data-testid="analysis-board"]')?.getAttribute('data-position') === target;
    const exact = [...document.querySelectorAll('[data-testid="verdict-list"] li strong')]
      .filter((s) => !s.textContent.includes('?')).length;
    if (here && values < 0 && exact === total) values = now;
    const ready = here && document.querySelector('[data-testid="analysis-panel"]')?.getAttribute('data-status') === 'ready';
    if ((values >= 0 && ready) || now > cap) {
      // The request to the server's analysis, as the browser timed it (resource timing).
      const ask = performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('/api/knights/analyse') && e.startTime >= t0).pop();
      return resolve([values < 0 ? cap : values, ready ? now : cap,
        ask ? ask.startTime - t0 : null, ask ? ask.responseEnd - t0 : null]);
    }
    requestAnimationFrame(check);
  };
  performance.clearResourceTimings();
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  check();
})`;

/** Pastes the position and times, in the page, how long until its moves' values and the analysis are done. */
async function time(page: Page, p: Position): Promise<Timing> {
  const position = p.toString();
  const moves = p.legalMoveCodes().length;
  await page.fill('[data-testid="position-input"]', position);
  const [values, done, asked, answered] = (await page.evaluate(
    `(${IN_PAGE})(${JSON.stringify(position)}, ${moves}, ${CAP_MS})`,
  )) as [number, number, number | null, number | null];
  return { position, values, done, asked, answered };
}

const stats = (xs: readonly number[]) => {
  if (xs.length === 0) return 'none';
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return `n ${s.length}, median ${median.toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms`;
};

const rng = Rng.fromSeed(`${args.seed}:draw`);
const moving = draw(rng, (p) => p.phase() === 'turns', COUNT);
const placing = draw(rng, (p) => p.phase() === 'placement', COUNT);
const table = standardOpeningTable();
const fromTable = (p: Position) => table?.knownPlacementValues(p) != null;

/**
 * Placement positions the table answers: those of the games first, then (the table being partly built, the
 * games meet few of them) positions with five knights placed whose placements the table all knows, drawn at
 * random from the table itself.
 */
function coveredByTable(count: number): Position[] {
  const covered = draw(rng, (p) => p.phase() === 'placement' && fromTable(p), count);
  const space = table?.space;
  for (let tries = 0; space && covered.length < count && tries < 1_000_000; tries++) {
    const [mover, other] = space.unrank(5, rng.int(space.count(5)));
    // The side to place has two knights, the other three: the Huns to place, the Romans placed first.
    const board = new Board(STANDARD_LAYOUT, 1);
    board.huns = mover;
    board.romans = other;
    const p = Position.fromBoard(board);
    if (fromTable(p) && !covered.some((c) => c.equals(p))) covered.push(p);
  }
  return covered;
}
const covered = coveredByTable(COUNT);

const serverMs: number[] = [];
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at the start`,
);
const server = await startServer();
// The tablebase is read, not built: wait until the server says it is ready (it opens the file at start).
for (let i = 0; ; i++) {
  const res = await fetch(`${server.url}/api/knights/tablebase?layout=standard`);
  const state = ((await res.json()) as { state: string }).state;
  if (state === 'ready') break;
  if (state !== 'absent' || i > 100) {
    server.stop();
    throw new Error(`the server's tablebase is ${state}, not ready`);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('response', (res) => {
    if (!res.url().endsWith('/api/knights/analyse')) return;
    void res
      .json()
      .then((body: { ms?: number }) => typeof body.ms === 'number' && serverMs.push(body.ms))
      .catch(() => undefined);
  });
  await page.goto(`${server.url}/#/knights/analysis`);
  await page.waitForSelector('[data-testid="position-input"]');
  const run = async (name: string, positions: readonly Position[]) => {
    const out: Array<Timing & { table: boolean }> = [];
    for (const p of positions) {
      const t = { ...(await time(page, p)), table: fromTable(p) };
      out.push(t);
      if (t.values >= CAP_MS) console.log(`  ${name}: not answered in ${CAP_MS / 1000} s: ${t.position}`);
    }
    return out;
  };
  // One placement position first, so the page has fetched the table and started its code (as a person's
  // first look does) before anything is timed.
  await time(page, placing[0]);
  const timed = (only: string) => args.only === undefined || args.only === only;
  const placement = timed('placement') ? await run('placement', placing) : [];
  const tabled = timed('table') ? await run('placement (table)', covered) : [];
  // `--profile FILE`: the page's main thread profiled (Chrome's CPU profile) while the move phase is timed.
  const cdp = args.profile ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // `--trace FILE`: a Chromium performance trace (as DevTools records it) of the move phase.
  if (args.trace) await browser.startTracing(page, { path: args.trace, screenshots: false });
  const movePhase = timed('moves') ? await run('move phase', moving) : [];
  if (args.trace) await browser.stopTracing();
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(args.profile!, JSON.stringify(profile));
  }
  const knights = (t: { position: string }) => (t.position.match(/[RH]/g)?.length ?? 1) - 1;
  console.log(`analysis board in Chromium, seed ${args.seed}, ${new Date().toISOString()}`);
  for (const [name, rows] of [
    ['placement, from the opening table', placement.filter((t) => t.table)],
    ['placement, from the server and the solver', placement.filter((t) => !t.table)],
    ['placement, all', placement],
    ['placement, covered by the table (games and the table itself)', tabled],
    ['move phase', movePhase],
  ] as const) {
    console.log(`${name}:`);
    console.log(`  every move's value: ${stats(rows.map((t) => t.values))}`);
    console.log(`  analysis done (with the line): ${stats(rows.map((t) => t.done))}`);
    // Where the time goes when the server is asked: before the request, the round trip, after the answer.
    const asking = rows.filter((t) => t.asked !== null && t.answered !== null && t.values < CAP_MS);
    if (asking.length > 0) {
      console.log(`  asked the server after: ${stats(asking.map((t) => t.asked!))}`);
      console.log(`  round trip: ${stats(asking.map((t) => t.answered! - t.asked!))}`);
      console.log(`  answer to values shown: ${stats(asking.map((t) => t.values - t.answered!))}`);
    }
  }
  console.log(`server's own time per analysis (its "ms"): ${stats(serverMs)}`);
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} at the end`,
  );
  const byKnights = new Map<number, number[]>();
  for (const t of placement) byKnights.set(knights(t), [...(byKnights.get(knights(t)) ?? []), t.values]);
  for (const [k, xs] of [...byKnights].sort((a, b) => a[0] - b[0])) {
    console.log(`  placement with ${k} knights placed: ${stats(xs)}`);
  }
} finally {
  await browser.close();
  server.stop();
}
