/**
 * The server's messages as zod schemas, for the clients (web app, `attila`, the bot API's seat watcher): what
 * comes off a socket or an event stream is parsed once, at the edge, into a `Result`, never cast. Objects are
 * loose (a field this client does not know yet is kept, not refused); the engine's view and events are checked
 * only for their outline here (`view` is the engine's, events carry a `type`), since the game's own client
 * module (`packages/<game>/src/client.ts`) owns their shape.
 */
import {
  err,
  GAME_KINDS,
  ok,
  resultSchema,
  type GameEvent,
  type GameResult,
  type Result,
} from '@attila/core';
import { z } from 'zod';
import type { ChallengeMessage } from './challenges.js';
import { clockSettingsSchema } from './fields.js';
import type { PoolEvent } from './pools.js';
import { seatHolderKinds, type ClockInfo, type TableInfo } from './tables.js';

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

// ---------------------------------------------------------------- their schemas

const seq = z.number().int().min(0);
const seat = z.number().int().min(0);
const gameKind = z.enum(GAME_KINDS);

const gameEvent = z.looseObject({ type: z.string() });

const moveNotice = z.looseObject({ seq, seat, events: z.array(gameEvent) });

const clockInfo = z.looseObject({
  settings: clockSettingsSchema,
  remainingMs: z.array(z.number()),
  running: z.array(seat),
  at: z.number(),
  vacation: z.looseObject({ leftMs: z.array(z.number()), away: z.array(z.boolean()) }).optional(),
});

const snapshot = z.looseObject({
  seq,
  view: z.unknown(),
  toAct: z.array(seat),
  legalMoves: z.array(z.string()),
  clock: clockInfo.nullable(),
  result: resultSchema.nullable(),
});

const seatInfo = z.looseObject({
  seat,
  name: z.string().nullable(),
  kind: z.enum(['human', 'bot']),
  holder: z.enum(seatHolderKinds).nullable(),
  bot: z.string().nullable(),
  controller: z.enum(['human', 'bot']),
  connected: z.number().int().min(0),
});

const playInfo = z.looseObject({
  takeback: z.looseObject({ seat, seq }).nullable(),
  noTakebacks: z.array(seat),
  resigned: z.array(seat),
  rematch: z
    .looseObject({
      accepted: z.array(seat),
      declinedBy: seat.nullable(),
      table: z.string().nullable(),
      seats: z.array(seat),
    })
    .nullable(),
});

export const tableInfoSchema = z.looseObject({
  id: z.string(),
  game: gameKind,
  settings: z.record(z.string(), z.unknown()),
  rulesVersion: z.string(),
  playerCount: z.number().int().min(1),
  listed: z.boolean(),
  rated: z.boolean(),
  status: z.enum(['open', 'playing', 'finished']),
  seats: z.array(seatInfo),
  clock: clockSettingsSchema.nullable(),
  takeover: z.string().nullable(),
  seq,
  line: z.number().int().min(0),
  play: playInfo,
  abortable: z.boolean(),
  takebacks: z.boolean(),
  result: resultSchema.nullable(),
  createdAt: z.string(),
});

const chatMessage = z.looseObject({
  id: z.number(),
  seat,
  name: z.string(),
  text: z.string(),
  at: z.string(),
});
const ref = z.string().nullable();

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('welcome'),
    table: tableInfoSchema,
    seat: seat.nullable(),
    missed: z.array(moveNotice).nullable(),
    snapshot: snapshot.nullable(),
    chat: z.array(chatMessage),
    serverTime: z.number(),
  }),
  z.looseObject({ type: z.literal('update'), seq, seat, events: z.array(gameEvent), snapshot }),
  z.looseObject({ type: z.literal('ack'), ref, seq }),
  z.looseObject({ type: z.literal('table'), table: tableInfoSchema, snapshot: snapshot.nullable() }),
  z.looseObject({ type: z.literal('chat'), message: chatMessage }),
  z.looseObject({ type: z.literal('error'), code: z.string(), message: z.string(), ref }),
  z.looseObject({ type: z.literal('pong'), ref, serverTime: z.number() }),
]);

export const challengeViewSchema = z.looseObject({
  id: z.string(),
  game: gameKind,
  settings: z.record(z.string(), z.unknown()),
  clock: clockSettingsSchema.nullable(),
  rated: z.boolean(),
  from: z.string(),
  seats: z.array(
    z.looseObject({
      seat,
      name: z.string(),
      answer: z.enum(['pending', 'accepted', 'declined']),
      challenger: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  status: z.enum(['pending', 'accepted', 'declined', 'cancelled', 'expired']),
  createdAt: z.number(),
  expiresAt: z.number(),
  table: z.string().nullable(),
  seat,
  token: z.string().nullable(),
});

export const challengeMessageSchema = z.looseObject({
  type: z.literal('challenge'),
  challenge: challengeViewSchema,
});

export const poolEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('waiting'), joinedAt: z.number(), waiting: z.number().int().min(0) }),
  z.looseObject({ type: z.literal('paired'), table: z.string(), seat }),
  z.looseObject({ type: z.literal('gone'), reason: z.string() }),
]);

// What each schema accepts is the type the clients read (checked here, at compile time).
type Accepts<S extends z.ZodType, T> = z.infer<S> extends T ? true : never;
const accepts: [
  Accepts<typeof serverMessageSchema, ServerMessage>,
  Accepts<typeof challengeMessageSchema, ChallengeMessage>,
  Accepts<typeof poolEventSchema, PoolEvent>,
] = [true, true, true];
void accepts;

/** One message's text parsed with `schema`: `wire.json` when it is not JSON, `wire.invalid` (where, what) when off. */
export function parseWire<S extends z.ZodType>(schema: S, text: string, what: string): Result<z.infer<S>> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('wire.json', `the ${what} is not JSON`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const where = parsed.error.issues[0];
    return err(
      'wire.invalid',
      `the ${what} is malformed at ${where.path.join('.') || 'the top'}: ${where.message}`,
    );
  }
  return ok(parsed.data);
}

/**
 * A message from a table's socket. `View` and `Event` are the engine's types, which the game's client module
 * reads: the schema checks that a view is there and that each event has a type, and only that narrowing is
 * taken on trust (the server sends the engine's own `view` and events).
 */
export function parseServerMessage<View = unknown, Event extends GameEvent = GameEvent>(
  text: string,
): Result<ServerMessage<View, Event>> {
  return parseWire(serverMessageSchema, text, 'server message') as Result<ServerMessage<View, Event>>;
}

export const parseChallengeMessage = (text: string): Result<ChallengeMessage> =>
  parseWire(challengeMessageSchema, text, 'challenge message');

/** The server's refusal of an HTTP request (`{"error": {"code", "message"}}`). */
export const errorBodySchema = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string() }),
});

export const parsePoolEvent = (text: string): Result<PoolEvent> =>
  parseWire(poolEventSchema, text, 'pool event');
