/**
 * Two server processes sharing one PostgreSQL schema (a fresh one) and the machine's Redis, for tests of
 * what several processes do together. `twoSharedServers` registers the file's hooks: both are started
 * before its tests (when PostgreSQL and Redis are up: `SHARED_UP`, the tests skip otherwise), closed after
 * them, and the schema dropped.
 */
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL, redisUp, REDIS_URL } from './services.js';
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
