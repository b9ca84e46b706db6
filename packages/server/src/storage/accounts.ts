/**
 * Players, their sessions and the seats they hold, in either database (through `Sql`). A player is a guest
 * (a display name, no account name, no password) until claimed: then it has a unique account name (its
 * `name_key`, the name folded for case-insensitive comparison) and a password hash. A deleted account keeps
 * its row (its games refer to it) without name, password or sessions. Seat ownership lives in
 * `seats.player_id`, written by the HTTP layer right after the table stored the seat.
 */
import { PasskeyStore } from './passkeys.js';
import { UniqueViolation, type Sql } from './sql.js';

export interface StoredPlayer {
  readonly id: string;
  readonly displayName: string;
  /** The folded account name; null for a guest or a deleted account. */
  readonly nameKey: string | null;
  readonly passwordHash: string | null;
  readonly createdAt: number;
  readonly claimedAt: number | null;
  readonly deletedAt: number | null;
}

export interface StoredSession {
  readonly id: string;
  readonly tokenHash: string;
  readonly playerId: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly userAgent: string;
}

/** A seat a player held at a finished game (for the profile). */
export interface PlayerSeat {
  readonly tableId: string;
  readonly seat: number;
  readonly game: string;
  readonly listed: boolean;
  readonly winners: readonly number[];
}

/** A result column (JSON text in SQLite, parsed in PostgreSQL) as its winners. */
function winnersOf(result: unknown): number[] {
  const r = typeof result === 'string' ? (JSON.parse(result) as unknown) : result;
  if (typeof r !== 'object' || r === null || !('winners' in r) || !Array.isArray(r.winners)) return [];
  return r.winners.filter((w): w is number => typeof w === 'number');
}

interface PlayerRow {
  id: string;
  display_name: string;
  name_key: string | null;
  password_hash: string | null;
  created_at: number | string;
  claimed_at: number | string | null;
  deleted_at: number | string | null;
}

interface SessionRow {
  id: string;
  token_hash: string;
  player_id: string;
  created_at: number | string;
  last_seen_at: number | string;
  user_agent: string;
}

// PostgreSQL gives BIGINT as a string.
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function playerFrom(r: PlayerRow): StoredPlayer {
  return {
    id: r.id,
    displayName: r.display_name,
    nameKey: r.name_key,
    passwordHash: r.password_hash,
    createdAt: Number(r.created_at),
    claimedAt: num(r.claimed_at),
    deletedAt: num(r.deleted_at),
  };
}

function sessionFrom(r: SessionRow): StoredSession {
  return {
    id: r.id,
    tokenHash: r.token_hash,
    playerId: r.player_id,
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    userAgent: r.user_agent,
  };
}

/**
 * The player's seats at finished games read its (new) name: the record of a game it brought to an account.
 * Seats of games still running keep the name their opponents know (the table holds its seats in memory).
 */
async function renameFinishedSeats(sql: Sql, playerId: string, name: string): Promise<void> {
  await sql.run(
    `UPDATE seats SET name = ? WHERE player_id = ? AND table_id IN (SELECT id FROM tables WHERE status = 'finished')`,
    [name, playerId],
  );
}

/** What the name of a deleted account's seats reads as from then on. */
export const DELETED_NAME = 'deleted player';

export class AccountStore {
  readonly passkeys: PasskeyStore;

  constructor(
    /** Shared with the stores built on the same tables (the bot API's `BotStore`). */
    readonly sql: Sql,
  ) {
    this.passkeys = new PasskeyStore(sql);
  }

  async createPlayer(p: { id: string; displayName: string; createdAt: number }): Promise<void> {
    await this.sql.run('INSERT INTO players (id, display_name, created_at) VALUES (?, ?, ?)', [
      p.id,
      p.displayName,
      p.createdAt,
    ]);
  }

  async player(id: string): Promise<StoredPlayer | null> {
    const rows = await this.sql.all<PlayerRow>('SELECT * FROM players WHERE id = ?', [id]);
    return rows.length ? playerFrom(rows[0]) : null;
  }

  /** The account with this folded name (deleted accounts have none). */
  async accountByKey(nameKey: string): Promise<StoredPlayer | null> {
    const rows = await this.sql.all<PlayerRow>('SELECT * FROM players WHERE name_key = ?', [nameKey]);
    return rows.length ? playerFrom(rows[0]) : null;
  }

  /** The account whose name has this skeleton (identity/name-skeletons.ts). */
  async accountBySkeleton(skeleton: string): Promise<StoredPlayer | null> {
    const rows = await this.sql.all<PlayerRow>('SELECT * FROM players WHERE name_skeleton = ?', [skeleton]);
    return rows.length ? playerFrom(rows[0]) : null;
  }

  /** Accounts made before skeletons were kept, oldest first. */
  async accountsWithoutSkeleton(): Promise<StoredPlayer[]> {
    const rows = await this.sql.all<PlayerRow>(
      `SELECT * FROM players WHERE name_key IS NOT NULL AND name_skeleton IS NULL ORDER BY claimed_at, id`,
    );
    return rows.map(playerFrom);
  }

  /** False when another account has this skeleton already. */
  async setSkeleton(id: string, skeleton: string): Promise<boolean> {
    try {
      return (await this.sql.run('UPDATE players SET name_skeleton = ? WHERE id = ?', [skeleton, id])) === 1;
    } catch (e) {
      if (e instanceof UniqueViolation) return false;
      throw e;
    }
  }

  /**
   * A guest becomes an account; false when the name or one looking like it (same `skeleton`) is taken (the
   * unique keys decide, race-free).
   */
  async claim(
    id: string,
    name: string,
    nameKey: string,
    skeleton: string,
    passwordHash: string,
    at: number,
  ): Promise<boolean> {
    let changed: number;
    try {
      // One statement, outside any transaction: the unique keys refuse a taken name atomically.
      changed = await this.sql.run(
        `UPDATE players SET display_name = ?, name_key = ?, name_skeleton = ?, password_hash = ?, claimed_at = ?
         WHERE id = ? AND name_key IS NULL AND deleted_at IS NULL`,
        [name, nameKey, skeleton, passwordHash, at, id],
      );
    } catch (e) {
      if (e instanceof UniqueViolation) return false;
      throw e;
    }
    if (changed === 1) await renameFinishedSeats(this.sql, id, name);
    return changed === 1;
  }

  /** A guest's new display name (an account's name is its account name). */
  async renameGuest(id: string, displayName: string): Promise<boolean> {
    return (
      (await this.sql.run(
        'UPDATE players SET display_name = ? WHERE id = ? AND name_key IS NULL AND deleted_at IS NULL',
        [displayName, id],
      )) === 1
    );
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.sql.run('UPDATE players SET password_hash = ? WHERE id = ?', [passwordHash, id]);
  }

  /**
   * The account is gone: no name (free again), no password, no sessions; its seats keep the games but read
   * `DELETED_NAME`.
   */
  /** The lessons this player has done (ids, in the order first done). */
  async lessonsDone(playerId: string): Promise<string[]> {
    const rows = await this.sql.all<{ done: string }>(
      'SELECT done FROM lesson_progress WHERE player_id = ?',
      [playerId],
    );
    const list: unknown = rows.length ? JSON.parse(rows[0].done) : [];
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  }

  /** Adds lessons done (a browser's, merged with the stored ones; none is ever forgotten); the union. */
  async addLessonsDone(
    playerId: string,
    done: readonly string[],
    at: number,
    max: number,
  ): Promise<string[]> {
    return this.sql.tx(async (sql) => {
      const rows = await sql.all<{ done: string }>('SELECT done FROM lesson_progress WHERE player_id = ?', [
        playerId,
      ]);
      const stored: unknown = rows.length ? JSON.parse(rows[0].done) : [];
      const before = Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : [];
      const union = [...new Set([...before, ...done])].slice(0, max);
      if (union.length === before.length) return before;
      if (rows.length) {
        await sql.run('UPDATE lesson_progress SET done = ?, updated_at = ? WHERE player_id = ?', [
          JSON.stringify(union),
          at,
          playerId,
        ]);
      } else {
        await sql.run('INSERT INTO lesson_progress (player_id, done, updated_at) VALUES (?, ?, ?)', [
          playerId,
          JSON.stringify(union),
          at,
        ]);
      }
      return union;
    });
  }

  async deleteAccount(id: string, at: number): Promise<void> {
    await this.sql.tx(async (sql) => {
      await sql.run('DELETE FROM sessions WHERE player_id = ?', [id]);
      await sql.run('DELETE FROM lesson_progress WHERE player_id = ?', [id]);
      await sql.run('DELETE FROM passkeys WHERE player_id = ?', [id]);
      await sql.run('UPDATE seats SET name = ? WHERE player_id = ?', [DELETED_NAME, id]);
      await sql.run(
        `UPDATE players SET display_name = ?, name_key = NULL, name_skeleton = NULL, password_hash = NULL,
           deleted_at = ? WHERE id = ?`,
        [DELETED_NAME, at, id],
      );
    });
  }

  /** The guest's seats become the account's (a guest who signs in to an existing account), the guest ends. */
  async mergeGuest(guestId: string, accountId: string): Promise<number> {
    return this.sql.tx(async (sql) => {
      const moved = await sql.run('UPDATE seats SET player_id = ? WHERE player_id = ?', [accountId, guestId]);
      const account = await sql.all<{ display_name: string }>(
        'SELECT display_name FROM players WHERE id = ?',
        [accountId],
      );
      if (account.length) await renameFinishedSeats(sql, accountId, account[0].display_name);
      await sql.run('DELETE FROM sessions WHERE player_id = ?', [guestId]);
      return moved;
    });
  }

  /** Tables (not finished) where the player holds a seat. */
  async unfinishedTablesOf(playerId: string): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(
      `SELECT DISTINCT t.id FROM seats s JOIN tables t ON t.id = s.table_id
       WHERE s.player_id = ? AND s.token_hash IS NOT NULL AND t.status <> 'finished'`,
      [playerId],
    );
    return rows.map((r) => r.id);
  }

  /** Who holds the seat (null: a client without a session, or nobody). */
  /** `within`: the caller's open transaction (a table's creation and its seats' players commit together). */
  async setSeatPlayer(
    tableId: string,
    seat: number,
    playerId: string | null,
    within: Sql = this.sql,
  ): Promise<void> {
    await within.run('UPDATE seats SET player_id = ? WHERE table_id = ? AND seat = ?', [
      playerId,
      tableId,
      seat,
    ]);
  }

  async seatPlayer(tableId: string, seat: number): Promise<string | null> {
    const rows = await this.sql.all<{ player_id: string | null }>(
      'SELECT player_id FROM seats WHERE table_id = ? AND seat = ?',
      [tableId, seat],
    );
    return rows[0]?.player_id ?? null;
  }

  /** The player's seats at finished games that were played (not closed unstarted), newest first. */
  async finishedSeatsOf(playerId: string, limit: number): Promise<PlayerSeat[]> {
    const rows = await this.sql.all<{
      table_id: string;
      seat: number;
      game: string;
      listed: number | boolean;
      result: unknown;
    }>(
      `SELECT s.table_id, s.seat, t.game, t.listed, t.result FROM seats s JOIN tables t ON t.id = s.table_id
       WHERE s.player_id = ? AND t.status = 'finished' AND t.started_at IS NOT NULL
       ORDER BY t.finished_at DESC, t.created_at DESC LIMIT ?`,
      [playerId, limit],
    );
    return rows.map((r) => ({
      tableId: r.table_id,
      seat: Number(r.seat),
      game: r.game,
      listed: r.listed === true || r.listed === 1,
      winners: winnersOf(r.result),
    }));
  }

  async createSession(s: StoredSession): Promise<void> {
    await this.sql.run(
      `INSERT INTO sessions (id, token_hash, player_id, created_at, last_seen_at, user_agent)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [s.id, s.tokenHash, s.playerId, s.createdAt, s.lastSeenAt, s.userAgent],
    );
  }

  async sessionByToken(tokenHash: string): Promise<StoredSession | null> {
    const rows = await this.sql.all<SessionRow>('SELECT * FROM sessions WHERE token_hash = ?', [tokenHash]);
    return rows.length ? sessionFrom(rows[0]) : null;
  }

  async touchSession(id: string, at: number): Promise<void> {
    await this.sql.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', [at, id]);
  }

  async sessionsOf(playerId: string): Promise<StoredSession[]> {
    const rows = await this.sql.all<SessionRow>(
      'SELECT * FROM sessions WHERE player_id = ? ORDER BY last_seen_at DESC',
      [playerId],
    );
    return rows.map(sessionFrom);
  }

  /** Ends one session of the player; false when it is not theirs (or gone). */
  async deleteSession(playerId: string, sessionId: string): Promise<boolean> {
    return (
      (await this.sql.run('DELETE FROM sessions WHERE id = ? AND player_id = ?', [sessionId, playerId])) === 1
    );
  }

  /** Ends every session of the player but `keep`. */
  async deleteOtherSessions(playerId: string, keep: string): Promise<number> {
    return this.sql.run('DELETE FROM sessions WHERE player_id = ? AND id <> ?', [playerId, keep]);
  }

  /** Drops sessions idle since before `idleBefore` or made before `createdBefore`. */
  async purgeSessions(idleBefore: number, createdBefore: number): Promise<number> {
    return this.sql.run('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?', [
      idleBefore,
      createdBefore,
    ]);
  }

  /** Drops guests that no session and no seat refers to any more (their sessions ended, they never played). */
  async purgeLostGuests(): Promise<number> {
    return this.sql.run(
      `DELETE FROM players WHERE name_key IS NULL AND deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.player_id = players.id)
         AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.player_id = players.id)`,
    );
  }

  /** A secret shared by every process on this database (made by the first one to ask). */
  async secret(name: string, fresh: string): Promise<string> {
    await this.sql.run(
      'INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
      [name, fresh],
    );
    const rows = await this.sql.all<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [
      name,
    ]);
    return rows[0].value;
  }
}
