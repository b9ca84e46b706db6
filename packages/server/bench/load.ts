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
 *     [--serve-args "--log-level info"]        (more options for `attila serve`, space-separated)
 *     [--client-threads 2]                      (the clients split over worker threads: one event loop reading
 *                                                 every socket is itself late, which the latency includes)
 *     [--node-args "--max-semi-space-size=4"]   (options for the server's `node`, space-separated)
 *     [--floor]                                  (instead of `attila serve`, floor-server.ts: the least server
 *                                                 these clients accept, no storage and no checks: the transport's
 *                                                 own cost per move on this machine)
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
import { Worker } from 'node:worker_threads';
import { LoadClients, type ClientFigures, type ClientSettings } from './load-clients.js';
import type { ClientThreadRequest } from './load-client-thread.js';

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
const CLIENT_THREADS = Number(arg('client-threads', '1'));
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
const SERVE_ARGS = arg('serve-args', '').split(' ').filter(Boolean);
const NODE_ARGS = arg('node-args', '').split(' ').filter(Boolean);
const FLOOR = process.argv.includes('--floor');

async function startChild(): Promise<{ url: string; child: ChildProcess }> {
  const bin = fileURLToPath(new URL('../../cli/bin/attila.js', import.meta.url));
  const store =
    POSTGRES && SCHEMA
      ? ['--postgres', POSTGRES, '--postgres-schema', SCHEMA, ...(REDIS ? ['--redis', REDIS] : [])]
      : ['--db', join(mkdtempSync(join(tmpdir(), 'attila-load-')), 'load.db')];
  const serve = [
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
    ...SERVE_ARGS,
  ];
  const floor = ['--import', 'tsx', fileURLToPath(new URL('./floor-server.ts', import.meta.url))];
  const child = spawn(
    process.execPath,
    [
      ...(CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : []),
      ...NODE_ARGS,
      ...(FLOOR ? floor : serve),
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

/** The clients as load.ts drives them, in this thread or in worker threads. */
interface Clients {
  measure(): void;
  /** Stops measuring: each thread's figures. */
  figures(): Promise<ClientFigures[]>;
  stop(): void;
}

type Settings = Omit<ClientSettings, 'first' | 'step'>;

async function clientsHere(settings: Settings): Promise<Clients> {
  const clients = new LoadClients({ ...settings, first: 0, step: 1 });
  // Every 100 games: a run that stalls while creating them shows where.
  await clients.start(GAMES, (n) => n % 100 === 0 && n < GAMES && console.error(`${n} games started`));
  return {
    measure: () => clients.measure(),
    figures: async () => [clients.figures()],
    stop: () => clients.stop(),
  };
}

/** `threads` worker threads, each with its share of the games (its own seed, every `threads`-th placement). */
async function clientThreads(settings: Settings, threads: number): Promise<Clients> {
  const boot = new URL('../src/bots/worker-boot.js', import.meta.url);
  const entry = new URL('./load-client-thread.ts', import.meta.url).href;
  const workers = Array.from({ length: threads }, (_, i) => {
    const games = Math.floor(GAMES / threads) + (i < GAMES % threads ? 1 : 0);
    const own: ClientSettings = { ...settings, seed: `${settings.seed}-${i}`, first: i, step: threads };
    return new Worker(boot, { workerData: { entry, settings: own, games } });
  });
  const next = (w: Worker) =>
    new Promise<{ started?: number; figures?: ClientFigures }>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });
  await Promise.all(workers.map(next));
  const tell = (m: ClientThreadRequest) => workers.forEach((w) => w.postMessage(m));
  return {
    measure: () => tell('measure'),
    figures: async () => {
      const answers = workers.map(next);
      tell('figures');
      return (await Promise.all(answers)).map((a) => a.figures!);
    },
    stop: () => {
      tell('stop');
      workers.forEach((w) => void w.terminate());
    },
  };
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
const settings = { urls, game: GAME, players: PLAYERS, thinkMs: THINK_MS, seed: 'load' } as const;
const creating = performance.now();
const clients =
  CLIENT_THREADS > 1 ? await clientThreads(settings, CLIENT_THREADS) : await clientsHere(settings);
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
clients.measure();
const started = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const figures = await clients.figures();
const elapsed = (performance.now() - started) / 1000;
const serverCpuMs = child ? sum(cpuMsOf) - cpuStart : NaN;
const mainCpuMs = child ? sum(mainThreadCpuMsOf) - mainCpuStart : NaN;
const ownCpu = process.cpuUsage(ownCpuStart);
const services = servicesCpuBetween(servicesStart, await servicesCpu());
clients.stop();
clearInterval(sampler);
const rss = child ? sum(rssOf) : 0;
const movesInWindow = figures.reduce((n, f) => n + f.moves, 0);
const total = (key: 'gamesFinished' | 'sends' | 'updatesSeen' | 'errors') =>
  figures.reduce((n, f) => n + f[key], 0);
const sorted = figures.flatMap((f) => f.latencies).sort((a, b) => a - b);
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
  gamesFinished: total('gamesFinished'),
  sends: total('sends'),
  updatesSeen: total('updatesSeen'),
  errors: total('errors'),
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
  clientThreads: CLIENT_THREADS,
  // How late the clients' event loop ran a 5 ms timer (ms; the latest of the client threads): what the
  // clients themselves added to a move's latency while its update waited to be read.
  clientLoopLateMs: {
    p50: Math.max(...figures.map((f) => f.late.p50)),
    p99: Math.max(...figures.map((f) => f.late.p99)),
    max: Math.max(...figures.map((f) => f.late.max)),
  },
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
