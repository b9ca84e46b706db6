/**
 * How long a person waits for a bot's answer while bots-only tables keep the bot threads busy. Starts the
 * real server (in process, default bots, one bot thread as on a 2-core machine, no bot delay), keeps
 * `--busy` bots-only Knights tables playing (a finished one is replaced), and plays a person against
 * Knights `easy` over a real WebSocket: the time from the person's move to the bot's answer (its update).
 *
 *   npx tsx packages/server/bench/bot-fairness.ts [--busy 8] [--bots hard,perfect] [--moves 30]
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { Rng } from '@attila/core';
import type { CreateTableResponse, ServerMessage, TableInfo } from '@attila/protocol';
import { startServer } from '../src/server.js';
import { TestClient } from '../src/test-support/client.js';
import { get, post, tempDb } from '../src/test-support/http.js';

const { values } = parseArgs({
  options: {
    busy: { type: 'string', default: '8' },
    bots: { type: 'string', default: 'hard,perfect' },
    moves: { type: 'string', default: '30' },
  },
});
const busy = Number(values.busy);
const [botA, botB] = values.bots.split(',');

const server = await startServer({
  port: 0,
  dbFile: tempDb(),
  botDelayMs: 0,
  botThreads: 1,
  httpRate: false,
  botTables: { perAddress: 1000, overall: 1000 },
  logger: pino({ level: 'silent' }),
});

const botsOnly = async () =>
  post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    seats: [
      { type: 'bot', bot: botA },
      { type: 'bot', bot: botB ?? botA },
    ],
    listed: false,
  });

let running = true;
const ids = new Set<string>();
for (let i = 0; i < busy; i++) ids.add((await botsOnly()).body.table.id);
// Keeps `busy` bots-only games going.
const keeper = (async () => {
  while (running) {
    for (const id of [...ids]) {
      const t = await get<{ table: TableInfo }>(server.url, `/api/tables/${id}`);
      if (t.body.table.status === 'finished') {
        ids.delete(id);
        ids.add((await botsOnly()).body.table.id);
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
})();

const latencies: number[] = [];
const rng = Rng.fromSeed('fairness');
const want = Number(values.moves);
while (latencies.length < want) {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    settings: { first: 'R' },
    seats: [{ type: 'human' }, { type: 'bot', bot: 'easy' }],
    name: 'Ann',
    listed: false,
  });
  const client = await TestClient.connect(server.url);
  client.send({ type: 'hello', table: created.body.table.id, seat: 0, token: created.body.token });
  let snap = (await client.next('welcome')).snapshot;
  while (snap && snap.result === null && latencies.length < want) {
    if (!snap.toAct.includes(0)) {
      const seq: number = snap.seq;
      snap = (await client.next('update', (m) => m.seq > seq, 120_000)).snapshot;
      continue;
    }
    const t0 = performance.now();
    client.send({ type: 'move', seq: snap.seq, move: rng.pick(snap.legalMoves) });
    const mine = await client.next('update', (m) => m.seat === 0);
    snap = mine.snapshot;
    if (snap.result !== null) break;
    const answer: Extract<ServerMessage, { type: 'update' }> = await client.next(
      'update',
      (m) => m.seat === 1,
      120_000,
    );
    latencies.push(performance.now() - t0);
    snap = answer.snapshot;
  }
  client.socket.close();
}
running = false;
await keeper;
await server.close();
const s = [...latencies].sort((a, b) => a - b);
const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(0);
console.log(
  `person vs knights easy, ${busy} bots-only tables (${values.bots}) running: ${s.length} answers, ` +
    `p50 ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms`,
);
