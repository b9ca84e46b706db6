/**
 * Chat is limited per seat, not per socket: a seat may open any number of tabs, and they share one
 * allowance. A token bucket per (table, seat): `burst` lines at once, then `perMinute` a minute.
 */

export interface ChatRate {
  readonly perMinute: number;
  readonly burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class SeatChatLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(readonly rate: ChatRate) {}

  /** Takes one line from the seat's allowance; false (nothing taken) when it is spent. */
  allow(table: string, seat: number, now: number): boolean {
    const key = `${table}\u0000${seat}`;
    const b = this.buckets.get(key) ?? { tokens: this.rate.burst, at: now };
    b.tokens = Math.min(this.rate.burst, b.tokens + ((now - b.at) / 60_000) * this.rate.perMinute);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Seconds until the seat may chat again. */
  retryIn(table: string, seat: number): number {
    const b = this.buckets.get(`${table}\u0000${seat}`);
    if (!b || b.tokens >= 1) return 0;
    return Math.ceil(((1 - b.tokens) * 60) / this.rate.perMinute);
  }

  /** Forgets buckets full again (so the map holds only seats that chatted recently). */
  prune(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 60_000) * this.rate.perMinute >= this.rate.burst)
        this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
