/**
 * The published ratings of the bot levels (data/bot-ratings.json, measured by bench/bot-ratings.ts in
 * bot-versus-bot games), for the server and the web app to show: "beat the Medium bot" as a number. The
 * numbers are one per level and game, whatever the speed class (a bot thinks as fast at every clock).
 */
import type { GameKind } from '@attila/core';
import data from '../data/bot-ratings.json' with { type: 'json' };
import { GLICKO, RATING_SYSTEM, type Rating } from './rating.js';

export interface BotRating {
  readonly rating: number;
  readonly deviation: number;
  /** The games it was measured over. */
  readonly games: number;
}

type Levels = Readonly<Record<string, BotRating>>;

function levelsOf(game: 'knights' | 'tribes'): Levels {
  const levels = (data as Record<string, { levels?: unknown }>)[game]?.levels;
  if (typeof levels !== 'object' || levels === null)
    throw new Error(`bot-ratings.json has no ${game} levels`);
  for (const [name, r] of Object.entries(levels)) {
    const ok = [r?.rating, r?.deviation, r?.games].every((x) => typeof x === 'number' && Number.isFinite(x));
    if (!ok) throw new Error(`bot-ratings.json: ${game} level ${name} needs a rating, deviation and games`);
  }
  return levels as Levels;
}

const PUBLISHED: { readonly [G in GameKind]: Levels } = {
  knights: levelsOf('knights'),
  tribes: levelsOf('tribes'),
  nim: {},
};

/** When the published ratings were measured (a date, YYYY-MM-DD). */
export const BOT_RATINGS_MEASURED_AT: string = data.measuredAt;

/** The published rating of `game`'s bot `level`, or null for a bot that has none. */
export function publishedBotRating(game: GameKind, level: string): BotRating | null {
  return Object.hasOwn(PUBLISHED[game], level) ? PUBLISHED[game][level] : null;
}

/**
 * A bot's seat as `rateGame` takes it: its published rating, never aging (a bot does not rest), with
 * lichess's default volatility for Knights. The server rates people against it and does not store the
 * bot's own `after`, so the published number stays the measured one.
 */
export function botSeatRating(game: GameKind, level: string): Rating | null {
  const published = publishedBotRating(game, level);
  const system = RATING_SYSTEM[game];
  if (!published || !system) return null;
  return {
    rating: published.rating,
    deviation: published.deviation,
    volatility: system === 'glicko2' ? GLICKO.volatility : null,
    games: published.games,
    lastGameAt: null,
  };
}
