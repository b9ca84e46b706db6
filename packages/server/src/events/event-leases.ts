/**
 * One director per event: each event has a lease like a table's (the `leases` rows keyed `event:<id>`,
 * leases.ts), taken or renewed by the director before each look at it. With several processes on one
 * database every process runs a director; each event is directed by the process holding its lease, so the
 * events spread over the processes, and when one dies its events' leases lapse and the next process to
 * look takes each of them over. The lease shares the work and keeps one director per event; the data do
 * not depend on it: a round moves on only from the round the director read, a pairing's ordinal is a key,
 * a game's end is recorded once (event-store.ts), so even two directors at once could not pair twice.
 */
import type { Logger } from 'pino';
import type { Storage } from '../storage/types.js';

export interface EventLeases {
  /** Takes or renews the event's lease: true when this process directs it now. */
  hold(eventId: string): Promise<boolean>;
  /** The event is over: its lease is given back. */
  done(eventId: string): Promise<void>;
  /** The events this process directs now (its leases not run out). */
  held(): string[];
  /** Gives every lease back (a clean shutdown: the others take over at once). */
  releaseAll(): Promise<void>;
}

const leaseKey = (eventId: string) => `event:${eventId}`;

/** One process: it directs every event. */
export class SoloEventLeases implements EventLeases {
  private readonly ids = new Set<string>();
  async hold(eventId: string): Promise<boolean> {
    this.ids.add(eventId);
    return true;
  }
  async done(eventId: string): Promise<void> {
    this.ids.delete(eventId);
  }
  held(): string[] {
    return [...this.ids];
  }
  async releaseAll(): Promise<void> {
    this.ids.clear();
  }
}

export class SharedEventLeases implements EventLeases {
  /** When each lease this process holds runs out. */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly storage: Storage,
    /** The same owner id as the process's table and job leases. */
    private readonly owner: string,
    private readonly leaseMs: number,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async hold(eventId: string): Promise<boolean> {
    const now = this.now();
    const until = now + this.leaseMs;
    let held = false;
    try {
      held = await this.storage.claim(leaseKey(eventId), this.owner, now, until);
    } catch (e) {
      this.log.warn(
        { err: e instanceof Error ? e.message : e, event: eventId },
        'claiming an event lease failed',
      );
    }
    const had = this.until.has(eventId);
    if (held) this.until.set(eventId, until);
    else this.until.delete(eventId);
    if (held !== had)
      this.log.info(
        { event: eventId, owner: this.owner },
        held ? 'event directed here' : 'event directed elsewhere',
      );
    return held;
  }

  async done(eventId: string): Promise<void> {
    this.until.delete(eventId);
    await this.storage.release([leaseKey(eventId)], this.owner);
  }

  held(): string[] {
    const now = this.now();
    return [...this.until].filter(([, until]) => until > now).map(([id]) => id);
  }

  async releaseAll(): Promise<void> {
    const ids = [...this.until.keys()];
    this.until.clear();
    if (ids.length > 0) await this.storage.release(ids.map(leaseKey), this.owner);
  }
}
