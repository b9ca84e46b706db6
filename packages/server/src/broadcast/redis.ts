/**
 * Broadcast across server processes through Redis pub/sub: one channel per table. Local handlers are
 * served by one subscription per table per process; a process hears its own publications back through
 * Redis, so every socket gets every message exactly once, in publication order per table.
 */
import { Redis } from 'ioredis';
import type { Broadcast, Envelope } from './types.js';

const PREFIX = 'attila:table:';

export class RedisBroadcast implements Broadcast {
  readonly local = false;
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

  /** Resolves once both connections are up (or rejects). */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  publish(envelope: Envelope): void {
    void this.pub.publish(PREFIX + envelope.table, JSON.stringify(envelope));
  }

  subscribe(table: string, handler: (e: Envelope) => void): () => void {
    let set = this.handlers.get(table);
    if (!set) {
      this.handlers.set(table, (set = new Set()));
      void this.sub.subscribe(PREFIX + table);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(table) === set) {
        this.handlers.delete(table);
        void this.sub.unsubscribe(PREFIX + table);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
