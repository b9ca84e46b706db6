/**
 * What one kind of change does once `decide` (commands.ts) has made it: how it is stored, how the table's
 * copy follows, and who hears of it. Each kind keeps the three together in one module (kinds/), and the
 * table finds it by the change's kind (change-kinds.ts): a new kind of change is one new module and one
 * line in the registry, not a case in three switches kept in step by hand.
 */
import type { ChatMessage } from '@attila/protocol';
import type { Audience } from '../audience.js';
import type { Change } from '../commands.js';
import type { Metrics } from '../driver.js';
import type { HistoryEntry } from '../moves.js';
import type { Storage, StoredTable } from '../storage/types.js';
import type { GameNow } from '../wire.js';

export type ChangeKindName = Change['kind'];
export type ChangeOf<K extends ChangeKindName> = Extract<Change, { kind: K }>;

/** What a kind's commit hands on to its apply and publish: the chat line as stored (with its id), else null. */
export interface StoredOf {
  readonly move: null;
  readonly takeback: null;
  readonly rematch: null;
  readonly seats: null;
  readonly table: null;
  readonly chat: ChatMessage;
  readonly none: null;
}

/** The table's own copy of its game, which `apply` changes (and only it, and catching up: catch-up.ts). */
export interface TableCopy {
  meta: StoredTable;
  state: unknown;
  readonly moves: string[];
  readonly history: HistoryEntry[];
  readonly chatLog: ChatMessage[];
}

/** The table as a change kind sees it. */
export interface ChangeSite {
  readonly copy: TableCopy;
  readonly storage: Storage;
  readonly metrics: Metrics;
  readonly audience: Audience;
  /** Several processes share the storage (a move's update then carries the move for the others' copies). */
  readonly shared: boolean;
  /** The number of moves played, and the takebacks so far, as the copy is now. */
  readonly seq: number;
  readonly line: number;
  /** The game at this moment, as the watchers see it. */
  moment(): GameNow;
  /** The table's news (seats, status, result) with each audience's snapshot. */
  publishTable(): void;
}

export interface ChangeKind<K extends ChangeKindName> {
  /** Stores the change (one transaction); nobody is told of a change that is not stored. */
  commit(change: ChangeOf<K>, site: ChangeSite): Promise<StoredOf[K]>;
  /** The table's copy after the stored change. */
  apply(change: ChangeOf<K>, stored: StoredOf[K], site: ChangeSite): void;
  /** Everyone hears of the stored change (after the mover's acknowledgement). */
  publish(change: ChangeOf<K>, stored: StoredOf[K], site: ChangeSite): void;
  /**
   * For the push notices (turn-notices.ts): the seat that made the change (it is at the table and is not
   * told), null when nobody did (a start, a clock), or undefined when this kind begins nobody's turn.
   */
  mover?(change: ChangeOf<K>): number | null;
}
