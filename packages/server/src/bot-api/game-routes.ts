/**
 * The bot API (`/api/bot/...`), authenticated by bearer token only: the account's event stream, one game's
 * stream for the account's seat(s), and the move. The lines are the bot protocol's
 * (`@attila/protocol/bot-lines`), so a bot written for `attila bot match` plays here unchanged. A move goes
 * through the table's one door (`Table.submit`) as the seat's move, with the seat's token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { describeZodError, LIMITS, type GameKind } from '@attila/protocol';
import { BOT_PROTOCOL, type HostLine } from '@attila/protocol/bot-lines';
import { refusalOf } from '../errors.js';
import type { Feeds } from '../feed.js';
import { refuse } from '../identity/routes.js';
import type { Lobby } from '../lobby.js';
import type { BearerAuth, BotCaller } from './bearer.js';
import type { BotStore, TokenScope } from './bot-store.js';
import { LineStream } from './lines.js';
import type { Table } from '../table.js';
import { seatedAt } from './seated.js';
import { SeatWatcher } from './seat-watcher.js';
import { DEFAULT_BOT_API_RATE, type BotApiRate } from './token-rate.js';
import { httpStatus } from '../errors.js';

export interface BotApiTimes {
  /** An empty line this often on every stream, so proxies and clients know it is alive. */
  readonly heartbeatMs: number;
  /** How often the account's stream looks for games of its seats that started or ended. */
  readonly pollMs: number;
  /** Per-token request limits (token-rate.ts); null: none. */
  readonly rate: BotApiRate | null;
}

export const DEFAULT_BOT_API_TIMES: BotApiTimes = {
  heartbeatMs: 15_000,
  pollMs: 500,
  rate: DEFAULT_BOT_API_RATE,
};

/** A move: `{seq, move}`, or the bot's whole `move` line (`type` and `table` then must fit). */
const moveBodySchema = z
  .object({
    type: z.literal('move').optional(),
    table: z.string().optional(),
    seq: z.number().int().min(0),
    move: z.string().min(1).max(LIMITS.moveChars),
  })
  .strict();

interface Context {
  readonly lobby: Lobby;
  readonly bots: BotStore;
  readonly auth: BearerAuth;
  readonly feeds: Feeds;
  readonly log: Logger;
  readonly times: BotApiTimes;
  readonly open: Set<LineStream>;
  /** More news for an account's event stream (challenges): each starts with the stream and stops with it. */
  readonly extraLines: StreamLines[];
  /** Event streams open now, per bot account (the ladder pairs only bots that listen). */
  readonly online: Map<string, number>;
}

/** Adds lines to an account's event stream; resolves to what stops them. */
export type StreamLines = (playerId: string, line: (l: HostLine) => void) => Promise<() => void>;

export function registerBotGameRoutes(app: FastifyInstance, ctx: Context): void {
  const { lobby, bots, auth } = ctx;
  const games = lobby.gameInfo().map((g) => g.game) as GameKind[];

  const caller = async (req: FastifyRequest, reply: FastifyReply, scope: TokenScope) => {
    const c = await auth.caller(req, scope);
    if (!c.ok) void refuse(reply, c.error.code, c.error.message);
    return c.ok ? c.value : null;
  };

  const seated = (raw: string, who: BotCaller) => seatedAt(lobby, bots, raw, who);

  /** A move refused, as the bot protocol's `refused` line (with the error shape besides); nothing changed. */
  const refusedMove = (
    reply: FastifyReply,
    table: string,
    seq: number | null,
    code: string,
    message: string,
  ) =>
    reply
      .code(httpStatus(code))
      .send({ type: 'refused', table, seq, code, message, error: { code, message } });

  const startLine = (table: Table, seats: readonly number[]) => {
    const info = table.info();
    return {
      type: 'start',
      table: info.id,
      game: info.game,
      rulesVersion: info.rulesVersion,
      settings: info.settings,
      seats,
      players: info.playerCount,
    } as const;
  };

  app.get('/api/bot/stream', async (req, reply) => {
    const who = await caller(req, reply, 'read');
    if (!who) return reply;
    const stream = new LineStream(reply, ctx.open, ctx.times.heartbeatMs);
    stream.line({ type: 'hello', protocol: BOT_PROTOCOL, games });
    const id = who.player.id;
    ctx.online.set(id, (ctx.online.get(id) ?? 0) + 1);
    stream.whenEnded(() => {
      const left = (ctx.online.get(id) ?? 1) - 1;
      if (left > 0) ctx.online.set(id, left);
      else ctx.online.delete(id);
    });
    /** Games announced by `start`, not yet ended. */
    const announced = new Map<string, number[]>();
    let polling = false;
    const poll = async () => {
      if (polling || stream.closed) return;
      polling = true;
      try {
        const seats = await bots.unfinishedSeatsOf(who.player.id);
        for (const [id, mine] of seats) {
          if (announced.has(id)) continue;
          const table = await lobby.open(id);
          if (table?.status !== 'playing') continue;
          announced.set(id, mine);
          stream.line(startLine(table, mine));
        }
        for (const id of [...announced.keys()]) {
          if (seats.has(id)) continue;
          const table = await lobby.open(id);
          const result = table?.info().result;
          announced.delete(id);
          if (result) stream.line({ type: 'end', table: id, result });
        }
      } catch (e) {
        ctx.log.warn({ err: refusalOf(e) }, 'bot stream: looking up games failed; trying again');
      } finally {
        polling = false;
      }
    };
    const timer = setInterval(() => void poll(), ctx.times.pollMs);
    stream.whenEnded(() => clearInterval(timer));
    for (const extra of ctx.extraLines) {
      const stop = await extra(who.player.id, (l) => stream.line(l));
      stream.whenEnded(stop);
    }
    await poll();
    return reply;
  });

  app.get<{ Params: { table: string } }>('/api/bot/game/:table/stream', async (req, reply) => {
    const who = await caller(req, reply, 'read');
    if (!who) return reply;
    const found = await seated(req.params.table, who);
    if (!found.ok) return refuse(reply, found.error.code, found.error.message);
    const { table, seats } = found.value;
    const stream = new LineStream(reply, ctx.open, ctx.times.heartbeatMs);
    let playing = seats.length;
    // Several seats of one account happen only at tables stored before joins refused them (seating.ts): the
    // game's end is told once, by the first.
    const watchers = seats.map(
      (seat, i) =>
        new SeatWatcher(
          table.id,
          seat,
          i === 0,
          (line) => stream.line(line),
          () => {
            if (--playing === 0) setImmediate(() => stream.end());
          },
        ),
    );
    stream.whenEnded(() => {
      for (const w of watchers) ctx.feeds.unwatch(table, w);
    });
    for (const w of watchers) {
      if (stream.closed) break;
      await ctx.feeds.watch(table, w, undefined).catch((e) => {
        ctx.log.warn({ err: refusalOf(e) }, 'bot game stream: watching failed');
        stream.end();
      });
    }
    return reply;
  });

  app.post<{ Params: { table: string } }>('/api/bot/game/:table/move', async (req, reply) => {
    const who = await caller(req, reply, 'play');
    if (!who) return reply;
    const raw = req.body as { seq?: unknown } | null;
    const givenSeq = typeof raw?.seq === 'number' ? raw.seq : null;
    const body = moveBodySchema.safeParse(req.body);
    if (!body.success) {
      return refusedMove(
        reply,
        req.params.table,
        givenSeq,
        'request.invalid',
        `${describeZodError(body.error)} (a move is {"seq": the turn's seq, "move": one of its legal moves})`,
      );
    }
    if (body.data.table !== undefined && body.data.table !== req.params.table) {
      return refusedMove(
        reply,
        req.params.table,
        givenSeq,
        'request.invalid',
        `the move names table "${body.data.table}" but was sent to table "${req.params.table}"`,
      );
    }
    const found = await seated(req.params.table, who);
    if (!found.ok)
      return refusedMove(reply, req.params.table, givenSeq, found.error.code, found.error.message);
    const { table, seats } = found.value;
    const { seq, move } = body.data;
    // The seat to act among the account's seats (several only at tables from before seating.ts refused it).
    const seat =
      seats.find((s) => (table.welcome(s, undefined).snapshot?.legalMoves.length ?? 0) > 0) ?? seats[0];
    const token = auth.seatToken(table.id, seat, who.player.id);
    const r = await table.submit({ kind: 'move', seat, token, seq, move });
    if (!r.ok) return refusedMove(reply, table.id, seq, r.error.code, r.error.message);
    return { type: 'accepted', table: table.id, seq: r.value };
  });
}
