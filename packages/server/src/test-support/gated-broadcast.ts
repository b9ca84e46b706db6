/**
 * A broadcast whose deliveries to this process can be held back (`hold`) and let through later (`release`),
 * as when another process's publication is still on its way: what this process then knows is behind what
 * storage holds, without it having heard so.
 */
import type { Broadcast, Envelope } from '../broadcast/types.js';

export class GatedBroadcast implements Broadcast {
  readonly local: boolean;
  readonly origin: string;
  private held: (() => void)[] | null = null;

  constructor(private readonly inner: Broadcast) {
    this.local = inner.local;
    this.origin = inner.origin;
  }

  get up(): boolean {
    return this.inner.up;
  }
  get outages(): number {
    return this.inner.outages;
  }

  /** Holds back every envelope heard from now on. */
  hold(): void {
    this.held ??= [];
  }

  /** Delivers what was held, in order, and lets the rest through. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const deliver of held) deliver();
  }

  publish(envelope: Envelope): void {
    this.inner.publish(envelope);
  }

  onResume(listener: () => void): void {
    this.inner.onResume(listener);
  }

  subscribe(table: string, handler: (e: Envelope) => void): Promise<() => void> {
    return this.inner.subscribe(table, (e) => (this.held ? this.held.push(() => handler(e)) : handler(e)));
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
