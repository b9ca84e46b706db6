/**
 * Challenges in either database (through `Sql`, like accounts.ts): one row per challenge (its settings and
 * seats as JSON, the columns a query needs beside it) and one row per player in it, to find one's own. A
 * change is written only over the version it was decided on (`replace`): of two processes answering the
 * same challenge at once, one wins and the other decides again on what the winner stored.
 */
import type { Sql } from '../storage/sql.js';
import type { StoredChallenge } from './challenge-rules.js';

interface ChallengeRow {
  id: string;
  challenger_id: string;
  body: string;
  status: StoredChallenge['status'];
  created_at: number | string;
  expires_at: number | string;
  table_id: string | null;
  version: number | string;
}

type Body = Pick<StoredChallenge, 'game' | 'settings' | 'clock' | 'rated' | 'seats'>;

function challengeFrom(r: ChallengeRow): StoredChallenge {
  const body = JSON.parse(r.body) as Body;
  return {
    id: r.id,
    challengerId: r.challenger_id,
    game: body.game,
    settings: body.settings,
    clock: body.clock,
    rated: body.rated,
    seats: body.seats,
    status: r.status,
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    tableId: r.table_id,
    version: Number(r.version),
  };
}

const bodyOf = (c: StoredChallenge): string =>
  JSON.stringify({ game: c.game, settings: c.settings, clock: c.clock, rated: c.rated, seats: c.seats });

/** A player's challenges listed: the newest this many. */
const LISTED = 50;

export class ChallengeStore {
  constructor(private readonly sql: Sql) {}

  /** `work` in one transaction, with this store on it (`sql`: the transaction, for other rows written with it). */
  tx<T>(work: (store: ChallengeStore, sql: Sql) => Promise<T>): Promise<T> {
    return this.sql.tx((sql) => work(new ChallengeStore(sql), sql));
  }

  async create(c: StoredChallenge): Promise<void> {
    await this.sql.tx(async (sql) => {
      await sql.run(
        `INSERT INTO challenges (id, challenger_id, body, status, created_at, expires_at, table_id, version)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.id, c.challengerId, bodyOf(c), c.status, c.createdAt, c.expiresAt, c.tableId, c.version],
      );
      for (const s of c.seats) {
        await sql.run('INSERT INTO challenge_players (challenge_id, player_id) VALUES (?, ?)', [
          c.id,
          s.playerId,
        ]);
      }
    });
  }

  async get(id: string): Promise<StoredChallenge | null> {
    const rows = await this.sql.all<ChallengeRow>('SELECT * FROM challenges WHERE id = ?', [id]);
    return rows.length ? challengeFrom(rows[0]) : null;
  }

  /**
   * Writes `next` if the stored challenge is still at the version it was decided on (`next.version - 1`):
   * false when another writer came first (decide again on what it stored).
   */
  async replace(next: StoredChallenge): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE challenges SET body = ?, status = ?, table_id = ?, version = ? WHERE id = ? AND version = ?`,
      [bodyOf(next), next.status, next.tableId, next.version, next.id, next.version - 1],
    );
    return changed === 1;
  }

  /** How many challenges the player made are still waiting (not expired) at `now`. */
  async waitingFrom(challengerId: string, now: number): Promise<number> {
    const rows = await this.sql.all<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM challenges WHERE challenger_id = ? AND status = 'pending' AND expires_at > ?`,
      [challengerId, now],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The player's challenges made since `since` or expiring after it (those still waiting), newest first. */
  async of(playerId: string, since: number): Promise<StoredChallenge[]> {
    const rows = await this.sql.all<ChallengeRow>(
      `SELECT c.* FROM challenges c JOIN challenge_players p ON p.challenge_id = c.id
       WHERE p.player_id = ? AND (c.created_at >= ? OR (c.status = 'pending' AND c.expires_at > ?))
       ORDER BY c.created_at DESC, c.id LIMIT ${LISTED}`,
      [playerId, since, since],
    );
    return rows.map(challengeFrom);
  }
}
