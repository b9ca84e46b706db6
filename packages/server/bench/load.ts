/**
 * Load test: N concurrent games between random-move clients over real WebSockets on loopback.
 * Starts the real server (`attila serve`) as a child process on a fresh database, keeps N games going
 * (a finished game is replaced by a new one) for a bounded time, and prints moves per second, the latency
 * from sending a move to seeing its update, the CPU the server spent per move (with PostgreSQL: its backends'
 * and Redis's too), and the server's memory.
 *
 *   npx tsx packages/server/bench/load.ts [--games 300] [--seconds 20] [--warmup 3] [--think-ms 0]
 *     [--game knights|tribes] [--players 3]   (Tribes: seats per game, all played by clients)
 *     [--url http://...]                        (an external server: no CPU or memory figures)
 *     [--cpu-prof DIR]                          (the server child writes V8 CPU profiles into DIR as it stops)
 *     [--processes 2 --postgres URL --redis URL] (several processes sharing PostgreSQL and Redis: each game's
 *                                                 seats on different processes; CPU summed over them)
 *
 * The child runs without the bot ladder and without the background tablebase build: the ladder's
 * bots-only games think on a worker thread of the server process nonstop (no bot delay here), which the
 * process's CPU per move would count, and the build is a 4-CPU-minute child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { Rng } from '@attila/core';
import type { CreateTableResponse, SeatGrant, ServerMessage, Snapshot } from '@attila/protocol';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const GAMES = Number(arg('games', '20'));
const SECONDS = Number(arg('seconds', '20'));
const WARMUP = Number(arg('warmup', '3'));
const THINK_MS = Number(arg('think-ms', '0'));
const GAME = arg('game', 'knights');
const PLAYERS = GAME === 'tribes' ? Number(arg('players', '3')) : 2;
if (GAME !== 'knights' && GAME !== 'tribes') throw new Error(`--game knights or tribes, not ${GAME}`);
const rng = Rng.fromSeed('load');
const CPU_PROF_DIR = process.argv.includes('--cpu-prof') ? arg('cpu-prof', '') : null;
const PROCESSES = Number(arg('processes', '1'));
const POSTGRES = process.argv.includes('--postgres') ? arg('postgres', '') : null;
const REDIS = process.argv.includes('--redis') ? arg('redis', '') : null;
if (PROCESSES > 1 && (!POSTGRES || !REDIS))
  throw new Error('--processes 2 or more needs --postgres and --redis');
/** A schema of its own in the shared database, dropped at the end. */
const SCHEMA = POSTGRES ? `attila_load_${process.pid}_${Date.now()}` : null;

/** The servers' PostgreSQL connections carry this name: their backends' CPU is counted per move too. */
const APP_NAME = `attila-load-${process.pid}`;

/** The load clients all come from 127.0.0.1 and create ~100 tables per second: a limit they never reach. */
const HTTP_RATE = ['--http-rate', '1000000', '--sockets-per-address', '0'];

async function startChild(): Promise<{ url: string; child: ChildProcess }> {
  const bin = fileURLToPath(new URL('../../cli/bin/attila.js', import.meta.url));
  const store =
    POSTGRES && SCHEMA
      ? ['--postgres', POSTGRES, '--postgres-schema', SCHEMA, ...(REDIS ? ['--redis', REDIS] : [])]
      : ['--db', join(mkdtempSync(join(tmpdir(), 'attila-load-')), 'load.db')];
  const child = spawn(
    process.execPath,
    [
      ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : []),
      bin,
      'serve',
      '--port',
      '0',
      ...store,
      '--log-level',
      'warn',
      '--bot-delay',
      '0',
      '--ladder',
      'off',
      '--tablebase',
      'off',
      ...HTTP_RATE,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PGAPPNAME: APP_NAME },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { url, child };
}

/** CPU time (user + system, ms) the process (all its threads) has used so far. */
function cpuMsOf(pid: number): number {
  return cpuMsIn(`/proc/${pid}/stat`);
}

/** The same for its main thread alone: the event loop, where every message is handled. */
function mainThreadCpuMsOf(pid: number): number {
  return cpuMsIn(`/proc/${pid}/task/${pid}/stat`);
}

function cpuMsIn(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function cpuMsOr0(pid: number): number {
  try {
    return cpuMsOf(pid);
  } catch {
    return 0; // gone
  }
}

/**
 * CPU (ms) used so far by each PostgreSQL backend serving the servers (found by their application name)
 * and by the Redis server of `--redis` (found by its port on this machine), by pid.
 */
async function servicesCpu(): Promise<{ postgres: Map<number, number>; redis: number } | null> {
  if (!POSTGRES) return null;
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: POSTGRES });
  await db.connect();
  const r = await db.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP_NAME]);
  await db.end();
  const postgres = new Map<number, number>(
    r.rows.map((row: { pid: number }) => [row.pid, cpuMsOr0(row.pid)]),
  );
  const port = REDIS ? new URL(REDIS).port || '6379' : null;
  let redis = 0;
  for (const pid of port ? readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : []) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'redis-server') continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`:${port}`)) redis += cpuMsOf(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return { postgres, redis };
}

/** The services' CPU between two samples (a backend that ended meanwhile is left out). */
function servicesCpuBetween(
  a: Awaited<ReturnType<typeof servicesCpu>>,
  b: Awaited<ReturnType<typeof servicesCpu>>,
): { postgres: number; redis: number } | null {
  if (!a || !b) return null;
  let postgres = 0;
  for (const [pid, ms] of b.postgres) postgres += ms - (a.postgres.get(pid) ?? 0);
  return { postgres, redis: b.redis - a.redis };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const latencies: number[] = [];
let measuring = false;
let movesInWindow = 0;
let errors = 0;
let gamesFinished = 0;
let sends = 0;
let updatesSeen = 0;

/**
 * One seat's client: moves at random whenever it is to act, and times each move until its update (the
 * first update of its own seat after the move was sent). A Tribes seat waits for its move's update before
 * it moves again (in a simultaneous phase other seats' updates keep it to act meanwhile).
 */
function seatClient(
  url: string,
  table: string,
  seat: number,
  token: string,
  onOver: () => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws');
    let pending: { seq: number; at: number } | null = null;
    let finished = false;
    let latest: Snapshot | null = null;
    const maybeMove = (snap: Snapshot) => {
      if (!snap.toAct.includes(seat) || !snap.legalMoves.length) return;
      if (pending && (GAME === 'tribes' || pending.seq >= snap.seq)) return;
      const move = JSON.stringify({ type: 'move', seq: snap.seq, move: rng.pick(snap.legalMoves) });
      const send = () => {
        if (ws.readyState !== ws.OPEN) return;
        pending = { seq: snap.seq, at: performance.now() };
        if (measuring) sends++;
        ws.send(move);
      };
      // Marked pending at once so that a repeated view of the same position does not send twice.
      pending = { seq: snap.seq, at: performance.now() };
      if (THINK_MS > 0) setTimeout(send, -THINK_MS * Math.log(1 - rng.nextFloat()));
      else send();
    };
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'hello', table, seat, token }));
      resolve(ws);
    });
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.type === 'error') {
        errors++;
        // Refused (stale in a simultaneous phase, say): decide again on what is known.
        pending = null;
        if (latest && !latest.result) maybeMove(latest);
        return;
      }
      if (m.type !== 'welcome' && m.type !== 'update' && m.type !== 'table') return;
      const snap = m.snapshot;
      if (!snap) return;
      latest = snap;
      if (measuring && m.type === 'update') updatesSeen++;
      if (m.type === 'update' && pending && m.seq > pending.seq && m.seat === seat) {
        if (measuring) {
          latencies.push(performance.now() - pending.at);
          movesInWindow++;
        }
        pending = null;
      }
      if (snap.result) {
        if (!finished) {
          finished = true;
          ws.close();
          if (seat === 0) onOver();
        }
        return;
      }
      maybeMove(snap);
    });
  });
}

/** Several processes: a game's seats are on different ones (the next game starts one further along). */
let nextGame = 0;

async function runGame(urls: readonly string[], stop: { stopped: boolean }): Promise<void> {
  const first = nextGame++;
  const urlOf = (seat: number) => urls[(first + seat) % urls.length];
  const created = await postJson<CreateTableResponse>(`${urlOf(0)}/api/tables`, {
    game: GAME,
    settings: GAME === 'tribes' ? { players: PLAYERS } : {},
    seats: Array.from({ length: PLAYERS }, () => ({ type: 'human' })),
    name: 'R',
    listed: false,
  });
  const tokens = [created.token as string];
  for (let i = 1; i < PLAYERS; i++) {
    const joined = await postJson<SeatGrant>(`${urlOf(i)}/api/tables/${created.table.id}/join`, {
      name: `H${i}`,
    });
    tokens[joined.seat] = joined.token;
  }
  const over = () => {
    gamesFinished++;
    // Once stopped, the server refuses new games as it closes: not an error of the run.
    if (!stop.stopped)
      runGame(urls, stop).catch((e: unknown) => {
        if (!stop.stopped) throw e;
      });
  };
  for (let seat = 0; seat < PLAYERS; seat++) {
    await seatClient(urlOf(seat), created.table.id, seat, tokens[seat], seat === 0 ? over : () => undefined);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const external = process.argv.includes('--url') ? arg('url', '') : null;
const servers: { url: string; child: ChildProcess | null }[] = external
  ? [{ url: external, child: null }]
  : [];
// One after the other: the first migrates the fresh schema.
for (let i = 0; !external && i < PROCESSES; i++) servers.push(await startChild());
const urls = servers.map((s) => s.url);
const pids = servers.flatMap((s) => (s.child?.pid ? [s.child.pid] : []));
const sum = (f: (pid: number) => number) => pids.reduce((n, pid) => n + f(pid), 0);
const child = pids.length ? { pid: pids[0] } : null;
const stop = { stopped: false };
const creating = performance.now();
for (let i = 0; i < GAMES; i += 20) {
  await Promise.all(Array.from({ length: Math.min(20, GAMES - i) }, () => runGame(urls, stop)));
  if ((i + 20) % 100 === 0 && i + 20 < GAMES) console.error(`${i + 20} games started`);
}
console.error(`${GAMES} games started in ${((performance.now() - creating) / 1000).toFixed(1)} s`);
await new Promise((r) => setTimeout(r, WARMUP * 1000));
let peakRss = 0;
const sampler = setInterval(() => {
  if (child) peakRss = Math.max(peakRss, sum(rssOf));
}, 500);
const servicesStart = await servicesCpu();
const cpuStart = sum(cpuMsOf);
const mainCpuStart = sum(mainThreadCpuMsOf);
const ownCpuStart = process.cpuUsage();
measuring = true;
const started = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
const elapsed = (performance.now() - started) / 1000;
const serverCpuMs = child ? sum(cpuMsOf) - cpuStart : NaN;
const mainCpuMs = child ? sum(mainThreadCpuMsOf) - mainCpuStart : NaN;
const ownCpu = process.cpuUsage(ownCpuStart);
const services = servicesCpuBetween(servicesStart, await servicesCpu());
stop.stopped = true;
clearInterval(sampler);
const rss = child ? sum(rssOf) : 0;
const sorted = latencies.sort((a, b) => a - b);
const report = {
  game: GAME,
  players: PLAYERS,
  games: GAMES,
  thinkMs: THINK_MS,
  processes: pids.length || 1,
  store: POSTGRES ? 'postgres' : 'sqlite',
  seconds: Math.round(elapsed * 10) / 10,
  movesPerSecond: Math.round(movesInWindow / elapsed),
  latencyMs: {
    p50: +percentile(sorted, 50).toFixed(2),
    p95: +percentile(sorted, 95).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
    max: +(sorted[sorted.length - 1] ?? NaN).toFixed(2),
  },
  gamesFinished,
  sends,
  updatesSeen,
  errors,
  // CPU the server process really got, per move and as a share of one core: on a shared machine the
  // moves per second are bounded by what the scheduler grants, this shows what each move costs.
  serverCpuUsPerMove: Math.round((serverCpuMs * 1000) / movesInWindow),
  // Of which the main thread (the event loop); the rest is V8's garbage-collection and other helper threads.
  serverMainThreadCpuUsPerMove: Math.round((mainCpuMs * 1000) / movesInWindow),
  serverCpuCores: +(serverCpuMs / 1000 / elapsed).toFixed(2),
  // PostgreSQL's backends serving the servers, and Redis (whoever else uses it meanwhile counts too).
  ...(services && {
    postgresCpuUsPerMove: Math.round((services.postgres * 1000) / movesInWindow),
    redisCpuUsPerMove: Math.round((services.redis * 1000) / movesInWindow),
  }),
  clientsCpuCores: +((ownCpu.user + ownCpu.system) / 1e6 / elapsed).toFixed(2),
  loadAverage: (await import('node:os')).loadavg()[0].toFixed(1),
  serverRssMB: Math.round(rss / 1e6),
  serverPeakRssMB: Math.round(peakRss / 1e6),
};
console.log(JSON.stringify(report));
await Promise.all(
  servers.map(async ({ child: c }) => {
    if (!c) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    // The profile is written as the server exits, and the schema is dropped after: wait for it.
    await exited;
  }),
);
if (POSTGRES && SCHEMA) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: POSTGRES });
  await db.connect();
  await db.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await db.end();
}
process.exit(0);
