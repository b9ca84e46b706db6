/**
 * The bot ladder's storage, in either database (through `Sql`, like accounts.ts): its games and its ratings
 * per pool. A game's row is written before its table (the ladder chose the table's id), so that after a
 * restart a row tells what was paired: its table is being played, is over and waits to be rated, or never
 * came (the row is deleted). Rating a game marks its row and writes the ratings in one transaction, once.
 */
import type { Rating } from '@attila/ratings';
import type { Sql } from '../storage/sql.js';
import type { LadderPool } from './pools.js';

export interface LadderGameRow {
  readonly tableId: string;
  /** The ladder's count of games, from 0: the game's seed and its pool follow from it. */
  readonly ordinal: number;
  readonly pool: LadderPool;
  /** The ladder's players in seat order: `level:<bot>` or `account:<player id>`. */
  readonly players: readonly string[];
  readonly createdAt: number;
  readonly ratedAt: number | null;
  /** Each seat's place (0 best) once rated; null before, or for a game that had no result (aborted). */
  readonly places: readonly number[] | null;
}

interface Row {
  table_id: string;
  ordinal: number | string;
  pool: string;
  players: string;
  created_at: number | string;
  rated_at: number | string | null;
  places: string | null;
}

function gameFrom(r: Row): LadderGameRow {
  return {
    tableId: r.table_id,
    ordinal: Number(r.ordinal),
    pool: r.pool as LadderPool,
    players: JSON.parse(r.players) as string[],
    createdAt: Number(r.created_at),
    ratedAt: r.rated_at === null ? null : Number(r.rated_at),
    places: r.places === null ? null : (JSON.parse(r.places) as number[]),
  };
}

interface RatingRow {
  player: string;
  rating: number | string;
  deviation: number | string;
  volatility: number | string | null;
  games: number | string;
  last_game_at: number | string | null;
}

export interface LadderAccount {
  readonly id: string;
  readonly displayName: string;
}

export class LadderStore {
  constructor(private readonly sql: Sql) {}

  /** The ordinal the next game takes: one past the highest written. */
  async nextOrdinal(): Promise<number> {
    const rows = await this.sql.all<{ m: number | string | null }>(
      'SELECT MAX(ordinal) AS m FROM ladder_games',
    );
    const m = rows[0]?.m;
    return m === null || m === undefined ? 0 : Number(m) + 1;
  }

  async addGame(g: Omit<LadderGameRow, 'ratedAt' | 'places'>): Promise<void> {
    await this.sql.run(
      'INSERT INTO ladder_games (table_id, ordinal, pool, players, created_at) VALUES (?, ?, ?, ?, ?)',
      [g.tableId, g.ordinal, g.pool, JSON.stringify(g.players), g.createdAt],
    );
  }

  /** A pairing whose table never came (the server stopped in between): it did not happen. */
  async dropGame(tableId: string): Promise<void> {
    await this.sql.run('DELETE FROM ladder_games WHERE table_id = ? AND rated_at IS NULL', [tableId]);
  }

  async unrated(): Promise<LadderGameRow[]> {
    const rows = await this.sql.all<Row>(
      'SELECT * FROM ladder_games WHERE rated_at IS NULL ORDER BY ordinal',
    );
    return rows.map(gameFrom);
  }

  /** The pool's most recent games (rated or not), newest first. */
  async recentOf(pool: LadderPool, limit: number): Promise<LadderGameRow[]> {
    const rows = await this.sql.all<Row>(
      'SELECT * FROM ladder_games WHERE pool = ? ORDER BY ordinal DESC LIMIT ?',
      [pool, limit],
    );
    return rows.map(gameFrom);
  }

  /** The most recently rated games of every pool, newest first. */
  async recentRated(limit: number): Promise<LadderGameRow[]> {
    const rows = await this.sql.all<Row>(
      'SELECT * FROM ladder_games WHERE rated_at IS NOT NULL ORDER BY ordinal DESC LIMIT ?',
      [limit],
    );
    return rows.map(gameFrom);
  }

  async countRated(): Promise<number> {
    const rows = await this.sql.all<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM ladder_games WHERE rated_at IS NOT NULL',
    );
    return Number(rows[0]?.n ?? 0);
  }

  async ratings(pool: LadderPool): Promise<Map<string, Rating>> {
    const rows = await this.sql.all<RatingRow>('SELECT * FROM ladder_ratings WHERE pool = ?', [pool]);
    return new Map(
      rows.map((r) => [
        r.player,
        {
          rating: Number(r.rating),
          deviation: Number(r.deviation),
          volatility: r.volatility === null ? null : Number(r.volatility),
          games: Number(r.games),
          lastGameAt: r.last_game_at === null ? null : Number(r.last_game_at),
        },
      ]),
    );
  }

  /**
   * Marks the game rated and stores its players' new ratings, in one transaction; false (nothing written)
   * when it was rated already (two calls after a restart rate it once).
   */
  async rate(
    game: LadderGameRow,
    places: readonly number[] | null,
    after: ReadonlyMap<string, Rating>,
    at: number,
  ): Promise<boolean> {
    return this.sql.tx(async (tx) => {
      const marked = await tx.run(
        'UPDATE ladder_games SET rated_at = ?, places = ? WHERE table_id = ? AND rated_at IS NULL',
        [at, places === null ? null : JSON.stringify(places), game.tableId],
      );
      if (marked !== 1) return false;
      for (const [player, r] of after) {
        await tx.run(
          `INSERT INTO ladder_ratings (pool, player, rating, deviation, volatility, games, last_game_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (pool, player) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, games = excluded.games, last_game_at = excluded.last_game_at`,
          [game.pool, player, r.rating, r.deviation, r.volatility, r.games, r.lastGameAt],
        );
      }
      return true;
    });
  }

  /** Bot accounts that joined the ladder (and are still bot accounts). */
  async accounts(): Promise<LadderAccount[]> {
    const rows = await this.sql.all<{ id: string; display_name: string }>(
      `SELECT id, display_name FROM players
       WHERE ladder_since IS NOT NULL AND bot_since IS NOT NULL AND deleted_at IS NULL ORDER BY id`,
    );
    return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
  }

  /** A bot account joins (true) or leaves the ladder; false when the player is not a bot account. */
  async setJoined(playerId: string, joined: boolean, at: number): Promise<boolean> {
    const changed = await this.sql.run(
      'UPDATE players SET ladder_since = ? WHERE id = ? AND bot_since IS NOT NULL AND deleted_at IS NULL',
      [joined ? at : null, playerId],
    );
    return changed === 1;
  }

  async joinedSince(playerId: string): Promise<number | null> {
    const rows = await this.sql.all<{ ladder_since: number | string | null }>(
      'SELECT ladder_since FROM players WHERE id = ?',
      [playerId],
    );
    return rows.length && rows[0].ladder_since !== null ? Number(rows[0].ladder_since) : null;
  }
}
