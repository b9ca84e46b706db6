/**
 * Reading ratings back, in either database (through `Sql`): a player's ratings, one rating's history, and
 * the candidates for a leaderboard. Ratings are written only with a rated game's result (ratings.ts).
 */
import type { GameKind } from '@attila/core';
import type { SpeedClass } from '@attila/ratings';
import { ratingFromRow, type RatingDbRow } from './ratings.js';
import type { Sql } from './sql.js';
import type { Rating } from '@attila/ratings';

export interface StoredRating {
  readonly playerId: string;
  readonly game: GameKind;
  readonly speed: SpeedClass;
  readonly rating: Rating;
}

export interface StoredRatingPoint {
  readonly tableId: string;
  readonly at: number;
  readonly before: number;
  readonly after: number;
  readonly deviation: number;
}

/** A leaderboard candidate: an account's rating with its name. */
export interface BoardCandidate {
  readonly name: string;
  readonly rating: Rating;
}

type Row = RatingDbRow & { player_id: string; game: string; speed: string };

const COLUMNS = 'player_id, game, speed, rating, deviation, volatility, games, last_game_at';

export class RatingStore {
  constructor(private readonly sql: Sql) {}

  async ratingsOf(playerId: string): Promise<StoredRating[]> {
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM ratings WHERE player_id = ? ORDER BY game, games DESC`,
      [playerId],
    );
    return rows.flatMap((r) => {
      const rating = ratingFromRow(r.game as GameKind, r);
      return rating
        ? [{ playerId: r.player_id, game: r.game as GameKind, speed: r.speed as SpeedClass, rating }]
        : [];
    });
  }

  async historyOf(
    playerId: string,
    game: GameKind,
    speed: SpeedClass,
    limit: number,
  ): Promise<StoredRatingPoint[]> {
    const rows = await this.sql.all<{
      table_id: string;
      at: number | string;
      rating_before: number | string;
      rating_after: number | string;
      deviation: number | string;
    }>(
      `SELECT table_id, at, rating_before, rating_after, deviation FROM rating_history
       WHERE player_id = ? AND game = ? AND speed = ? ORDER BY at DESC LIMIT ?`,
      [playerId, game, speed, limit],
    );
    return rows
      .map((r) => ({
        tableId: r.table_id,
        at: Number(r.at),
        before: Number(r.rating_before),
        after: Number(r.rating_after),
        deviation: Number(r.deviation),
      }))
      .reverse();
  }

  /** What one table's result did to its seats' ratings (none: not rated, or not finished). */
  async changesOfTable(
    tableId: string,
  ): Promise<{ seat: number; speed: SpeedClass; before: number; after: number }[]> {
    const rows = await this.sql.all<{
      seat: number | string;
      speed: string;
      rating_before: number | string;
      rating_after: number | string;
    }>(
      `SELECT s.seat, h.speed, h.rating_before, h.rating_after
       FROM rating_history h JOIN seats s ON s.table_id = h.table_id AND s.player_id = h.player_id
       WHERE h.table_id = ? ORDER BY s.seat`,
      [tableId],
    );
    return rows.map((r) => ({
      seat: Number(r.seat),
      speed: r.speed as SpeedClass,
      before: Number(r.rating_before),
      after: Number(r.rating_after),
    }));
  }

  /**
   * Accounts (not deleted) rated in this game and speed class with a stored deviation of at most
   * `maxDeviation`, best first: the caller ages each deviation to now and keeps the settled ones.
   */
  async boardCandidates(
    game: GameKind,
    speed: SpeedClass,
    maxDeviation: number,
    limit: number,
  ): Promise<BoardCandidate[]> {
    const rows = await this.sql.all<Row & { display_name: string }>(
      `SELECT r.player_id, r.game, r.speed, r.rating, r.deviation, r.volatility, r.games, r.last_game_at,
              p.display_name
       FROM ratings r JOIN players p ON p.id = r.player_id
       WHERE r.game = ? AND r.speed = ? AND r.deviation <= ? AND p.deleted_at IS NULL AND p.name_key IS NOT NULL
       ORDER BY r.rating DESC LIMIT ?`,
      [game, speed, maxDeviation, limit],
    );
    return rows.flatMap((r) => {
      const rating = ratingFromRow(game, r);
      return rating ? [{ name: r.display_name, rating }] : [];
    });
  }
}
