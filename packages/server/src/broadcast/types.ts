/**
 * How news of a table reaches every socket watching it, whichever server process holds the socket.
 * The writer of a game prepares each message once per audience, already serialized: one text for every
 * seat, one for spectators, or one for all. In-process delivery and Redis pub/sub implement it.
 */
import type { StoredMove, TablePatch } from '../storage/types.js';

export interface Envelope {
  readonly table: string;
  /** The game or its seats changed (not only chat or who is connected): a table's driver catches up. */
  readonly changed?: boolean;
  /** The `origin` of the process that published it (set by the broadcast). */
  readonly origin?: string;
  /** For a move's update: the sequence number it brings the game to. */
  readonly seq?: number;
  /** For the table's news (seats, status) with a snapshot: the sequence number that snapshot shows. */
  readonly at?: number;
  /** With `seq` or `at`: the table's line (takebacks so far); a seq names one position only within a line. */
  readonly line?: number;
  /**
   * With a move's update: the move as stored and what it changed of the table's row, so that another
   * process's copy known to be current follows it without reading storage (table/known-current.ts).
   */
  readonly stored?: { readonly move: StoredMove; readonly patch: TablePatch };
  /** The same message for everyone watching. */
  readonly all?: string;
  /** Per seat (index = seat); null for a seat nobody on this process watches (local broadcast only). */
  readonly seats?: readonly (string | null)[];
  readonly spectator?: string;
}

export interface Broadcast {
  /**
   * True when every socket is in this process (so a table only prepares messages for audiences it has);
   * false when other processes may hold sockets of any audience.
   */
  readonly local: boolean;
  /** This process's name on the broadcast, stamped on what it publishes. */
  readonly origin: string;
  /**
   * Whether what is published now reaches the other processes (Redis connected). While it is false the
   * table refuses changes (`broadcast.unavailable`): nobody else would hear of them.
   */
  readonly up: boolean;
  /**
   * Counts each time the broadcast went down or came back: envelopes published meanwhile are lost, so what
   * a process knows from hearing them (table/known-current.ts) holds only while this count stays the same.
   */
  readonly outages: number;
  publish(envelope: Envelope): void;
  /**
   * `listener` runs each time the broadcast comes back after an outage, once it is subscribed again to every
   * table: envelopes published meanwhile are lost, so each listener catches up from storage.
   */
  onResume(listener: () => void): void;
  /**
   * Calls `handler` for every envelope about `table` published after the returned promise resolves,
   * until the function it resolves to is called. Never rejects: during an outage the subscription is made
   * when the broadcast returns (and `onResume` listeners then catch up).
   */
  subscribe(table: string, handler: (envelope: Envelope) => void): Promise<() => void>;
  close(): Promise<void>;
}
