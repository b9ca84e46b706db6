/**
 * A player's profile: games played and won per game, and their finished games (each opens its replay).
 * Another player's profile lists listed games only (a private table stays private); one's own lists all.
 * A game counts as won when the player's seat is among the winners (a shared win too), drawn when
 * nobody won, lost otherwise. `stats[].ratings` are the player's ratings per speed class (aged to now),
 * `stats[].rating` the one played most; `/api/players/:name/ratings/history` gives a rating's points.
 * `events` are the events the player entered, with their place (events/player-events.ts).
 */
import { seatPlayerOf } from '../seat-players.js';
import type { FastifyInstance } from 'fastify';
import {
  GAME_KINDS,
  profileQuerySchema,
  type GameKind,
  type PlayerGame,
  type PlayerGameStats,
  type PlayerProfile,
  type PlayerResult,
  type ProfileQuery,
} from '@attila/protocol';
import { describeZodError } from '@attila/protocol';
import type { PlayerSeat, StoredPlayer } from '../storage/accounts.js';
import type { Storage } from '../storage/types.js';
import { tableInfo } from '../wire.js';
import { meOf, type Identity } from './identity.js';
import { nameKey } from './player-names.js';
import { refuse } from './routes.js';
import { ratingView } from '../rating-views.js';
import { eventsOfPlayer } from '../events/player-events.js';

/** Seats looked at for the counts; the list shows at most `PROFILE_GAMES`. */
const PROFILE_SEATS = 10_000;
export const PROFILE_GAMES = 50;

function resultOf(s: PlayerSeat): PlayerResult {
  if (s.winners.includes(s.seat)) return 'won';
  return s.winners.length === 0 ? 'drawn' : 'lost';
}

export async function profileOf(
  storage: Storage,
  player: StoredPlayer,
  query: ProfileQuery,
  own: boolean,
): Promise<PlayerProfile> {
  const seats = (await storage.accounts.finishedSeatsOf(player.id, PROFILE_SEATS)).filter(
    (s) => own || s.listed,
  );
  const now = Date.now();
  const ratings = (await storage.ratings.ratingsOf(player.id)).map((r) => ratingView(r, now));
  const stats: PlayerGameStats[] = GAME_KINDS.map((game) => {
    const of = seats.filter((s) => s.game === game);
    const rated = ratings.filter((r) => r.game === game).sort((a, b) => b.games - a.games);
    return {
      game,
      played: of.length,
      won: of.filter((s) => resultOf(s) === 'won').length,
      rating: rated[0] ?? null,
      ratings: rated,
    };
  }).filter((s) => s.played > 0);
  const shown = seats
    .filter(
      (s) =>
        (query.game === undefined || s.game === query.game) &&
        (query.result === undefined || resultOf(s) === query.result),
    )
    .slice(0, PROFILE_GAMES);
  const games: PlayerGame[] = [];
  for (const s of shown) {
    const table = await storage.getTable(s.tableId);
    if (!table) continue;
    const moves = (await storage.getMoves(s.tableId)).length;
    games.push({
      table: tableInfo(
        table,
        moves,
        table.seats.map(() => 0),
      ),
      seat: s.seat,
      result: resultOf(s),
    });
  }
  const me = meOf(player);
  // A bot account's profile says so (the BOT mark), as its seats do.
  const bot = (await seatPlayerOf(storage.accounts.sql, player))?.kind === 'bot-account';
  const events = await eventsOfPlayer(storage.accounts.sql, player.id, own);
  return {
    name: me.name,
    kind: me.kind,
    ...(bot ? { bot } : {}),
    since: player.createdAt,
    stats,
    games,
    events,
  };
}

export function registerProfiles(app: FastifyInstance, storage: Storage, identity: Identity): void {
  const parseQuery = (raw: unknown) => {
    const q = profileQuerySchema.safeParse(raw);
    if (!q.success) return { ok: false as const, message: describeZodError(q.error) };
    if (q.data.game !== undefined && !GAME_KINDS.includes(q.data.game as GameKind))
      return { ok: false as const, message: `game "${q.data.game}" is not one of ${GAME_KINDS.join(', ')}` };
    return { ok: true as const, value: q.data };
  };

  app.get<{ Params: { name: string } }>('/api/players/:name', async (req, reply) => {
    const q = parseQuery(req.query);
    if (!q.ok) return refuse(reply, 'request.invalid', q.message);
    const player = await storage.accounts.accountByKey(nameKey(req.params.name.normalize('NFC').trim()));
    if (!player)
      return refuse(
        reply,
        'player.not-found',
        `there is no player with the account name "${req.params.name}"`,
      );
    const current = await identity.of(req);
    return { profile: await profileOf(storage, player, q.value, current?.player.id === player.id) };
  });

  app.get('/api/me/games', async (req, reply) => {
    const q = parseQuery(req.query);
    if (!q.ok) return refuse(reply, 'request.invalid', q.message);
    const current = await identity.of(req);
    if (!current) return refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
    return { profile: await profileOf(storage, current.player, q.value, true) };
  });
}
