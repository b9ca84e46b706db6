/**
 * How many players one server serves at once with quick pairing running (issue 35): N people, each a guest
 * session over real HTTP and WebSockets, join the Knights `fast` pool, wait on their entry's event stream
 * until paired, play the game at the table they were given (a random legal move after a think time drawn
 * from an exponential distribution, mean `--think-ms`), and join the pool again when it ends — the loop a
 * player of quick pairing goes through. The server is `attila serve` as a child process on a fresh SQLite
 * database. Prints, over the measuring window: pairings per second, the wait from joining to hearing
 * "paired" (p50/p99), the latency from sending a move to its update (p50/p99), and the CPU the server got.
 *
 *   npx tsx packages/server/bench/pairing-capacity.ts [--players 200,500,1000] [--seconds 30] [--warmup 30]
 *     [--think-ms 1000] [--db-dir DIR]
 *
 * Each count runs against a fresh server. The players all come from 127.0.0.1, so the server runs with the
 * per-address limits raised, as the load script does. The clients share this machine's cores with the server.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '@attila/core';
import type { PoolEvent, PoolJoined } from '@attila/protocol';
import { startChild } from '../src/test-support/child.js';
import { Visitor } from '../src/test-support/visitor.js';
import { arg, cpuMsOf, percentile, playSeat, type PlayFigures } from './capacity-support.js';

const COUNTS = arg('players', '200,500,1000').split(',').map(Number);
const SECONDS = Number(arg('seconds', '30'));
const WARMUP = Number(arg('warmup', '30'));
const THINK_MS = Number(arg('think-ms', '1000'));
const rng = Rng.fromSeed('pairing-capacity');
/** Where the database goes (e.g. /dev/shm, to see what the disk's syncs cost). */
const DB_DIR = arg('db-dir', tmpdir());

/** `attila serve` as the tests start it, with the per-address limits out of the way of one address's players. */
async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const db = join(mkdtempSync(join(DB_DIR, 'attila-pairing-')), 'pairing.db');
  const server = await startChild(db, ['--http-rate', '1000000', '--sockets-per-address', '0']);
  return { url: server.url, child: server.process };
}

interface Figures extends PlayFigures {
  waits: number[];
  pairings: number;
}

/** The entry's event stream until it says where to sit (or the entry is gone). */
async function pairedAt(v: Visitor, entry: string): Promise<{ table: string; seat: number }> {
  const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
  const abort = new AbortController();
  const res = await fetch(`${v.url}/api/pools/entries/${entry}/events`, {
    headers: { cookie },
    signal: abort.signal,
  });
  if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n')) {
          if (!line.startsWith('data: ')) continue;
          const event = JSON.parse(line.slice(6)) as PoolEvent;
          if (event.type === 'paired') return { table: event.table, seat: event.seat };
          if (event.type === 'gone') throw new Error(`entry gone: ${event.reason}`);
        }
      }
    }
  } finally {
    abort.abort();
  }
  throw new Error('the event stream ended');
}

/** One person of quick pairing: join, wait, play, again, until told to stop. */
async function person(url: string, f: Figures, stop: { stopped: boolean }): Promise<void> {
  const v = new Visitor(url, 'pairing bench');
  const guest = await v.post('/api/me/guest');
  if (guest.status !== 201) throw new Error(`guest: ${guest.status}`);
  while (!stop.stopped) {
    const joinedAt = performance.now();
    const joined = await v.post<PoolJoined>('/api/pools/join', { game: 'knights', speed: 'fast' });
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
    const { table, seat } = await pairedAt(v, joined.body.entry);
    if (f.measuring) {
      f.waits.push(performance.now() - joinedAt);
      f.pairings++;
    }
    await playSeat(url, { table, seat, token: joined.body.token }, f, rng, THINK_MS);
  }
}

const rows = [];
for (const players of COUNTS) {
  const { url, child } = await startServer();
  const f: Figures = { measuring: false, waits: [], latencies: [], pairings: 0, games: 0, errors: 0 };
  const stop = { stopped: false };
  const failures: unknown[] = [];
  // People arrive over the warm-up, not all in one instant.
  for (let i = 0; i < players; i++) {
    setTimeout(
      () => void person(url, f, stop).catch((e: unknown) => stop.stopped || failures.push(e)),
      (i / players) * WARMUP * 500,
    );
  }
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const cpuStart = cpuMsOf(child.pid!);
  const own = process.cpuUsage();
  f.measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  f.measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = (cpuMsOf(child.pid!) - cpuStart) / 1000 / elapsed;
  const ownCpu = process.cpuUsage(own);
  stop.stopped = true;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const waits = f.waits.sort((a, b) => a - b);
  const latencies = f.latencies.sort((a, b) => a - b);
  const row = {
    players,
    thinkMs: THINK_MS,
    seconds: Math.round(elapsed),
    pairingsPerSecond: +(f.pairings / elapsed).toFixed(1),
    gamesFinished: f.games,
    waitMs: { p50: Math.round(percentile(waits, 50)), p99: Math.round(percentile(waits, 99)) },
    moveMs: { p50: +percentile(latencies, 50).toFixed(1), p99: +percentile(latencies, 99).toFixed(1) },
    movesPerSecond: Math.round(latencies.length / elapsed),
    errors: f.errors,
    failures: failures.length,
    serverCpuCores: +serverCpu.toFixed(2),
    clientsCpuCores: +((ownCpu.user + ownCpu.system) / 1e6 / elapsed).toFixed(2),
    loadAverage: loadavg()[0].toFixed(1),
  };
  if (failures.length) console.error(`first failure: ${String(failures[0])}`);
  console.log(JSON.stringify(row));
  rows.push(row);
}
process.exit(0);
