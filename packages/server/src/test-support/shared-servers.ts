/**
 * Two server processes sharing one PostgreSQL schema (a fresh one) and the machine's Redis, for tests of
 * what several processes do together. `twoSharedServers` registers the file's hooks: both are started
 * before its tests (when PostgreSQL and Redis are up: `SHARED_UP`, the tests skip otherwise), closed after
 * them, and the schema dropped.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL, redisUp, REDIS_URL } from './services.js';
import { post } from './http.js';
import { QUIET_SERVER } from './test-server.js';

export const SHARED_UP = postgresUp && redisUp;

/** The two servers (empty until the file's tests start); `options` beyond the quiet defaults. */
export function twoSharedServers(options: ServerOptions = {}): readonly RunningServer[] {
  const schema = freshSchema();
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    if (!SHARED_UP) return;
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          ...QUIET_SERVER,
          postgres: POSTGRES_URL,
          postgresSchema: schema,
          redis: REDIS_URL,
          ...options,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    if (SHARED_UP) await dropSchema(schema);
  });
  return servers;
}

/** A Knights table made through `one` by Aetius (seat 0) and joined through `two` by Attila: its seats' grants. */
export async function knightsAcross(one: string, two: string) {
  const created = await post<CreateTableResponse>(one, '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  const id = created.body.table.id;
  const joined = await post<SeatGrant>(two, `/api/tables/${id}/join`, { name: 'Attila' });
  expect(joined.status).toBe(200);
  const grants = [
    { seat: 0, token: created.body.token as string },
    { seat: joined.body.seat, token: joined.body.token },
  ];
  return { id, grants };
}
