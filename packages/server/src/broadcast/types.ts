/**
 * How news of a table reaches every socket watching it, whichever server process holds the socket.
 * The writer of a game prepares each message once per audience, already serialized: one text for every
 * seat, one for spectators, or one for all. In-process delivery and Redis pub/sub implement it.
 */
export interface Envelope {
  readonly table: string;
  /** The same message for everyone watching. */
  readonly all?: string;
  /** Per seat (index = seat). */
  readonly seats?: readonly string[];
  readonly spectator?: string;
}

export interface Broadcast {
  publish(envelope: Envelope): void;
  /** Calls `handler` for every envelope about `table`, until the returned function is called. */
  subscribe(table: string, handler: (envelope: Envelope) => void): () => void;
  close(): Promise<void>;
}
