/**
 * What a decision reads and what it makes: the table as a command is decided on (`TableNow`), and the change
 * to store (`Change`). commands.ts routes each command to its decision, and live-play.ts decides five of them;
 * both use these without importing each other.
 */
import type { GameEvent } from '@attila/core';
import type { AnyGame } from './games.js';
import type { HistoryEntry } from './moves.js';
import type { StoredChat, StoredMove, StoredSeat, StoredTable, TablePatch } from './storage/types.js';

/** What a join answers: the seat taken and its secret token (shown once). */
export interface JoinOutcome {
  readonly seat: number;
  readonly token: string;
}

/** The table as a command is decided on. */
export interface TableNow {
  readonly game: AnyGame;
  readonly meta: StoredTable;
  readonly state: unknown;
  readonly history: readonly HistoryEntry[];
  /** The moves as stored (a takeback replays the ones it keeps). */
  readonly moves: readonly string[];
}

/** What the decision may use besides the table: the time, fresh secrets and names for what it makes. */
export interface DecideContext {
  readonly now: number;
  /** A new seat token and its hash (called only by `join`). */
  readonly newToken: () => { token: string; hash: string };
  /** A new game seed and table id (called only by the rematch that makes a table). */
  readonly newSeed: () => string;
  readonly newTableId: () => string;
}

/** What to store (and then apply and publish) for a command. */
export type Change =
  | {
      readonly kind: 'move';
      readonly move: StoredMove;
      readonly patch: TablePatch;
      readonly next: unknown;
      readonly entry: HistoryEntry;
      readonly events: readonly GameEvent[];
      /** The table after the move (clock, status, result). */
      readonly meta: StoredTable;
      readonly byBot: boolean;
    }
  | {
      readonly kind: 'seats';
      readonly seats: readonly StoredSeat[];
      readonly patch: TablePatch;
      readonly meta: StoredTable;
      readonly outcome: JoinOutcome | null;
    }
  | { readonly kind: 'table'; readonly patch: TablePatch; readonly meta: StoredTable }
  | { readonly kind: 'chat'; readonly chat: Omit<StoredChat, 'id'> }
  /** The moves after `keep` deleted (the table had `seq`), the game at `next`, on a new line. */
  | {
      readonly kind: 'takeback';
      readonly keep: number;
      readonly seq: number;
      readonly patch: TablePatch;
      readonly next: unknown;
      readonly meta: StoredTable;
    }
  /** Everyone accepted the rematch: `table` is stored first, then this table's patch that points to it. */
  | {
      readonly kind: 'rematch';
      readonly table: StoredTable;
      readonly patch: TablePatch;
      readonly meta: StoredTable;
    }
  /** Nothing to do (the clock's timer went off early, a full table already started). */
  | { readonly kind: 'none' };

/** The table with `seats` replaced and `patch` applied: what it is once the change is stored. */
export function patched(meta: StoredTable, seats: readonly StoredSeat[], patch: TablePatch): StoredTable {
  return {
    ...meta,
    ...patch,
    finishedAt: patch.finishedAt ?? meta.finishedAt,
    startedAt: patch.startedAt ?? meta.startedAt,
    seats: seats.length ? meta.seats.map((s) => seats.find((n) => n.seat === s.seat) ?? s) : meta.seats,
  };
}
