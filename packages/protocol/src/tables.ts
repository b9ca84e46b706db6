/** What the server tells about a table (index.ts re-exports it; accounts.ts uses it without a circle). */
import type { GameKind, GameResult } from '@attila/core';
import type { ClockSettings } from './fields.js';

export type TableStatus = 'open' | 'playing' | 'finished';

/**
 * Who sits at a seat: a person's `account`, a `guest`, a client without a session (`anonymous`: the CLI, a
 * script), a `bot-account` (a program on the bot API, however it joined) or one of the server's own bots
 * (`bot`). Screens mark the last two as bots, as chess sites do.
 */
export const seatHolderKinds = ['account', 'guest', 'anonymous', 'bot-account', 'bot'] as const;
export type SeatHolderKind = (typeof seatHolderKinds)[number];

/** Whether a program plays the seat by nature (not a person's seat a bot took over): the BOT mark. */
export const isBotHolder = (kind: SeatHolderKind | null | undefined): boolean =>
  kind === 'bot' || kind === 'bot-account';

export interface SeatInfo {
  readonly seat: number;
  /** The player's display name, or the bot's name; null while the seat is free. */
  readonly name: string | null;
  /** `human` seats are filled by people joining; `bot` seats are a bot from the start. */
  readonly kind: 'human' | 'bot';
  /** Who holds the seat (null while it is free): a human seat may be held by a bot account. */
  readonly holder: SeatHolderKind | null;
  readonly bot: string | null;
  /** Who moves for the seat now: its player, or a bot (a bot seat, or a seat taken over). */
  readonly controller: 'human' | 'bot';
  /** How many sockets hold this seat right now (on this server process). */
  readonly connected: number;
}

export interface ClockInfo {
  readonly settings: ClockSettings;
  /** Remaining time of each seat at `at` (server time, ms since the epoch). */
  readonly remainingMs: readonly number[];
  /** Seats whose clock is running. */
  readonly running: readonly number[];
  readonly at: number;
  /**
   * Correspondence clocks only: each seat's vacation left this year (at `at`), and which seats are away (their
   * clock stands still while their vacation lasts).
   */
  readonly vacation?: { readonly leftMs: readonly number[]; readonly away: readonly boolean[] };
}

export interface TableInfo {
  readonly id: string;
  readonly game: GameKind;
  readonly settings: Record<string, unknown>;
  readonly rulesVersion: string;
  readonly playerCount: number;
  readonly listed: boolean;
  /** Rated: the result changes the players' ratings (accounts only, no bots). */
  readonly rated: boolean;
  readonly status: TableStatus;
  readonly seats: readonly SeatInfo[];
  readonly clock: ClockSettings | null;
  readonly takeover: string | null;
  /** Moves played so far: the game's sequence number. */
  readonly seq: number;
  /** How many takebacks rewrote the move list so far: a seq means one position only within one line. */
  readonly line: number;
  readonly play: PlayInfo;
  /** Whether the game may still be aborted (some seat has not moved yet). */
  readonly abortable: boolean;
  /** Whether takebacks are offered in this game now (two players, nothing hidden, being played). */
  readonly takebacks: boolean;
  readonly result: GameResult | null;
  readonly createdAt: string;
}

/** What players asked for or agreed on besides their moves (takebacks, resignations, a rematch). */
export interface PlayInfo {
  /** A takeback request waiting for the opponent's answer: who asked, at which move. */
  readonly takeback: { readonly seat: number; readonly seq: number } | null;
  /** Seats that refuse every takeback in this game ("never"). */
  readonly noTakebacks: readonly number[];
  /** Seats that resigned (Tribes: a bot plays them on). */
  readonly resigned: readonly number[];
  /** The rematch once the game is over: who accepted, who declined (then it is off), the new table. */
  readonly rematch: {
    readonly accepted: readonly number[];
    readonly declinedBy: number | null;
    /** The new table once every person accepted, and each old seat's seat there. */
    readonly table: string | null;
    readonly seats: readonly number[];
  } | null;
}

export interface GameInfo {
  readonly game: GameKind;
  readonly rulesVersion: string;
  readonly seats: { readonly min: number; readonly max: number };
  readonly bots: readonly string[];
}

export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

export interface SeatGrant {
  readonly table: TableInfo;
  readonly seat: number;
  /** Secret: proves the bearer holds `seat`. Shown once; the server keeps only its hash. */
  readonly token: string;
}

export interface CreateTableResponse {
  readonly table: TableInfo;
  readonly seat: number | null;
  readonly token: string | null;
}
