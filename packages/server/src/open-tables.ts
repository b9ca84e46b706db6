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
}

export const DEFAULT_OPEN_TABLES: OpenTablePolicy = { idleMs: 30 * 60_000, listedPerAddress: 3 };

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
}

/**
 * The lobby list: newest first, at most `perAddress` open tables of each known address (tables being
 * played are all shown: they have people or bots in them already), at most `limit` in all.
 */
export function lobbyList<T extends ListedTable>(
  tables: readonly T[],
  perAddress: number,
  limit: number,
): T[] {
  const sorted = [...tables].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1,
  );
  const shown = new Map<string, number>();
  const out: T[] = [];
  for (const t of sorted) {
    if (t.status === 'finished') continue;
    if (t.status === 'open' && t.address !== null) {
      const n = shown.get(t.address) ?? 0;
      if (n >= perAddress) continue;
      shown.set(t.address, n + 1);
    }
    out.push(t);
    if (out.length >= limit) break;
  }
  return out;
}
