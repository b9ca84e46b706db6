/**
 * Limits on sockets at the server's edge: how many one client address may hold open, and how much memory
 * all slow readers together may make the server hold (bytes queued for sockets that do not read).
 */

export interface SocketLimits {
  /** Sockets one address may hold open at once; null: no limit. */
  readonly perAddress: number | null;
  /** Bytes queued for all sockets together before the furthest behind are closed. */
  readonly slowReaderBytes: number;
  /** Bytes queued for one socket before it is closed. */
  readonly perSocketBytes: number;
}

/**
 * Tabs of a family behind one router, a few spectators: 32 is generous for people and stops one address
 * from holding thousands of sockets.
 */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  perAddress: 32,
  slowReaderBytes: 64 * 1024 * 1024,
  perSocketBytes: 4 * 1024 * 1024,
};

/** Open sockets per address. */
export class AddressCounter {
  private readonly counts = new Map<string, number>();

  /** Counts one more socket for `address` unless it holds `max` already. */
  tryAdd(address: string, max: number | null): boolean {
    const n = this.counts.get(address) ?? 0;
    if (max !== null && n >= max) return false;
    this.counts.set(address, n + 1);
    return true;
  }

  remove(address: string): void {
    const n = (this.counts.get(address) ?? 0) - 1;
    if (n <= 0) this.counts.delete(address);
    else this.counts.set(address, n);
  }

  count(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}

/**
 * Which sockets to close so that what is queued for all of them fits in `capBytes`: the furthest behind
 * first (they hold the most and are the least likely to catch up). Empty when it fits already.
 */
export function slowReadersToClose<T extends { readonly buffered: number }>(
  sockets: readonly T[],
  capBytes: number,
): T[] {
  let total = sockets.reduce((n, s) => n + s.buffered, 0);
  if (total <= capBytes) return [];
  const out: T[] = [];
  for (const s of [...sockets].sort((a, b) => b.buffered - a.buffered)) {
    if (total <= capBytes || s.buffered === 0) break;
    out.push(s);
    total -= s.buffered;
  }
  return out;
}
