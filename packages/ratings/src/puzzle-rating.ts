/**
 * Puzzle ratings as lichess rates puzzles: an attempt is a Glicko-2 game between the player and the puzzle
 * (solved: the player won; failed: the puzzle won), each side's rating period holding that one game against
 * the other's rating as of now, so both ratings move. Same constants and bounds as Knights games.
 */
import { ratingPeriod } from './glicko2.js';
import { clamp, deviationAt, GLICKO, MAX_CHANGE, RATING_BOUNDS, type Rating } from './rating.js';

/** A new puzzle's rating: by its length (a win in 3 plies is easiest), unsure (the newcomer's deviation). */
export function puzzleSeedRating(plies: number): Rating {
  return {
    rating: clamp(900 + 150 * plies, RATING_BOUNDS.min, RATING_BOUNDS.max),
    deviation: GLICKO.maxDeviation,
    volatility: GLICKO.volatility,
    games: 0,
    lastGameAt: null,
  };
}

export interface PuzzleAttemptRatings {
  readonly player: Rating;
  readonly puzzle: Rating;
}

/** Both ratings after one attempt at `at` (ms since the epoch). */
export function ratePuzzleAttempt(
  player: Rating,
  puzzle: Rating,
  solved: boolean,
  at: number,
): PuzzleAttemptRatings {
  const now = [player, puzzle].map((r) => ({
    rating: r.rating,
    deviation: deviationAt(r, 'glicko2', at),
    volatility: clamp(r.volatility ?? GLICKO.volatility, GLICKO.minVolatility, GLICKO.maxVolatility),
  }));
  const scores = solved ? [1, 0] : [0, 1];
  const [p, z] = [player, puzzle].map((before, i): Rating => {
    const out = ratingPeriod(now[i], [{ opponent: now[1 - i], score: scores[i] }], {
      tau: GLICKO.tau,
      periods: 0,
    });
    const change = clamp(out.rating - before.rating, -MAX_CHANGE, MAX_CHANGE);
    return {
      rating: clamp(before.rating + change, RATING_BOUNDS.min, RATING_BOUNDS.max),
      deviation: clamp(out.deviation, GLICKO.minDeviation, GLICKO.maxDeviation),
      volatility: clamp(out.volatility, GLICKO.minVolatility, GLICKO.maxVolatility),
      games: before.games + 1,
      lastGameAt: at,
    };
  });
  return { player: p, puzzle: z };
}
