/**
 * The HTTP routes: the lobby (`/api/...`), game records, the health check, and the web app's files.
 * Bodies are parsed with the protocol's schemas; every refusal is `{error: {code, message}}`.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { newRecord, ok, serializeRecord, type Result } from '@attila/core';
import type { Logger } from 'pino';
import type { Broadcast } from './broadcast/types.js';
import { registerBotApi } from './bot-api/register.js';
import { registerChallenges } from './challenges/register.js';
import type { Community } from './community/community.js';
import { registerCommunity } from './community/register.js';
import { hashToken } from './tokens.js';
import type { BotApiTimes } from './bot-api/game-routes.js';
import { httpStatus } from './errors.js';
import { parseListStatus } from './finished-tables.js';
import { parseListPage } from './list-page.js';
import { registerBodyParsing, registerRateLimit, type HttpRateLimit } from './http-edge.js';
import type { Identity } from './identity/identity.js';
import { registerIdentity, type IdentityOptions } from './identity/register.js';
import { accountLookingLike } from './identity/name-skeletons.js';
import { registerKnightsAnalysis } from './knights-analysis.js';
import { registerKnightsTablebase, type TablebaseService } from './knights-tablebase.js';
import { registerKnightsExplorer } from './knights-explorer/routes.js';
import type { Push } from './push/push.js';
import { registerPushRoutes } from './push/routes.js';
import type { Lobby } from './lobby.js';
import type { Storage } from './storage/types.js';
import { registerPuzzleRoutes } from './puzzle-routes.js';
import { mayPlayRated, seatPlayerOf } from './seat-players.js';
import { registerRatingRoutes, registerTableRatingChanges } from './rating-routes.js';
import type { PoolService } from './pools/pools.js';
import { registerPoolRoutes } from './pools/routes.js';
import { registerSecurityHeaders, registerWebApp } from './web-app.js';
import { registerLadderRoutes } from './ladder/routes.js';
import { Events } from './events/events.js';
import { registerEventRoutes } from './events/routes.js';
import type { LadderOptions } from './ladder/ladder.js';
import type { BotSeating } from './bot-api/register.js';
import {
  botNameClash,
  createTableSchema,
  describeZodError,
  joinTableSchema,
  seatAuthSchema,
  tableIdSchema,
  type ErrorBody,
  type ListTablesResponse,
} from '@attila/protocol';
import type { Metrics, Table } from './table.js';
import type { SocketStats } from './ws.js';

function refuse(reply: FastifyReply, code: string, message: string, status?: number) {
  const body: ErrorBody = { error: { code, message } };
  return reply.code(status ?? httpStatus(code)).send(body);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  void refuse(reply, 'request.invalid', describeZodError(r.error));
  return null;
}

export interface HttpContext {
  readonly lobby: Lobby;
  readonly sockets: SocketStats;
  readonly metrics: Metrics;
  readonly webDist: string;
  readonly startedAt: number;
  /** null: no limit (benchmarks). */
  readonly rate: HttpRateLimit | null;
  readonly storage: Storage;
  /** Players and sessions: the origins allowed to make changes with the cookie, session and login limits. */
  readonly identity: Omit<IdentityOptions, 'storage' | 'bots'>;
  /** The events this process directs (one director per event: events/event-leases.ts). */
  readonly eventsDirected?: () => readonly string[];
  /** The bot API's streams follow tables through the broadcast, like sockets. */
  readonly broadcast: Broadcast;
  readonly log: Logger;
  readonly botApi?: Partial<BotApiTimes>;
  /** Web Push: the account's notification settings (push/routes.ts). */
  readonly push: Push;
  /** The time for challenges' expiry (default `Date.now`; tests drive their own). */
  readonly now?: () => number;
  /** Quick pairing (pools/). */
  readonly pools: PoolService;
  /** The bot ladder's settings when it runs here; null: switched off (its page still shows the past). */
  readonly ladder?: LadderOptions | null;
  /** The knights tablebases (null: none kept). */
  readonly tablebase?: TablebaseService | null;
  /** Follows, blocks, reports, sanctions (community/). */
  readonly community: Community;
}

/** The address a seat was taken from, as kept for moderators: a hash, compared with others, never shown. */
export const addressHash = (req: FastifyRequest) => hashToken(`seat-address:${normalizeIP(req.ip)}`);

/** A refusal (seat-players.ts `mayPlayRated`) sent as it is. */
function refuseRated(reply: FastifyReply, r: Result<void>) {
  return r.ok ? reply : refuse(reply, r.error.code, r.error.message);
}

/**
 * What the server needs of the HTTP side afterwards: how bot accounts are seated (the ladder), and who a
 * request's session is (the table sockets' spectators).
 */
export async function registerHttp(
  app: FastifyInstance,
  ctx: HttpContext,
): Promise<{ botSeating: BotSeating; identity: Identity }> {
  const { lobby } = ctx;
  const botNames = new Set(lobby.gameInfo().flatMap((g) => g.bots));
  /** A person may not take a bot's name (any game's, any case, with or without "bot" around it). */
  const nameRefused = (name: string | undefined, reply: FastifyReply): boolean => {
    const bot = name === undefined ? null : botNameClash(name, botNames);
    if (bot === null) return false;
    void refuse(
      reply,
      'name.bot',
      `"${name}" is a bot's name (${[...botNames].join(', ')} are bots): people choose another display name`,
    );
    return true;
  };
  /** A client without a session sits under the name it gives: never an account's, nor one looking like it. */
  const accountNameRefused = async (name: string | undefined, reply: FastifyReply): Promise<boolean> => {
    if (name === undefined || !(await accountLookingLike(identity.store, name))) return false;
    void refuse(
      reply,
      'name.account',
      `"${name}" is (or looks like) an account's name: sign in to play under it, or choose another`,
    );
    return true;
  };
  registerBodyParsing(app);
  registerSecurityHeaders(app);
  if (ctx.rate) await registerRateLimit(app, ctx.rate);
  const identity = await registerIdentity(app, { ...ctx.identity, storage: ctx.storage, bots: botNames });
  const seats = ctx.storage.accounts;
  registerPushRoutes(app, identity, ctx.push, () => Date.now());
  registerCommunity(app, identity, ctx.community, ctx.storage, ctx.now ?? (() => Date.now()), ctx.broadcast);
  const botSeating = await registerBotApi(app, {
    lobby,
    storage: ctx.storage,
    broadcast: ctx.broadcast,
    identity,
    log: ctx.log,
    times: ctx.botApi,
  });

  registerChallenges(app, {
    storage: ctx.storage,
    lobby,
    broadcast: ctx.broadcast,
    identity,
    bots: botSeating,
    allowedOrigins: ctx.identity.allowedOrigins,
    log: ctx.log,
    now: ctx.now,
    community: ctx.community,
  });

  app.get('/health', async () => ({
    ok: true,
    uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
    tablesInMemory: lobby.size,
    tablesDriven: lobby.driven,
    sockets: ctx.sockets.connections,
    memoryBytes: process.memoryUsage().rss,
    moves: ctx.metrics.moves,
    botMoves: ctx.metrics.botMoves,
    botFailures: ctx.metrics.botFailures,
    botOvertaken: ctx.metrics.botOvertaken,
    // The periodic jobs this process runs (several processes: each job in one only).
    jobs: ctx.identity.jobs.running(),
    // The events this process directs (several processes: each event in one only).
    events: ctx.eventsDirected?.() ?? [],
  }));

  app.get('/api/games', async () => ({ games: lobby.gameInfo() }));

  await registerKnightsAnalysis(app, ctx.tablebase ?? null);
  registerKnightsTablebase(app, ctx.tablebase ?? null);
  registerKnightsExplorer(app, ctx.storage);

  app.get<{ Querystring: { status?: unknown; cursor?: unknown; limit?: unknown } }>(
    '/api/tables',
    async (req, reply): Promise<ListTablesResponse | FastifyReply> => {
      const which = parseListStatus(req.query.status);
      if (!which.ok) return refuse(reply, which.error.code, which.error.message);
      if (which.value === 'finished') return { tables: await lobby.finished() };
      const page = parseListPage(req.query);
      if (!page.ok) return refuse(reply, page.error.code, page.error.message);
      return lobby.list(page.value.limit, page.value.after);
    },
  );

  app.post('/api/tables', async (req, reply) => {
    const body = parse(createTableSchema, req.body, reply);
    if (!body || nameRefused(body.name, reply)) return reply;
    // A bot account (bearer token) sits with a seat token derived for it; a session's player sits under its
    // own name; a client without either, under the name it gives.
    const bot = await botSeating.botOf(req, reply);
    if (bot === undefined) return reply;
    const player = bot ?? (await identity.seatHolder(req));
    if (!player && (await accountNameRefused(body.name, reply))) return reply;
    const creator = await seatPlayerOf(seats.sql, player);
    const rated = body.rated && body.name !== undefined ? mayPlayRated(creator) : ok(undefined);
    if (!rated.ok) return refuseRated(reply, rated);
    const allowed = body.rated && creator ? await ctx.community.mayPlayRated(creator.id) : ok(undefined);
    if (!allowed.ok) return refuseRated(reply, allowed);
    const botToken = bot
      ? (table: string, seat: number) => botSeating.seatToken(table, seat, bot.id)
      : undefined;
    const r = await lobby.create(player ? { ...body, name: player.displayName } : body, {
      address: normalizeIP(req.ip),
      creatorToken: botToken,
      creator,
    });
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    if (creator && r.value.seat !== null)
      await ctx.storage.community.seatAddress(r.value.table.id, r.value.seat, creator.id, addressHash(req));
    return reply.code(201).send(r.value);
  });

  const tableFrom = async (raw: unknown, reply: FastifyReply) => {
    const id = tableIdSchema.safeParse(raw);
    const table = id.success ? await lobby.open(id.data) : null;
    if (!table) void refuse(reply, 'table.not-found', `there is no table "${String(raw)}"`);
    else await table.sync();
    return table;
  };

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (req, reply) => {
    const table = await tableFrom(req.params.id, reply);
    return table ? { table: table.info() } : reply;
  });

  registerTableRatingChanges(app, ctx.storage, tableFrom);

  /** Whether a block stands between `playerId` and anyone seated at the table (they never play together). */
  const blockedAtTable = async (table: Table, playerId: string): Promise<boolean> => {
    const seated = table
      .info()
      .seats.map((s) => table.seatPlayerId(s.seat))
      .filter((id): id is string => id !== null && id !== playerId);
    if (seated.length === 0) return false;
    const blocks = await ctx.storage.community.blocksAmong([playerId, ...seated]);
    return blocks.some(([a, b]) => a === playerId || b === playerId);
  };

  app.post<{ Params: { id: string } }>('/api/tables/:id/join', async (req, reply) => {
    const body = parse(joinTableSchema, req.body, reply);
    if (!body || nameRefused(body.name, reply)) return reply;
    const table = await tableFrom(req.params.id, reply);
    if (!table) return reply;
    const bot = await botSeating.botOf(req, reply);
    if (bot === undefined) return reply;
    const player = bot ?? (await identity.seatHolder(req));
    if (!player && (await accountNameRefused(body.name, reply))) return reply;
    const joiner = await seatPlayerOf(seats.sql, player);
    const rated = table.info().rated ? mayPlayRated(joiner) : ok(undefined);
    if (!rated.ok) return refuseRated(reply, rated);
    const allowed =
      table.info().rated && joiner ? await ctx.community.mayPlayRated(joiner.id) : ok(undefined);
    if (!allowed.ok) return refuseRated(reply, allowed);
    if (joiner && (await blockedAtTable(table, joiner.id)))
      return refuse(
        reply,
        'join.blocked',
        'you cannot sit at this table: you and a player seated at it blocked one another; find another table',
      );
    const name = player?.displayName ?? body.name;
    // A bot account's seat token is derived, so the seat number must be known before the join.
    const seat = bot
      ? (body.seat ?? table.info().seats.find((s) => s.kind === 'human' && s.name === null)?.seat)
      : body.seat;
    const token = bot && seat !== undefined ? botSeating.seatToken(table.id, seat, bot.id) : undefined;
    // The player is written with the seat, in the table's queue: two joins at once cannot both seat them.
    const r = await table.submit({ kind: 'join', name, seat, token, player: joiner });
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    lobby.touch(table.id);
    if (joiner) await ctx.storage.community.seatAddress(table.id, r.value.seat, joiner.id, addressHash(req));
    return { table: table.info(), seat: r.value.seat, token: r.value.token };
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/leave', async (req, reply) => {
    const body = parse(seatAuthSchema, req.body, reply);
    if (!body) return reply;
    const table = await tableFrom(req.params.id, reply);
    if (!table) return reply;
    const playing = table.status === 'playing';
    const leaver = table.seatPlayerId(body.seat);
    const r = await table.submit({ kind: 'leave', seat: body.seat, token: body.token });
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    // Leaving a game under way is a departure (the leaver rule, community/leavers.ts).
    if (playing && leaver)
      await ctx.storage.community.addDeparture(leaver, table.id, 'left', table.info().rated, Date.now());
    // Before the start the seat is free again, nobody's any more: seating.ts `leftSeat` writes that.
    lobby.touch(table.id);
    return { table: table.info() };
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/close', async (req, reply) => {
    const body = parse(seatAuthSchema, req.body, reply);
    if (!body) return reply;
    const id = tableIdSchema.safeParse(req.params.id);
    if (!id.success) return refuse(reply, 'table.not-found', `there is no table "${req.params.id}"`);
    const r = await lobby.closeOpen(id.data, body.seat, body.token);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    const table = await lobby.open(id.data);
    return { table: table?.info() };
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id/record', async (req, reply) => {
    const table = await tableFrom(req.params.id, reply);
    if (!table) return reply;
    if (table.status !== 'finished') {
      return refuse(reply, 'record.unfinished', 'a record can be downloaded once the game is over');
    }
    const r = table.record();
    const record = newRecord({
      ...r,
      result: r.result
        ? {
            ...r.result,
            winners: [...r.result.winners],
            scores: r.result.scores ? [...r.result.scores] : undefined,
          }
        : null,
    });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="attila-${r.game}-${r.id}.json"`)
      .send(serializeRecord(record));
  });

  registerPoolRoutes(app, ctx.pools, identity);

  registerRatingRoutes(app, ctx.storage, (game) => lobby.gameInfo().find((g) => g.game === game)?.bots ?? []);

  registerPuzzleRoutes(app, ctx.storage, identity);
  registerLadderRoutes(app, ctx.storage, ctx.ladder ?? null, botSeating);
  registerEventRoutes(
    app,
    new Events({ storage: ctx.storage, now: ctx.now ?? (() => Date.now()), seatToken: botSeating.seatToken }),
    identity,
  );

  await registerWebApp(app, ctx.webDist);
  return { botSeating, identity };
}
