/**
 * Where games live. The server core talks only to this interface: SQLite (embedded, the default) and
 * PostgreSQL (several server processes) implement it. A game is its settings, seed and move log; a move is
 * written (and committed) before anyone hears of it. `appendMove` is the one-writer guard: a move whose
 * sequence number is already taken is refused by the database itself (primary key), whatever the process.
 */
import type { ClockState } from '../clock.js';
import type { AccountStore } from './accounts.js';
import type { CommunityStore } from './community-store.js';
import type { ModerationStore } from './moderation-store.js';
import type { RoleStore } from './roles.js';
import type { PuzzleStore } from './puzzle-store.js';
import type { ExplorerStore } from './explorer-store.js';
import type { PoolStore } from './pool-store.js';
import type { Sql } from './sql.js';
import type { RatingStore } from './rating-store.js';
import type { ClockSettings, GameKind, GameResult, PlayInfo, TableStatus } from '@attila/protocol';

export interface StoredSeat {
  readonly seat: number;
  readonly name: string | null;
  readonly kind: 'human' | 'bot';
  readonly bot: string | null;
  /** SHA-256 of the seat's token (hex), null while nobody holds the seat. */
  readonly tokenHash: string | null;
  readonly controller: 'human' | 'bot';
  /**
   * The player holding a human seat (seats.player_id, read with the player's kind): null while the seat is
   * free or held by a client without a session; absent where the writer does not know it (then a seat
   * update leaves the stored player as it is). One player holds at most one seat of a table (seating.ts).
   */
  readonly player?: SeatPlayer | null;
}

/** Who a seat's player is: an account, a guest, or a bot account (players.bot_since). */
export interface SeatPlayer {
  readonly id: string;
  readonly kind: 'account' | 'guest' | 'bot-account';
}

export interface StoredTable {
  readonly id: string;
  readonly game: GameKind;
  readonly settings: Record<string, unknown>;
  readonly seed: string;
  readonly rulesVersion: string;
  readonly listed: boolean;
  /** The result changes the seats' ratings (absent: casual). */
  readonly rated?: boolean;
  readonly clockSettings: ClockSettings | null;
  readonly takeover: string | null;
  readonly status: TableStatus;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly result: GameResult | null;
  /** The clock as of the last change (move, start, take-over); null without clocks. */
  readonly clock: ClockState | null;
  readonly seats: readonly StoredSeat[];
  /** Takebacks, resignations, a rematch (absent: none of them yet, `NO_PLAY`). */
  readonly play?: StoredPlay;
  /** The event the table was made for (absent: none); its game counts in the event's standings. */
  readonly event?: string;
}

/**
 * What players asked for or agreed on besides their moves, with the table's `line`: the number of takebacks
 * so far. A takeback deletes stored moves, so the same seq can name two positions; (line, seq) names one.
 */
export interface StoredPlay extends PlayInfo {
  readonly line: number;
}

export const NO_PLAY: StoredPlay = {
  line: 0,
  takeback: null,
  noTakebacks: [],
  resigned: [],
  rematch: null,
};

export function playOf(meta: StoredTable): StoredPlay {
  return meta.play ?? NO_PLAY;
}

/** A finished game as the list of finished games shows it: the table and its number of moves. */
export interface FinishedTable {
  readonly table: StoredTable;
  readonly moves: number;
}

export interface StoredMove {
  readonly seq: number;
  readonly seat: number;
  /** As in a game record: the notation, prefixed by `<seat>:` when several seats could act. */
  readonly move: string;
  /** When it was made (ms since the epoch). */
  readonly at: number;
}

export interface StoredChat {
  readonly id: number;
  readonly seat: number;
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

/** Changes to a table's row written in the same transaction as a move (or alone). */
export interface TablePatch {
  readonly status?: TableStatus;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly result?: GameResult | null;
  readonly clock?: ClockState | null;
  readonly play?: StoredPlay;
  /** Only ever to false: a rated table found with one player in two seats goes on casual (seating.ts). */
  readonly rated?: false;
}

export class SeqTakenError extends Error {
  constructor(tableId: string, seq: number) {
    super(`table ${tableId}: move ${seq} was already written (another writer?)`);
  }
}

/**
 * Whether a refused write clashed on the moves' own key (table, seq): only that clash means another writer
 * took the seq. Any other key a move's transaction writes (a rated result's rating history) is a failure of
 * its own and must not be reported as a stale move, which the mover would retry forever.
 */
export function isMoveKeyClash(e: unknown): boolean {
  const text = String((e as { message?: unknown })?.message ?? e);
  return /moves_pkey|moves\.table_id, moves\.seq/.test(text);
}

export interface Storage {
  /** Players, sessions, and who holds which seat (accounts.ts). */
  readonly accounts: AccountStore;
  /** Ratings and their history, read back (written only with a rated result, in its transaction). */
  readonly ratings: RatingStore;
  /** Knights puzzle ratings and attempts (puzzle-store.ts). */
  readonly puzzles: PuzzleStore;
  /** The quick-pairing pools: who waits where, and the lock that makes each pairing happen once. */
  readonly pools: PoolStore;
  /** The Knights opening explorer's counts (explorer-store.ts). */
  readonly explorer: ExplorerStore;
  /** Follows, blocks, muted chats, departures, seats' addresses (community-store.ts). */
  readonly community: CommunityStore;
  /** Reports and moderators' actions (moderation-store.ts). */
  readonly moderation: ModerationStore;
  /** Accounts' roles (roles.ts): who is a moderator. */
  readonly roles: RoleStore;
  /**
   * Stores a new table with its seats (one transaction). `within`: the caller's open transaction
   * (`Sql.tx`), so the table commits together with the caller's own rows — or not at all. Without it, the
   * write may share a commit with other tables' writes (SQLite's group commit): never call it (nor
   * `updateSeats`, `updateTable`, `appendMove`) inside an open transaction without passing it.
   */
  createTable(table: StoredTable, within?: Sql): Promise<void>;
  /** The table with its seats, or null. */
  getTable(id: string): Promise<StoredTable | null>;
  getMoves(id: string): Promise<StoredMove[]>;
  /** Listed tables that are open or being played, newest first. */
  listTables(limit: number): Promise<StoredTable[]>;
  /** Listed finished games, the most recently finished first, with how many moves each has. */
  finishedTables(limit: number): Promise<FinishedTable[]>;
  /** Every table not finished: what a server reloads when it starts. */
  activeTables(): Promise<StoredTable[]>;
  /** The seats (and the patch) in one transaction. */
  updateSeats(tableId: string, seats: readonly StoredSeat[], patch?: TablePatch): Promise<void>;
  /** The patch in one transaction; `within`: the caller's open one (a rematch's new table commits with it). */
  updateTable(tableId: string, patch: TablePatch, within?: Sql): Promise<void>;
  /**
   * Commits the move and the patch together; throws `SeqTakenError` when `move.seq` exists already, or
   * (several processes) when the table's line is no longer `line` (a takeback came first).
   */
  appendMove(tableId: string, move: StoredMove, patch: TablePatch, line?: number): Promise<void>;
  /**
   * A takeback: deletes the moves after `keep` and applies the patch (its `play.line` one higher) in one
   * transaction; throws `SeqTakenError` unless the table has exactly `seq` moves (another writer moved on).
   */
  takeBack(tableId: string, keep: number, seq: number, patch: TablePatch): Promise<void>;
  addChat(tableId: string, chat: Omit<StoredChat, 'id'>): Promise<StoredChat>;
  recentChat(tableId: string, limit: number): Promise<StoredChat[]>;
  /** Deletes all but the newest `keep` chat lines of the table (bounded retention). */
  trimChat(tableId: string, keep: number): Promise<void>;
  /**
   * Claims the right to write table `tableId` for `owner` until `untilMs`: true when this owner holds it
   * (it was free, expired, or already its own). Several server processes use it to keep one writer per game.
   */
  claim(tableId: string, owner: string, nowMs: number, untilMs: number): Promise<boolean>;
  /**
   * `claim` for many tables in one round trip (renewing a process's leases), finished tables excepted:
   * the ids `owner` now holds.
   */
  claimMany(tableIds: readonly string[], owner: string, nowMs: number, untilMs: number): Promise<string[]>;
  /** Claims up to `limit` tables being played whose lease expired or never was: their process is gone. */
  claimOrphans(owner: string, nowMs: number, untilMs: number, limit: number): Promise<string[]>;
  /** The ids among these whose game is over (for copies of other processes' games that missed the end). */
  finishedAmong(tableIds: readonly string[]): Promise<string[]>;
  /** Gives up `owner`'s leases on these tables (clean shutdown, finished games). */
  release(tableIds: readonly string[], owner: string): Promise<void>;
  close(): Promise<void>;
}
