/**
 * Ratings as players see them (pure): the deviation aged to now (it grows while a player is away), whole
 * numbers, the provisional flag; and a leaderboard from its candidates, settled players only.
 */
import type { LeaderboardEntry, PlayerRating } from '@attila/protocol';
import { PROVISIONAL_DEVIATION, RATING_SYSTEM, deviationAt } from '@attila/ratings';
import type { BoardCandidate, StoredRating } from './storage/rating-store.js';
import type { GameKind } from '@attila/core';

export const LEADERBOARD_SIZE = 100;

export function ratingView(s: StoredRating, now: number): PlayerRating {
  const system = RATING_SYSTEM[s.game];
  const deviation = system ? deviationAt(s.rating, system, now) : s.rating.deviation;
  return {
    game: s.game,
    speed: s.speed,
    rating: Math.round(s.rating.rating),
    deviation: Math.round(deviation),
    provisional: deviation > PROVISIONAL_DEVIATION,
    games: s.rating.games,
  };
}

/** The settled players (deviation now at most 110), best first, ranked 1, 2, …; ties share a rank. */
export function leaderboardOf(
  game: GameKind,
  candidates: readonly BoardCandidate[],
  now: number,
): LeaderboardEntry[] {
  const system = RATING_SYSTEM[game];
  if (!system) return [];
  const settled = candidates
    .map((c) => ({ c, deviation: deviationAt(c.rating, system, now) }))
    .filter((x) => x.deviation <= PROVISIONAL_DEVIATION)
    .sort((a, b) => b.c.rating.rating - a.c.rating.rating || a.c.name.localeCompare(b.c.name))
    .slice(0, LEADERBOARD_SIZE);
  const out: LeaderboardEntry[] = [];
  settled.forEach((x, i) => {
    const rating = Math.round(x.c.rating.rating);
    const previous = out[i - 1];
    out.push({
      rank: previous && previous.rating === rating ? previous.rank : i + 1,
      name: x.c.name,
      rating,
      deviation: Math.round(x.deviation),
      games: x.c.rating.games,
    });
  });
  return out;
}
