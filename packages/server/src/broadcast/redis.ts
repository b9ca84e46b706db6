/**
 * Broadcast across server processes through Redis pub/sub: one channel per table. Local handlers are
 * served by one subscription per table per process; a process hears its own publications back through
 * Redis, so every socket gets every message exactly once, in publication order per table.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Broadcast, Envelope } from './types.js';

const PREFIX = 'attila:table:';

export class RedisBroadcast implements Broadcast {
  readonly local = false;
  readonly origin = randomBytes(8).toString('hex');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(e: Envelope) => void>>();

  constructor(url: string) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub.on('message', (channel: string, text: string) => {
      const set = this.handlers.get(channel.slice(PREFIX.length));
      if (!set) return;
      const envelope = JSON.parse(text) as Envelope;
      for (const handler of set) handler(envelope);
    });
  }

  /** Redis gone: the sockets of this process stop hearing news; logged by ioredis, nothing to undo here. */
  private readonly lost = (): void => undefined;

  /** Resolves once both connections are up (or rejects). */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  publish(envelope: Envelope): void {
    if (this.closed) return;
    this.pub
      .publish(PREFIX + envelope.table, JSON.stringify({ ...envelope, origin: this.origin }))
      .catch(this.lost);
  }

  private readonly subscribing = new Map<string, Promise<unknown>>();

  private closed = false;

  async subscribe(table: string, handler: (e: Envelope) => void): Promise<() => void> {
    if (this.closed) return () => undefined;
    let set = this.handlers.get(table);
    if (!set) {
      this.handlers.set(table, (set = new Set()));
      this.subscribing.set(table, this.sub.subscribe(PREFIX + table));
    }
    set.add(handler);
    await this.subscribing.get(table);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(table) === set && !this.closed) {
        this.handlers.delete(table);
        this.sub.unsubscribe(PREFIX + table).catch(this.lost);
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
