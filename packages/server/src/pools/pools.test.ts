/**
 * Quick pairing against the real server (real HTTP, real event streams, real sockets): on the embedded
 * SQLite store, and with two server processes sharing PostgreSQL, where people who join through different
 * processes are paired exactly once.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { TestClient } from '../test-support/client.js';
import { guest, join, seatWorks, Stream } from '../test-support/pool-client.js';
import { tempDb } from '../test-support/http.js';
import {
  dropSchema,
  freshSchema,
  postgresUp,
  POSTGRES_URL,
  redisUp,
  REDIS_URL,
} from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';
import { skipWithout } from '../test-support/skip-without.js';

const TIMES = { tickMs: 100, touchMs: 300, aliveMs: 1500 };
const quiet = pino({ level: 'silent' });

describe('quick pairing on one server (SQLite)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, dbFile: tempDb(), logger: quiet, botDelayMs: 0, pools: TIMES });
  });
  afterAll(() => server?.close());

  it('two players of the Knights pool are paired with each other at one table, each holding a seat', async () => {
    const [a, b] = [await guest(server.url), await guest(server.url)];
    const ja = await join(a, { game: 'knights', speed: 'fast' });
    const sa = await Stream.open(a, ja.entry);
    await expect.poll(() => sa.events[0]?.type).toBe('waiting');
    const jb = await join(b, { game: 'knights', speed: 'fast' });
    const sb = await Stream.open(b, jb.entry);
    const [pa, pb] = [await sa.paired(), await sb.paired()];
    expect(pa.table).toBe(pb.table);
    expect(new Set([pa.seat, pb.seat])).toEqual(new Set([0, 1]));
    const table = await seatWorks(server.url, pa.table, pa.seat, ja.token);
    expect(table.status).toBe('playing');
    expect(table.clock).toEqual({ mode: 'game', initialMs: 300_000, incrementMs: 3000 });
    expect(table.seats.every((s) => s.kind === 'human' && s.name)).toBe(true);
    await seatWorks(server.url, pb.table, pb.seat, jb.token);
    // Another's token does not hold the seat.
    const wrong = await TestClient.connect(server.url);
    wrong.send({ type: 'hello', table: pa.table, seat: pa.seat, token: jb.token });
    expect((await wrong.next('error')).code).toBe('auth.token');
    wrong.socket.close();
  });

  it('refuses a guest in a rated pool, bots in a rated or a Knights pool, and bad input', async () => {
    const g = await guest(server.url);
    const refusal = async (body: unknown) => {
      const r = await g.post<{ error: { code: string; message: string } }>('/api/pools/join', body);
      return [r.status, r.body.error.code];
    };
    expect(await refusal({ game: 'knights', speed: 'fast', rated: true })).toEqual([403, 'pool.rated-guest']);
    expect(
      await refusal({ game: 'tribes', speed: 'fast', seats: 4, rated: true, botsAfterSeconds: 5 }),
    ).toEqual([400, 'pool.rated-bots']);
    expect(await refusal({ game: 'knights', speed: 'fast', botsAfterSeconds: 5 })).toEqual([
      400,
      'pool.seats',
    ]);
    expect(await refusal({ game: 'knights', speed: 'fast', seats: 3 })).toEqual([400, 'pool.seats']);
    expect(await refusal({ game: 'tribes', speed: 'fast', seats: 6 })).toEqual([400, 'request.invalid']);
    expect(await refusal({ game: 'tribes', speed: 'blitz', seats: 3 })).toEqual([400, 'request.invalid']);
    const anonymous = new Visitor(server.url);
    expect((await anonymous.post('/api/pools/join', { game: 'knights', speed: 'fast' })).status).toBe(401);
  });

  it('leaving is instant: a player who left is not paired, and cannot leave twice', async () => {
    const [a, b] = [await guest(server.url), await guest(server.url)];
    const ja = await join(a, { game: 'knights', speed: 'slow' });
    const sa = await Stream.open(a, ja.entry);
    const left = await a.post(`/api/pools/entries/${ja.entry}/leave`, { token: ja.token });
    expect(left.status).toBe(200);
    await expect.poll(() => sa.events.at(-1)?.type).toBe('gone');
    const jb = await join(b, { game: 'knights', speed: 'slow' });
    const sb = await Stream.open(b, jb.entry);
    await new Promise((r) => setTimeout(r, 600));
    expect(sb.events.map((e) => e.type)).toEqual(['waiting']);
    expect((await a.post(`/api/pools/entries/${ja.entry}/leave`, { token: ja.token })).status).toBe(404);
    expect((await b.post(`/api/pools/entries/${jb.entry}/leave`, { token: ja.token })).status).toBe(404);
    expect((await b.post(`/api/pools/entries/${jb.entry}/leave`, { token: jb.token })).status).toBe(200);
    sa.close();
    sb.close();
  });

  it('an entry nobody follows (its tab closed, its process gone) dies: it is never paired', async () => {
    const [ghost, b] = [await guest(server.url), await guest(server.url)];
    const jg = await join(ghost, { game: 'tribes', speed: 'slow', seats: 2 });
    // No stream: after `aliveMs` the entry is dead, then deleted.
    await new Promise((r) => setTimeout(r, TIMES.aliveMs + 400));
    const jb = await join(b, { game: 'tribes', speed: 'slow', seats: 2 });
    const sb = await Stream.open(b, jb.entry);
    await new Promise((r) => setTimeout(r, 500));
    expect(sb.events.map((e) => e.type)).toEqual(['waiting']);
    const late = await ghost.send('GET', `/api/pools/entries/${jg.entry}/events`);
    expect(late.status).toBe(404);
    sb.close();
  });

  it('a 4-seat Tribes pool with "fill with bots after 5 s": two people sit with two bots', async () => {
    const [a, b] = [await guest(server.url), await guest(server.url)];
    const body = { game: 'tribes', speed: 'fast', seats: 4, botsAfterSeconds: 5 };
    const ja = await join(a, body);
    const sa = await Stream.open(a, ja.entry);
    const jb = await join(b, body);
    const sb = await Stream.open(b, jb.entry);
    await new Promise((r) => setTimeout(r, 3000));
    expect(sa.events.map((e) => e.type)).toEqual(['waiting']);
    const [pa, pb] = [await sa.paired(8000), await sb.paired(1000)];
    expect(pa.table).toBe(pb.table);
    const table = await seatWorks(server.url, pa.table, pa.seat, ja.token);
    expect(table.status).toBe('playing');
    expect(table.rated).toBeFalsy();
    expect(table.seats.filter((s) => s.kind === 'bot')).toHaveLength(2);
    expect(
      table.seats
        .filter((s) => s.kind === 'human')
        .map((s) => s.seat)
        .sort(),
    ).toEqual([pa.seat, pb.seat].sort());
  }, 20_000);
});

async function account(url: string, name: string): Promise<Visitor> {
  const v = await guest(url);
  const claimed = await v.post('/api/account/claim', { name, password: 'correct horse battery' });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  return v;
}

describe('quick pairing: rated pools, and a restart while people wait', () => {
  it('two accounts in the rated Knights pool get a rated table whose seats are theirs', async () => {
    const server = await startServer({ port: 0, dbFile: tempDb(), logger: quiet, pools: TIMES });
    try {
      const [a, b] = [await account(server.url, 'Honoria'), await account(server.url, 'Valentinian')];
      const ja = await join(a, { game: 'knights', speed: 'slow', rated: true });
      const sa = await Stream.open(a, ja.entry);
      const jb = await join(b, { game: 'knights', speed: 'slow', rated: true });
      const sb = await Stream.open(b, jb.entry);
      const [pa] = [await sa.paired(), await sb.paired()];
      const table = await seatWorks(server.url, pa.table, pa.seat, ja.token);
      expect(table.rated).toBe(true);
      expect(table.clock).toEqual({ mode: 'game', initialMs: 900_000, incrementMs: 10_000 });
      expect(table.seats.map((s) => s.name).sort()).toEqual(['Honoria', 'Valentinian']);
      sa.close();
      sb.close();
    } finally {
      await server.close();
    }
  });

  it('a server restarting while someone waits: the entry stays, its stream reconnects, and it is paired', async () => {
    const db = tempDb();
    const first = await startServer({ port: 0, dbFile: db, logger: quiet, pools: TIMES });
    const a = await guest(first.url);
    const ja = await join(a, { game: 'tribes', speed: 'fast', seats: 2 });
    const sa = await Stream.open(a, ja.entry);
    await expect.poll(() => sa.events[0]?.type).toBe('waiting');
    await first.close();
    // The stream was hung up without a word: no "gone" (the browser reconnects and waits on).
    expect(sa.events.map((e) => e.type)).toEqual(['waiting']);
    const second = await startServer({ port: 0, dbFile: db, logger: quiet, pools: TIMES });
    try {
      const again = new Visitor(second.url);
      for (const [k, v] of a.cookies) again.cookies.set(k, v);
      const reopened = await Stream.open(again, ja.entry);
      const b = await guest(second.url);
      const jb = await join(b, { game: 'tribes', speed: 'fast', seats: 2 });
      const sb = await Stream.open(b, jb.entry);
      const [pa, pb] = [await reopened.paired(), await sb.paired()];
      expect(pa.table).toBe(pb.table);
      expect((await seatWorks(second.url, pa.table, pa.seat, ja.token)).status).toBe('playing');
    } finally {
      await second.close();
    }
  });
});

const up = postgresUp && redisUp;

describe('quick pairing across two server processes on PostgreSQL', () => {
  const schema = freshSchema();
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    if (!up) return;
    for (let i = 0; i < 2; i++)
      servers.push(
        await startServer({
          port: 0,
          postgres: POSTGRES_URL,
          postgresSchema: schema,
          redis: REDIS_URL,
          logger: quiet,
          botDelayMs: 0,
          pools: TIMES,
        }),
      );
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    if (up) await dropSchema(schema);
  });

  it.skipIf(skipWithout(up, 'PostgreSQL and Redis'))(
    'players joining through different processes are paired, each entry exactly once',
    async () => {
      const [one, two] = servers;
      // Many pairs joining at once, each half through the other process: every entry ends at one table.
      const pairs = 6;
      const people = await Promise.all(
        Array.from({ length: pairs * 2 }, (_, i) => guest((i % 2 ? two : one).url)),
      );
      const joined = await Promise.all(people.map((v) => join(v, { game: 'knights', speed: 'fast' })));
      const streams = await Promise.all(people.map((v, i) => Stream.open(v, joined[i].entry)));
      const paired = await Promise.all(streams.map((s) => s.paired(8000)));
      const byTable = new Map<string, number[]>();
      for (const p of paired) byTable.set(p.table, [...(byTable.get(p.table) ?? []), p.seat]);
      expect(byTable.size).toBe(pairs);
      for (const seats of byTable.values()) expect(seats.sort()).toEqual([0, 1]);
      // Each person's token holds the seat it was told of, through either process.
      for (let i = 0; i < people.length; i++) {
        const table = await seatWorks(
          servers[(i + 1) % 2].url,
          paired[i].table,
          paired[i].seat,
          joined[i].token,
        );
        expect(table.status).toBe('playing');
      }
      for (const s of streams) s.close();
    },
    30_000,
  );
});
