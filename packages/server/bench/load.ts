/**
 * Load test: N concurrent Knights games between random-move clients over real WebSockets on loopback.
 * Starts the real server (`attila serve`) as a child process on a fresh database, keeps N games going
 * (a finished game is replaced by a new one) for a bounded time, and prints moves per second, the latency
 * from sending a move to seeing its update, and the server's memory.
 *
 *   npx tsx packages/server/bench/load.ts [--games 300] [--seconds 20] [--warmup 3] [--url http://...]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { Rng } from '@attila/core';
import type { CreateTableResponse, SeatGrant, ServerMessage } from '@attila/protocol';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const GAMES = Number(arg('games', '20'));
const SECONDS = Number(arg('seconds', '20'));
const WARMUP = Number(arg('warmup', '3'));
const THINK_MS = Number(arg('think-ms', '0'));
const rng = Rng.fromSeed('load');

/** The load clients all come from 127.0.0.1 and create ~100 tables per second: a limit they never reach. */
const HTTP_RATE = ['--http-rate', '1000000', '--sockets-per-address', '0'];

async function startChild(): Promise<{ url: string; child: ChildProcess }> {
  const bin = fileURLToPath(new URL('../../cli/bin/attila.js', import.meta.url));
  const db = join(mkdtempSync(join(tmpdir(), 'attila-load-')), 'load.db');
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--db', db, '--log-level', 'warn', '--bot-delay', '0', ...HTTP_RATE],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
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

/** CPU time (user + system, ms) the process has used so far. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
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

/** One seat's client: moves at random whenever it is to act, and times each move until its update. */
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
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'hello', table, seat, token }));
      resolve(ws);
    });
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if (m.type === 'error') {
        errors++;
        return;
      }
      if (m.type !== 'welcome' && m.type !== 'update' && m.type !== 'table') return;
      const snap = m.snapshot;
      if (!snap) return;
      if (measuring && m.type === 'update') updatesSeen++;
      if (m.type === 'update' && pending && m.seq === pending.seq + 1 && m.seat === seat) {
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
      if (snap.toAct.includes(seat) && snap.legalMoves.length && (!pending || pending.seq < snap.seq)) {
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
      }
    });
  });
}

async function runGame(url: string, stop: { stopped: boolean }): Promise<void> {
  const created = await postJson<CreateTableResponse>(`${url}/api/tables`, {
    game: 'knights',
    settings: {},
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'R',
    listed: false,
  });
  const joined = await postJson<SeatGrant>(`${url}/api/tables/${created.table.id}/join`, { name: 'H' });
  const over = () => {
    gamesFinished++;
    if (!stop.stopped) void runGame(url, stop);
  };
  await seatClient(url, created.table.id, 0, created.token as string, over);
  await seatClient(url, created.table.id, 1, joined.token, () => undefined);
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

const external = process.argv.includes('--url') ? arg('url', '') : null;
const { url, child } = external ? { url: external, child: null } : await startChild();
const stop = { stopped: false };
for (let i = 0; i < GAMES; i += 20) {
  await Promise.all(Array.from({ length: Math.min(20, GAMES - i) }, () => runGame(url, stop)));
}
console.error(`${GAMES} games started`);
await new Promise((r) => setTimeout(r, WARMUP * 1000));
let peakRss = 0;
const sampler = setInterval(() => {
  if (child?.pid) peakRss = Math.max(peakRss, rssOf(child.pid));
}, 500);
const cpuStart = child?.pid ? cpuMsOf(child.pid) : 0;
const ownCpuStart = process.cpuUsage();
measuring = true;
const started = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
const elapsed = (performance.now() - started) / 1000;
const serverCpuMs = child?.pid ? cpuMsOf(child.pid) - cpuStart : NaN;
const ownCpu = process.cpuUsage(ownCpuStart);
stop.stopped = true;
clearInterval(sampler);
const rss = child?.pid ? rssOf(child.pid) : 0;
const sorted = latencies.sort((a, b) => a - b);
const report = {
  games: GAMES,
  thinkMs: THINK_MS,
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
  serverCpuCores: +(serverCpuMs / 1000 / elapsed).toFixed(2),
  clientsCpuCores: +((ownCpu.user + ownCpu.system) / 1e6 / elapsed).toFixed(2),
  loadAverage: (await import('node:os')).loadavg()[0].toFixed(1),
  serverRssMB: Math.round(rss / 1e6),
  serverPeakRssMB: Math.round(peakRss / 1e6),
};
console.log(JSON.stringify(report));
child?.kill('SIGTERM');
process.exit(0);
