/**
 * How fast a challenge reaches the player challenged, and its table the challenger: one process (SQLite,
 * the default) or two (PostgreSQL and Redis, `--shared`, each player's socket on another process). Measured:
 * from posting the challenge to the challenged player's socket `/ws/me` hearing it, and from posting the
 * acceptance to the challenger's socket hearing the table (the table made and both seated in between).
 *
 *   npx tsx packages/server/bench/challenge-latency.ts [--rounds 30] [--shared]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import type { ChallengeMessage, ChallengeView } from '@attila/protocol/challenges';
import { startServer, type RunningServer } from '../src/server.js';
import { dropSchema, freshSchema, POSTGRES_URL, REDIS_URL } from '../src/test-support/services.js';
import { Visitor } from '../src/test-support/visitor.js';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 30) || 30;
const shared = process.argv.includes('--shared');
const schema = freshSchema();
const quiet = { port: 0, botDelayMs: 0, httpRate: false as const, logger: pino({ level: 'silent' }) };
const servers: RunningServer[] = [];
for (let i = 0; i < (shared ? 2 : 1); i++) {
  servers.push(
    await startServer(
      shared
        ? { ...quiet, postgres: POSTGRES_URL, postgresSchema: schema, redis: REDIS_URL }
        : { ...quiet, dbFile: join(mkdtempSync(join(tmpdir(), 'attila-bench-')), 'bench.db') },
    ),
  );
}

async function account(url: string, name: string): Promise<Visitor> {
  const v = new Visitor(url);
  await v.post('/api/me/guest');
  await v.post('/api/account/claim', { name, password: 'a good long password' });
  return v;
}

function socket(v: Visitor, heard: (c: ChallengeView) => void): Promise<WebSocket> {
  const ws = new WebSocket(v.url.replace('http', 'ws') + '/ws/me', {
    headers: { cookie: [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; '), origin: v.url },
  });
  ws.on('message', (d) => heard((JSON.parse(d.toString()) as ChallengeMessage).challenge));
  return new Promise((resolve) => ws.once('open', () => resolve(ws)));
}

const a = await account(servers[0].url, `Bench${Date.now() % 100000}a`);
const b = await account(servers[servers.length - 1].url, `Bench${Date.now() % 100000}b`);
/** When each challenge was first heard pending by B, and heard with its table by A (ms, performance.now). */
const heardAt = new Map<string, number>();
const tableAt = new Map<string, number>();
const sockets = [
  await socket(a, (c) => c.table !== null && !tableAt.has(c.id) && tableAt.set(c.id, performance.now())),
  await socket(
    b,
    (c) => c.status === 'pending' && !heardAt.has(c.id) && heardAt.set(c.id, performance.now()),
  ),
];
const until = async (at: Map<string, number>, id: string) => {
  while (!at.has(id)) await new Promise((resolve) => setTimeout(resolve, 1));
  return at.get(id)!;
};

const heardMs: number[] = [];
const startedMs: number[] = [];
const bName = (await b.get<{ player: { name: string } }>('/api/me')).body.player.name;
for (let r = 0; r < rounds; r++) {
  const t0 = performance.now();
  const made = await a.post<{ challenge: ChallengeView }>('/api/challenges', {
    game: 'knights',
    players: [bName],
  });
  const id = made.body.challenge.id;
  heardMs.push((await until(heardAt, id)) - t0);
  const t1 = performance.now();
  await b.post(`/api/challenges/${id}/accept`);
  startedMs.push((await until(tableAt, id)) - t1);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const line = (what: string, xs: number[]) =>
  console.log(
    `${what}: p50 ${pct(xs, 0.5).toFixed(1)} ms, p90 ${pct(xs, 0.9).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`,
  );
console.log(
  `${rounds} challenges, ${shared ? 'two processes (PostgreSQL + Redis)' : 'one process (SQLite)'}`,
);
line('challenge made → heard by the player challenged', heardMs);
line('accepted → the challenger hears the table', startedMs);
for (const s of sockets) s.close();
for (const s of servers) await s.close();
if (shared) await dropSchema(schema);
