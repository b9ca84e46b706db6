/**
 * Ratings of a closed pool of players (the bot levels) from a list of their games, by `rateGame` exactly
 * as the server would rate them: every player starts as a newcomer and the games are rated one after the
 * other, all at the same moment (bots do not rest). Sequential ratings depend on the order of the games,
 * so the pool is rated over several seeded shuffles of the order and each player's numbers are averaged;
 * the spread over the shuffles says how much of a rating is the order's noise.
 */
import { Rng, unwrap, type GameKind, type GameResult } from '@attila/core';
import { rateGame } from './rate-game.js';
import type { Rating } from './rating.js';

export interface PoolGame {
  /** The player in each seat. */
  readonly players: readonly string[];
  readonly result: GameResult;
}

export interface PoolRating {
  readonly rating: number;
  /** The deviation the system gives after the last game (averaged over the shuffles). */
  readonly deviation: number;
  /** The standard deviation of the final rating over the shuffles. */
  readonly spread: number;
  readonly games: number;
}

export interface PoolOptions {
  readonly shuffles: number;
  readonly seed: string;
}

/** One pass over the games in the given order: each player's final rating. */
export function ratePass(game: GameKind, games: readonly PoolGame[], at = 0): Map<string, Rating> {
  const ratings = new Map<string, Rating>();
  for (const g of games) {
    const rated = unwrap(
      rateGame({
        game,
        speed: 'fast',
        result: g.result,
        seats: g.players.map((p) => ratings.get(p) ?? null),
        at,
      }),
    );
    if (!rated.rated) continue;
    rated.seats.forEach((s, i) => ratings.set(g.players[i], s.after));
  }
  return ratings;
}

export function ratePool(
  game: GameKind,
  games: readonly PoolGame[],
  options: PoolOptions,
): Map<string, PoolRating> {
  const finals = new Map<string, Rating[]>();
  for (let k = 0; k < options.shuffles; k++) {
    const order = Rng.fromSeed(`${options.seed}/${k}`).shuffle([...games]);
    for (const [player, rating] of ratePass(game, order)) {
      finals.set(player, [...(finals.get(player) ?? []), rating]);
    }
  }
  const out = new Map<string, PoolRating>();
  for (const [player, list] of finals) {
    const mean = list.reduce((s, r) => s + r.rating, 0) / list.length;
    const variance = list.reduce((s, r) => s + (r.rating - mean) ** 2, 0) / list.length;
    out.set(player, {
      rating: mean,
      deviation: list.reduce((s, r) => s + r.deviation, 0) / list.length,
      spread: Math.sqrt(variance),
      games: list[0].games,
    });
  }
  return out;
}
