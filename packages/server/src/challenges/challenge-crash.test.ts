/**
 * The last acceptance of a challenge dies between storing itself and making the table (the storage fails
 * right after the table is written, as a killed process would): nothing of it is left — the challenge is
 * still waiting for that acceptance (the others' kept), no table — so the player accepts again, and then
 * every player gets the one started table, seated with their own tokens and told on their socket. On
 * SQLite across a restart, and on PostgreSQL with two processes.
 */
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChallengeMessage, ChallengeView } from '@attila/protocol/challenges';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { crashOnceAfterTableWrite } from '../test-support/crash-once.js';
import { tempDb } from '../test-support/http.js';
import { seatWorks } from '../test-support/pool-client.js';
import {
  dropSchema,
  freshSchema,
  postgresUp,
  POSTGRES_URL,
  redisUp,
  REDIS_URL,
} from '../test-support/services.js';
import { PostgresStorage } from '../storage/postgres.js';
import { SqliteStorage } from '../storage/sqlite.js';
import type { Storage } from '../storage/types.js';
import { Visitor } from '../test-support/visitor.js';

const base: ServerOptions = {
  port: 0,
  logger: pino({ level: 'silent' }),
  botDelayMs: 0,
  httpRate: false,
};

type One = { challenge: ChallengeView };

let n = 0;
async function account(url: string, base: string): Promise<Visitor & { name: string }> {
  const v = new Visitor(url) as Visitor & { name: string };
  v.name = `${base}${Date.now() % 100000}x${++n}`;
  await v.post('/api/me/guest');
  const r = await v.post('/api/account/claim', { name: v.name, password: 'a good long password' });
  expect(r.status).toBe(200);
  return v;
}

/** The same browser (its cookies) talking to another server (a restarted one, another process). */
function at(v: Visitor, url: string): Visitor {
  const w = new Visitor(url);
  for (const [k, x] of v.cookies) w.cookies.set(k, x);
  return w;
}

async function playerSocket(v: Visitor): Promise<{ heard: ChallengeView[]; close(): void }> {
  const heard: ChallengeView[] = [];
  const ws = new WebSocket(v.url.replace('http', 'ws') + '/ws/me', {
    headers: { cookie: [...v.cookies].map(([k, x]) => `${k}=${x}`).join('; '), origin: v.url },
  });
  ws.on('message', (d) => heard.push((JSON.parse(d.toString()) as ChallengeMessage).challenge));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { heard, close: () => ws.close() };
}

/** A (challenger, seat 2) challenges B and C to 3-player Tribes; C accepts; B's acceptance crashes. */
async function crashLastAcceptance(url: string, storage: Storage, crashedAfter: () => string | null) {
  const [a, b, c] = [await account(url, 'Ardaric'), await account(url, 'Bleda'), await account(url, 'Cilla')];
  const made = await a.post<One>('/api/challenges', {
    game: 'tribes',
    settings: { players: 3 },
    players: [b.name, c.name],
    seat: 2,
  });
  expect(made.status).toBe(201);
  const id = made.body.challenge.id;
  expect((await c.post<One>(`/api/challenges/${id}/accept`)).body.challenge.status).toBe('pending');

  const crashed = await b.post(`/api/challenges/${id}/accept`);
  expect(crashed.status).toBe(500);
  const lost = crashedAfter();
  expect(lost, 'the table was written, then the process died').not.toBeNull();
  // Nothing of it stayed: no table, and the challenge waits for B's acceptance (C's is kept).
  expect(await storage.getTable(lost!)).toBeNull();
  expect(await storage.activeTables()).toEqual([]);
  const waiting = (await a.get<One>(`/api/challenges/${id}`)).body.challenge;
  expect(waiting).toMatchObject({ status: 'pending', table: null, token: null });
  return { a, b, c, id, lost: lost! };
}

/** B accepts again (through `url`): every player has the one started table and a seat token for it. */
async function acceptAgain(
  url: string,
  players: Record<'a' | 'b' | 'c', Visitor>,
  id: string,
  lost: string,
  storage: Storage,
) {
  const socket = await playerSocket(at(players.a, url));
  const accepted = await at(players.b, url).post<One>(`/api/challenges/${id}/accept`);
  expect(accepted.status).toBe(200);
  const table = accepted.body.challenge.table!;
  expect(accepted.body.challenge.status).toBe('accepted');
  expect(table).not.toBe(lost);
  await expect.poll(() => socket.heard.some((c) => c.id === id && c.table === table)).toBe(true);
  socket.close();
  for (const [who, seat] of [
    ['b', 0],
    ['c', 1],
    ['a', 2],
  ] as const) {
    const view = (await at(players[who], url).get<One>(`/api/challenges/${id}`)).body.challenge;
    expect(view).toMatchObject({ status: 'accepted', table, seat });
    expect((await seatWorks(url, table, seat, view.token!)).status).toBe('playing');
    expect(await storage.accounts.seatPlayer(table, seat)).not.toBeNull();
  }
  expect((await storage.activeTables()).map((t) => t.id)).toEqual([table]);
}

describe('the last acceptance of a challenge crashes after its table is written (SQLite)', () => {
  const dbFile = tempDb();
  let server: RunningServer | null = null;
  afterAll(() => server?.close());

  it('the challenge waits on, cleanly; accepted again after a restart, everyone gets the table', async () => {
    const crash = crashOnceAfterTableWrite(new SqliteStorage(dbFile));
    server = await startServer({ ...base, storage: crash.storage });
    const { a, b, c, id, lost } = await crashLastAcceptance(server.url, crash.storage, crash.crashedAfter);
    await server.close();
    server = await startServer({ ...base, dbFile });
    const check = new SqliteStorage(dbFile);
    try {
      await acceptAgain(server.url, { a, b, c }, id, lost, check);
    } finally {
      await check.close();
    }
  }, 30_000);
});

describe.skipIf(!(postgresUp && redisUp))(
  'the last acceptance of a challenge crashes after its table is written (PostgreSQL, two processes)',
  () => {
    const schema = freshSchema();
    const servers: RunningServer[] = [];
    afterAll(async () => {
      for (const s of servers) await s.close();
      await dropSchema(schema);
    });

    it('the challenge waits on, cleanly; accepted again through the other process, everyone gets the table', async () => {
      const crash = crashOnceAfterTableWrite(
        await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
      );
      servers.push(await startServer({ ...base, storage: crash.storage, redis: REDIS_URL }));
      servers.push(
        await startServer({ ...base, postgres: POSTGRES_URL, postgresSchema: schema, redis: REDIS_URL }),
      );
      const [one, two] = servers.map((s) => s.url);
      const check = await PostgresStorage.open({ connectionString: POSTGRES_URL, schema });
      try {
        const { a, b, c, id, lost } = await crashLastAcceptance(one, check, crash.crashedAfter);
        await acceptAgain(two, { a, b, c }, id, lost, check);
      } finally {
        await check.close();
      }
    }, 30_000);
  },
);
