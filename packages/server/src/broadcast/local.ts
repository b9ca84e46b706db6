/** Broadcast within one server process: a map from table to handlers, delivered synchronously. */
import type { Broadcast, Envelope } from './types.js';

export class LocalBroadcast implements Broadcast {
  readonly local = true;
  readonly origin = 'local';
  readonly up = true;
  readonly outages = 0;
  private readonly handlers = new Map<string, Set<(e: Envelope) => void>>();

  publish(envelope: Envelope): void {
    const set = this.handlers.get(envelope.table);
    if (set) for (const handler of set) handler(envelope);
  }

  async subscribe(table: string, handler: (e: Envelope) => void): Promise<() => void> {
    let set = this.handlers.get(table);
    if (!set) this.handlers.set(table, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(table) === set) this.handlers.delete(table);
    };
  }

  /** In-process delivery has no outages. */
  onResume(): void {}

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
