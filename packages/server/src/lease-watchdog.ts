/**
 * Lets go of what a process holds on a lease (a table it drives, a singleton job it runs) just before the
 * lease runs out unrenewed, whatever the event loop or the database is doing meanwhile: the heir may then
 * take over without the two ever running it side by side (leases.ts, singleton-jobs.ts).
 */

/** A holder lets go this long before its lease runs out. */
export const LEASE_MARGIN_MS = 50;

export class LeaseWatchdog<K> {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    /** When each held thing's lease runs out (as of its last successful claim), by the `now` clock. */
    private readonly until: ReadonlyMap<K, number>,
    private readonly now: () => number,
    /** Lets go of one thing whose lease runs out within the margin. */
    private readonly expire: (key: K) => void,
    /** Whether the timer alone keeps the process alive. */
    private readonly keepAlive = true,
  ) {}

  /** Waits for the earliest lease end again: call after each change of `until`. */
  arm(): void {
    this.clear();
    if (this.stopped || this.until.size === 0) return;
    const first = Math.min(...this.until.values());
    this.timer = setTimeout(
      () => {
        this.timer = null;
        const now = this.now();
        for (const [key, until] of this.until) if (until - LEASE_MARGIN_MS <= now) this.expire(key);
        this.arm();
      },
      Math.max(0, first - LEASE_MARGIN_MS - this.now()),
    );
    if (!this.keepAlive) this.timer.unref();
  }

  /** For good (the holder closes). */
  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
