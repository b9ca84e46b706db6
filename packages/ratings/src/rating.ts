/**
 * A player's rating as the server stores it (one per game and speed class), the two rating systems'
 * constants, and how a stored rating is read back: checked once, at the edge, into a typed value.
 */
import { err, ok, type GameKind, type Result } from '@attila/core';

/** Knights (two players) is rated by Glicko-2; Tribes (two to five) by Weng-Lin (Bradley-Terry over every pair). */
export type RatingSystem = 'glicko2' | 'weng-lin';

/** The system of each game; null: not rated (Nim is the seam's test game, played by no one for keeps). */
export const RATING_SYSTEM: { readonly [G in GameKind]: RatingSystem | null } = {
  knights: 'glicko2',
  tribes: 'weng-lin',
  nim: null,
};

export interface Rating {
  /** The number people see (Glicko's r, Weng-Lin's μ), on one scale: 1500 to start. */
  readonly rating: number;
  /** How unsure it is (Glicko's RD, Weng-Lin's σ), in rating points. */
  readonly deviation: number;
  /** Glicko-2's volatility σ; null for a Weng-Lin rating, which has none. */
  readonly volatility: number | null;
  /** Rated games played. */
  readonly games: number;
  /** When the last rated game ended (ms since the epoch); null before the first. */
  readonly lastGameAt: number | null;
}

/** Rating numbers on both systems stay within these (a sanity bound: no real rating comes near them). */
export const RATING_BOUNDS = { min: 100, max: 4000 } as const;
/** The most one game may move a rating (lichess's). */
export const MAX_CHANGE = 700;
/** A rating whose deviation is above this is provisional (shown with a "?"; lichess: 110). */
export const PROVISIONAL_DEVIATION = 110;

/** Glicko-2, with lichess's constants (lila, modules/rating: Glicko.scala). */
export const GLICKO = {
  rating: 1500,
  /** A newcomer's RD, which is also the most it can grow to. */
  maxDeviation: 500,
  /** The least RD: without it a very active player's rating would hardly move any more. */
  minDeviation: 45,
  volatility: 0.09,
  /** A floor that keeps ln σ² finite (liglicko2's). */
  minVolatility: 0.01,
  /** Past this the volatility might never settle again. */
  maxVolatility: 0.1,
  /** The system constant: how fast the volatility may change. */
  tau: 0.75,
  /** Rating periods per day of inactivity: a typical RD grows from 60 to 110 in a year. */
  periodsPerDay: 0.21436,
} as const;

/**
 * Weng-Lin on the Glicko scale. β makes a 2-player game between settled players mean what Glicko means:
 * a rating difference d gives the better player 1 / (1 + 10^(-d/400)) (c = √2·β = 400 / ln 10).
 */
export const WENG_LIN = {
  rating: 1500,
  maxDeviation: 500,
  minDeviation: 45,
  beta: 400 / (Math.LN10 * Math.SQRT2),
  kappa: 0.0001,
  /**
   * γ = 1: each comparison's full variance reduction. Weng and Lin's σ/c would keep a Tribes player
   * provisional for well over 100 games; with 1, σ narrows as Glicko's RD does. 1 − Δ stays positive for
   * up to 5 players: each of the 4 terms σi²/c² · p(1 − p) is under 1/4.
   */
  gamma: () => 1,
  /** Added to σ before every game (OpenSkill's τ, σ0/100 at its defaults): skill drifts a little per game. */
  tauPerGame: 3.5,
  /** σ² added per day without a game: what a Glicko-2 RD of volatility 0.06 gains at lichess's pace. */
  varianceGrowthPerDay: (173.7178 * 0.06) ** 2 * GLICKO.periodsPerDay,
} as const;

export function defaultRating(system: RatingSystem): Rating {
  return system === 'glicko2'
    ? {
        rating: GLICKO.rating,
        deviation: GLICKO.maxDeviation,
        volatility: GLICKO.volatility,
        games: 0,
        lastGameAt: null,
      }
    : {
        rating: WENG_LIN.rating,
        deviation: WENG_LIN.maxDeviation,
        volatility: null,
        games: 0,
        lastGameAt: null,
      };
}

export function isProvisional(rating: Rating): boolean {
  return rating.deviation > PROVISIONAL_DEVIATION;
}

export function clamp(x: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, x));
}

const DAY_MS = 24 * 3600 * 1000;

/** The deviation at `at`, grown by the time since the last game (a newcomer's stays the default). */
export function deviationAt(rating: Rating, system: RatingSystem, at: number): number {
  const days = rating.lastGameAt === null ? 0 : Math.max(0, at - rating.lastGameAt) / DAY_MS;
  if (system === 'glicko2') {
    const sigma = (rating.volatility ?? GLICKO.volatility) * 173.7178;
    const grown = Math.sqrt(rating.deviation ** 2 + sigma * sigma * days * GLICKO.periodsPerDay);
    return clamp(grown, GLICKO.minDeviation, GLICKO.maxDeviation);
  }
  const grown = Math.sqrt(rating.deviation ** 2 + WENG_LIN.varianceGrowthPerDay * days);
  return clamp(grown, WENG_LIN.minDeviation, WENG_LIN.maxDeviation);
}

export type RatingErrorCode = 'rating.invalid';

/** A stored rating read back for `system`: every field a finite number within its bounds. */
export function parseRating(raw: unknown, system: RatingSystem): Result<Rating, RatingErrorCode> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return err('rating.invalid', 'a rating is an object {rating, deviation, volatility, games, lastGameAt}');
  const r = raw as Record<string, unknown>;
  const bounds = system === 'glicko2' ? GLICKO : WENG_LIN;
  const number = (name: string, low: number, high: number): string | null => {
    const v = r[name];
    return typeof v === 'number' && Number.isFinite(v) && v >= low && v <= high
      ? null
      : `"${name}" must be a number from ${low} to ${high}, not ${JSON.stringify(v) ?? 'nothing'}`;
  };
  const problems = [
    number('rating', RATING_BOUNDS.min, RATING_BOUNDS.max),
    number('deviation', bounds.minDeviation, bounds.maxDeviation),
    system === 'glicko2'
      ? number('volatility', GLICKO.minVolatility, GLICKO.maxVolatility)
      : r.volatility === null
        ? null
        : '"volatility" must be null for a Weng-Lin rating',
    Number.isInteger(r.games) && (r.games as number) >= 0
      ? null
      : '"games" must be a whole number, at least 0',
    r.lastGameAt === null || (typeof r.lastGameAt === 'number' && Number.isFinite(r.lastGameAt))
      ? null
      : '"lastGameAt" must be a time in ms since the epoch, or null',
  ].filter((p): p is string => p !== null);
  if (problems.length > 0) return err('rating.invalid', `invalid ${system} rating: ${problems.join('; ')}`);
  return ok({
    rating: r.rating as number,
    deviation: r.deviation as number,
    volatility: system === 'glicko2' ? (r.volatility as number) : null,
    games: r.games as number,
    lastGameAt: r.lastGameAt as number | null,
  });
}
