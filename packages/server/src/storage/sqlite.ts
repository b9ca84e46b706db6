/**
 * The embedded store: one SQLite file in WAL mode. better-sqlite3 is synchronous; the writes of a game
 * (a new table, its seats, its moves, its status) are group-committed: those made in one turn of the event
 * loop share one transaction, and each caller's promise settles only after that commit, so nothing is
 * acknowledged before it is in the WAL. With `synchronous=NORMAL` a committed write survives the process
 * being killed (the WAL is in the OS's hands), and `durable: true` (`synchronous=FULL`) also survives
 * power loss at the price of an fsync per commit.
 */
import Database from 'better-sqlite3';
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
import { migrateSqlite } from './migrations.js';
import { rateResult } from './ratings.js';
import { SqlStores } from './sql-stores.js';
import { sqliteSql, type Sql } from './sql.js';
import { BACKSTOP_PAGES, WalCheckpointer } from './wal-checkpointer.js';
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

function prepareStatements(db: Database.Database) {
  return {
    insertTable: db.prepare(
      `INSERT INTO tables (id, game, settings, seed, rules_version, listed, rated, clock_settings, takeover, status, created_at, started_at, finished_at, result, clock, play, event_id)
       VALUES (@id, @game, @settings, @seed, @rules_version, @listed, @rated, @clock_settings, @takeover, @status, @created_at, @started_at, @finished_at, @result, @clock, @play, @event_id)`,
    ),
    insertSeat: db.prepare(
      `INSERT INTO seats (table_id, seat, name, kind, bot, token_hash, controller, player_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateSeat: db.prepare(
      `UPDATE seats SET name = ?, kind = ?, bot = ?, token_hash = ?, controller = ? WHERE table_id = ? AND seat = ?`,
    ),
    updateSeatPlayer: db.prepare(`UPDATE seats SET player_id = ? WHERE table_id = ? AND seat = ?`),
    getTable: db.prepare(`SELECT * FROM tables WHERE id = ?`),
    getSeats: db.prepare(`SELECT ${SEAT_COLUMNS} FROM ${SEAT_JOIN} WHERE s.table_id = ? ORDER BY s.seat`),
    getMoves: db.prepare(`SELECT seq, seat, move, at FROM moves WHERE table_id = ? ORDER BY seq`),
    listTables: db.prepare(
      `SELECT * FROM tables WHERE listed = 1 AND status IN ('open', 'playing') ORDER BY created_at DESC LIMIT ?`,
    ),
    finishedTables: db.prepare(
      `SELECT t.*, (SELECT COUNT(*) FROM moves m WHERE m.table_id = t.id) AS move_count FROM tables t
       WHERE t.listed = 1 AND t.status = 'finished' ORDER BY t.finished_at DESC, t.created_at DESC LIMIT ?`,
    ),
    activeTables: db.prepare(`SELECT * FROM tables WHERE status IN ('open', 'playing') ORDER BY created_at`),
    insertMove: db.prepare(`INSERT INTO moves (table_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)`),
    deleteMovesAfter: db.prepare(`DELETE FROM moves WHERE table_id = ? AND seq > ?`),
    moveCount: db.prepare(`SELECT COUNT(*) AS n FROM moves WHERE table_id = ?`),
    insertChat: db.prepare(`INSERT INTO chat (table_id, seat, name, text, at) VALUES (?, ?, ?, ?, ?)`),
    recentChat: db.prepare(
      `SELECT id, seat, name, text, at FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?`,
    ),
    trimChat: db.prepare(
      `DELETE FROM chat WHERE table_id = @table AND id <= (
         SELECT id FROM chat WHERE table_id = @table ORDER BY id DESC LIMIT 1 OFFSET @keep)`,
    ),
    claim: db.prepare(
      `INSERT INTO leases (table_id, owner, until_ms) VALUES (@table, @owner, @until)
       ON CONFLICT (table_id) DO UPDATE SET owner = @owner, until_ms = @until
       WHERE leases.owner = @owner OR leases.until_ms < @now`,
    ),
    claimLive: db.prepare(
      `INSERT INTO leases (table_id, owner, until_ms)
       SELECT id, @owner, @until FROM tables WHERE id = @table AND status <> 'finished'
       ON CONFLICT (table_id) DO UPDATE SET owner = @owner, until_ms = @until
       WHERE leases.owner = @owner OR leases.until_ms < @now`,
    ),
    orphans: db.prepare(
      `SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
       WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.until_ms < ?) ORDER BY t.created_at LIMIT ?`,
    ),
    release: db.prepare(`DELETE FROM leases WHERE table_id = ? AND owner = ?`),
    finishedAmong: db.prepare(
      `SELECT id FROM tables WHERE status = 'finished' AND id IN (SELECT value FROM json_each(?))`,
    ),
  };
}

/** A write waiting for the next group commit. */
interface PendingWrite {
  /** Runs its statements (inside the group's transaction, or alone in its own after a failure). */
  readonly write: () => void;
  /** The error its caller is given when it fails alone (a move's taken sequence number, say). */
  readonly failure: (e: unknown) => Error;
  resolve(): void;
  reject(e: Error): void;
}

const asError = (e: unknown): Error => e as Error;

export interface SqliteOptions {
  /** fsync every commit (survives power loss); default false (survives process crashes). */
  readonly durable?: boolean;
  /**
   * The server's setting: checkpoints run on a worker thread (wal-checkpointer.ts), not inside a commit;
   * `onError` hears of one that failed.
   */
  readonly background?: { readonly onError?: (message: string) => void };
}

export class SqliteStorage extends SqlStores implements Storage {
  private readonly db: Database.Database;
  private readonly stmt: ReturnType<typeof prepareStatements>;

  constructor(file: string, options: SqliteOptions = {}) {
    const db = new Database(file);
    const synchronous = options.durable ? 'FULL' : 'NORMAL';
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    try {
      migrateSqlite(db);
    } catch (e) {
      db.close();
      throw e;
    }
    super(sqliteSql(db));
    this.db = db;
    this.stmt = prepareStatements(db);
    // Made once: better-sqlite3 builds four wrapper functions per `transaction` call.
    this.writeBatch = db.transaction((batch: readonly PendingWrite[]) => {
      for (const p of batch) p.write();
    });
    const background = options.background;
    if (background && file !== ':memory:') {
      db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
      this.checkpointer = new WalCheckpointer({ file, synchronous, onError: background.onError });
    }
  }

  /** Checkpoints on a worker thread (the server's setting), else SQLite's own inside commits. */
  private readonly checkpointer: WalCheckpointer | null = null;

  /** Writes in one transaction. */
  private readonly writeBatch: (batch: readonly PendingWrite[]) => void;

  private tableFrom(row: TableRow): StoredTable {
    return tableFromRow(row, (this.stmt.getSeats.all(row.id) as SeatRow[]).map(seatFromRow));
  }

  /** Called inside the transaction that writes the patch: a rated result writes its ratings with it. */
  private patchTable(tableId: string, patch: TablePatch): void {
    const steps = rateResult(tableId, patch);
    for (let step = steps.next(); !step.done;) {
      const { text, params, reads } = step.value;
      const statement = this.prepared(text);
      step = steps.next(reads ? statement.all(...params) : void statement.run(...params));
    }
    const columns = patchColumns(patch);
    if (columns.length === 0) return;
    const sets = columns.map(([column]) => `${column} = ?`);
    const values = columns.map(([, value]) => value);
    this.prepared(`UPDATE tables SET ${sets.join(', ')} WHERE id = ?`).run(...values, tableId);
  }

  /**
   * Few distinct statements occur here (the patches' column sets, the rating steps of every finished game),
   * and better-sqlite3 caches nothing itself: each is prepared once.
   */
  private prepared(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
  private readonly statements = new Map<string, Database.Statement>();

  /**
   * One connection: inside a transaction the caller opened (`within`, `Sql.tx`), this write joins it
   * (better-sqlite3 nests it as a savepoint) and commits or rolls back with it.
   */
  createTable(t: StoredTable, within?: Sql): Promise<void> {
    return this.grouped(
      () => {
        this.stmt.insertTable.run(tableColumns(t, 'sqlite'));
        for (const s of t.seats) {
          this.stmt.insertSeat.run(
            t.id,
            s.seat,
            s.name,
            s.kind,
            s.bot,
            s.tokenHash,
            s.controller,
            s.player?.id ?? null,
          );
        }
      },
      asError,
      within,
    );
  }

  async getTable(id: string): Promise<StoredTable | null> {
    const row = this.stmt.getTable.get(id) as TableRow | undefined;
    return row ? this.tableFrom(row) : null;
  }

  async getMoves(id: string): Promise<StoredMove[]> {
    return this.stmt.getMoves.all(id) as StoredMove[];
  }

  async listTables(limit: number): Promise<StoredTable[]> {
    return (this.stmt.listTables.all(limit) as TableRow[]).map((r) => this.tableFrom(r));
  }

  async finishedTables(limit: number): Promise<FinishedTable[]> {
    return (this.stmt.finishedTables.all(limit) as (TableRow & { move_count: number })[]).map((r) => ({
      table: this.tableFrom(r),
      moves: Number(r.move_count),
    }));
  }

  async activeTables(): Promise<StoredTable[]> {
    return (this.stmt.activeTables.all() as TableRow[]).map((r) => this.tableFrom(r));
  }

  updateSeats(tableId: string, seats: readonly StoredSeat[], patch: TablePatch = {}): Promise<void> {
    return this.grouped(() => {
      for (const s of seats) {
        this.stmt.updateSeat.run(s.name, s.kind, s.bot, s.tokenHash, s.controller, tableId, s.seat);
        // With the seat in one write: the one-seat-per-player check reads the player with the seat.
        if (s.player !== undefined) this.stmt.updateSeatPlayer.run(s.player?.id ?? null, tableId, s.seat);
      }
      this.patchTable(tableId, patch);
    });
  }

  /** Joins the caller's open transaction (`within`) as `createTable` does: one connection. */
  updateTable(tableId: string, patch: TablePatch, within?: Sql): Promise<void> {
    return this.grouped(() => this.patchTable(tableId, patch), asError, within);
  }

  async takeBack(tableId: string, keep: number, seq: number, patch: TablePatch): Promise<void> {
    // Moves waiting in the group commit go first: the count below must see them.
    if (this.batch.length) this.flush(true);
    this.db.transaction(() => {
      const { n } = this.stmt.moveCount.get(tableId) as { n: number };
      if (n !== seq) throw new SeqTakenError(tableId, seq);
      this.stmt.deleteMovesAfter.run(tableId, keep);
      this.patchTable(tableId, patch);
    })();
  }

  /**
   * Group commit: writes made in the same turn of the event loop (typically many tables' moves read from
   * many sockets at once, and the lobby's new tables and joins) are committed in one transaction; each
   * caller's promise settles only after that commit, so nothing is acknowledged before it is in the WAL.
   * A write made inside a transaction the caller opened (`within`, `Sql.tx`: a table with its paired
   * entries, say) runs at once and commits or rolls back with it, as a savepoint; inside one, a write
   * without `within` would wait for ever (the group waits for the caller's transaction to end).
   */
  private grouped(write: () => void, failure: (e: unknown) => Error = asError, within?: Sql): Promise<void> {
    if (within) {
      try {
        this.db.transaction(write)();
        return Promise.resolve();
      } catch (e) {
        return Promise.reject(failure(e));
      }
    }
    return new Promise((resolve, reject) => {
      this.batch.push({ write, failure, resolve, reject });
      if (this.batch.length === 1) setImmediate(() => this.flush());
    });
  }
  private batch: PendingWrite[] = [];

  appendMove(tableId: string, move: StoredMove, patch: TablePatch): Promise<void> {
    return this.grouped(
      () => {
        this.stmt.insertMove.run(tableId, move.seq, move.seat, move.move, move.at);
        this.patchTable(tableId, patch);
      },
      (e) =>
        (e as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY' && isMoveKeyClash(e)
          ? new SeqTakenError(tableId, move.seq)
          : (e as Error),
    );
  }

  /** Commits the waiting writes; `now` even inside another transaction (a takeback must count the moves). */
  private flush(now = false): void {
    if (!this.db.open) {
      const batch = this.batch;
      this.batch = [];
      for (const p of batch) p.reject(new Error('the database is closed'));
      return;
    }
    // A caller's transaction is open across an await: the group waits, rather than join (and share the
    // fate of) a transaction it is no part of.
    if (this.db.inTransaction && !now) {
      setImmediate(() => this.flush());
      return;
    }
    const batch = this.batch;
    this.batch = [];
    try {
      this.writeBatch(batch);
      for (const p of batch) p.resolve();
    } catch {
      // One write was refused (a move's sequence number taken, say): commit the others one by one.
      for (const p of batch) {
        try {
          this.writeBatch([p]);
          p.resolve();
        } catch (e) {
          p.reject(p.failure(e));
        }
      }
    }
    this.checkpointer?.committed();
  }

  async addChat(tableId: string, chat: Omit<StoredChat, 'id'>): Promise<StoredChat> {
    const info = this.stmt.insertChat.run(tableId, chat.seat, chat.name, chat.text, chat.at);
    return { id: Number(info.lastInsertRowid), ...chat };
  }

  async recentChat(tableId: string, limit: number): Promise<StoredChat[]> {
    return (this.stmt.recentChat.all(tableId, limit) as StoredChat[]).reverse();
  }

  async trimChat(tableId: string, keep: number): Promise<void> {
    this.stmt.trimChat.run({ table: tableId, keep });
  }

  async claim(tableId: string, owner: string, nowMs: number, untilMs: number): Promise<boolean> {
    return this.stmt.claim.run({ table: tableId, owner, until: untilMs, now: nowMs }).changes === 1;
  }

  async claimMany(
    tableIds: readonly string[],
    owner: string,
    nowMs: number,
    untilMs: number,
  ): Promise<string[]> {
    return this.db.transaction(() =>
      [...new Set(tableIds)].filter(
        (table) => this.stmt.claimLive.run({ table, owner, until: untilMs, now: nowMs }).changes === 1,
      ),
    )();
  }

  async claimOrphans(owner: string, nowMs: number, untilMs: number, limit: number): Promise<string[]> {
    return this.db.transaction(() => {
      const ids = (this.stmt.orphans.all(nowMs, limit) as { id: string }[]).map((r) => r.id);
      return ids.filter(
        (table) => this.stmt.claim.run({ table, owner, until: untilMs, now: nowMs }).changes === 1,
      );
    })();
  }

  async finishedAmong(tableIds: readonly string[]): Promise<string[]> {
    const rows = this.stmt.finishedAmong.all(JSON.stringify(tableIds)) as { id: string }[];
    return rows.map((r) => r.id);
  }

  async release(tableIds: readonly string[], owner: string): Promise<void> {
    this.db.transaction(() => tableIds.forEach((id) => this.stmt.release.run(id, owner)))();
  }

  async close(): Promise<void> {
    if (this.batch.length) this.flush(true);
    // Its connection closed first: the last connection to close checkpoints the WAL and removes it.
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}
