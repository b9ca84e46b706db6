/**
 * Everything a bot does at a table besides moving, through the same doors as a person's socket
 * (`Table.submit` with the seat's derived token, so every rule of live-play.ts applies unchanged):
 * `POST /api/bot/game/:table/{resign,abort,chat,takeback,takeback-answer,rematch,reclaim}`. A takeback
 * offered to the bot and the table's chat reach it as lines of the game's stream (seat-watcher.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describeZodError, LIMITS } from '@attila/protocol';
import type { TableCommand } from '../commands.js';
import { SeatChatLimiter } from '../chat-limit.js';
import { refuse } from '../identity/routes.js';
import type { Lobby } from '../lobby.js';
import { CHAT_RATE } from '../ws.js';
import type { BearerAuth } from './bearer.js';
import type { BotStore } from './bot-store.js';
import { seatedAt } from './seated.js';

/** Which of the account's seats acts (several only in a game against itself); default its first. */
const seat = z.number().int().min(0).max(4).optional();

const actionSchemas = {
  resign: z.object({ seat }).strict(),
  abort: z.object({ seat }).strict(),
  reclaim: z.object({ seat }).strict(),
  takeback: z.object({ seat }).strict(),
  'takeback-answer': z.object({ seat, answer: z.enum(['accept', 'refuse', 'never']) }).strict(),
  rematch: z.object({ seat, accept: z.boolean() }).strict(),
  chat: z
    .object({
      seat,
      text: z
        .string()
        .trim()
        .min(1, 'a chat message cannot be empty')
        .max(LIMITS.chatChars, `a chat message has at most ${LIMITS.chatChars} characters`),
    })
    .strict(),
} as const;

export type BotAction = keyof typeof actionSchemas;
export const BOT_ACTIONS = Object.keys(actionSchemas) as BotAction[];

type Body<A extends BotAction> = z.infer<(typeof actionSchemas)[A]>;

function commandOf<A extends BotAction>(action: A, body: Body<A>, s: number, token: string): TableCommand {
  const b = body as Record<string, unknown>;
  switch (action) {
    case 'chat':
      return { kind: 'chat', seat: s, token, text: b.text as string };
    case 'takeback-answer':
      return { kind: 'takeback-answer', seat: s, token, answer: b.answer as 'accept' | 'refuse' | 'never' };
    case 'rematch':
      return { kind: 'rematch', seat: s, token, accept: b.accept as boolean };
    default:
      return { kind: action as 'resign' | 'abort' | 'reclaim' | 'takeback', seat: s, token };
  }
}

export function registerBotActionRoutes(
  app: FastifyInstance,
  ctx: { lobby: Lobby; bots: BotStore; auth: BearerAuth; now: () => number },
): void {
  const chat = new SeatChatLimiter(CHAT_RATE);
  for (const action of BOT_ACTIONS) {
    app.post<{ Params: { table: string } }>(`/api/bot/game/:table/${action}`, async (req, reply) => {
      const who = await ctx.auth.caller(req, 'play');
      if (!who.ok) return refuse(reply, who.error.code, who.error.message);
      const body = actionSchemas[action].safeParse(req.body ?? {});
      if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
      const found = await seatedAt(ctx.lobby, ctx.bots, req.params.table, who.value);
      if (!found.ok) return refuse(reply, found.error.code, found.error.message);
      const { table, seats } = found.value;
      const chosen = body.data.seat ?? seats[0];
      if (!seats.includes(chosen)) {
        return refuse(
          reply,
          'bot.not-seated',
          `${who.value.player.displayName} holds seat ${seats.join(', ')} at table ${table.id}, not seat ${chosen}`,
        );
      }
      if (action === 'chat' && !chat.allow(table.id, chosen, ctx.now())) {
        return refuse(
          reply,
          'chat.rate-limited',
          `a seat may chat at most ${CHAT_RATE.perMinute} lines a minute (bursts of ${CHAT_RATE.burst}); ` +
            `retry in ${chat.retryIn(table.id, chosen)} seconds`,
        );
      }
      const token = ctx.auth.seatToken(table.id, chosen, who.value.player.id);
      const done = await table.submit(commandOf(action, body.data as Body<typeof action>, chosen, token));
      if (!done.ok) return refuse(reply, done.error.code, done.error.message);
      return { done: action, table: table.id, seat: chosen };
    });
  }
}
