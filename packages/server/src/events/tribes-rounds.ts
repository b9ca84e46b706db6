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
 * pairs at the tables met before. Two of whom one blocked the other (`apart`) are then moved apart: one of them
 * changes places with someone at another table (the nearest in the standings first) whenever that leaves
 * fewer such pairs together; they share a table only when there is no other way. At each table, the one who played first least often plays first (then
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
  /** Pairs to keep apart (players of whom one blocked the other), as keys `a\nb` both ways. */
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
  const meetings = (g: readonly string[]) => {
    let n = 0;
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) n += met.get(pairKey(g[i], g[j])) ?? 0;
    return n;
  };
  const points = new Map(standings.map((s) => [s.id, s.points]));
  // Swaps of equal-points players between neighbouring tables, while they lower the meetings (bounded).
  for (let pass = 0; pass < 10; pass++) {
    let improved = false;
    for (let t = 0; t + 1 < groups.length; t++) {
      const [g, h] = [groups[t], groups[t + 1]];
      for (let i = 0; i < g.length; i++)
        for (let j = 0; j < h.length; j++) {
          if (points.get(g[i]) !== points.get(h[j])) continue;
          const before = meetings(g) + meetings(h);
          [g[i], h[j]] = [h[j], g[i]];
          if (meetings(g) + meetings(h) < before) improved = true;
          else [g[i], h[j]] = [h[j], g[i]];
        }
    }
    if (!improved) break;
  }
  separate(groups, apart);
  const firsts = new Map(standings.map((s) => [s.id, s.firsts]));
  const rank = new Map(order.map((id, i) => [id, i]));
  const seated = groups.map((g) => {
    const people = [...g].sort((a, b) => firsts.get(a)! - firsts.get(b)! || rank.get(b)! - rank.get(a)!);
    const seats = shape.bots ? shape.size : people.length;
    return [...people, ...Array<null>(seats - people.length).fill(null)];
  });
  return { round, tables: seated, waiting: [] };
}

/** How many pairs at the table are to be kept apart. */
function apartAt(g: readonly string[], apart: ReadonlySet<string>): number {
  let n = 0;
  for (let i = 0; i < g.length; i++)
    for (let j = i + 1; j < g.length; j++) if (apart.has(`${g[i]}\n${g[j]}`)) n++;
  return n;
}

/**
 * Moves players of whom one blocked the other to different tables: a player of such a pair changes places
 * with someone at another table (the nearest tables first) when that leaves fewer such pairs in all.
 * Bounded: a few passes over the tables that hold such a pair.
 */
function separate(groups: string[][], apart: ReadonlySet<string>): void {
  if (apart.size === 0) return;
  for (let pass = 0; pass < 10; pass++) {
    let moved = false;
    for (let t = 0; t < groups.length; t++) {
      const g = groups[t];
      if (apartAt(g, apart) === 0) continue;
      const others = groups
        .map((_, u) => u)
        .filter((u) => u !== t)
        .sort((a, b) => Math.abs(a - t) - Math.abs(b - t) || a - b);
      search: for (let i = 0; i < g.length; i++) {
        if (!g.some((x) => apart.has(`${g[i]}\n${x}`))) continue;
        for (const u of others) {
          const h = groups[u];
          for (let j = 0; j < h.length; j++) {
            const before = apartAt(g, apart) + apartAt(h, apart);
            [g[i], h[j]] = [h[j], g[i]];
            if (apartAt(g, apart) + apartAt(h, apart) < before) {
              moved = true;
              break search;
            }
            [g[i], h[j]] = [h[j], g[i]];
          }
        }
      }
    }
    if (!moved) break;
  }
}
