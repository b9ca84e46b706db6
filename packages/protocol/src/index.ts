/**
 * The wire contract between the server and its clients (the web app, bots over the network, the load script):
 * every HTTP body and every WebSocket message, as zod schemas and the TypeScript types inferred from them.
 * Client input is parsed once, here at the edge; what the server sends is typed by the same package so the
 * web app imports it (`@attila/protocol`) without pulling in the server itself.
 */
import { GAME_KINDS, describeZodIssues, type GameEvent, type GameKind, type GameResult } from '@attila/core';
import { z } from 'zod';

/** The games and results of the record format (core), which the wire speaks too. */
export { GAME_KINDS, type GameKind, type GameResult } from '@attila/core';
import { forbiddenCharacter } from './names.js';

export { botNameClash, forbiddenCharacter } from './names.js';

/** Limits enforced at the edge. */
export const LIMITS = {
  /** A WebSocket message larger than this is refused (and a much larger one closes the socket). */
  messageBytes: 4096,
  /** HTTP request bodies. */
  bodyBytes: 16 * 1024,
  nameChars: 32,
  chatChars: 300,
  moveChars: 512,
  /** Messages per second a connection may send on average, and the burst it may save up. */
  ratePerSecond: 20,
  rateBurst: 40,
  /** How many chat messages a welcome carries. */
  chatHistory: 50,
  /** Chat lines a seat may send a minute (all its sockets together), and the burst it may save up. */
  chatPerMinute: 20,
  chatBurst: 5,
  /** Chat lines kept per table in storage (older ones are deleted). */
  chatKept: 200,
  clockMinMs: 1000,
  clockMaxMs: 24 * 3600 * 1000,
  /** A correspondence bank's starting time, increment and cap: at most 60 days each. */
  correspondenceMaxMs: 60 * 24 * 3600 * 1000,
} as const;

// ---------------------------------------------------------------- shared pieces

/**
 * A display name: trimmed, in NFC (so that one name has one spelling), 1–32 characters, none of them
 * invisible or direction-changing (names.ts). Whether it passes for a bot is checked by the server
 * (`botNameClash`), which knows its bots.
 */
export const displayNameSchema = z
  .string()
  .transform((s) => s.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, 'a display name needs at least one visible character')
      .max(LIMITS.nameChars, `a display name has at most ${LIMITS.nameChars} characters`)
      .superRefine((s, ctx) => {
        const bad = forbiddenCharacter(s);
        if (bad) {
          ctx.addIssue({
            code: 'custom',
            message: `a display name may not contain control, format or invisible characters (found ${bad})`,
          });
        }
      }),
  );
const displayName = displayNameSchema;

const tableId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a table id is 8 to 64 letters, digits, "-" or "_"');

const token = z.string().min(16).max(128);
const seatIndex = z.number().int().min(0).max(7);

const HOUR_MS = 3600 * 1000;
/** Vacation each seat of a correspondence game has per year of the game (the server README says why). */
export const VACATION_DAYS_PER_YEAR = 21;
/** The days per move a correspondence game may give (as turn-based sites offer them). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;

export const clockSettingsSchema = z.discriminatedUnion('mode', [
  /** Every move must be made within `moveMs`. */
  z
    .object({
      mode: z.literal('move'),
      moveMs: z.number().int().min(LIMITS.clockMinMs).max(LIMITS.clockMaxMs),
    })
    .strict(),
  /** Each seat has `initialMs` for the whole game and gains `incrementMs` after each of its moves (Fischer). */
  z
    .object({
      mode: z.literal('game'),
      initialMs: z.number().int().min(LIMITS.clockMinMs).max(LIMITS.clockMaxMs),
      incrementMs: z
        .number()
        .int()
        .min(0)
        .max(3600 * 1000),
    })
    .strict(),
  /** Correspondence: every move within `days` days (a turn-based game played over weeks). */
  z
    .object({
      mode: z.literal('days'),
      days: z.union(
        CORRESPONDENCE_DAYS.map((d) => z.literal(d)),
        `days per move are one of ${CORRESPONDENCE_DAYS.join(', ')}`,
      ),
    })
    .strict(),
  /**
   * Correspondence with a bank: each seat starts with `initialMs`, gains `incrementMs` after each of its
   * moves, and never holds more than `capMs` (so time saved early cannot grow without end).
   */
  z
    .object({
      mode: z.literal('bank'),
      initialMs: z.number().int().min(HOUR_MS).max(LIMITS.correspondenceMaxMs),
      incrementMs: z.number().int().min(0).max(LIMITS.correspondenceMaxMs),
      capMs: z.number().int().min(HOUR_MS).max(LIMITS.correspondenceMaxMs),
    })
    .strict()
    .refine((c) => c.capMs >= c.initialMs, {
      message: 'the cap of a time bank cannot be below its starting time',
      path: ['capMs'],
    }),
]);
export type ClockSettings = z.infer<typeof clockSettingsSchema>;

export const seatSpecSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('human') }).strict(),
  z.object({ type: z.literal('bot'), bot: z.string().min(1).max(64) }).strict(),
]);
export type SeatSpec = z.infer<typeof seatSpecSchema>;

// ---------------------------------------------------------------- HTTP bodies

export const createTableSchema = z
  .object({
    game: z.enum(GAME_KINDS),
    /** The engine's settings (validated by the engine: Knights `{layout, first}`, Tribes its options). */
    settings: z.record(z.string(), z.unknown()).default({}),
    /** One entry per seat, in seat order; its length must be the engine's player count for `settings`. */
    seats: z.array(seatSpecSchema).min(1).max(8),
    listed: z.boolean().default(true),
    /** Rated: the result changes the players' ratings; every human seat needs an account, no bot seats. */
    rated: z.boolean().default(false),
    clock: clockSettingsSchema.nullable().default(null),
    /** The bot that takes over a seat whose player leaves or runs out of time; null: nobody takes over. */
    takeover: z.string().min(1).max(64).nullable().default(null),
    /** When given, the creator sits down at once at `seat` (default: the first human seat). */
    name: displayName.optional(),
    seat: seatIndex.optional(),
  })
  .strict();
export type CreateTableRequest = z.input<typeof createTableSchema>;
export type CreateTable = z.infer<typeof createTableSchema>;

/** A guest's own display name (accounts.ts; here, beside the display-name rules it uses). */
export const renameSchema = z.object({ name: displayName }).strict();

export const joinTableSchema = z.object({ name: displayName, seat: seatIndex.optional() }).strict();
export type JoinTableRequest = z.infer<typeof joinTableSchema>;

export const seatAuthSchema = z.object({ seat: seatIndex, token }).strict();
export type SeatAuth = z.infer<typeof seatAuthSchema>;

export const tableIdSchema = tableId;

/**
 * `GET /api/tables?cursor=...&limit=...`: a page of the lobby list. `cursor` is the `next` of the page
 * before (opaque); `limit` at most 200 tables a page (the default).
 */
export const listTablesQuerySchema = z.object({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ListTablesQuery = z.infer<typeof listTablesQuerySchema>;

/** A page of the lobby list; `next`: the cursor of the next page (null: none; absent for finished games). */
export interface ListTablesResponse {
  readonly tables: readonly TableInfo[];
  readonly next?: string | null;
}

// ---------------------------------------------------------------- what the server tells about a table

export type TableStatus = 'open' | 'playing' | 'finished';

/**
 * Who sits at a seat: a person's `account`, a `guest`, a client without a session (`anonymous`: the CLI, a
 * script), a `bot-account` (a program on the bot API, however it joined) or one of the server's own bots
 * (`bot`). Screens mark the last two as bots, as chess sites do.
 */
export const seatHolderKindSchema = z.enum(['account', 'guest', 'anonymous', 'bot-account', 'bot']);
export type SeatHolderKind = z.infer<typeof seatHolderKindSchema>;

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

// ---------------------------------------------------------------- WebSocket: client → server

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** First message on a socket: watch `table`, as `seat` (with its token) or as a spectator (neither). */
  z
    .object({
      type: z.literal('hello'),
      table: tableId,
      seat: seatIndex.optional(),
      token: token.optional(),
      /** The last sequence number this client saw: the welcome then lists what happened since. */
      since: z.number().int().min(0).optional(),
      /** The table's `line` when it saw `since` (takebacks so far): after another takeback it gets the whole log. */
      line: z.number().int().min(0).optional(),
    })
    .strict(),
  /** A move in the game's notation, made when the game was at sequence number `seq`. */
  z
    .object({
      type: z.literal('move'),
      seq: z.number().int().min(0),
      move: z.string().min(1).max(LIMITS.moveChars),
      /** The table's `line` the move was decided on: a move decided before a takeback is refused as stale. */
      line: z.number().int().min(0).optional(),
      ref: z.string().max(64).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('chat'),
      text: z
        .string()
        .trim()
        .min(1, 'a chat message cannot be empty')
        .max(LIMITS.chatChars, `a chat message has at most ${LIMITS.chatChars} characters`),
      ref: z.string().max(64).optional(),
    })
    .strict(),
  /** Correspondence clocks: go on vacation (`away`: the seat's clock stands still) or come back. */
  z.object({ type: z.literal('vacation'), away: z.boolean(), ref: z.string().max(64).optional() }).strict(),
  /** Take back a seat a bot took over. */
  z.object({ type: z.literal('reclaim'), ref: z.string().max(64).optional() }).strict(),
  z.object({ type: z.literal('ping'), ref: z.string().max(64).optional() }).strict(),
  /** Give up the game (Knights: the opponent wins; Tribes: a bot plays the seat on, and it ranks last). */
  z.object({ type: z.literal('resign'), ref: z.string().max(64).optional() }).strict(),
  /** Call the game off before every seat has moved: no winner, it counts for nothing. */
  z.object({ type: z.literal('abort'), ref: z.string().max(64).optional() }).strict(),
  /** Ask the opponent to take back your last move (Knights). */
  z.object({ type: z.literal('takeback'), ref: z.string().max(64).optional() }).strict(),
  /**
   * Answer the opponent's takeback request: `accept`, `refuse`, or `never` (refuse it and every later one of
   * this game at once; also allowed with no request pending).
   */
  z
    .object({
      type: z.literal('takeback-answer'),
      answer: z.enum(['accept', 'refuse', 'never']),
      ref: z.string().max(64).optional(),
    })
    .strict(),
  /** At the end of a game: play again (`accept: true`) or not (`false`, which cancels the rematch). */
  z.object({ type: z.literal('rematch'), accept: z.boolean(), ref: z.string().max(64).optional() }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// ---------------------------------------------------------------- WebSocket: server → client

/** What happened at one sequence number: only public events. */
export interface MoveNotice<Event extends GameEvent = GameEvent> {
  readonly seq: number;
  /** The seat that acted (public: everybody sees who acted, never a hidden choice). */
  readonly seat: number;
  readonly events: readonly Event[];
}

/** The game as one viewer may see it now; `View` and `Event` are the engine's own types. */
export interface Snapshot<View = unknown> {
  readonly seq: number;
  /** The engine's view for this viewer: already filtered, never another seat's secrets. */
  readonly view: View;
  readonly toAct: readonly number[];
  /** The moves this seat may make now (empty for spectators and seats not to act). */
  readonly legalMoves: readonly string[];
  readonly clock: ClockInfo | null;
  readonly result: GameResult | null;
}

export interface ChatMessage {
  readonly id: number;
  readonly seat: number;
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

/** Every message the server sends; a client that knows its game narrows `View` and `Event` to the engine's. */
export type ServerMessage<View = unknown, Event extends GameEvent = GameEvent> =
  | {
      readonly type: 'welcome';
      readonly table: TableInfo;
      /** The seat this socket holds, or null for a spectator. */
      readonly seat: number | null;
      /** Moves since the client's `since` (oldest first), when it gave one and they are all known. */
      readonly missed: readonly MoveNotice<Event>[] | null;
      readonly snapshot: Snapshot<View> | null;
      readonly chat: readonly ChatMessage[];
      readonly serverTime: number;
    }
  | ({ readonly type: 'update' } & MoveNotice<Event> & { readonly snapshot: Snapshot<View> })
  | { readonly type: 'ack'; readonly ref: string | null; readonly seq: number }
  | { readonly type: 'table'; readonly table: TableInfo; readonly snapshot: Snapshot<View> | null }
  | { readonly type: 'chat'; readonly message: ChatMessage }
  | { readonly type: 'error'; readonly code: string; readonly message: string; readonly ref: string | null }
  | { readonly type: 'pong'; readonly ref: string | null; readonly serverTime: number };

/** A zod error in one readable line: where, and what is allowed. */
export function describeZodError(error: z.ZodError): string {
  return describeZodIssues(error, 'message', 4);
}
export * from './accounts.js';
export * from './push.js';
export * from './puzzles.js';
export * from './pools.js';
export * from './ladder.js';
