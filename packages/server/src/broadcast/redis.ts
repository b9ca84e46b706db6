/**
 * Broadcast across server processes through Redis pub/sub: one channel per table. Local handlers are
 * served by one subscription per table per process; a process hears its own publications back through
 * Redis, so every socket gets every message once, in publication order per table.
 *
 * Redis may go away and come back. The connections retry for ever (at most a second apart); while either is
 * down `up` is false (tables refuse changes), publications are dropped (nothing waits in a queue to arrive
 * late) and subscriptions are only remembered. Once both are back, every remembered channel is subscribed
 * again in one command, then the `onResume` listeners run: they catch up from storage on what was lost.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Broadcast, Envelope } from './types.js';

const PREFIX = 'attila:table:';

export interface RedisBroadcastOptions {
  /** Told of connection errors (ioredis reports each failed reconnection attempt). */
  readonly onError?: (e: Error) => void;
}

export class RedisBroadcast implements Broadcast {
  readonly local = false;
  readonly origin = randomBytes(8).toString('hex');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(e: Envelope) => void>>();
  /** Per table, the subscription under way (never rejects: a failure is retried when Redis is back). */
  private readonly subscribing = new Map<string, Promise<void>>();
  private readonly resumeListeners: (() => void)[] = [];
  /** Both connections have been ready since the last outage began (and every channel is subscribed). */
  private live = false;
  private closed = false;
  private downsAndUps = 0;

  constructor(url: string, options: RedisBroadcastOptions = {}) {
    const connection = {
      lazyConnect: false,
      // Fail at once while disconnected instead of queueing: a late publication is worse than none.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResubscribe: false,
      retryStrategy: (attempt: number) => Math.min(100 * attempt, 1000),
    };
    this.pub = new Redis(url, connection);
    this.sub = new Redis(url, connection);
    for (const c of [this.pub, this.sub]) {
      c.on('error', (e: Error) => options.onError?.(e));
      c.on('close', () => {
        this.live = false;
        this.downsAndUps++;
      });
      c.on('ready', () => void this.reconnected());
    }
    this.sub.on('message', (channel: string, text: string) => {
      const set = this.handlers.get(channel.slice(PREFIX.length));
      if (!set) return;
      const envelope = JSON.parse(text) as Envelope;
      for (const handler of set) handler(envelope);
    });
  }

  get outages(): number {
    return this.downsAndUps;
  }

  get up(): boolean {
    return this.live && !this.closed;
  }

  private resumes = 0;

  /** A connection came (back): once both are ready, subscribe to every table again, then catch up. */
  private async reconnected(): Promise<void> {
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready' || this.live || this.closed) return;
    const channels = [...this.handlers.keys()].map((t) => PREFIX + t);
    try {
      if (channels.length) await this.sub.subscribe(...channels);
    } catch {
      return; // lost again: the next 'ready' tries again
    }
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready') return;
    this.live = true;
    this.downsAndUps++;
    // The first time is the start, not a return: nothing was missed.
    if (this.resumes++ > 0) for (const listener of this.resumeListeners) listener();
  }

  /** Resolves once both connections are up (or rejects after `timeoutMs`). */
  async ready(timeoutMs = 10_000): Promise<void> {
    const started = Date.now();
    while (!this.up) {
      if (Date.now() - started > timeoutMs) throw new Error('Redis is not reachable');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  publish(envelope: Envelope): void {
    if (!this.up) return;
    this.pub
      .publish(PREFIX + envelope.table, JSON.stringify({ ...envelope, origin: this.origin }))
      .catch(() => undefined); // Redis went away: the listeners of `onResume` catch up once it is back
  }

  onResume(listener: () => void): void {
    this.resumeListeners.push(listener);
  }

  async subscribe(table: string, handler: (e: Envelope) => void): Promise<() => void> {
    if (this.closed) return () => undefined;
    let set = this.handlers.get(table);
    if (!set) {
      this.handlers.set(table, (set = new Set()));
      // Down: remembered, and subscribed when Redis is back (before the resume listeners run).
      const subscribing = this.up
        ? this.sub.subscribe(PREFIX + table).then(() => undefined)
        : Promise.resolve();
      this.subscribing.set(
        table,
        subscribing.catch(() => undefined),
      );
    }
    set.add(handler);
    await this.subscribing.get(table);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(table) === set && !this.closed) {
        this.handlers.delete(table);
        this.subscribing.delete(table);
        if (this.up) this.sub.unsubscribe(PREFIX + table).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.closed = true;
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
