/**
 * Who plays the ladder's next game: a pure function of the players, their ratings, who met whom lately and
 * the game's own random source (seeded from the ladder's seed and the game's ordinal, so a run is
 * reproducible). Mostly neighbours in the rating order meet (a ladder: close games say the most about
 * the order), the pair or group that met least lately first; every fourth game any group may meet, the one
 * that met least, so that a player misplaced far from its level still meets those it should.
 */
import { Rng } from '@attila/core';
import type { Rating } from '@attila/ratings';

export interface PairingInput {
  /** The ladder's players (`level:<bot>`, `account:<id>`), in any order. */
  readonly players: readonly string[];
  readonly seats: number;
  /** Ratings in the pool; a player without one counts as a newcomer (1500). */
  readonly ratings: ReadonlyMap<string, Rating>;
  /** The pool's recent games, each its players. */
  readonly recent: readonly (readonly string[])[];
  readonly ordinal: number;
  readonly seed: string;
}

/** At most this many players are tried in every combination (the wide round); beyond, windows only. */
const WIDE_LIMIT = 8;

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first, ...c]), ...combinations(rest, k)];
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** The players of the next game in seat order, or null when the pool has too few players. */
export function pairNext(input: PairingInput): string[] | null {
  const { seats } = input;
  if (input.players.length < seats) return null;
  const met = new Map<string, number>();
  for (const game of input.recent) {
    for (let i = 0; i < game.length; i++)
      for (let j = i + 1; j < game.length; j++) {
        const key = pairKey(game[i], game[j]);
        met.set(key, (met.get(key) ?? 0) + 1);
      }
  }
  const rating = (p: string) => input.ratings.get(p)?.rating ?? 1500;
  const ordered = [...input.players].sort((a, b) => rating(b) - rating(a) || (a < b ? -1 : 1));
  const wide = input.ordinal % 4 === 3 && ordered.length <= WIDE_LIMIT;
  const groups = wide
    ? combinations(ordered, seats)
    : Array.from({ length: ordered.length - seats + 1 }, (_, i) => ordered.slice(i, i + seats));
  const meetings = (g: readonly string[]) => {
    let n = 0;
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) n += met.get(pairKey(g[i], g[j])) ?? 0;
    return n;
  };
  const rng = Rng.fromSeed(`${input.seed}/${input.ordinal}/pairing`);
  // Among the groups that met least, one at random (the seeded random source: reproducible).
  const least = Math.min(...groups.map(meetings));
  const candidates = groups.filter((g) => meetings(g) === least);
  const chosen = candidates[rng.int(candidates.length)];
  return rng.shuffle([...chosen]);
}
