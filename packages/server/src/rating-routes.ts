/**
 * Ratings over HTTP: a player's rating history (points for a graph) and the leaderboards. Both read only;
 * ratings are written with a rated game's result (storage/ratings.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  describeZodError,
  leaderboardQuerySchema,
  ratingHistoryQuerySchema,
  type Leaderboard,
  type RatingHistory,
  type TableRatingChanges,
} from '@attila/protocol';
import { publishedBotRating } from '@attila/ratings';
import type { Storage } from './storage/types.js';
import { nameKey } from './identity/player-names.js';
import { refuse } from './identity/routes.js';
import { LEADERBOARD_SIZE, leaderboardOf } from './rating-views.js';

/** Points per history: years of daily play; a graph shows no more. */
const HISTORY_POINTS = 1000;

export function registerRatingRoutes(
  app: FastifyInstance,
  storage: Storage,
  botsOf: (game: 'knights' | 'tribes') => readonly string[],
): void {
  app.get<{ Params: { name: string } }>('/api/players/:name/ratings/history', async (req, reply) => {
    const q = ratingHistoryQuerySchema.safeParse(req.query);
    if (!q.success) return refuse(reply, 'request.invalid', describeZodError(q.error));
    const player = await storage.accounts.accountByKey(nameKey(req.params.name.normalize('NFC').trim()));
    if (!player)
      return refuse(
        reply,
        'player.not-found',
        `there is no player with the account name "${req.params.name}"`,
      );
    const rated = (await storage.ratings.ratingsOf(player.id)).filter(
      (r) =>
        (q.data.game === undefined || r.game === q.data.game) &&
        (q.data.speed === undefined || r.speed === q.data.speed),
    );
    const histories: RatingHistory[] = [];
    for (const r of rated) {
      const points = await storage.ratings.historyOf(player.id, r.game, r.speed, HISTORY_POINTS);
      histories.push({
        game: r.game,
        speed: r.speed,
        points: points.map((p) => ({
          table: p.tableId,
          at: p.at,
          before: Math.round(p.before),
          after: Math.round(p.after),
          deviation: Math.round(p.deviation),
        })),
      });
    }
    return { histories };
  });

  app.get('/api/leaderboard', async (req, reply) => {
    const q = leaderboardQuerySchema.safeParse(req.query);
    if (!q.success) return refuse(reply, 'request.invalid', describeZodError(q.error));
    const { game, speed } = q.data;
    // Stored deviations only grow with time away: those above the bound now were above it then too.
    const candidates = await storage.ratings.boardCandidates(game, speed, 110, LEADERBOARD_SIZE * 4);
    const bots = botsOf(game).flatMap((bot) => {
      const r = publishedBotRating(game, bot);
      return r ? [{ bot, rating: Math.round(r.rating), deviation: Math.round(r.deviation) }] : [];
    });
    const board: Leaderboard = { game, speed, players: leaderboardOf(game, candidates, Date.now()), bots };
    return { leaderboard: board };
  });
}

/**
 * What a finished rated table did to its players' ratings, for the game-over dialog ("+24"): read from the
 * rating history written in the transaction of the result, so it is there exactly when the result is.
 * `tableFrom` answers an unknown table (404 `table.not-found`); a casual or unfinished table has no changes.
 */
export function registerTableRatingChanges(
  app: FastifyInstance,
  storage: Storage,
  tableFrom: (raw: unknown, reply: FastifyReply) => Promise<unknown>,
): void {
  app.get<{ Params: { id: string } }>('/api/tables/:id/rating-changes', async (req, reply) => {
    if (!(await tableFrom(req.params.id, reply))) return reply;
    const rows = await storage.ratings.changesOfTable(req.params.id);
    const changes: TableRatingChanges = {
      speed: rows[0]?.speed ?? null,
      seats: rows.map((r) => ({ seat: r.seat, before: Math.round(r.before), after: Math.round(r.after) })),
    };
    return { changes };
  });
}
