/**
 * The wire contract between the server and its clients (the web app, bots over the network, the load script):
 * every HTTP body and every WebSocket message, as zod schemas and the TypeScript types inferred from them.
 * Client input is parsed once, here at the edge; what the server sends is typed by the same package so the
 * web app imports it (`@attila/protocol`) without pulling in the server itself.
 */
import { GAME_KINDS, describeZodIssues } from '@attila/core';
import { z } from 'zod';
import { clockSettingsSchema, displayName, seatIndex, seatSpecSchema, tableId, token } from './fields.js';
import { LIMITS } from './limits.js';
import type { TableInfo } from './tables.js';

/** The games and results of the record format (core), which the wire speaks too. */
export { GAME_KINDS, type GameKind, type GameResult } from '@attila/core';

export { botNameClash, forbiddenCharacter } from './names.js';

export { LIMITS } from './limits.js';
export { plainMoveMessage, type MoveMessage } from './move-message.js';
export {
  CORRESPONDENCE_DAYS,
  VACATION_DAYS_PER_YEAR,
  clockSettingsSchema,
  displayNameSchema,
  seatSpecSchema,
  type ClockSettings,
  type SeatSpec,
} from './fields.js';
export * from './tables.js';

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

/** A zod error in one readable line: where, and what is allowed. */
export function describeZodError(error: z.ZodError): string {
  return describeZodIssues(error, 'message', 4);
}
export * from './accounts.js';
export * from './push.js';
export * from './puzzles.js';
export * from './pools.js';
export * from './ladder.js';
export * from './server-messages.js';
export * from './tablebase.js';
