/**
 * `rateGame`: every seat's new rating after a finished game, for the server to store in the same
 * transaction as the game's result. Pure: the same input always gives the same output.
 *
 * Rating periods are lichess's: each game is its own rating period, and a rating's deviation grows with
 * the time since the player's last game before the game is rated (`deviationAt`); the game itself then
 * adds no further period (lichess's `skipDeviationIncrease`).
 */
import { err, ok, type GameKind, type GameResult, type Result } from '@attila/core';
import { ratingPeriod } from './glicko2.js';
import { finalRanking, type RankingErrorCode } from './ranking.js';
import {
  GLICKO,
  MAX_CHANGE,
  RATING_BOUNDS,
  RATING_SYSTEM,
  WENG_LIN,
  clamp,
  defaultRating,
  deviationAt,
  isProvisional,
  parseRating,
  type Rating,
  type RatingErrorCode,
  type RatingSystem,
} from './rating.js';
import type { SpeedClass } from './speed.js';
import { bradleyTerryFull } from './weng-lin.js';

export interface RateGameInput {
  readonly game: GameKind;
  readonly speed: SpeedClass;
  /** The game's result; null (not over) or no winners (aborted) is not rated. */
  readonly result: GameResult | null;
  /** Each seat's current rating for this game and speed class, in seat order; null: a newcomer. */
  readonly seats: readonly (Rating | null)[];
  /** When the game ended (ms since the epoch). */
  readonly at: number;
}

export interface SeatRating {
  /** The rating before the game (a newcomer's default for a null seat), as stored. */
  readonly before: Rating;
  readonly after: Rating;
  /** after.rating - before.rating. */
  readonly change: number;
  /** The seat's place, 0 best (ties share a place). */
  readonly place: number;
  readonly provisional: boolean;
}

export type RatedGame =
  | {
      readonly rated: true;
      readonly system: RatingSystem;
      readonly speed: SpeedClass;
      readonly seats: readonly SeatRating[];
    }
  | { readonly rated: false; readonly reason: string };

export type RateGameErrorCode = RatingErrorCode | RankingErrorCode | 'rating.seats' | 'rating.time';

/** Seats each system rates: Glicko-2 a game of two, Weng-Lin two to five (Tribes' range). */
const SEAT_RANGE: { readonly [S in RatingSystem]: { min: number; max: number } } = {
  glicko2: { min: 2, max: 2 },
  'weng-lin': { min: 2, max: 5 },
};

export function rateGame(input: RateGameInput): Result<RatedGame, RateGameErrorCode> {
  const system = RATING_SYSTEM[input.game];
  if (system === null) return ok({ rated: false, reason: `${input.game} games are not rated` });
  if (input.result === null) return ok({ rated: false, reason: 'the game is not over' });
  const n = input.seats.length;
  const range = SEAT_RANGE[system];
  if (n < range.min || n > range.max)
    return err('rating.seats', `a rated ${input.game} game has ${range.min} to ${range.max} seats, not ${n}`);
  if (!Number.isFinite(input.at))
    return err('rating.time', `the game's end must be a time in ms, not ${input.at}`);
  const ranking = finalRanking(input.result, n);
  if (!ranking.ok) return ranking;
  const places = ranking.value;
  if (places === null) return ok({ rated: false, reason: 'the game was aborted (it has no winner)' });
  const before: Rating[] = [];
  for (const [seat, stored] of input.seats.entries()) {
    const parsed = stored === null ? ok(defaultRating(system)) : parseRating(stored, system);
    if (!parsed.ok) return err(parsed.error.code, `seat ${seat}: ${parsed.error.message}`);
    before.push(parsed.value);
  }
  const updated =
    system === 'glicko2' ? glickoGame(before, places, input.at) : wengLinGame(before, places, input.at);
  const seats = before.map((b, i) => {
    const change = clamp(updated[i].rating - b.rating, -MAX_CHANGE, MAX_CHANGE);
    const after: Rating = {
      rating: clamp(b.rating + change, RATING_BOUNDS.min, RATING_BOUNDS.max),
      deviation: updated[i].deviation,
      volatility: updated[i].volatility,
      games: b.games + 1,
      lastGameAt: input.at,
    };
    return {
      before: b,
      after,
      change: after.rating - b.rating,
      place: places[i],
      provisional: isProvisional(after),
    };
  });
  return ok({ rated: true, system, speed: input.speed, seats });
}

type Updated = Pick<Rating, 'rating' | 'deviation' | 'volatility'>;

/** A Knights game: each side's rating period holds the one game, against the other's rating as of now. */
function glickoGame(before: readonly Rating[], places: readonly number[], at: number): Updated[] {
  const now = before.map((r) => ({
    rating: r.rating,
    deviation: deviationAt(r, 'glicko2', at),
    volatility: clamp(r.volatility ?? GLICKO.volatility, GLICKO.minVolatility, GLICKO.maxVolatility),
  }));
  return now.map((me, i) => {
    const other = 1 - i;
    const score = places[i] < places[other] ? 1 : places[i] === places[other] ? 0.5 : 0;
    const out = ratingPeriod(me, [{ opponent: now[other], score }], { tau: GLICKO.tau, periods: 0 });
    return {
      rating: out.rating,
      deviation: clamp(out.deviation, GLICKO.minDeviation, GLICKO.maxDeviation),
      volatility: clamp(out.volatility, GLICKO.minVolatility, GLICKO.maxVolatility),
    };
  });
}

/** A Tribes game: one Weng-Lin update for the whole ranking, every pair of seats a comparison. */
function wengLinGame(before: readonly Rating[], places: readonly number[], at: number): Updated[] {
  const beliefs = before.map((r) => {
    const sigma = Math.sqrt(deviationAt(r, 'weng-lin', at) ** 2 + WENG_LIN.tauPerGame ** 2);
    return { mu: r.rating, sigma: Math.min(sigma, WENG_LIN.maxDeviation) };
  });
  return bradleyTerryFull(beliefs, places, WENG_LIN).map((b) => ({
    rating: b.mu,
    deviation: clamp(b.sigma, WENG_LIN.minDeviation, WENG_LIN.maxDeviation),
    volatility: null,
  }));
}
