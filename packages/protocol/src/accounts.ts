/**
 * Players' identity over HTTP (packages/server/README.md, "Players and accounts"): who the browser is, its
 * account, sessions and profile. Request bodies are parsed once with these schemas; the server checks the
 * finer rules (name and password policy) itself and says what is allowed.
 */
import { z } from 'zod';
import type { GameKind } from '@attila/core';
import type { PlayerEventEntry } from './events.js';
import type { TableInfo } from './tables.js';

/** The player a session belongs to. */
export interface Me {
  readonly id: string;
  readonly name: string;
  /** A guest plays under a generated name until it claims an account. */
  readonly kind: 'guest' | 'account';
  readonly createdAt: number;
}

export interface MeResponse {
  readonly player: Me | null;
}

export interface SessionInfo {
  readonly id: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly userAgent: string;
  /** The session this request was made with. */
  readonly current: boolean;
}

export type PlayerResult = 'won' | 'lost' | 'drawn';

export interface PlayerGameStats {
  readonly game: GameKind;
  readonly played: number;
  readonly won: number;
  /** The rating of the speed class played most (null: no rated game of this game yet). */
  readonly rating: PlayerRating | null;
  /** Every speed class rated, the one played most first. */
  readonly ratings: readonly PlayerRating[];
}

export type RatingSpeed = 'fast' | 'slow' | 'correspondence';

/** One rating of a player, for one game and speed class, as shown now. */
export interface PlayerRating {
  readonly game: GameKind;
  readonly speed: RatingSpeed;
  /** Rounded to a whole number. */
  readonly rating: number;
  /** The deviation now (it grows while the player is away), rounded. */
  readonly deviation: number;
  /** Deviation above 110: shown as `1623?`. */
  readonly provisional: boolean;
  readonly games: number;
}

/** One point of a rating's history: the rating after a rated game. */
export interface RatingPoint {
  readonly table: string;
  /** When the game ended (ms since the epoch). */
  readonly at: number;
  readonly before: number;
  readonly after: number;
  readonly deviation: number;
}

export interface RatingHistory {
  readonly game: GameKind;
  readonly speed: RatingSpeed;
  /** Oldest first. */
  readonly points: readonly RatingPoint[];
}

/** What a rated game did to its players' ratings (`GET /api/tables/:id/rating-changes`), seat by seat. */
export interface TableRatingChanges {
  /** The rating the game counted for (its speed class); null: no rating changed (casual, aborted, still on). */
  readonly speed: RatingSpeed | null;
  /** Each rated seat's rating before and after the game, rounded as profiles show them. */
  readonly seats: readonly { readonly seat: number; readonly before: number; readonly after: number }[];
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
}

export interface Leaderboard {
  readonly game: GameKind;
  readonly speed: RatingSpeed;
  /** Non-provisional players (deviation now at most 110), best first, at most 100. */
  readonly players: readonly LeaderboardEntry[];
  /** The published ratings of the bot levels of this game (measured bot against bot). */
  readonly bots: readonly { readonly bot: string; readonly rating: number; readonly deviation: number }[];
}

export const RATING_SPEEDS: readonly RatingSpeed[] = ['fast', 'slow', 'correspondence'];

export const ratingHistoryQuerySchema = z
  .object({
    game: z.enum(['knights', 'tribes']).optional(),
    speed: z.enum(['fast', 'slow', 'correspondence']).optional(),
  })
  .strict();

export const leaderboardQuerySchema = z
  .object({ game: z.enum(['knights', 'tribes']), speed: z.enum(['fast', 'slow', 'correspondence']) })
  .strict();

export interface PlayerGame {
  readonly table: TableInfo;
  /** The seat the player held. */
  readonly seat: number;
  readonly result: PlayerResult;
}

export interface PlayerProfile {
  readonly name: string;
  readonly kind: 'guest' | 'account';
  /** A bot account (a program on the bot API): shown with the BOT mark. Absent for people. */
  readonly bot?: boolean;
  readonly since: number;
  readonly stats: readonly PlayerGameStats[];
  /** Finished games, the most recently finished first (filtered as asked), at most 50. */
  readonly games: readonly PlayerGame[];
  /** Events entered, the latest start first, at most 20 (private ones only on one's own profile). */
  readonly events: readonly PlayerEventEntry[];
}

const text = (max: number) => z.string().max(max, `at most ${max} characters`);

/** Name and password rules are checked by the server (it names them); here only the shape. */
export const credentialsSchema = z.object({ name: text(200), password: text(1000) }).strict();

export const changePasswordSchema = z.object({ current: text(1000), password: text(1000) }).strict();

export const deleteAccountSchema = z.object({ password: text(1000) }).strict();

/** A lesson's id (`<game>-<name>`, as the web app's lessons name them). */
export const LESSON_ID = /^[a-z]{1,16}-[a-z0-9-]{1,40}$/;
/** At most this many lessons are kept per account (far more than there are). */
export const MAX_LESSONS = 200;

/** The lessons done in this browser, sent to be merged with the account's (`POST /api/account/lessons`). */
export const lessonProgressSchema = z
  .object({ done: z.array(z.string().regex(LESSON_ID, 'a lesson id is "<game>-<name>"')).max(MAX_LESSONS) })
  .strict();

/** The account's lessons done (the answer to `GET` and `POST /api/account/lessons`). */
export interface LessonProgressBody {
  readonly done: readonly string[];
}

export const profileQuerySchema = z
  .object({
    game: z.string().max(40).optional(),
    result: z.enum(['won', 'lost', 'drawn']).optional(),
  })
  .strict();
export type ProfileQuery = z.infer<typeof profileQuerySchema>;
