/**
 * Knights puzzle ratings in either database (through `Sql`): a puzzle's rating (a puzzle never attempted has
 * none stored: its seed rating applies), an account's puzzle rating, and the account's attempts. A rated
 * attempt writes the attempt, the player's and the puzzle's new ratings in one transaction; only an
 * account's first attempt at a puzzle is rated (the attempt's primary key decides, race-free).
 */
import { defaultRating, ratePuzzleAttempt, type Rating } from '@attila/ratings';
import type { Sql } from './sql.js';

interface RatingRow {
  rating: number | string;
  deviation: number | string;
  volatility: number | string;
  attempts: number | string;
  last_attempt_at: number | string;
}

const fromRow = (r: RatingRow): Rating => ({
  rating: Number(r.rating),
  deviation: Number(r.deviation),
  volatility: Number(r.volatility),
  games: Number(r.attempts),
  lastGameAt: Number(r.last_attempt_at),
});

const COLUMNS = 'rating, deviation, volatility, attempts, last_attempt_at';

export interface RatedAttempt {
  /** false: the account had tried this puzzle before (nothing was written). */
  readonly rated: boolean;
  readonly before: Rating;
  readonly after: Rating;
}

export class PuzzleStore {
  constructor(private readonly sql: Sql) {}

  /** Every stored puzzle rating, by puzzle id. */
  async puzzleRatings(): Promise<Map<string, Rating>> {
    const rows = await this.sql.all<RatingRow & { puzzle_id: string }>(
      `SELECT puzzle_id, ${COLUMNS} FROM puzzle_ratings`,
    );
    return new Map(rows.map((r) => [r.puzzle_id, fromRow(r)]));
  }

  /** The account's puzzle rating, or null before its first rated attempt. */
  async playerRating(playerId: string): Promise<Rating | null> {
    const [row] = await this.sql.all<RatingRow>(
      `SELECT ${COLUMNS} FROM player_puzzle_ratings WHERE player_id = ?`,
      [playerId],
    );
    return row ? fromRow(row) : null;
  }

  /** The puzzles the account has attempted. */
  async attempted(playerId: string): Promise<Set<string>> {
    const rows = await this.sql.all<{ puzzle_id: string }>(
      'SELECT puzzle_id FROM puzzle_attempts WHERE player_id = ?',
      [playerId],
    );
    return new Set(rows.map((r) => r.puzzle_id));
  }

  /** Rates the account's attempt (in one transaction); `seed` is the puzzle's rating if none is stored. */
  async rateAttempt(
    playerId: string,
    puzzleId: string,
    seed: Rating,
    solved: boolean,
    at: number,
  ): Promise<RatedAttempt> {
    return this.sql.tx(async (sql) => {
      const [p] = await sql.all<RatingRow>(
        `SELECT ${COLUMNS} FROM player_puzzle_ratings WHERE player_id = ?`,
        [playerId],
      );
      const player = p ? fromRow(p) : defaultRating('glicko2');
      const [z] = await sql.all<RatingRow>(`SELECT ${COLUMNS} FROM puzzle_ratings WHERE puzzle_id = ?`, [
        puzzleId,
      ]);
      const puzzle = z ? fromRow(z) : seed;
      const next = ratePuzzleAttempt(player, puzzle, solved, at);
      const inserted = await sql.run(
        `INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, at, rating_before, rating_after)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (player_id, puzzle_id) DO NOTHING`,
        [playerId, puzzleId, solved ? 1 : 0, at, player.rating, next.player.rating],
      );
      if (inserted === 0) return { rated: false, before: player, after: player };
      const upsert = (table: string, key: string) =>
        `INSERT INTO ${table} (${key}, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (${key}) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
           volatility = excluded.volatility, attempts = excluded.attempts, last_attempt_at = excluded.last_attempt_at`;
      const values = (id: string, r: Rating) => [id, r.rating, r.deviation, r.volatility, r.games, at];
      await sql.run(upsert('player_puzzle_ratings', 'player_id'), values(playerId, next.player));
      await sql.run(upsert('puzzle_ratings', 'puzzle_id'), values(puzzleId, next.puzzle));
      return { rated: true, before: player, after: next.player };
    });
  }
}
