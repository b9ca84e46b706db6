/**
 * A small common face of the two drivers, for stores written once for both (accounts.ts): statements with
 * `?` placeholders (numbered for PostgreSQL), rows as plain objects, transactions, and a unique-key clash
 * reported as `UniqueViolation` whichever the database.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

export class UniqueViolation extends Error {}

export interface Sql {
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** How many rows the statement changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
  /** `work` in one transaction: all its statements or none. */
  tx<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

export function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

export function sqliteSql(db: Database.Database): Sql {
  const cache = new Map<string, Database.Statement>();
  const statement = (text: string) => {
    let s = cache.get(text);
    if (!s) {
      s = db.prepare(text);
      cache.set(text, s);
    }
    return s;
  };
  const wrap = <T>(f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new UniqueViolation(String(e));
      throw e;
    }
  };
  const sql: Sql = {
    all: async <T>(text: string, params: readonly unknown[] = []) =>
      wrap(() => statement(text).all(...params) as T[]),
    run: async (text, params = []) => wrap(() => statement(text).run(...params).changes),
    // better-sqlite3's transactions are synchronous; an explicit BEGIN/COMMIT spans the awaits, which only
    // ever wait on this same synchronous connection. Another caller's statement run in between (a
    // microtask) joins this transaction and commits with it: so `work` must only fail on programmer
    // errors, never as a refusal (a refusal is a single statement outside `tx`, as `claim` does).
    async tx(work) {
      if (db.inTransaction) return work(sql);
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(sql);
        db.exec('COMMIT');
        return result;
      } catch (e) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw e;
      }
    },
  };
  return sql;
}

function pgWrap(e: unknown): unknown {
  return (e as { code?: string }).code === '23505' ? new UniqueViolation(String(e)) : e;
}

function clientSql(client: pg.PoolClient): Sql {
  const sql: Sql = {
    async all<T>(text: string, params: readonly unknown[] = []) {
      try {
        return (await client.query(numbered(text), [...params])).rows as T[];
      } catch (e) {
        throw pgWrap(e);
      }
    },
    async run(text, params = []) {
      try {
        return (await client.query(numbered(text), [...params])).rowCount ?? 0;
      } catch (e) {
        throw pgWrap(e);
      }
    },
    tx: (work) => work(sql),
  };
  return sql;
}

export function postgresSql(pool: pg.Pool, refusal: (e: unknown) => unknown): Sql {
  return {
    async all<T>(text: string, params: readonly unknown[] = []) {
      try {
        return (await pool.query(numbered(text), [...params])).rows as T[];
      } catch (e) {
        throw refusal(pgWrap(e));
      }
    },
    async run(text, params = []) {
      try {
        return (await pool.query(numbered(text), [...params])).rowCount ?? 0;
      } catch (e) {
        throw refusal(pgWrap(e));
      }
    },
    async tx(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw refusal(e);
      }
      try {
        await client.query('BEGIN');
        const result = await work(clientSql(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        const refused = refusal(e);
        // A connection that failed (an outage: `refusal` turned it into one) is not given back to the pool.
        client.release(refused !== e ? (e as Error) : undefined);
        throw refused;
      }
    },
  };
}
