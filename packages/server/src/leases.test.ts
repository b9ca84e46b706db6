/**
 * One driver per table across server processes (leases.ts): two servers on one PostgreSQL schema and
 * Redis; the table's clock and bots run only in the lease holder, and another server takes them over when
 * the holder shuts down (leases released) or is killed (leases expire).
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, Snapshot } from '@attila/protocol';
import { LocalBroadcast } from './broadcast/local.js';
import { startServer, type RunningServer } from './server.js';
import { SqliteStorage } from './storage/sqlite.js';
import { kill, startChild, type ChildServer } from './test-support/child.js';
import { TestClient } from './test-support/client.js';
import { get, post, tempDb } from './test-support/http.js';
import {
  dropSchema,
  freshSchema,
  postgresUp,
  POSTGRES_URL,
  redisUp,
  REDIS_URL,
} from './test-support/services.js';
import { skipWithout } from './test-support/skip-without.js';

const up = postgresUp && redisUp;
const LEASE_MS = 1500;
// A lease is renewed every third of its time; a dead holder's tables are adopted within about this long.
const TAKEOVER_MS = LEASE_MS + LEASE_MS / 3;
const schema = freshSchema();
const servers: RunningServer[] = [];
let child: ChildServer | null = null;

function server(): Promise<RunningServer> {
  return startServer({
    port: 0,
    postgres: POSTGRES_URL,
    postgresSchema: schema,
    redis: REDIS_URL,
    leaseMs: LEASE_MS,
    botDelayMs: 60,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
  }).then((s) => (servers.push(s), s));
}

beforeAll(async () => {
  if (up) await Promise.all([server(), server()]);
});
afterAll(async () => {
  if (child) await kill(child);
  for (const s of servers) await s.close().catch(() => undefined);
  if (up) await dropSchema(schema);
});

interface Health {
  botMoves: number;
  botOvertaken: number;
  botFailures: number;
  tablesDriven: number;
}
const health = async (url: string) => (await get<Health>(url, '/health')).body;

async function sql<T>(text: string, values: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * The owners of the table leases in force, straight from the database (the singleton jobs' leases, `job:…`,
 * share the table: whichever process runs the purge holds one).
 */
async function leaseOwners(): Promise<string[]> {
  const rows = await sql<{ owner: string }>(
    `SELECT DISTINCT owner FROM ${schema}.leases WHERE until_ms > $1 AND table_id NOT LIKE 'job:%'`,
    [Date.now()],
  );
  return rows.map((r) => r.owner);
}

async function create(url: string, body: Record<string, unknown>): Promise<CreateTableResponse> {
  const r = await post<CreateTableResponse>(url, '/api/tables', body);
  expect(r.status).toBe(201);
  return r.body;
}

/** A person at seat 0 against a bot at seat 1, playing through `client`; `turn()` is one move and the reply. */
async function personVsBot(client: TestClient, table: string, token: string) {
  client.send({ type: 'hello', table, seat: 0, token });
  let snap = (await client.next('welcome')).snapshot as Snapshot;
  if (!snap.toAct.includes(0)) snap = (await client.next('update', (m) => m.seat === 1)).snapshot;
  return {
    /** Moves, and resolves with how long after the acknowledgement the bot's reply came. */
    async turn(ref: string): Promise<number> {
      expect(snap.result).toBeNull();
      client.send({ type: 'move', seq: snap.seq, move: snap.legalMoves[0], ref });
      const ack = await client.next('ack', (m) => m.ref === ref);
      const at = Date.now();
      const reply = await client.next('update', (m) => m.seq === ack.seq + 1, 15_000);
      expect(reply.seat).toBe(1);
      snap = reply.snapshot;
      return Date.now() - at;
    },
  };
}

describe('two server processes: one driver per table (leases)', { timeout: 90_000 }, () => {
  it.skipIf(skipWithout(up, 'PostgreSQL and Redis'))(
    'bots move once per turn, from the lease holder only, though both servers have the table loaded',
    async () => {
      const [one, two] = servers;
      const before = await Promise.all([health(one.url), health(two.url)]);
      // Bots only, created on one; a spectator on two makes two load it while it is being played.
      const t = await create(one.url, {
        game: 'knights',
        seats: [
          { type: 'bot', bot: 'random' },
          { type: 'bot', bot: 'random' },
        ],
      });
      const watcher = await TestClient.connect(two.url);
      watcher.send({ type: 'hello', table: t.table.id });
      const w = await watcher.next('welcome');
      const from = w.snapshot?.seq ?? 0;
      const end =
        w.table.status === 'finished'
          ? w
          : await watcher.next('table', (m) => m.table.status === 'finished', 30_000);
      const moves = end.table.seq;
      const seqs = watcher.received.flatMap((m) => (m.type === 'update' ? [m.seq] : []));
      expect(seqs).toEqual(Array.from({ length: moves - from }, (_, i) => from + i + 1));
      const after = await Promise.all([health(one.url), health(two.url)]);
      expect(after[0].botMoves - before[0].botMoves).toBe(moves);
      expect(after[1].botMoves - before[1].botMoves).toBe(0);
      // Not one bot move was computed twice and thrown away.
      expect(after.map((h) => h.botOvertaken)).toEqual([0, 0]);
      // Two's copy of the game, which only two's sockets heard the end of, learns it at two's next sweep.
      const copy = () => [...two.lobby.loaded()].find((x) => x.id === t.table.id);
      await new Promise((r) => setTimeout(r, LEASE_MS));
      expect(copy()?.status).toBe('finished');
      watcher.close();
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL and Redis'))(
    'a server shutting down releases its tables: the other one drives their bots at once',
    async () => {
      const [one, two] = servers;
      const t = await create(one.url, {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
        name: 'Aetius',
      });
      // The person plays through two; the bot is driven by one, where the table was created.
      const client = await TestClient.connect(two.url);
      const game = await personVsBot(client, t.table.id, t.token as string);
      const before = await Promise.all([health(one.url), health(two.url)]);
      await game.turn('a');
      await game.turn('b');
      const mid = await Promise.all([health(one.url), health(two.url)]);
      expect(mid[0].botMoves - before[0].botMoves).toBe(2);
      expect(mid[1].botMoves - before[1].botMoves).toBe(0);
      // Only one holds leases (two drives nothing yet); shutting down releases them, not waiting for expiry.
      const holders = await leaseOwners();
      expect(holders).toHaveLength(1);
      await one.close();
      expect(await leaseOwners()).not.toContain(holders[0]);
      // The next renewal sweep of two picks the table up.
      expect(await game.turn('c')).toBeLessThan(TAKEOVER_MS + 1000);
      const last = await health(two.url);
      expect(last.botMoves - mid[1].botMoves).toBe(1);
      expect(last.botOvertaken).toBe(0);
      expect(last.tablesDriven).toBeGreaterThanOrEqual(1);
      client.close();
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL and Redis'))(
    'a server killed (SIGKILL) mid-game: once its leases expire, the other runs its clocks and bots',
    async () => {
      const two = servers[1];
      child = await startChild('unused.db', [
        '--postgres',
        POSTGRES_URL,
        '--postgres-schema',
        schema,
        '--redis',
        REDIS_URL,
        '--lease-ms',
        String(LEASE_MS),
        '--bot-delay',
        '60',
      ]);
      const dying = child.url;
      // A person against a bot, playing through two.
      const bot = await create(dying, {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }],
        name: 'Aetius',
      });
      const client = await TestClient.connect(two.url);
      const game = await personVsBot(client, bot.table.id, bot.token as string);
      await game.turn('a');
      // Two people on a 3-second game clock with no bot to take over: running out of time loses.
      const clocked = await create(dying, {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'Aetius',
        clock: { mode: 'game', initialMs: 3000, incrementMs: 0 },
      });
      const joined = await post<SeatGrant>(two.url, `/api/tables/${clocked.table.id}/join`, {
        name: 'Attila',
      });
      expect(joined.status).toBe(200);
      const watcher = await TestClient.connect(two.url);
      watcher.send({ type: 'hello', table: clocked.table.id });
      expect((await watcher.next('welcome')).table.status).toBe('playing');
      // The same, but created and joined on the dying server only: two has never loaded it.
      const orphan = await create(dying, {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'Aetius',
        clock: { mode: 'game', initialMs: 3000, incrementMs: 0 },
      });
      expect((await post(dying, `/api/tables/${orphan.table.id}/join`, { name: 'Attila' })).status).toBe(200);
      const before = await health(two.url);
      const killedAt = Date.now();
      await kill(child);
      child = null;
      // The person moves at once; the bot's reply comes from two once the dead server's lease expired.
      const reply = game.turn('b');
      // On the clocked table nobody moves: its clock runs out on two, which adopted it too.
      const end = await watcher.next('table', (m) => m.table.status === 'finished', 15_000);
      expect(end.table.result?.reason).toMatch(/ran out of time/);
      expect(Date.now() - killedAt).toBeLessThan(3000 + TAKEOVER_MS + 2000);
      expect(await reply).toBeLessThan(TAKEOVER_MS + 1000);
      // Two's periodic sweep adopted the game it had never loaded, and ended it on time (read from the
      // database: asking two about it would load it the ordinary way).
      const stored = async () =>
        (
          await sql<{ status: string; result: { reason?: string } | null }>(
            `SELECT status, result FROM ${schema}.tables WHERE id = $1`,
            [orphan.table.id],
          )
        )[0];
      while ((await stored()).status !== 'finished' && Date.now() - killedAt < 3000 + TAKEOVER_MS + 3000) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await stored()).toMatchObject({
        status: 'finished',
        result: { reason: expect.stringMatching(/time/) },
      });
      const after = await health(two.url);
      expect(after.botMoves - before.botMoves).toBe(1);
      expect(after.botOvertaken).toBe(0);
      client.close();
      watcher.close();
    },
  );
});

describe('a server that cannot renew its leases', { timeout: 60_000 }, () => {
  it('stops driving its tables before the leases run out, and drives them again once it can', async () => {
    let down = false;
    const real = new SqliteStorage(tempDb());
    // The database stops answering lease queries (as when it is unreachable); everything else still works.
    const storage = new Proxy(real, {
      get(target, prop) {
        if (down && (prop === 'claimMany' || prop === 'claimOrphans')) {
          return async () => {
            throw new Error('database unreachable');
          };
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // An in-process broadcast that says other processes may exist: the server uses leases.
    const broadcast = Object.assign(new LocalBroadcast(), { local: false as const });
    const s = await startServer({
      port: 0,
      storage,
      broadcast,
      leaseMs: 600,
      botDelayMs: 250,
      botMinThinkMs: 0,
      logger: pino({ level: 'silent' }),
    });
    try {
      const t = await create(s.url, {
        game: 'knights',
        seats: [
          { type: 'bot', bot: 'random' },
          { type: 'bot', bot: 'random' },
        ],
      });
      expect((await health(s.url)).tablesDriven).toBe(1);
      down = true;
      // Renewals every 200 ms: a failed one that leaves less than that before expiry stops the driving.
      await new Promise((r) => setTimeout(r, 1200));
      expect((await health(s.url)).tablesDriven).toBe(0);
      const now = async () =>
        (await get<{ table: { seq: number; status: string } }>(s.url, `/api/tables/${t.table.id}`)).body
          .table;
      // The game is not over: it waits, no bot moving, while the leases cannot be renewed.
      const stalled = await now();
      expect(stalled.status).toBe('playing');
      await new Promise((r) => setTimeout(r, 600));
      expect((await now()).seq).toBe(stalled.seq);
      down = false;
      const watcher = await TestClient.connect(s.url);
      watcher.send({ type: 'hello', table: t.table.id });
      const w = await watcher.next('welcome');
      if (w.table.status !== 'finished')
        await watcher.next('table', (m) => m.table.status === 'finished', 20_000);
      expect((await health(s.url)).botOvertaken).toBe(0);
      watcher.close();
    } finally {
      await s.close();
    }
  });
});
