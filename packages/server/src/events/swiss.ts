/**
 * Knights Swiss: a fixed number of rounds, everyone (still in) plays each round, and nobody meets the same
 * opponent twice. Pure: standings and the next round's pairings follow from the players and the games so
 * far (and the event's seed, for the coin tosses), so a finished event can be replayed and audited.
 *
 * Scoring: a win 1 point, a loss 0 (Knights has no draws), a bye 1 point (the pairing-allotted bye, at most
 * once per player while anyone else can take it). A game that ended without a winner (aborted) scores 0
 * for both. Tie-breaks, in order: Buchholz (the sum of the scores of one's opponents; a bye adds nothing),
 * Sonneborn-Berger (the sum of the scores of the opponents one beat), rating, then the id (a fixed order).
 *
 * Pairing is one weighted maximum matching (matching.ts) over the players to pair, plus one "bye" vertex
 * when their number is odd, pairing the most players first (maximum cardinality), then by weight:
 * - never two who met (such an edge exists only in a lower tier, used when no other pairing is left:
 *   a small field that has played everyone);
 * - scores as close as possible (the cost grows with the square of the gap, so two gaps of one beat one of
 *   two, as the Dutch system's floaters);
 * - within a score group, the top half against the bottom half (a slight preference);
 * - no two players who must both play first (or both second) meet, when avoidable;
 * - the bye goes to the lowest in the pairing order who has not had one, such that the others can all be
 *   paired without a repeat (tried from the bottom up; only when none can, the bye is weighed in the
 *   matching as a vertex of its own).
 * Who plays first: the one who played first less often; if even, the one who played second last time; else
 * a coin toss from the event's seed.
 * Late entrants start with 0 points at the round after they join; withdrawn players are not paired again,
 * their games stand (their opponents keep the points and the Buchholz).
 */
import { Rng } from '@attila/core';
import { maxWeightMatching, type Edge } from './matching.js';

export interface SwissPlayer {
  readonly id: string;
  readonly rating: number;
  /** The first round this player can be paired in (1 for those in from the start). */
  readonly fromRound: number;
  readonly withdrawn: boolean;
}

export interface SwissGame {
  readonly round: number;
  /** Who played first; for a bye, the player who had it. */
  readonly first: string;
  /** Null: a bye. */
  readonly second: string | null;
  /** The winner once the game is over; null while it is played, or when it ended without one. */
  readonly winner: string | null;
  readonly over: boolean;
}

export interface SwissStanding {
  readonly id: string;
  readonly rank: number;
  readonly score: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
  readonly rating: number;
  readonly played: number;
  readonly byes: number;
  readonly withdrawn: boolean;
}

export interface SwissPairing {
  readonly first: string;
  readonly second: string;
}

export interface SwissRound {
  readonly round: number;
  /** Boards in order, the top scores first. */
  readonly pairings: readonly SwissPairing[];
  readonly bye: string | null;
}

const scoreOf = (g: SwissGame, id: string): number =>
  g.second === null ? (g.first === id ? 1 : 0) : g.over && g.winner === id ? 1 : 0;

/** The standings after the games given, best first. */
export function swissStandings(
  players: readonly SwissPlayer[],
  games: readonly SwissGame[],
): SwissStanding[] {
  const score = new Map(players.map((p) => [p.id, 0]));
  for (const g of games) {
    for (const id of g.second === null ? [g.first] : [g.first, g.second])
      score.set(id, (score.get(id) ?? 0) + scoreOf(g, id));
  }
  const rows = players.map((p) => {
    let buchholz = 0;
    let sb = 0;
    let played = 0;
    let byes = 0;
    for (const g of games) {
      if (g.second === null) {
        if (g.first === p.id) byes++;
        continue;
      }
      const opponent = g.first === p.id ? g.second : g.second === p.id ? g.first : null;
      if (opponent === null) continue;
      played++;
      buchholz += score.get(opponent) ?? 0;
      if (g.over && g.winner === p.id) sb += score.get(opponent) ?? 0;
    }
    return {
      id: p.id,
      score: score.get(p.id) ?? 0,
      buchholz,
      sonnebornBerger: sb,
      rating: p.rating,
      played,
      byes,
      withdrawn: p.withdrawn,
    };
  });
  rows.sort(
    (a, b) =>
      b.score - a.score ||
      b.buchholz - a.buchholz ||
      b.sonnebornBerger - a.sonnebornBerger ||
      b.rating - a.rating ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

/** Weights: one tier per rule, each far above the sum of all the tiers below it in a field of 1000. */
const REPEAT = 10_000_000_000;
const BASE = 1_000_000_000;
const SCORE_GAP = 100_000;
const COLOUR_CLASH = 1_000;
const HALVES = 10;

interface Colours {
  /** Games played first minus games played second. */
  balance: number;
  /** Whether the last game was played first (null: none yet). */
  lastFirst: boolean | null;
}

function coloursOf(games: readonly SwissGame[]): Map<string, Colours> {
  const out = new Map<string, Colours>();
  const get = (id: string) => out.get(id) ?? out.set(id, { balance: 0, lastFirst: null }).get(id)!;
  for (const g of [...games].sort((a, b) => a.round - b.round)) {
    if (g.second === null) continue;
    get(g.first).balance++;
    get(g.first).lastFirst = true;
    get(g.second).balance--;
    get(g.second).lastFirst = false;
  }
  return out;
}

/** -1: must play first next, +1: must play second, 0: either. */
function preference(c: Colours | undefined): number {
  if (!c) return 0;
  if (c.balance !== 0) return c.balance > 0 ? 1 : -1;
  return 0;
}

/**
 * The pairings of round `round` (1-based; the rounds before it all paired); `apart`: pairs to keep apart
 * ("a\nb", both orders: one blocked the other). Throws on a round out of order
 * or a player listed twice (the caller's data is wrong, not the user's).
 */
export function pairSwissRound(
  players: readonly SwissPlayer[],
  games: readonly SwissGame[],
  round: number,
  seed: string,
  apart: ReadonlySet<string> = new Set(),
): SwissRound {
  if (new Set(players.map((p) => p.id)).size !== players.length) throw new Error('a player is listed twice');
  const lastRound = games.reduce((m, g) => Math.max(m, g.round), 0);
  if (round !== lastRound + 1) throw new Error(`round ${round} cannot follow round ${lastRound}`);
  const standings = swissStandings(players, games);
  const byId = new Map(players.map((p) => [p.id, p]));
  const active = standings.filter((s) => !s.withdrawn && byId.get(s.id)!.fromRound <= round);
  // Pairing order: score, then rating (tie-breaks are for the final standings, not for seeding).
  active.sort((a, b) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : 1));
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (const g of games) {
    if (g.second === null) hadBye.add(g.first);
    else met.add(`${g.first}\n${g.second}`).add(`${g.second}\n${g.first}`);
  }
  // Players of whom one blocked the other weigh as if they had met: paired only when nothing else can be.
  for (const key of apart) met.add(key);
  const colours = coloursOf(games);
  const n = active.length;
  if (n === 0) return { round, pairings: [], bye: null };
  // Position within the score group, and the group's size (top half meets bottom half).
  const groupPos: number[] = [];
  const groupSize = new Map<number, number>();
  for (const s of active) groupSize.set(s.score, (groupSize.get(s.score) ?? 0) + 1);
  const seen = new Map<number, number>();
  for (const s of active) {
    groupPos.push(seen.get(s.score) ?? 0);
    seen.set(s.score, (seen.get(s.score) ?? 0) + 1);
  }
  const edges: Edge[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const [a, b] = [active[i], active[j]];
      const gap = Math.abs(a.score - b.score);
      let cost = gap * gap * SCORE_GAP;
      const [pa, pb] = [preference(colours.get(a.id)), preference(colours.get(b.id))];
      if (pa !== 0 && pa === pb) cost += COLOUR_CLASH;
      if (gap === 0) {
        const half = Math.floor(groupSize.get(a.score)! / 2);
        cost += Math.abs(Math.abs(groupPos[i] - groupPos[j]) - half) * HALVES;
      }
      const repeat = met.has(`${a.id}\n${b.id}`);
      edges.push({ a: i, b: j, weight: (repeat ? -REPEAT : BASE) - cost });
    }
  const rng = Rng.fromSeed(`${seed}/swiss/${round}`);
  const result = (mate: readonly number[], bye: number | null): SwissRound => {
    const pairings: SwissPairing[] = [];
    for (let i = 0; i < n; i++) {
      const m = mate[i];
      if (i === bye || m <= i || m >= n) continue;
      pairings.push(firstOf(active[i].id, active[m].id, colours, rng));
    }
    return { round, pairings, bye: bye === null ? null : active[bye].id };
  };
  const clean = (mate: readonly number[], skip: number | null) =>
    active.every(
      (_, i) => i === skip || (mate[i] >= 0 && !met.has(`${active[i].id}\n${active[mate[i]].id}`)),
    );
  if (n % 2 === 0) return result(maxWeightMatching(n, edges), null);
  // The bye: the lowest in the pairing order who has not had one, such that everyone else can be paired
  // without a repeat (tried from the bottom up; the first that works is almost always the last player).
  for (let c = n - 1; c >= 0; c--) {
    if (hadBye.has(active[c].id)) continue;
    const mate = maxWeightMatching(
      n,
      edges.filter((e) => e.a !== c && e.b !== c),
    );
    if (clean(mate, c)) return result(mate, c);
  }
  // No bye leaves a clean pairing (a small field late in the event): one matching weighs it all, the bye
  // as a vertex of its own, cheapest for the lowest who has not had one.
  const lowest = active[n - 1].score;
  for (let i = 0; i < n; i++) {
    const gap = active[i].score - lowest;
    edges.push({
      a: i,
      b: n,
      weight: (hadBye.has(active[i].id) ? -REPEAT : BASE) - gap * gap * SCORE_GAP - (n - 1 - i),
    });
  }
  const mate = maxWeightMatching(n + 1, edges);
  return result(mate, mate.indexOf(n) >= 0 && mate.indexOf(n) < n ? mate.indexOf(n) : null);
}

/** Who of the two plays first (see the module's comment). */
function firstOf(a: string, b: string, colours: ReadonlyMap<string, Colours>, rng: Rng): SwissPairing {
  const [ca, cb] = [colours.get(a), colours.get(b)];
  const [ba, bb] = [ca?.balance ?? 0, cb?.balance ?? 0];
  if (ba !== bb) return ba < bb ? { first: a, second: b } : { first: b, second: a };
  const [la, lb] = [ca?.lastFirst ?? null, cb?.lastFirst ?? null];
  if (la === false && lb !== false) return { first: a, second: b };
  if (lb === false && la !== false) return { first: b, second: a };
  return rng.int(2) === 0 ? { first: a, second: b } : { first: b, second: a };
}
