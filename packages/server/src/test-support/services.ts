/** Whether the PostgreSQL and Redis of this machine are reachable (tests that need them skip otherwise). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

export const POSTGRES_URL = process.env.ATTILA_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.ATTILA_TEST_REDIS ?? 'redis://127.0.0.1:6379';

async function reachable(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

export const postgresUp = await reachable(async () => {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  await c.end();
});

export const redisUp = await reachable(async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    await r.ping();
  } finally {
    r.disconnect();
  }
});

/** A fresh schema name, so test runs never meet each other's tables. */
export function freshSchema(): string {
  return `attila_test_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}
