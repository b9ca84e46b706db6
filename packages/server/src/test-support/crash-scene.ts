/**
 * The setting of a crash test (challenge-crash, pairing-crash): servers on a real store that dies once
 * right after writing a table (crash-once.ts), the servers that carry on after it, and a store of the
 * test's own to check what was left. Each scene registers its clean-up in the enclosing `describe`.
 */
import { afterAll } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { PostgresStorage } from '../storage/postgres.js';
import { SqliteStorage } from '../storage/sqlite.js';
import type { Storage } from '../storage/types.js';
import { crashOnceAfterTableWrite, type CrashOnce } from './crash-once.js';
import { tempDb } from './http.js';
import { dropSchema, freshSchema, POSTGRES_URL, REDIS_URL } from './services.js';

export interface Crashing {
  readonly server: RunningServer;
  readonly crash: CrashOnce;
}

/** `work` on `storage`, closed after. */
async function checked<T>(storage: Storage, work: (storage: Storage) => Promise<T>): Promise<T> {
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/** One SQLite file: the server that crashes on it, then the same file restarted. */
export function sqliteCrashScene(base: ServerOptions) {
  const dbFile = tempDb();
  let server: RunningServer | null = null;
  afterAll(() => server?.close());
  return {
    /** A server whose storage dies once after writing a table. */
    async crashing(): Promise<Crashing> {
      const crash = crashOnceAfterTableWrite(new SqliteStorage(dbFile));
      server = await startServer({ ...base, storage: crash.storage });
      return { server, crash };
    },
    /** That server closed, and one started again on the same file (a storage that does not die). */
    async restart(): Promise<RunningServer> {
      await server?.close();
      server = await startServer({ ...base, dbFile });
      return server;
    },
    check: <T>(work: (storage: Storage) => Promise<T>) => checked(new SqliteStorage(dbFile), work),
  };
}

/** One PostgreSQL schema (a fresh one, dropped after) shared by several processes through Redis. */
export function postgresCrashScene(base: ServerOptions) {
  const schema = freshSchema();
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    await dropSchema(schema);
  });
  const open = () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema });
  return {
    /** A process whose storage dies once after writing a table. */
    async crashing(): Promise<Crashing> {
      const crash = crashOnceAfterTableWrite(await open());
      const server = await startServer({ ...base, storage: crash.storage, redis: REDIS_URL });
      servers.push(server);
      return { server, crash };
    },
    /** A process on the same schema whose storage does not die. */
    async plain(): Promise<RunningServer> {
      const server = await startServer({
        ...base,
        postgres: POSTGRES_URL,
        postgresSchema: schema,
        redis: REDIS_URL,
      });
      servers.push(server);
      return server;
    },
    check: async <T>(work: (storage: Storage) => Promise<T>) => checked(await open(), work),
  };
}
