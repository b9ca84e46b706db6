/**
 * Quick pairing as a pure decision: given the people waiting in one pool (a game, a speed class, a number of
 * seats, rated or casual) and the time now, which of them sit down together, and how many bots fill a table.
 * The pool service (pools.ts) reads the waiting entries inside a locked transaction, calls `pairings` and
 * stores what it returns, so whichever process decides, an entry is paired once.
 *
 * The allowed rating gap widens with waiting time (`allowedGap`):
 *
 * | waited  | gap (either way) |
 * |---------|------------------|
 * | 0 s     | 100              |
 * | 10 s    | 250              |
 * | 20 s    | 400              |
 * | 30 s    | 550              |
 * | 60 s+   | any rating       |
 *
 * that is 100 + 15 per second waited, and anyone once a player has waited a minute. A group sits down when
 * its ratings' spread (highest − lowest) is within the gap of every member: each one's range must hold all
 * the others, so a newcomer is never thrown at someone who has only just joined. Two players of whom one
 * blocked the other (`apart`) never sit at one table, however long they wait.
 */

/** Whether two players must not sit together (one blocked the other). */
export type Apart = (playerA: string, playerB: string) => boolean;
const NEVER_APART: Apart = () => false;

/** One person waiting in a pool. */
export interface WaitingEntry {
  readonly id: string;
  /** The player (account or guest): the same player is never seated twice at one table. */
  readonly playerId: string;
  readonly rating: number;
  /** When the entry joined (ms since the epoch). */
  readonly joinedAt: number;
  /** Tribes, casual only: after this long without a full table, bots fill the empty seats (null: never). */
  readonly botsAfterMs: number | null;
}

/** A table to make: these entries (in seat order: the longest waiting first) and `bots` bot seats after them. */
export interface Pairing {
  readonly entries: readonly string[];
  readonly bots: number;
}

export const GAP_START = 100;
export const GAP_PER_SECOND = 15;
/** After this long a player may be paired with any rating. */
export const GAP_OPEN_AFTER_MS = 60_000;

/** How far from its own rating an entry that has waited `waitedMs` accepts an opponent. */
export function allowedGap(waitedMs: number): number {
  if (waitedMs >= GAP_OPEN_AFTER_MS) return Number.POSITIVE_INFINITY;
  return GAP_START + GAP_PER_SECOND * Math.floor(Math.max(0, waitedMs) / 1000);
}

const spread = (group: readonly WaitingEntry[]) => {
  const ratings = group.map((e) => e.rating);
  return Math.max(...ratings) - Math.min(...ratings);
};

/** Whether every member's range holds every other member's rating. */
function fits(group: readonly WaitingEntry[], now: number): boolean {
  const gap = Math.min(...group.map((e) => allowedGap(now - e.joinedAt)));
  return spread(group) <= gap;
}

/**
 * The group around `anchor`: the nearest ratings first, each taken if the group still fits and its player
 * is not there already, up to `size` members.
 */
function groupAround(
  anchor: WaitingEntry,
  others: readonly WaitingEntry[],
  size: number,
  now: number,
  apart: Apart,
): WaitingEntry[] {
  const group = [anchor];
  const nearest = [...others].sort(
    (a, b) =>
      Math.abs(a.rating - anchor.rating) - Math.abs(b.rating - anchor.rating) ||
      a.joinedAt - b.joinedAt ||
      (a.id < b.id ? -1 : 1),
  );
  for (const candidate of nearest) {
    if (group.length === size) break;
    if (group.some((g) => g.playerId === candidate.playerId || apart(g.playerId, candidate.playerId)))
      continue;
    if (fits([...group, candidate], now)) group.push(candidate);
  }
  return group;
}

const byWaiting = (a: WaitingEntry, b: WaitingEntry) => a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : 1);

/**
 * The tables to make now in a pool of `seats`-seat tables. The longest-waiting entry is served first: it
 * sits with the nearest ratings its (and their) gap allows; when no full table forms and it asked for bots
 * and has waited that long, it sits with the others who asked for bots too (within the gap) and bots take
 * the remaining seats. Entries left over keep waiting.
 */
export function pairings(
  waiting: readonly WaitingEntry[],
  seats: number,
  now: number,
  apart: Apart = NEVER_APART,
): Pairing[] {
  const queue = [...waiting].sort(byWaiting);
  const free = new Set(queue.map((e) => e.id));
  const out: Pairing[] = [];
  for (const anchor of queue) {
    if (!free.has(anchor.id)) continue;
    // Those passed over before stay candidates: a later anchor may be nearer to them.
    const others = queue.filter((e) => free.has(e.id) && e.id !== anchor.id);
    let group = groupAround(anchor, others, seats, now, apart);
    let bots = 0;
    if (group.length < seats) {
      const botsDue = anchor.botsAfterMs !== null && now - anchor.joinedAt >= anchor.botsAfterMs;
      if (!botsDue) continue;
      const willingToo = others.filter((e) => e.botsAfterMs !== null);
      group = groupAround(anchor, willingToo, seats - 1, now, apart);
      bots = seats - group.length;
    }
    for (const e of group) free.delete(e.id);
    out.push({ entries: [...group].sort(byWaiting).map((e) => e.id), bots });
  }
  return out;
}
