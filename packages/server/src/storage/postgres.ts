/**
 * The shared store for several server processes: PostgreSQL, same tables as the SQLite store. The primary
 * key `(table_id, seq)` of `moves` is the one-writer guard across processes; `leases` lets one process at a
 * time own a table's timers and bots.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { Unavailable } from '../errors.js';
import {
  patchColumns,
  seatFromRow,
  SEAT_COLUMNS,
  SEAT_JOIN,
  tableColumns,
  tableFromRow,
  type SeatRow,
  type TableRow,
} from './schema.js';
import { migratePostgres } from './migrations.js';
import { plainMoveStatement } from './postgres-move.js';
import { rateResult } from './ratings.js';
import { SqlStores } from './sql-stores.js';
import { postgresSql, UniqueViolation, type Sql } from './sql.js';
import {
  SeqTakenError,
  isMoveKeyClash,
  type Storage,
  type StoredChat,
  type StoredMove,
  type StoredSeat,
  type FinishedTable,
  type StoredTable,
  type TablePatch,
} from './types.js';

export interface PostgresOptions {
  /** A pg connection string, e.g. postgres://user@127.0.0.1:5432/attila */
  readonly connectionString: string;
  /** A schema of its own (created if absent); default `public`. */
  readonly schema?: string;
  /** Told of connections that fail while idle in the pool (PostgreSQL restarted, a connection ended). */
  readonly log?: Logger;
}

/** Node's socket errors and PostgreSQL's "connection exception" / "operator intervention" classes. */
const CONNECTION_STATES = /^(08|57P)/;

/** Whether `e` means PostgreSQL is out of reach (rather than a refused statement). */
function isOutage(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') return code.startsWith('E') || CONNECTION_STATES.test(code);
  return /connection|terminat|timeout|ECONN/i.test(e.message);
}

/** A refusal for an outage, anything else as it was (a programmer error, a constraint). */
function asRefusal(e: unknown): unknown {
  return isOutage(e)
    ? new Unavailable(
        'storage.unavailable',
        'the server cannot reach its database (PostgreSQL) right now; nothing was changed: try again in a few seconds',
      )
    : e;
}

export class PostgresStorage extends SqlStores implements Storage {
  private constructor(
    private readonly pool: pg.Pool,
    /**
     * The leases' own connections: a renewal must not wait in line behind the games' reads and writes. Under
     * load the main pool's queue grew past a lease's life (0.6 s), every process then let go of every table
     * it drove before the renewal came back, took them all up again (a read of each: more queue), and the
     * load never got through (the server README, "Load").
     */
    private readonly leasePool: pg.Pool,
  ) {
    super(postgresSql(pool, asRefusal));
  }

  static async open(options: PostgresOptions): Promise<PostgresStorage> {
    const schema = options.schema ?? 'public';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name "${schema}"`);
    const newPool = (max: number) => {
      const made = new pg.Pool({
        connectionString: options.connectionString,
        max,
        options: `-c search_path=${schema}`,
        // While PostgreSQL is down a request fails within this time instead of waiting for a connection.
        connectionTimeoutMillis: 3000,
      });
      // A connection that breaks while idle (PostgreSQL restarted, pg_terminate_backend) is dropped by the
      // pool, which connects afresh on the next query; without a listener the error would end the process.
      made.on('error', (e) => options.log?.warn({ err: e.message }, 'postgres: an idle connection failed'));
      // A client checked out may report its broken connection more than once (the server's "terminating
      // connection" message, then the socket's end) after its query has failed and it has been released:
      // each client keeps a listener of its own for good, so no such report ends the process.
      made.on('connect', (client) => client.on('error', () => undefined));
      return made;
    };
    const pool = newPool(8);
    const leasePool = newPool(2);
    const client = await pool.connect();
    try {
      // Processes starting together on an empty database would race to create the schema: one at a time.
      await client.query(`SELECT pg_advisory_lock(hashtext('attila-schema:' || $1))`, [schema]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await migratePostgres(client);
    } catch (e) {
      client.release();
      await Promise.all([pool.end(), leasePool.end()]);
      throw e;
    }
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
    return new PostgresStorage(pool, leasePool);
  }

  private async query(text: string, values?: unknown[], pool = this.pool): Promise<pg.QueryResult> {
    try {
      return await pool.query(text, values);
    } catch (e) {
      throw asRefusal(e);
    }
  }

  /** A statement on the leases' own connections. */
  private leaseQuery(text: string, values: unknown[]): Promise<pg.QueryResult> {
    return this.query(text, values, this.leasePool);
  }

  private async seatsOf(ids: string[]): Promise<Map<string, StoredSeat[]>> {
    const out = new Map<string, StoredSeat[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const r = await this.query(
      `SELECT s.table_id, ${SEAT_COLUMNS} FROM ${SEAT_JOIN} WHERE s.table_id = ANY($1) ORDER BY s.table_id, s.seat`,
      [ids],
    );
    for (const row of r.rows as Array<SeatRow & { table_id: string }>) {
      out.get(row.table_id)?.push(seatFromRow(row));
    }
    return out;
  }

  private async tablesFrom(rows: TableRow[]): Promise<StoredTable[]> {
    const seats = await this.seatsOf(rows.map((r) => r.id));
    return rows.map((row) => tableFromRow(row, seats.get(row.id) ?? []));
  }

  /** Always inside the transaction that writes the patch: a rated result writes its ratings with it. */
  private async patch(sql: Sql, tableId: string, patch: TablePatch): Promise<void> {
    // Locked: two writers finishing one table rate it once.
    const steps = rateResult(tableId, patch, ' FOR UPDATE');
    for (let step = steps.next(); !step.done;) {
      const { text, params, reads } = step.value;
      step = steps.next(reads ? await sql.all(text, params) : void (await sql.run(text, params)));
    }
    const columns = patchColumns(patch);
    if (columns.length === 0) return;
    const sets = columns.map(([column]) => `${column} = ?`);
    await sql.run(`UPDATE tables SET ${sets.join(', ')} WHERE id = ?`, [
      ...columns.map(([, value]) => value),
      tableId,
    ]);
  }

  /** On its own connection and transaction, or on the caller's (`within`): then it commits with the caller's rows. */
  async createTable(t: StoredTable, within: Sql = this.sql): Promise<void> {
    await within.tx(async (sql) => {
      const row = tableColumns(t, 'postgres');
      const names = Object.keys(row);
      await sql.run(
        `INSERT INTO tables (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
        Object.values(row),
      );
      for (const s of t.seats) {
        await sql.run(
          'INSERT INTO seats (table_id, seat, name, kind, bot, token_hash, controller, player_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [t.id, s.seat, s.name, s.kind, s.bot, s.tokenHash, s.controller, s.player?.id ?? null],
        );
      }
    });
  }

  async getTable(id: string): Promise<StoredTable | null> {
    const r = await this.query('SELECT * FROM tables WHERE id = $1', [id]);
    return r.rows.length ? (await this.tablesFrom(r.rows))[0] : null;
  }

  async getMoves(id: string): Promise<StoredMove[]> {
    const r = await this.query('SELECT seq, seat, move, at FROM moves WHERE table_id = $1 ORDER BY seq', [
      id,
    ]);
    return r.rows.map((m) => ({ seq: m.seq, seat: m.seat, move: m.move, at: Number(m.at) }));
  }

  async listTables(limit: number): Promise<StoredTable[]> {
    const r = await this.query(
      `SELECT * FROM tables WHERE listed AND status IN ('open', 'playing') ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
    return this.tablesFrom(r.rows);
  }

  async finishedTables(limit: number): Promise<FinishedTable[]> {
    const r = await this.query(
      `SELECT t.*, (SELECT COUNT(*) FROM moves m WHERE m.table_id = t.id) AS move_count FROM tables t
       WHERE t.listed AND t.status = 'finished' ORDER BY t.finished_at DESC, t.created_at DESC LIMIT $1`,
      [limit],
    );
    const tables = await this.tablesFrom(r.rows);
    return tables.map((table, i) => ({ table, moves: Number(r.rows[i].move_count) }));
  }

  async activeTables(): Promise<StoredTable[]> {
    const r = await this.query(
      `SELECT * FROM tables WHERE status IN ('open', 'playing') ORDER BY created_at`,
    );
    return this.tablesFrom(r.rows);
  }

  async updateSeats(tableId: string, seats: readonly StoredSeat[], patch: TablePatch = {}): Promise<void> {
    await this.sql.tx(async (sql) => {
      for (const s of seats) {
        await sql.run(
          'UPDATE seats SET name = ?, kind = ?, bot = ?, token_hash = ?, controller = ? WHERE table_id = ? AND seat = ?',
          [s.name, s.kind, s.bot, s.tokenHash, s.controller, tableId, s.seat],
        );
        // With the seat in one write: the one-seat-per-player check reads the player with the seat.
        if (s.player !== undefined)
          await sql.run('UPDATE seats SET player_id = ? WHERE table_id = ? AND seat = ?', [
            s.player?.id ?? null,
            tableId,
            s.seat,
          ]);
      }
      await this.patch(sql, tableId, patch);
    });
  }

  /** On its own connection and transaction, or on the caller's (`within`): then it commits with the caller's rows. */
  async updateTable(tableId: string, patch: TablePatch, within: Sql = this.sql): Promise<void> {
    await within.tx((sql) => this.patch(sql, tableId, patch));
  }

  async appendMove(tableId: string, move: StoredMove, patch: TablePatch, line = 0): Promise<void> {
    try {
      if (patch.status !== 'finished') {
        // Most moves: one statement, one round trip (postgres-move.ts), with the checks below.
        const { text, params } = plainMoveStatement(tableId, move, patch, line);
        const [{ n }] = await this.sql.all<{ n: number }>(text, params);
        if (n !== 1) throw new SeqTakenError(tableId, move.seq);
        return;
      }
      await this.sql.tx(async (sql) => {
        // The table's row, locked, must still be at `line`: a takeback committed meanwhile makes this move
        // one decided on a position that is gone. And still played: a resignation, a flag or an abort stored
        // by another process (not heard of yet: a move may be decided without reading storage first,
        // table/known-current.ts) ends the game, and no move lands after it. Locked for update, not shared:
        // the patch below updates the row, and two writers upgrading a shared lock would deadlock
        // (simultaneous Tribes moves).
        const at = await sql.all<{ line: number; status: string }>(
          `SELECT COALESCE((play->>'line')::int, 0) AS line, status FROM tables WHERE id = ? FOR UPDATE`,
          [tableId],
        );
        if (at[0]?.line !== line || at[0]?.status !== 'playing') throw new SeqTakenError(tableId, move.seq);
        await sql.run('INSERT INTO moves (table_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)', [
          tableId,
          move.seq,
          move.seat,
          move.move,
          move.at,
        ]);
        await this.patch(sql, tableId, patch);
      });
    } catch (e) {
      if (e instanceof UniqueViolation && isMoveKeyClash(e)) throw new SeqTakenError(tableId, move.seq);
      throw e;
    }
  }

  async takeBack(tableId: string, keep: number, seq: number, patch: TablePatch): Promise<void> {
    await this.sql.tx(async (sql) => {
      // Locked first, so no move is being appended while the count is read (appendMove takes the same lock).
      await sql.all('SELECT id FROM tables WHERE id = ? FOR UPDATE', [tableId]);
      const r = await sql.all<{ n: number }>('SELECT COUNT(*)::int AS n FROM moves WHERE table_id = ?', [
        tableId,
      ]);
      if (r[0].n !== seq) throw new SeqTakenError(tableId, seq);
      await sql.run('DELETE FROM moves WHERE table_id = ? AND seq > ?', [tableId, keep]);
      await this.patch(sql, tableId, patch);
    });
  }

  async addChat(tableId: string, chat: Omit<StoredChat, 'id'>): Promise<StoredChat> {
    const r = await this.query(
      'INSERT INTO chat (table_id, seat, name, text, at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [tableId, chat.seat, chat.name, chat.text, chat.at],
    );
    return { id: Number(r.rows[0].id), ...chat };
  }

  async recentChat(tableId: string, limit: number): Promise<StoredChat[]> {
    const r = await this.query(
      'SELECT id, seat, name, text, at FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT $2',
      [tableId, limit],
    );
    return r.rows
      .map((c) => ({ id: Number(c.id), seat: c.seat, name: c.name, text: c.text, at: c.at }))
      .reverse();
  }

  async trimChat(tableId: string, keep: number): Promise<void> {
    await this.pool.query(
      `DELETE FROM chat WHERE table_id = $1 AND id <= (
         SELECT id FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)`,
      [tableId, keep],
    );
  }

  async claim(tableId: string, owner: string, nowMs: number, untilMs: number): Promise<boolean> {
    const r = await this.leaseQuery(
      `INSERT INTO leases (table_id, owner, until_ms) VALUES ($1, $2, $3)
       ON CONFLICT (table_id) DO UPDATE SET owner = $2, until_ms = $3
       WHERE leases.owner = $2 OR leases.until_ms < $4`,
      [tableId, owner, untilMs, nowMs],
    );
    return r.rowCount === 1;
  }

  async claimMany(
    tableIds: readonly string[],
    owner: string,
    nowMs: number,
    untilMs: number,
  ): Promise<string[]> {
    if (tableIds.length === 0) return [];
    // Rows this owner inserted or updated come back; a table leased to a live owner, or finished (another
    // process's copy may not know yet), is left alone.
    const r = await this.leaseQuery(
      `INSERT INTO leases (table_id, owner, until_ms)
         SELECT id, $2, $3::bigint FROM tables WHERE id = ANY($1::text[]) AND status <> 'finished'
       ON CONFLICT (table_id) DO UPDATE SET owner = $2, until_ms = $3
       WHERE leases.owner = $2 OR leases.until_ms < $4
       RETURNING table_id`,
      [tableIds, owner, untilMs, nowMs],
    );
    return r.rows.map((row) => row.table_id as string);
  }

  async claimOrphans(owner: string, nowMs: number, untilMs: number, limit: number): Promise<string[]> {
    // The lease is re-checked by ON CONFLICT: of several processes sweeping at once, one wins each table.
    const r = await this.leaseQuery(
      `INSERT INTO leases (table_id, owner, until_ms)
         SELECT t.id, $1, $2::bigint FROM tables t LEFT JOIN leases l ON l.table_id = t.id
         WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.until_ms < $3)
         ORDER BY t.created_at LIMIT $4
       ON CONFLICT (table_id) DO UPDATE SET owner = $1, until_ms = $2 WHERE leases.until_ms < $3
       RETURNING table_id`,
      [owner, untilMs, nowMs, limit],
    );
    return r.rows.map((row) => row.table_id as string);
  }

  async finishedAmong(tableIds: readonly string[]): Promise<string[]> {
    if (tableIds.length === 0) return [];
    const r = await this.leaseQuery(`SELECT id FROM tables WHERE status = 'finished' AND id = ANY($1)`, [
      [...tableIds],
    ]);
    return r.rows.map((row) => row.id as string);
  }

  async release(tableIds: readonly string[], owner: string): Promise<void> {
    if (tableIds.length === 0) return;
    await this.leaseQuery('DELETE FROM leases WHERE owner = $1 AND table_id = ANY($2)', [
      owner,
      [...tableIds],
    ]);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.leasePool.end()]);
  }
}
