/** Knights puzzles over HTTP: a puzzle to solve, the daily puzzle, and an attempt's verdict with ratings. */
import { z } from 'zod';

export interface PuzzleRatingView {
  readonly rating: number;
  readonly deviation: number;
  readonly attempts: number;
}

export interface PuzzleView {
  readonly id: string;
  /** The position string; the side to move is the player's. */
  readonly position: string;
  /** The win's length in plies: 3, 5, 7 or 9. */
  readonly plies: number;
  /** The main line (the winner's moves and the defence's answers); the client follows it. */
  readonly line: readonly string[];
  readonly rating: number;
}

export interface PuzzleResponse {
  readonly puzzle: PuzzleView;
  /** The account's puzzle rating; null for a guest (or an account before its first rated attempt). */
  readonly player: PuzzleRatingView | null;
  /** Whether the visitor is signed in to an account (a guest solves without a rating). */
  readonly account: boolean;
  /** The UTC date (YYYY-MM-DD) when this is the daily puzzle. */
  readonly daily: string | null;
}

export interface PuzzleAttemptResponse {
  readonly solved: boolean;
  /** Whether the attempt changed ratings (an account's first attempt at this puzzle). */
  readonly rated: boolean;
  /** The account's rating after the attempt; null for a guest. */
  readonly player: PuzzleRatingView | null;
  /** How much the attempt moved the account's rating (0 if not rated). */
  readonly change: number;
}

/** The player's moves in order, up to the first wrong one (the site's replies are not sent). */
export const puzzleAttemptSchema = z.object({ moves: z.array(z.string().max(20)).min(1).max(5) }).strict();

export const puzzleNextQuerySchema = z.object({ after: z.string().max(20).optional() }).strict();
