/**
 * The move a player sent and the server has not answered yet, as lila's socket keeps its "ackable"
 * messages: kept until the server's `ack` or `error` with its `ref`, sent again once after each reconnect
 * (the server answers a move it already stored with the ack, never playing it twice: server moves.ts
 * `repeatedMove`), and given up when the server stays silent through several reconnects. One move at a
 * time: the board is locked while it is pending. Pure: the connection (connection.ts) owns the socket and
 * the timers and asks this module what to do.
 */
import type { ClientMessage, ServerMessage } from '@attila/protocol';

export type MoveMessage = Extract<ClientMessage, { type: 'move' }>;

/** What the player's last move is doing, for the screen. */
export type MoveStatus =
  | { readonly kind: 'none' }
  /** Sent (or waiting for the socket: `offline`), no answer yet: the board is locked. */
  | { readonly kind: 'pending'; readonly move: string; readonly offline: boolean }
  /** The server refused it (the rules, a stale position, the clock): nothing was played. */
  | { readonly kind: 'refused'; readonly move: string; readonly code: string; readonly message: string }
  /** No answer through several reconnects: given up, and the game reloaded from the server. */
  | { readonly kind: 'unsent'; readonly move: string };

export const NO_MOVE: MoveStatus = { kind: 'none' };

/** How long a sent move waits for its answer before the socket is opened again and the move resent. */
export const ACK_WAIT_MS = 5000;
/** Silent waits in a row before the move is given up and the game reloaded. */
export const SILENT_ROUNDS = 3;

export interface Outbox {
  /** The move waiting for its answer, exactly as first sent (same `seq`, `line` and `ref` on every resend). */
  readonly pending: MoveMessage | null;
  /** Waits of `ACK_WAIT_MS` that ended without an answer, since the move was first sent. */
  readonly silent: number;
}

export const EMPTY_OUTBOX: Outbox = { pending: null, silent: 0 };

/** A new move to send, or null while another is still pending (the board is locked then anyway). */
export function queueMove(box: Outbox, message: MoveMessage): Outbox | null {
  return box.pending ? null : { pending: message, silent: 0 };
}

/** How the server's message settles the pending move: `status` is the screen's news, null if it did not. */
export function settle(box: Outbox, m: ServerMessage): { box: Outbox; status: MoveStatus } | null {
  const p = box.pending;
  if (!p || (m.type !== 'ack' && m.type !== 'error') || m.ref !== p.ref) return null;
  const status: MoveStatus =
    m.type === 'ack' ? NO_MOVE : { kind: 'refused', move: p.move, code: m.code, message: m.message };
  return { box: EMPTY_OUTBOX, status };
}

/** A wait ended without an answer: reconnect and resend, or give up after `SILENT_ROUNDS`. */
export function silence(box: Outbox): { box: Outbox; next: 'nothing' | 'resend' | 'give-up' } {
  if (!box.pending) return { box, next: 'nothing' };
  const silent = box.silent + 1;
  return silent >= SILENT_ROUNDS
    ? { box: EMPTY_OUTBOX, next: 'give-up' }
    : { box: { ...box, silent }, next: 'resend' };
}
