/**
 * The ladder over HTTP: its public page's data (`GET /api/ladder`, read only, whether the ladder runs here
 * or not) and a bot account joining or leaving it (`POST /api/bot/ladder` with its bearer token).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describeZodError, type LadderGame, type LadderPlayer, type LadderView } from '@attila/protocol';
import { isProvisional } from '@attila/ratings';
import type { BotSeating } from '../bot-api/register.js';
import { refuse } from '../identity/routes.js';
import type { Storage } from '../storage/types.js';
import type { LadderOptions } from './ladder.js';
import { LadderStore } from './ladder-store.js';
import { LADDER_POOLS, POOL_SHAPES } from './pools.js';

/** Recent games on the page. */
const RECENT = 30;

const joinSchema = z.object({ join: z.boolean() }).strict();

export function registerLadderRoutes(
  app: FastifyInstance,
  storage: Storage,
  running: LadderOptions | null,
  seating: BotSeating,
  now: () => number = () => Date.now(),
): void {
  const store = new LadderStore(storage.accounts.sql);
  const names = new Map<string, string>();
  const nameOf = async (player: string): Promise<string> => {
    if (player.startsWith('level:')) return player.slice('level:'.length);
    const cached = names.get(player);
    if (cached) return cached;
    const account = await storage.accounts.player(player.slice('account:'.length));
    const name = account?.displayName ?? player;
    names.set(player, name);
    return name;
  };

  app.get('/api/ladder', async (): Promise<LadderView> => {
    const pools = [];
    for (const pool of LADDER_POOLS) {
      const players: LadderPlayer[] = [];
      for (const [player, r] of await store.ratings(pool)) {
        players.push({
          player,
          kind: player.startsWith('level:') ? 'level' : 'account',
          name: await nameOf(player),
          rating: Math.round(r.rating),
          deviation: Math.round(r.deviation),
          games: r.games,
          provisional: isProvisional(r),
        });
      }
      players.sort((a, b) => b.rating - a.rating || a.player.localeCompare(b.player));
      pools.push({ pool, game: POOL_SHAPES[pool].game, seats: POOL_SHAPES[pool].seats, players });
    }
    const recent: LadderGame[] = [];
    for (const g of await store.recentRated(RECENT)) {
      recent.push({
        table: g.tableId,
        pool: g.pool,
        game: POOL_SHAPES[g.pool].game,
        ordinal: g.ordinal,
        players: await Promise.all(g.players.map(async (p) => ({ player: p, name: await nameOf(p) }))),
        places: g.places,
        ratedAt: g.ratedAt ?? 0,
        record: `/api/tables/${g.tableId}/record`,
      });
    }
    return {
      running: running !== null,
      concurrent: running?.concurrent ?? null,
      games: await store.countRated(),
      pools,
      recent,
    };
  });

  app.post('/api/bot/ladder', async (req, reply) => {
    const bot = await seating.botOf(req, reply);
    if (bot === undefined) return reply;
    if (bot === null)
      return refuse(reply, 'token.missing', 'the bot API needs the header "Authorization: Bearer <token>"');
    const body = joinSchema.safeParse(req.body ?? {});
    if (!body.success)
      return refuse(
        reply,
        'request.invalid',
        `${describeZodError(body.error)}: send {"join": true} or {"join": false}`,
      );
    await store.setJoined(bot.id, body.data.join, now());
    return { joined: body.data.join, since: await store.joinedSince(bot.id) };
  });
}
