/**
 * A Redis outage under one process on PostgreSQL + Redis (both the test's own, on free ports): refused with
 * 503 and a code, nothing half-made stored, the process up, and everything back by itself when Redis is.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, TableInfo } from '@attila/protocol';
import { startServer, type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { get, post } from './test-support/http.js';
import {
  postgresAvailable,
  redisAvailable,
  startPostgres,
  startRedis,
  type OwnPostgres,
  type OwnRedis,
} from './test-support/own-services.js';
import { skipWithout } from './test-support/skip-without.js';

const up = postgresAvailable && redisAvailable;
let postgres: OwnPostgres | null = null;
let redis: OwnRedis | null = null;
let server: RunningServer | null = null;

beforeAll(async () => {
  if (!up) return;
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  server = await startServer({
    port: 0,
    postgres: postgres.url,
    postgresSchema: 'outage',
    redis: redis.url,
    botDelayMs: 20,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
  });
}, 60_000);
afterAll(async () => {
  await server?.close().catch(() => undefined);
  await redis?.close();
  await postgres?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bots = {
  game: 'tribes',
  settings: { players: 3 },
  seats: [
    { type: 'bot', bot: 'random' },
    { type: 'bot', bot: 'random' },
    { type: 'bot', bot: 'random' },
  ],
};

describe('Redis down, then back', () => {
  it.skipIf(skipWithout(up, 'PostgreSQL and Redis binaries (initdb, redis-server)'))(
    'creating a table is refused with 503 broadcast.unavailable and leaves nothing listed; a spectator greeted meanwhile does not end the process; once Redis is back the spectator catches up and the game goes on',
    { timeout: 60_000 },
    async () => {
      if (!server || !redis || !postgres) return;
      const url = server.url;
      const playing = await post<CreateTableResponse>(url, '/api/tables', bots);
      expect(playing.status).toBe(201);
      const id = playing.body.table.id;

      await redis.stop();
      await sleep(300);
      const refused = await post<{ error: { code: string } }>(url, '/api/tables', bots);
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('broadcast.unavailable');
      const listed = await get<{ tables: TableInfo[] }>(url, '/api/tables');
      expect(listed.status).toBe(200);
      expect(listed.body.tables.map((t) => t.id)).toEqual([id]);

      // The game stands still: its bots' moves are refused while nobody could hear of them.
      const before = (await get<{ table: TableInfo }>(url, `/api/tables/${id}`)).body.table.seq;
      await sleep(500);
      expect((await get<{ table: TableInfo }>(url, `/api/tables/${id}`)).body.table.seq).toBe(before);

      // A spectator greeted during the outage, through a process that had no subscription for it; one
      // that leaves at once (this used to end the process), and one that stays.
      const leaving = await TestClient.connect(url);
      leaving.send({ type: 'hello', table: id });
      await leaving.next('welcome');
      leaving.close();
      const staying = await TestClient.connect(url);
      staying.send({ type: 'hello', table: id });
      const welcome = await staying.next('welcome');
      expect((await get<{ ok: boolean }>(url, '/health')).body.ok).toBe(true);

      await redis.start();
      // Back by itself: the spectator hears every update from its welcome on, once and in order.
      await staying.next('update', () => true, 10_000);
      await sleep(1000);
      let seq = welcome.snapshot?.seq ?? -1;
      const updates = staying.received.filter((m) => m.type === 'update');
      expect(updates.length).toBeGreaterThan(5);
      for (const u of updates) if (u.type === 'update') expect(u.seq).toBe(++seq);
      staying.close();
      expect((await post(url, '/api/tables', bots)).status).toBe(201);
    },
  );
});
