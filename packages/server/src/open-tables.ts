/**
 * Open tables (waiting for players) and the lobby: which have waited too long with nobody about and are
 * closed, and which are shown, so that one client address cannot fill the lobby list and push every other
 * table out of it.
 */

export interface OpenTablePolicy {
  /** An open table nobody has joined, left or watched for this long is closed. */
  readonly idleMs: number;
  /** The lobby list shows at most this many open tables created from one address (the newest). */
  readonly listedPerAddress: number;
  /** ... and at most this many open tables where one account sits (default 3). */
  readonly listedPerAccount?: number;
}

export const DEFAULT_OPEN_TABLES: OpenTablePolicy = {
  idleMs: 30 * 60_000,
  listedPerAddress: 3,
  listedPerAccount: 3,
};

export interface OpenTableActivity {
  readonly id: string;
  /** When it was created, or last joined, left or watched (ms). */
  readonly lastActive: number;
  /** Whether a socket watches it right now (then it is not idle, whatever the time). */
  readonly watched: boolean;
}

/** The open tables to close now: idle (no socket, no change) for at least `idleMs`. */
export function expiredOpenTables(
  tables: readonly OpenTableActivity[],
  now: number,
  idleMs: number,
): string[] {
  return tables.filter((t) => !t.watched && now - t.lastActive >= idleMs).map((t) => t.id);
}

export interface ListedTable {
  readonly id: string;
  readonly status: 'open' | 'playing' | 'finished';
  readonly createdAt: string;
  /** The address that created it; null when not known (created before a restart, or by another process). */
  readonly address: string | null;
  /** The people's accounts seated at it (not guests, not bot accounts): a real table someone waits at. */
  readonly accounts: readonly string[];
}

/**
 * Where a table stands in the lobby list: open tables where an account waits first, then other open
 * tables (guests, clients without a session, bot accounts), then games being played; newest first in each.
 * A cursor names a place in this order, so a page goes on where the last one ended even as tables come and go.
 */
export interface ListPlace {
  readonly rank: 0 | 1 | 2;
  readonly createdAt: string;
  readonly id: string;
}

export function placeOf(t: ListedTable): ListPlace {
  const rank = t.status !== 'open' ? 2 : t.accounts.length > 0 ? 0 : 1;
  return { rank, createdAt: t.createdAt, id: t.id };
}

/** Whether `a` comes before `b` in the list. */
function before(a: ListPlace, b: ListPlace): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/** A place as an opaque cursor (base64url JSON), and back: anything else is refused, not guessed at. */
export function cursorOf(p: ListPlace): string {
  return Buffer.from(JSON.stringify([p.rank, p.createdAt, p.id])).toString('base64url');
}

export function parseCursor(raw: string): ListPlace | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(v) || v.length !== 3) return null;
    const [rank, createdAt, id] = v as unknown[];
    if ((rank !== 0 && rank !== 1 && rank !== 2) || typeof createdAt !== 'string' || typeof id !== 'string')
      return null;
    if (createdAt.length > 40 || id.length > 40) return null;
    return { rank, createdAt, id };
  } catch {
    return null;
  }
}

/** What the lobby list shows of each creator: open tables per address and per seated account. */
export interface ListCaps {
  readonly perAddress: number;
  readonly perAccount: number;
}

/** One page of the lobby list and the cursor of the next (null: this was the last). */
export interface ListPage<T> {
  readonly tables: T[];
  readonly next: string | null;
}

/**
 * The lobby list: ranked (`placeOf`), at most `perAddress` open tables of each known address and
 * `perAccount` of each seated account (the newest: one creator cannot crowd the others out, however many
 * tables it opens), finished tables left out (tables being played are all shown: people or bots play
 * them); the page after `after`, of at most `limit`.
 */
export function lobbyList<T extends ListedTable>(
  tables: readonly T[],
  caps: ListCaps,
  limit: number,
  after: ListPlace | null = null,
): ListPage<T> {
  const ranked = tables
    .filter((t) => t.status !== 'finished')
    .map((t) => ({ t, place: placeOf(t) }))
    .sort((a, b) => (before(a.place, b.place) ? -1 : 1));
  const byAddress = new Map<string, number>();
  const byAccount = new Map<string, number>();
  const shown: { t: T; place: ListPlace }[] = [];
  for (const r of ranked) {
    const { t } = r;
    if (t.status === 'open') {
      const address = t.address === null ? 0 : (byAddress.get(t.address) ?? 0);
      if (address >= caps.perAddress || t.accounts.some((a) => (byAccount.get(a) ?? 0) >= caps.perAccount))
        continue;
      if (t.address !== null) byAddress.set(t.address, address + 1);
      for (const a of t.accounts) byAccount.set(a, (byAccount.get(a) ?? 0) + 1);
    }
    shown.push(r);
  }
  const from = after ? shown.findIndex((r) => before(after, r.place)) : 0;
  const page = from < 0 ? [] : shown.slice(from, from + limit);
  const more = from >= 0 && from + limit < shown.length;
  return { tables: page.map((r) => r.t), next: more ? cursorOf(page[page.length - 1].place) : null };
}
