/**
 * Knights arena: a time-boxed event in which a player who finishes a game is paired again at once. Pure:
 * the scores follow from the games, the next pairings from who is free (and the event's seed).
 *
 * Scoring (lichess's arena, without draws, which Knights does not have): a win 2 points, a loss 0. Two
 * wins in a row set a player "on fire": every further win in the streak is worth 4, until a loss puts the
 * fire out. A game that ended without a winner (aborted) scores nothing and leaves streaks as they were.
 * Ties in the standings: the better performance (the average rating of the opponents beaten, plus 400 per
 * win minus 400 per loss, over the games), then more games, then the id.
 *
 * Pairing: the free players (not withdrawn, not at a table) are ordered by score, then rating, and paired by
 * one weighted maximum matching (matching.ts) that pairs as many as it can, closest in that order and in
 * rating first. Two who have just played each other are not paired again while others are in the arena
 * (they wait for someone else); in an arena of two they play on. An odd player out waits for the next one
 * to finish. Who plays first: the one who played first less often, then the one who was second last time,
 * then a coin toss from the seed.
 */
import { Rng } from '@attila/core';
import { maxWeightMatching, type Edge } from './matching.js';

export interface ArenaGame {
  /** Order of pairing (the games are read in this order for streaks). */
  readonly ordinal: number;
  readonly first: string;
  readonly second: string;
  readonly winner: string | null;
  readonly over: boolean;
}

export interface ArenaPlayer {
  readonly id: string;
  readonly rating: number;
  readonly withdrawn: boolean;
}

export interface ArenaStanding {
  readonly id: string;
  readonly rank: number;
  readonly score: number;
  /** The current run of wins (a player is on fire from 2). */
  readonly streak: number;
  readonly onFire: boolean;
  readonly games: number;
  readonly wins: number;
  /** Performance rating over the finished games (null: none yet). */
  readonly performance: number | null;
  readonly withdrawn: boolean;
  /** The points of each finished game in order (0, 2 or 4), for the standings' sheet. */
  readonly sheet: readonly number[];
}

export const ARENA_WIN = 2;
export const ARENA_FIRE_WIN = 4;
/** Wins in a row after which the next wins count double. */
export const ARENA_FIRE_AFTER = 2;

export function arenaStandings(
  players: readonly ArenaPlayer[],
  games: readonly ArenaGame[],
): ArenaStanding[] {
  const rating = new Map(players.map((p) => [p.id, p.rating]));
  // One pass over the games in order, each updating its two players: the standings are read on every look
  // at the event's page, and an arena of hundreds of players makes thousands of games.
  const tally = new Map(
    players.map((p) => [p.id, { score: 0, streak: 0, wins: 0, played: 0, perf: 0, sheet: [] as number[] }]),
  );
  for (const g of [...games].sort((a, b) => a.ordinal - b.ordinal)) {
    if (!g.over || g.winner === null) continue;
    for (const id of g.first === g.second ? [g.first] : [g.first, g.second]) {
      const t = tally.get(id);
      if (!t) continue;
      const opponent = g.first === id ? g.second : g.first;
      t.played++;
      if (g.winner === id) {
        const points = t.streak >= ARENA_FIRE_AFTER ? ARENA_FIRE_WIN : ARENA_WIN;
        t.score += points;
        t.sheet.push(points);
        t.streak++;
        t.wins++;
        t.perf += (rating.get(opponent) ?? 1500) + 400;
      } else {
        t.sheet.push(0);
        t.streak = 0;
        t.perf += (rating.get(opponent) ?? 1500) - 400;
      }
    }
  }
  const rows = players.map((p) => {
    const { score, streak, wins, played, perf, sheet } = tally.get(p.id)!;
    return {
      id: p.id,
      score,
      streak,
      onFire: streak >= ARENA_FIRE_AFTER,
      games: played,
      wins,
      performance: played === 0 ? null : Math.round(perf / played),
      withdrawn: p.withdrawn,
      sheet: [...sheet],
    };
  });
  rows.sort(
    (a, b) =>
      b.score - a.score ||
      (b.performance ?? -Infinity) - (a.performance ?? -Infinity) ||
      b.games - a.games ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

export interface ArenaPairing {
  readonly first: string;
  readonly second: string;
}

const BASE = 1_000_000_000;
const RANK_GAP = 1_000;

/**
 * The games to start now among the free players (`busy`: those at a table). `ordinal`: the event's count of
 * pairings so far (seeds the coin tosses). `apart`: pairs never to pair ("a\nb", both orders: one blocked the
 * other; each waits for someone else).
 */
export function pairArena(
  players: readonly ArenaPlayer[],
  games: readonly ArenaGame[],
  busy: ReadonlySet<string>,
  seed: string,
  ordinal: number,
  apart: ReadonlySet<string> = new Set(),
): ArenaPairing[] {
  const standings = arenaStandings(players, games);
  const rating = new Map(players.map((p) => [p.id, p.rating]));
  const order = standings
    .filter((s) => !s.withdrawn)
    .sort((a, b) => b.score - a.score || rating.get(b.id)! - rating.get(a.id)! || (a.id < b.id ? -1 : 1));
  const entrants = order.length;
  const free = order.filter((s) => !busy.has(s.id));
  // Each player's last opponent, firsts minus seconds, and whether their last game was played second.
  const last = new Map<string, string>();
  const balance = new Map<string, number>();
  const lastSecond = new Map<string, boolean>();
  for (const g of [...games].sort((a, b) => a.ordinal - b.ordinal)) {
    last.set(g.first, g.second).set(g.second, g.first);
    balance.set(g.first, (balance.get(g.first) ?? 0) + 1).set(g.second, (balance.get(g.second) ?? 0) - 1);
    lastSecond.set(g.first, false).set(g.second, true);
  }
  const rank = new Map(order.map((s, i) => [s.id, i]));
  const edges: Edge[] = [];
  for (let i = 0; i < free.length; i++)
    for (let j = i + 1; j < free.length; j++) {
      const [a, b] = [free[i].id, free[j].id];
      if (entrants > 2 && (last.get(a) === b || last.get(b) === a)) continue;
      if (apart.has(`${a}\n${b}`)) continue;
      const gap = Math.abs(rank.get(a)! - rank.get(b)!);
      const ratingGap = Math.abs(rating.get(a)! - rating.get(b)!);
      edges.push({ a: i, b: j, weight: BASE - gap * gap * RANK_GAP - Math.round(ratingGap) });
    }
  const mate = maxWeightMatching(free.length, edges);
  const rng = Rng.fromSeed(`${seed}/arena/${ordinal}`);
  const out: ArenaPairing[] = [];
  for (let i = 0; i < free.length; i++) {
    const m = mate[i];
    if (m <= i) continue;
    const [a, b] = [free[i].id, free[m].id];
    const [ba, bb] = [balance.get(a) ?? 0, balance.get(b) ?? 0];
    const aFirst =
      ba !== bb
        ? ba < bb
        : lastSecond.get(a) !== lastSecond.get(b)
          ? lastSecond.get(a) === true
          : rng.int(2) === 0;
    out.push(aFirst ? { first: a, second: b } : { first: b, second: a });
  }
  return out;
}
