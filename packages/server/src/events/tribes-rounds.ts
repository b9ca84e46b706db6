/**
 * Tribes rounds: each round seats every entrant at tables of several players, grouped by standing. Pure:
 * the standings and the next round's tables follow from the entrants, the tables so far and the seed.
 *
 * Points by final rank, on a 12-point scale whatever the table's size (12 is divisible by 1 to 4, so every
 * place of a 2- to 5-player table is a whole number): the winner 12, the last 0, the places between evenly
 * spaced (3 players: 12, 6, 0; 4: 12, 8, 4, 0; 5: 12, 9, 6, 3, 0). Players tied for a place share the
 * points of the places they cover (two tied for first of three: (12 + 6) / 2 = 9 each). Bots seated to
 * fill a short table hold their place in the ranking (beating a bot counts) but score nothing and are not
 * in the standings. A table that ended without a result (aborted) scores 0 for everyone.
 * Standings: points, then the average place points per table (fewer tables played is no advantage),
 * then rating, then the id.
 *
 * Seating: entrants in standing order are cut into consecutive groups (the leaders together), as many
 * tables as keep every table's size within the event's range and closest to its preferred size; with bots
 * allowed, tables of exactly the preferred size, the people spread evenly and the
 * short tables filled with bots. Then, to mix
 * opponents, players of equal points are swapped between neighbouring tables when that lowers how many
 * pairs at the tables met before; a pair still meeting again is broken up by swapping one of them with the
 * player nearest in the standings at a table at most two away who makes it better. Two of whom one
 * blocked the other are kept apart whenever the seating can: swapped with whoever is nearest in the
 * standings at any table (they sit together only when nothing else is possible, e.g. a single table). At each table, the one who played first least often plays first (then
 * the lower in the standings), the others after in the same order.
 */
export interface TribesEntrant {
  readonly id: string;
  readonly rating: number;
  readonly withdrawn: boolean;
}

/** A table of a round: its seats in play order; `null` a bot. */
export interface TribesTable {
  readonly round: number;
  readonly seats: readonly (string | null)[];
  /** Each seat's place once over (0 best, ties share the best), or null: not over, or no result. */
  readonly places: readonly number[] | null;
  readonly over: boolean;
}

export interface TribesShape {
  /** The preferred table size (2 to 5). */
  readonly size: number;
  /** The smallest table allowed (2 or 3). */
  readonly min: number;
  /** The largest (up to 5). */
  readonly max: number;
  /** Whether bots fill a short table to `size`. */
  readonly bots: boolean;
}

export const RANK_SCALE = 12;

/** The points of each seat of a table over with `places`; bots' entries are computed but never counted. */
export function placePoints(places: readonly number[]): number[] {
  const n = places.length;
  const step = n > 1 ? RANK_SCALE / (n - 1) : 0;
  return places.map((p) => {
    const tied = places.filter((q) => q === p).length;
    let sum = 0;
    for (let k = p; k < p + tied; k++) sum += RANK_SCALE - k * step;
    return sum / tied;
  });
}

export interface TribesStanding {
  readonly id: string;
  readonly rank: number;
  readonly points: number;
  readonly tables: number;
  readonly average: number;
  readonly firsts: number;
  readonly withdrawn: boolean;
}

export function tribesStandings(
  entrants: readonly TribesEntrant[],
  tables: readonly TribesTable[],
): TribesStanding[] {
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  const rows = entrants.map((e) => {
    let points = 0;
    let played = 0;
    let firsts = 0;
    for (const t of tables) {
      const seat = t.seats.indexOf(e.id);
      if (seat < 0) continue;
      if (seat === 0) firsts++;
      if (!t.over) continue;
      played++;
      if (t.places) points += placePoints(t.places)[seat];
    }
    return {
      id: e.id,
      points,
      tables: played,
      average: played ? points / played : 0,
      firsts,
      withdrawn: e.withdrawn,
    };
  });
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.average - a.average ||
      rating.get(b.id)! - rating.get(a.id)! ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

/**
 * How many people sit at each table, for `n` players: within [min, max], as close to `size` as can be
 * ([] when impossible); with bots, the tables of `size` needed, the people spread evenly.
 */
export function tableSizes(n: number, shape: TribesShape): number[] {
  if (shape.bots) {
    if (n === 0) return [];
    // As many tables as the preferred size needs, the people spread evenly; bots fill each to the size.
    const k = Math.ceil(n / shape.size);
    return Array.from({ length: k }, (_, i) => Math.floor(n / k) + (i < n % k ? 1 : 0));
  }
  let best: number[] = [];
  let bestCost = Infinity;
  for (let k = 1; k <= n; k++) {
    const small = Math.floor(n / k);
    const big = n % k;
    const sizes = [...Array<number>(big).fill(small + 1), ...Array<number>(k - big).fill(small)];
    if (sizes.some((s) => s < shape.min || s > shape.max)) continue;
    const cost = sizes.reduce((c, s) => c + Math.abs(s - shape.size), 0);
    if (cost < bestCost) [best, bestCost] = [sizes, cost];
  }
  return best;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** A blocked pair weighs more than every meeting a table can hold: it is broken up first. */
const BLOCKED = 1_000_000;

export interface TribesRound {
  readonly round: number;
  readonly tables: readonly (readonly (string | null)[])[];
  /** Entrants not seated (too few for a table and no bots allowed). */
  readonly waiting: readonly string[];
}

export function seatTribesRound(
  entrants: readonly TribesEntrant[],
  tables: readonly TribesTable[],
  round: number,
  shape: TribesShape,
  apart: ReadonlySet<string> = new Set(),
): TribesRound {
  if (new Set(entrants.map((e) => e.id)).size !== entrants.length)
    throw new Error('an entrant is listed twice');
  const standings = tribesStandings(entrants, tables).filter((s) => !s.withdrawn);
  const order = standings.map((s) => s.id);
  const sizes = tableSizes(order.length, shape);
  if (sizes.length === 0) return { round, tables: [], waiting: order };
  const groups: string[][] = [];
  let at = 0;
  for (const s of sizes) {
    groups.push(order.slice(at, at + s));
    at += s;
  }
  const met = new Map<string, number>();
  for (const t of tables) {
    const people = t.seats.filter((s): s is string => s !== null);
    for (let i = 0; i < people.length; i++)
      for (let j = i + 1; j < people.length; j++)
        met.set(pairKey(people[i], people[j]), (met.get(pairKey(people[i], people[j])) ?? 0) + 1);
  }
  // A table's badness: pairs of whom one blocked the other first (kept apart whenever seating allows),
  // then pairs who met before.
  const cost = (g: readonly string[]) => {
    let c = 0;
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++)
        c +=
          (apart.has(`${g[i]}\n${g[j]}`) || apart.has(`${g[j]}\n${g[i]}`) ? BLOCKED : 0) +
          (met.get(pairKey(g[i], g[j])) ?? 0);
    return c;
  };
  const points = new Map(standings.map((s) => [s.id, s.points]));
  const rankOf = new Map(order.map((id, i) => [id, i]));
  // Swaps that lower the badness of the two tables: of equal-points players between neighbouring tables
  // first (the standings' grouping is untouched); then, for a table still holding a blocked or repeated
  // pair, of one of its players with whoever is nearest in the standings and lowers it: at a table at most
  // two away for a repeat (a small move in the standings), at any table for a block (bounded; each swap
  // lowers the total, so it ends).
  for (let pass = 0; pass < 10; pass++) {
    let improved = false;
    for (let t = 0; t + 1 < groups.length; t++) {
      const [g, h] = [groups[t], groups[t + 1]];
      for (let i = 0; i < g.length; i++)
        for (let j = 0; j < h.length; j++) {
          if (points.get(g[i]) !== points.get(h[j])) continue;
          const before = cost(g) + cost(h);
          [g[i], h[j]] = [h[j], g[i]];
          if (cost(g) + cost(h) < before) improved = true;
          else [g[i], h[j]] = [h[j], g[i]];
        }
    }
    if (!improved) break;
  }
  for (let fixes = 0; fixes < 4 * order.length; fixes++) {
    let best: { t: number; i: number; u: number; j: number; distance: number } | null = null;
    for (let t = 0; t < groups.length; t++) {
      const g = groups[t];
      const before = cost(g);
      if (before === 0) continue;
      for (let i = 0; i < g.length; i++)
        for (let u = 0; u < groups.length; u++) {
          if (u === t) continue;
          const h = groups[u];
          const beforeBoth = before + cost(h);
          for (let j = 0; j < h.length; j++) {
            const distance =
              Math.abs(points.get(g[i])! - points.get(h[j])!) * order.length +
              Math.abs(rankOf.get(g[i])! - rankOf.get(h[j])!);
            if (best && distance >= best.distance) continue;
            [g[i], h[j]] = [h[j], g[i]];
            const after = cost(g) + cost(h);
            const unblocks = Math.floor(after / BLOCKED) < Math.floor(beforeBoth / BLOCKED);
            if (after < beforeBoth && (unblocks || Math.abs(u - t) <= 2)) best = { t, i, u, j, distance };
            [g[i], h[j]] = [h[j], g[i]];
          }
        }
    }
    if (!best) break;
    const [g, h] = [groups[best.t], groups[best.u]];
    [g[best.i], h[best.j]] = [h[best.j], g[best.i]];
  }
  const firsts = new Map(standings.map((s) => [s.id, s.firsts]));
  const seated = groups.map((g) => {
    const people = [...g].sort((a, b) => firsts.get(a)! - firsts.get(b)! || rankOf.get(b)! - rankOf.get(a)!);
    const seats = shape.bots ? shape.size : people.length;
    return [...people, ...Array<null>(seats - people.length).fill(null)];
  });
  return { round, tables: seated, waiting: [] };
}
