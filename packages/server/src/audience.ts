/**
 * Who watches a table in this process (sockets per seat, spectators), and the table's way to reach every
 * watcher in every process. Each audience (each seat, the spectators) gets its own text: its own view and
 * legal moves. With every socket in this process, texts are only prepared for audiences that someone hears;
 * with several processes, for all of them.
 */
import type { Broadcast, Envelope } from './broadcast/types.js';
import type { ServerMessage } from '@attila/protocol';
import { encode } from './wire.js';

/**
 * Where in the game a published message stands: an update brings the game to `seq`; news shows `at`; both
 * on `line` (the takebacks so far).
 */
export type Position = (
  { readonly seq: number; readonly stored?: Envelope['stored'] } | { readonly at: number }
) & { readonly line: number };

/** The sockets of this process watching one table, by audience, and the table's way to reach everyone. */
export class Audience {
  /** Sockets per seat in this process. */
  readonly connected: number[];
  private spectators = 0;
  /** When the table last had no socket (for evicting finished tables from memory). */
  idleSince: number;

  constructor(
    private readonly table: string,
    seats: number,
    private readonly broadcast: Broadcast,
    now: number,
  ) {
    this.connected = Array.from({ length: seats }, () => 0);
    this.idleSince = now;
  }

  isIdle(): boolean {
    return this.spectators === 0 && this.connected.every((n) => n === 0);
  }

  /** True when the seat had no socket before (others are told it is connected now). */
  attach(seat: number | null): boolean {
    if (seat === null) {
      this.spectators++;
      return false;
    }
    return ++this.connected[seat] === 1;
  }

  /** True when the seat has no socket left (others are told). */
  detach(seat: number | null, now: number): boolean {
    let gone = false;
    if (seat === null) this.spectators = Math.max(0, this.spectators - 1);
    else {
      this.connected[seat] = Math.max(0, this.connected[seat] - 1);
      gone = this.connected[seat] === 0;
    }
    if (this.isIdle()) this.idleSince = now;
    return gone;
  }

  /** One text per audience, prepared only for audiences that can hear it; the game or its seats changed. */
  publish(text: (seat: number | null) => string, position: Position): void {
    const everyone = !this.broadcast.local;
    if (!everyone && this.isIdle()) return;
    this.broadcast.publish({
      table: this.table,
      changed: true,
      ...position,
      seats: this.connected.map((n, seat) => (everyone || n ? text(seat) : null)),
      spectator: everyone || this.spectators ? text(null) : undefined,
    });
  }

  /** The same message for everyone (chat, who is connected). */
  publishAll(message: ServerMessage): void {
    this.broadcast.publish({ table: this.table, all: encode(message) });
  }
}
