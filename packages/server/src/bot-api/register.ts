/** Puts the bot API together: bot accounts and tokens, bearer authentication, the streams and the move. */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Broadcast } from '../broadcast/types.js';
import { Feeds } from '../feed.js';
import type { Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import type { Lobby } from '../lobby.js';
import type { StoredPlayer } from '../storage/accounts.js';
import type { Storage } from '../storage/types.js';
import { registerBotAccountRoutes } from './account-routes.js';
import { registerBotActionRoutes } from './action-routes.js';
import { BearerAuth, hasBearer } from './bearer.js';
import { BotStore } from './bot-store.js';
import {
  DEFAULT_BOT_API_TIMES,
  registerBotGameRoutes,
  type BotApiTimes,
  type StreamLines,
} from './game-routes.js';
import type { LineStream } from './lines.js';
import { TokenRate } from './token-rate.js';

export interface BotApiOptions {
  readonly lobby: Lobby;
  readonly storage: Storage;
  readonly broadcast: Broadcast;
  readonly identity: Identity;
  readonly log: Logger;
  readonly times?: Partial<BotApiTimes>;
  readonly now?: () => number;
}

/** How the lobby's routes seat a bot account that sends its bearer token (create, join). */
export interface BotSeating {
  /**
   * The bot account of a request with a bearer token (scope `play`), null for a request without one, or
   * undefined once a refusal was sent.
   */
  botOf(req: FastifyRequest, reply: FastifyReply): Promise<StoredPlayer | null | undefined>;
  seatToken(table: string, seat: number, playerId: string): string;
  /** More news for every account's event stream, added once the server is put together (challenges). */
  addStreamLines(lines: StreamLines): void;
  /** The bot accounts with an event stream open in this process now. */
  online(): ReadonlySet<string>;
}

export async function registerBotApi(app: FastifyInstance, o: BotApiOptions): Promise<BotSeating> {
  const now = o.now ?? (() => Date.now());
  const bots = new BotStore(o.storage.accounts.sql);
  const secret = await o.storage.accounts.secret('bot-seat-tokens', randomBytes(32).toString('base64url'));
  const times = { ...DEFAULT_BOT_API_TIMES, ...o.times };
  const rate = times.rate ? new TokenRate(times.rate, now) : null;
  const auth = new BearerAuth(bots, o.storage.accounts, secret, now, rate);
  const open = new Set<LineStream>();
  const online = new Map<string, number>();
  // Streams never end by themselves: the server ends them as it closes. Then every connection without a
  // request under way is closed too: after a long hijacked answer Node's own idle check missed some, and
  // the server waited for them for ever.
  const requests = new Map<Socket, number>();
  app.server.on('connection', (socket: Socket) => {
    requests.set(socket, 0);
    socket.once('close', () => requests.delete(socket));
  });
  app.addHook('onRequest', async (req, reply) => {
    const socket = req.raw.socket;
    requests.set(socket, (requests.get(socket) ?? 0) + 1);
    reply.raw.once(
      'close',
      () => requests.has(socket) && requests.set(socket, (requests.get(socket) ?? 1) - 1),
    );
  });
  app.addHook('preClose', async () => {
    for (const s of [...open]) s.end();
    setImmediate(() => {
      for (const [socket, n] of requests) if (n <= 0) socket.destroy();
    });
  });
  registerBotAccountRoutes(app, o.identity, bots, now);
  const extraLines: StreamLines[] = [];
  registerBotGameRoutes(app, {
    lobby: o.lobby,
    bots,
    auth,
    feeds: new Feeds(o.broadcast, o.log),
    log: o.log,
    times,
    open,
    extraLines,
    online,
  });
  registerBotActionRoutes(app, { lobby: o.lobby, bots, auth, now });
  return {
    async botOf(req, reply) {
      if (!hasBearer(req)) return null;
      const c = await auth.caller(req, 'play');
      if (!c.ok) {
        void refuse(reply, c.error.code, c.error.message);
        return undefined;
      }
      if ((await bots.botSince(c.value.player.id)) === null) {
        void refuse(reply, 'bot.not-bot', 'this token belongs to an account that is no bot account');
        return undefined;
      }
      return c.value.player;
    },
    seatToken: (table, seat, playerId) => auth.seatToken(table, seat, playerId),
    addStreamLines: (lines) => void extraLines.push(lines),
    online: () => new Set(online.keys()),
  };
}
