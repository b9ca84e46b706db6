/**
 * Every update reaches each socket exactly once, in seq order, without gaps — here where it is hardest:
 * two processes on PostgreSQL + Redis (their own, on free ports), a bots-only game moving fast on one,
 * sockets saying hello through the other while it moves (the welcome is read from storage, the updates
 * come over Redis, so either may be ahead of the other).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, ServerMessage, TableInfo } from '@attila/protocol';
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
const servers: RunningServer[] = [];

beforeAll(async () => {
  if (!up) return;
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  for (let i = 0; i < 2; i++) {
    servers.push(
      await startServer({
        port: 0,
        postgres: postgres.url,
        postgresSchema: 'feed',
        redis: redis.url,
        botDelayMs: 5,
        botMinThinkMs: 0,
        // 40 sockets from 127.0.0.1: more than one address may hold by default.
        socketsPerAddress: false,
        logger: pino({ level: 'silent' }),
      }),
    );
  }
}, 60_000);
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
  await redis?.close();
  await postgres?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('each socket hears every update once, in order, without gaps (several processes)', () => {
  it.skipIf(skipWithout(up, 'PostgreSQL and Redis binaries (initdb, redis-server)'))(
    'sockets greeted through another process while a bots-only game moves fast: no update the welcome held, none skipped',
    { timeout: 60_000 },
    async () => {
      const [one, two] = servers;
      const created = await post<CreateTableResponse>(one.url, '/api/tables', {
        game: 'tribes',
        settings: { players: 3 },
        seats: [
          { type: 'bot', bot: 'random' },
          { type: 'bot', bot: 'random' },
          { type: 'bot', bot: 'random' },
        ],
      });
      expect(created.status).toBe(201);
      const table = created.body.table.id;
      const clients: TestClient[] = [];
      for (let i = 0; i < 40; i++) {
        const c = await TestClient.connect(two.url);
        c.send({ type: 'hello', table });
        clients.push(c);
        await sleep(25);
      }
      // Until the game is over (on a loaded machine the bots' first moves may come only after every socket
      // is in), and a moment more for the last update to travel through the other process.
      for (let i = 0; i < 300; i++) {
        const now = await get<{ table: TableInfo }>(one.url, `/api/tables/${table}`);
        if (now.body.table.status === 'finished') break;
        await sleep(100);
      }
      await sleep(500);
      let checked = 0;
      for (const c of clients) {
        c.close();
        const [welcome, ...rest] = c.received;
        expect(welcome.type).toBe('welcome');
        let seq = welcome.type === 'welcome' ? (welcome.snapshot?.seq ?? -1) : -1;
        const updates = rest.filter(
          (m): m is Extract<ServerMessage, { type: 'update' }> => m.type === 'update',
        );
        for (const u of updates) expect(u.seq).toBe(++seq);
        checked += updates.length;
      }
      // The game really moved while the sockets came: most of them heard many updates.
      expect(checked).toBeGreaterThan(200);
    },
  );
});
