/**
 * How many players one server serves at once in a running Knights arena (issue 35): N accounts join one
 * arena, and each plays the games the arena gives them — the current game found on the event's page
 * (`GET /api/events/:id` → `you.table/seat/token`), played over the real WebSocket `/ws` with a random legal
 * move after a think time drawn from an exponential distribution (mean `--think-ms`) — then waits for the
 * next pairing. The server is `attila serve` as a child process on a fresh SQLite database.
 *
 * Players learn of their next game by polling, as the web app's event page does: it reads the event once on
 * opening and then every 2 s (web `screens/event.tsx`, `REFRESH_MS`), and a player is back on that page
 * when a game ends. So each player reads the event at once when their game ends, then every 2 s until it
 * names a new table. The wait measured — from the game's end (its result on the socket) to the answer that
 * names the next table — includes that polling and the director's look (every second, `events.tickMs`),
 * which records the finished game and pairs the free players.
 *
 * Prints, over the measuring window after the warm-up: pairings per second (the games the arena made in the
 * window, read from the event's game ordinals), the wait from a game's end to the next game (p50/p99), the
 * latency from sending a move to its update (p50/p99), how long a read of the event took and its size, the
 * CPU the server got (cores, /proc/PID/stat), the load average, and the time to create and join the accounts (warm-up: each claim hashes a password with
 * argon2id, about 50 ms of CPU).
 *
 *   npx tsx packages/server/bench/event-capacity.ts [--players 50,200,500] [--seconds 30] [--warmup 20]
 *     [--think-ms 1000] [--db-dir DIR] [--cpu-prof DIR]
 *
 * `--cpu-prof DIR`: the server writes V8 CPU profiles into DIR as it stops (one per thread; the main thread's
 * is `….0.001.cpuprofile`); keep them out of the repository.
 *
 * Measured (server README, "Load": an arena's capacity), 2026-12-03:
 *
 *   npx tsx packages/server/bench/event-capacity.ts --players 50,200,500
 *   npx tsx packages/server/bench/event-capacity.ts --players 1000
 *
 * Each count runs against a fresh server. The players all come from 127.0.0.1, so the server runs with the
 * per-address limits raised (`--http-rate`, which also bounds account claims; `--sockets-per-address`), as
 * the other benches do. The clients share this machine's cores with the server.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '@attila/core';
import type { EventView } from '@attila/protocol/events';
import { startChild } from '../src/test-support/child.js';
import { createEvent, eventAccount, eventView } from '../src/test-support/event-players.js';
import type { Visitor } from '../src/test-support/visitor.js';
import { arg, cpuMsOf, percentile, playSeat, type PlayFigures } from './capacity-support.js';

const COUNTS = arg('players', '50,200,500').split(',').map(Number);
const SECONDS = Number(arg('seconds', '30'));
const WARMUP = Number(arg('warmup', '20'));
const THINK_MS = Number(arg('think-ms', '1000'));
const DB_DIR = arg('db-dir', tmpdir());
const CPU_PROF_DIR = process.argv.includes('--cpu-prof') ? arg('cpu-prof', '') : null;
/** The web app's event page reads the event this often (screens/event.tsx). */
const POLL_MS = 2_000;
/** Accounts claimed at once in the warm-up (each claim is an argon2id hash on the server's thread pool). */
const CLAIMS_AT_ONCE = 8;
const rng = Rng.fromSeed('event-capacity');

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const db = join(mkdtempSync(join(DB_DIR, 'attila-event-')), 'event.db');
  const server = await startChild(
    db,
    ['--http-rate', '1000000', '--sockets-per-address', '0'],
    CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [],
  );
  return { url: server.url, child: server.process };
}

interface Figures extends PlayFigures {
  /** From a game's end to the event's answer naming the next one, ms. */
  waits: number[];
  /** How long each read of the event (`GET /api/events/:id`) took, ms. */
  reads: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many games the arena has made: its newest game's ordinal + 1 (the view lists the open and latest ones). */
const gamesMade = (event: EventView) => Math.max(-1, ...event.games.map((g) => g.ordinal)) + 1;

/** One entrant: read the event until it names a new table, play it, and again, until told to stop. */
async function entrant(
  url: string,
  v: Visitor,
  eventId: string,
  f: Figures,
  stop: { stopped: boolean },
): Promise<void> {
  let lastTable: string | null = null;
  let freeSince: number | null = null;
  while (!stop.stopped) {
    const asked = performance.now();
    const { you } = await eventView(v, eventId);
    if (f.measuring) f.reads.push(performance.now() - asked);
    if (!you?.table || you.table === lastTable || you.seat === null || !you.token) {
      await sleep(POLL_MS);
      continue;
    }
    if (f.measuring && freeSince !== null) f.waits.push(performance.now() - freeSince);
    await playSeat(url, { table: you.table, seat: you.seat, token: you.token }, f, rng, THINK_MS);
    lastTable = you.table;
    freeSince = performance.now();
  }
}

for (const players of COUNTS) {
  const { url, child } = await startServer();
  const organiser = await eventAccount(url, 'org');
  const event = await createEvent(organiser, {
    name: 'Capacity arena',
    format: 'arena',
    rounds: undefined,
    minutes: 60,
    // A few seconds ahead: an event cannot start in the past.
    startsAt: Date.now() + 3_000,
    // Quick pairing's `fast` clock.
    clock: { mode: 'game', initialMs: 300_000, incrementMs: 3_000 },
    rated: true,
  });
  const f: Figures = {
    measuring: false,
    waits: [],
    latencies: [],
    games: 0,
    errors: 0,
    reads: [],
  };
  const stop = { stopped: false };
  const failures: unknown[] = [];
  // The warm-up: accounts made and entered a few at a time, each playing as soon as it is in.
  const warmupStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLAIMS_AT_ONCE }, async () => {
      while (next < players) {
        next++;
        const v = await eventAccount(url, 'p');
        const joined = await v.post(`/api/events/${event.id}/join`);
        if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
        void entrant(url, v, event.id, f, stop).catch((e: unknown) => stop.stopped || failures.push(e));
      }
    }),
  );
  const accountsSeconds = (performance.now() - warmupStarted) / 1000;
  await sleep(WARMUP * 1000);
  const loadAtStart = loadavg()[0];
  const gamesAtStart = gamesMade(await eventView(organiser, event.id));
  const cpuStart = cpuMsOf(child.pid!);
  const own = process.cpuUsage();
  f.measuring = true;
  const started = performance.now();
  await sleep(SECONDS * 1000);
  f.measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = (cpuMsOf(child.pid!) - cpuStart) / 1000 / elapsed;
  const ownCpu = process.cpuUsage(own);
  const loadAtEnd = loadavg()[0];
  const end = await eventView(organiser, event.id);
  stop.stopped = true;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const waits = f.waits.sort((a, b) => a - b);
  const latencies = f.latencies.sort((a, b) => a - b);
  const reads = f.reads.sort((a, b) => a - b);
  const row = {
    players,
    thinkMs: THINK_MS,
    seconds: Math.round(elapsed),
    accountsSeconds: Math.round(accountsSeconds),
    pairingsPerSecond: +((gamesMade(end) - gamesAtStart) / elapsed).toFixed(1),
    gamesFinished: f.games,
    gamesInEvent: gamesMade(end),
    waitMs: { p50: Math.round(percentile(waits, 50)), p99: Math.round(percentile(waits, 99)) },
    moveMs: { p50: +percentile(latencies, 50).toFixed(1), p99: +percentile(latencies, 99).toFixed(1) },
    movesPerSecond: Math.round(latencies.length / elapsed),
    eventReads: {
      perSecond: Math.round(reads.length / elapsed),
      p50Ms: Math.round(percentile(reads, 50)),
      p99Ms: Math.round(percentile(reads, 99)),
      // The event's page as JSON: every entrant's standing, the games under way and the latest.
      kB: Math.round(JSON.stringify({ event: end }).length / 1000),
    },
    errors: f.errors,
    failures: failures.length,
    serverCpuCores: +serverCpu.toFixed(2),
    clientsCpuCores: +((ownCpu.user + ownCpu.system) / 1e6 / elapsed).toFixed(2),
    loadAverage: `${loadAtStart.toFixed(1)}–${loadAtEnd.toFixed(1)}`,
  };
  if (failures.length) console.error(`first failure: ${String(failures[0])}`);
  console.log(JSON.stringify(row));
}
process.exit(0);
