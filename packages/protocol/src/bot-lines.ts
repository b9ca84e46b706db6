/**
 * The bot protocol: what a bot program reads and writes, one JSON object per line (standard input and
 * output for a local program; the same objects over the server's bot API). A bot is written once against
 * these lines and plays wherever Attila hosts it.
 *
 * The host speaks first (`hello`), the bot answers `ready`; then, for every game (a `table`), `start`, one
 * `turn` per decision of the bot's seat, answered by one `move` with the turn's `seq`, and `end`. A move the
 * rules refuse gets `refused` and the same turn again; nothing changes. A turn shows the bot exactly what its
 * seat may see: the seat's view, its legal moves and the settings (which every seat knew before the game
 * began), as an honest bot in `@attila/core` is shown them.
 */
import { err, GAME_KINDS, ok, resultSchema, type GameKind, type GameResult, type Result } from '@attila/core';
import { z } from 'zod';
import type { ChallengeView } from './challenges.js';
import { describeZodError, LIMITS } from './index.js';
import { challengeViewSchema, parseWire } from './server-messages.js';

export const BOT_PROTOCOL = 'attila-bot/1';

/** The host's lines, to the bot. */
export type HostLine =
  | {
      readonly type: 'hello';
      readonly protocol: typeof BOT_PROTOCOL;
      /** The games this host may start (a bot that cannot play one says so in `ready`). */
      readonly games: readonly GameKind[];
    }
  | {
      readonly type: 'start';
      readonly table: string;
      readonly game: GameKind;
      readonly rulesVersion: string;
      readonly settings: unknown;
      /** The seats this bot holds at the table (several in a local match against itself). */
      readonly seats: readonly number[];
      readonly players: number;
    }
  | {
      readonly type: 'turn';
      readonly table: string;
      /** The number of moves played so far: the `move` answering this turn repeats it. */
      readonly seq: number;
      readonly seat: number;
      readonly view: unknown;
      /** Never empty; the engine's order. */
      readonly legal: readonly string[];
      /** What the seat's clock has left (ms), null without clocks. */
      readonly clockMs: number | null;
    }
  | {
      readonly type: 'refused';
      readonly table: string;
      readonly seq: number;
      readonly code: string;
      readonly message: string;
    }
  | { readonly type: 'end'; readonly table: string; readonly result: GameResult }
  /**
   * Over a server only: another seat asks to take back its last move (`seq`: the move it asked at). The bot
   * answers with a `takeback-answer` line (or `POST /api/bot/game/:table/takeback-answer`); unanswered, the
   * game goes on and the request lapses with the next move.
   */
  | { readonly type: 'takeback'; readonly table: string; readonly seat: number; readonly seq: number }
  /** Over a server only: another seat wrote in the table's chat. */
  | {
      readonly type: 'chat';
      readonly table: string;
      readonly seat: number;
      readonly name: string;
      readonly text: string;
    }
  /** Over the server's bot API only: a challenge to the bot account is new or changed (challenges.ts). */
  | { readonly type: 'challenge'; readonly challenge: ChallengeView }
  | { readonly type: 'bye' };

const botLineSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('ready'),
      /** How the bot calls itself (shown in results and records). */
      name: z.string().trim().min(1).max(LIMITS.nameChars),
      protocol: z.literal(BOT_PROTOCOL, { message: `the protocol is "${BOT_PROTOCOL}"` }),
    })
    .strict(),
  z
    .object({
      type: z.literal('move'),
      table: z.string().min(1).max(64),
      seq: z.number().int().min(0),
      move: z.string().min(1).max(LIMITS.moveChars),
    })
    .strict(),
  // Over a server only (the bridge posts them to the bot API; `attila bot match` refuses them):
  /** Give the game up. */
  z.object({ type: z.literal('resign'), table: z.string().min(1).max(64) }).strict(),
  /** Call the game off before every seat has moved. */
  z.object({ type: z.literal('abort'), table: z.string().min(1).max(64) }).strict(),
  /** A line in the table's chat. */
  z
    .object({
      type: z.literal('chat'),
      table: z.string().min(1).max(64),
      text: z.string().trim().min(1).max(LIMITS.chatChars),
    })
    .strict(),
  /** The answer to a `takeback` line. */
  z
    .object({
      type: z.literal('takeback-answer'),
      table: z.string().min(1).max(64),
      answer: z.enum(['accept', 'refuse', 'never']),
    })
    .strict(),
]);

/** The bot's lines, to the host. */
export type BotLine = z.infer<typeof botLineSchema>;

export type BotLineErrorCode = 'bot.malformed';

const shown = (line: string) => JSON.stringify(line.length > 120 ? `${line.slice(0, 117)}...` : line);

/** One line the bot wrote, parsed; the error quotes it and says what a line may be. */
export function parseBotLine(line: string): Result<BotLine, BotLineErrorCode> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return err(
      'bot.malformed',
      `the bot wrote ${shown(line)}, which is not JSON: each line must be one JSON object, ` +
        `{"type":"ready",...} or {"type":"move","table","seq","move"} (or resign, abort, chat, takeback-answer)`,
    );
  }
  const parsed = botLineSchema.safeParse(json);
  if (!parsed.success) {
    return err(
      'bot.malformed',
      `the bot wrote ${shown(line)}: ${describeZodError(parsed.error)} ` +
        `(a line is {"type":"ready","name","protocol":"${BOT_PROTOCOL}"}, {"type":"move","table","seq","move"}, ` +
        `{"type":"resign"|"abort","table"}, {"type":"chat","table","text"} or {"type":"takeback-answer","table","answer"})`,
    );
  }
  return ok(parsed.data);
}

const tableName = z.string().min(1);
const seqNumber = z.number().int().min(0);

/** The host's lines as a schema, for a bot that reads them over the network (`attila bot connect`). */
const hostLineSchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('hello'),
    protocol: z.literal(BOT_PROTOCOL),
    games: z.array(z.enum(GAME_KINDS)),
  }),
  z.looseObject({
    type: z.literal('start'),
    table: tableName,
    game: z.enum(GAME_KINDS),
    rulesVersion: z.string(),
    settings: z.unknown(),
    seats: z.array(seqNumber),
    players: z.number().int().min(1),
  }),
  z.looseObject({
    type: z.literal('turn'),
    table: tableName,
    seq: seqNumber,
    seat: seqNumber,
    view: z.unknown(),
    legal: z.array(z.string()),
    clockMs: z.number().nullable(),
  }),
  z.looseObject({
    type: z.literal('refused'),
    table: tableName,
    seq: seqNumber,
    code: z.string(),
    message: z.string(),
  }),
  z.looseObject({ type: z.literal('end'), table: tableName, result: resultSchema }),
  z.looseObject({ type: z.literal('takeback'), table: tableName, seat: seqNumber, seq: seqNumber }),
  z.looseObject({
    type: z.literal('chat'),
    table: tableName,
    seat: seqNumber,
    name: z.string(),
    text: z.string(),
  }),
  z.looseObject({ type: z.literal('challenge'), challenge: challengeViewSchema }),
  z.looseObject({ type: z.literal('bye') }),
]);

// What the schema accepts is a `HostLine` (checked at compile time).
const hostLineAccepted: z.infer<typeof hostLineSchema> extends HostLine ? true : never = true;
void hostLineAccepted;

/** One line the host (the server's bot API) sent, parsed: `wire.json` or `wire.invalid` when it is off. */
export const parseHostLine = (line: string): Result<HostLine> => parseWire(hostLineSchema, line, 'host line');
