/**
 * The quick-pairing pools in the shared store (both databases, through `Sql`): who waits in which pool,
 * which table an entry was paired to, and one lock row per pool. `pairUnderLock` runs the pairing of one
 * pool inside a transaction that first updates the pool's lock row: in PostgreSQL that row lock makes every
 * other process's pairing of the same pool wait until this one has committed (and then read what it
 * wrote), so two processes never pair the same entry; SQLite's `BEGIN IMMEDIATE` does the same in one file.
 */
import type { Sql } from './sql.js';

export interface StoredPoolEntry {
  readonly id: string;
  /** The pool's key (pools/pool-key.ts): game, speed, seats, rated or casual. */
  readonly pool: string;
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  /** SHA-256 of the entry's token, which becomes the seat's token at the table it is paired to. */
  readonly tokenHash: string;
  readonly botsAfterMs: number | null;
  readonly joinedAt: number;
  /** Last sign of life of the connection waiting for it (ms since the epoch). */
  readonly seenAt: number;
  /** Once paired: the table and seat. */
  readonly tableId: string | null;
  readonly seat: number | null;
}

interface Row {
  id: string;
  pool: string;
  player_id: string;
  name: string;
  rating: number;
  token_hash: string;
  bots_after_ms: number | null;
  joined_at: number | string;
  seen_at: number | string;
  table_id: string | null;
  seat: number | null;
}

const COLUMNS =
  'id, pool, player_id, name, rating, token_hash, bots_after_ms, joined_at, seen_at, table_id, seat';

const entryOf = (r: Row): StoredPoolEntry => ({
  id: r.id,
  pool: r.pool,
  playerId: r.player_id,
  name: r.name,
  rating: Number(r.rating),
  tokenHash: r.token_hash,
  botsAfterMs: r.bots_after_ms === null ? null : Number(r.bots_after_ms),
  joinedAt: Number(r.joined_at),
  seenAt: Number(r.seen_at),
  tableId: r.table_id,
  seat: r.seat === null ? null : Number(r.seat),
});

/** What a pairing run may do with the entries it read, inside the pool's lock. */
export interface PoolPairingTx {
  /** The transaction itself: a pairing's table is written in it, so it commits with its entries' marks. */
  readonly sql: Sql;
  /** Marks an entry paired to a table and seat; false if it was paired or left meanwhile. */
  seat(entryId: string, tableId: string, seat: number): Promise<boolean>;
}

export class PoolStore {
  constructor(private readonly sql: Sql) {}

  /** A new waiting entry; the player's other waiting entries are removed (one pool at a time). */
  async join(entry: StoredPoolEntry): Promise<void> {
    await this.sql.tx(async (sql) => {
      await sql.run('DELETE FROM pool_entries WHERE player_id = ? AND table_id IS NULL', [entry.playerId]);
      await sql.run(`INSERT INTO pool_entries (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`, [
        entry.id,
        entry.pool,
        entry.playerId,
        entry.name,
        entry.rating,
        entry.tokenHash,
        entry.botsAfterMs,
        entry.joinedAt,
        entry.seenAt,
      ]);
    });
  }

  async entry(id: string): Promise<StoredPoolEntry | null> {
    const rows = await this.sql.all<Row>(`SELECT ${COLUMNS} FROM pool_entries WHERE id = ?`, [id]);
    return rows.length ? entryOf(rows[0]) : null;
  }

  /** These entries as they are now (those gone are left out), in one round trip. */
  async entries(ids: readonly string[]): Promise<StoredPoolEntry[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM pool_entries WHERE id IN (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
    return rows.map(entryOf);
  }

  /** Removes a waiting entry held by `tokenHash`: true if it was waiting (a paired entry stays). */
  async leave(id: string, tokenHash: string): Promise<boolean> {
    const n = await this.sql.run(
      'DELETE FROM pool_entries WHERE id = ? AND token_hash = ? AND table_id IS NULL',
      [id, tokenHash],
    );
    return n > 0;
  }

  /** Signs of life for these waiting entries (their connections are open on this process). */
  async touch(ids: readonly string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.sql.run(
      `UPDATE pool_entries SET seen_at = ? WHERE table_id IS NULL AND id IN (${ids.map(() => '?').join(', ')})`,
      [now, ...ids],
    );
  }

  /**
   * Deletes waiting entries not seen since `waitingBefore` (their connection, or its process, is gone) and
   * paired ones joined before `pairedBefore` (long since told). How many went.
   */
  async expire(waitingBefore: number, pairedBefore: number): Promise<number> {
    return this.sql.run(
      `DELETE FROM pool_entries WHERE (table_id IS NULL AND seen_at < ?) OR (table_id IS NOT NULL AND joined_at < ?)`,
      [waitingBefore, pairedBefore],
    );
  }

  /** The pools with someone waiting, seen since `aliveSince`. */
  async activePools(aliveSince: number): Promise<string[]> {
    const rows = await this.sql.all<{ pool: string }>(
      'SELECT DISTINCT pool FROM pool_entries WHERE table_id IS NULL AND seen_at >= ?',
      [aliveSince],
    );
    return rows.map((r) => r.pool);
  }

  /** How many wait in each pool (seen since `aliveSince`). */
  async waitingCounts(aliveSince: number): Promise<Map<string, number>> {
    const rows = await this.sql.all<{ pool: string; n: number | string }>(
      'SELECT pool, COUNT(*) AS n FROM pool_entries WHERE table_id IS NULL AND seen_at >= ? GROUP BY pool',
      [aliveSince],
    );
    return new Map(rows.map((r) => [r.pool, Number(r.n)]));
  }

  /**
   * Runs `decide` on the pool's live waiting entries while holding the pool's lock: what it marks paired is
   * committed before any other process reads the pool.
   */
  async pairUnderLock<T>(
    pool: string,
    aliveSince: number,
    decide: (waiting: StoredPoolEntry[], tx: PoolPairingTx) => Promise<T>,
  ): Promise<T> {
    await this.sql.run(
      'INSERT INTO pool_locks (pool, pairings) VALUES (?, 0) ON CONFLICT (pool) DO NOTHING',
      [pool],
    );
    return this.sql.tx(async (sql) => {
      await sql.run('UPDATE pool_locks SET pairings = pairings + 1 WHERE pool = ?', [pool]);
      const rows = await sql.all<Row>(
        `SELECT ${COLUMNS} FROM pool_entries WHERE pool = ? AND table_id IS NULL AND seen_at >= ? ORDER BY joined_at, id`,
        [pool, aliveSince],
      );
      return decide(rows.map(entryOf), {
        sql,
        seat: async (entryId, tableId, seat) =>
          (await sql.run('UPDATE pool_entries SET table_id = ?, seat = ? WHERE id = ? AND table_id IS NULL', [
            tableId,
            seat,
            entryId,
          ])) > 0,
      });
    });
  }
}
