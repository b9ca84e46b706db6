/**
 * The challenge routes: a person's (`/api/challenges...`, with the session cookie), a bot account's
 * (`/api/bot/challenges/...`, with its bearer token), and the player's socket `/ws/me`, which tells each
 * of the player's open pages of every change to their challenges at once, whatever the page shows.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeZodError, type ErrorBody } from '@attila/protocol';
import { challengeRequestSchema, declineSchema, type ChallengeMessage } from '@attila/protocol/challenges';
import type { HostLine } from '@attila/protocol/bot-lines';
import type { Result } from '@attila/core';
import type { Logger } from 'pino';
import type { Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import { originAllowed, type OriginAllowList } from '../origins.js';
import { AddressCounter } from '../socket-limits.js';
import type { StoredPlayer } from '../storage/accounts.js';
import type { ChallengeView } from '@attila/protocol/challenges';
import type { Challenges } from './challenges.js';

export interface ChallengeRouteOptions {
  readonly challenges: Challenges;
  readonly identity: Identity;
  /** The bot account of a bearer request (null: none sent; undefined: refused, the refusal sent). */
  readonly botOf: (req: FastifyRequest, reply: FastifyReply) => Promise<StoredPlayer | null | undefined>;
  readonly allowedOrigins: OriginAllowList;
  readonly log: Logger;
  /** Other news for the player's socket (messages already serialized); the function returned stops it. */
  readonly news?: (playerId: string, send: (text: string) => void) => Promise<() => void>;
}

const ANSWERS = ['accept', 'decline', 'cancel'] as const;
/** Player sockets one player may hold open at once (their tabs and devices). */
export const PLAYER_SOCKETS = 16;
type Answer = (typeof ANSWERS)[number];

export function registerChallengeRoutes(app: FastifyInstance, o: ChallengeRouteOptions): void {
  const { challenges } = o;
  const open = new AddressCounter();

  const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
    const current = await o.identity.of(req);
    if (!current) void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
    return current?.player ?? null;
  };

  const send = (reply: FastifyReply, r: Result<ChallengeView>, status = 200) =>
    r.ok ? reply.code(status).send({ challenge: r.value }) : refuse(reply, r.error.code, r.error.message);

  const act = (player: StoredPlayer, id: string, what: Answer, reason?: string) =>
    what === 'cancel' ? challenges.cancel(player, id) : challenges.answer(player, id, what, reason);

  /** A decline may say why (`{"reason"}`); the other answers take `{}`. */
  const reasonOf = (req: FastifyRequest, reply: FastifyReply, what: Answer): string | undefined | null => {
    if (what !== 'decline') return undefined;
    const body = declineSchema.safeParse(req.body ?? {});
    if (!body.success) {
      void refuse(
        reply,
        'request.invalid',
        `${describeZodError(body.error)} (a decline is {} or {"reason"})`,
      );
      return null;
    }
    return body.data.reason;
  };

  const botOrRefuse = async (req: FastifyRequest, reply: FastifyReply) => {
    const bot = await o.botOf(req, reply);
    if (bot === null)
      void refuse(reply, 'token.missing', 'the bot API needs the header "Authorization: Bearer <token>"');
    return bot ?? null;
  };

  // A bot account challenges people and bots by name, as a person does.
  app.post('/api/bot/challenges', async (req, reply) => {
    const bot = await botOrRefuse(req, reply);
    if (!bot) return reply;
    const body = challengeRequestSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    return send(reply, await challenges.create(bot, body.data), 201);
  });

  app.post<{ Params: { id: string } }>('/api/bot/challenges/:id/cancel', async (req, reply) => {
    const bot = await botOrRefuse(req, reply);
    if (!bot) return reply;
    return send(reply, await act(bot, req.params.id, 'cancel'));
  });

  app.post('/api/challenges', async (req, reply) => {
    const player = await signedIn(req, reply);
    if (!player) return reply;
    const body = challengeRequestSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    return send(reply, await challenges.create(player, body.data), 201);
  });

  app.get('/api/challenges', async (req, reply) => {
    const player = await signedIn(req, reply);
    if (!player) return reply;
    return { challenges: await challenges.list(player.id) };
  });

  app.get<{ Params: { id: string } }>('/api/challenges/:id', async (req, reply) => {
    const player = await signedIn(req, reply);
    if (!player) return reply;
    return send(reply, await challenges.get(req.params.id, player.id));
  });

  for (const what of ANSWERS) {
    app.post<{ Params: { id: string } }>(`/api/challenges/:id/${what}`, async (req, reply) => {
      const player = await signedIn(req, reply);
      if (!player) return reply;
      const reason = reasonOf(req, reply, what);
      if (reason === null) return reply;
      return send(reply, await act(player, req.params.id, what, reason));
    });
    if (what === 'cancel') continue;
    app.post<{ Params: { id: string } }>(`/api/bot/challenges/:id/${what}`, async (req, reply) => {
      const bot = await botOrRefuse(req, reply);
      if (!bot) return reply;
      const reason = reasonOf(req, reply, what);
      if (reason === null) return reply;
      return send(reply, await act(bot, req.params.id, what, reason));
    });
  }

  app.get(
    '/ws/me',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        if (!originAllowed(req.headers.origin, req.headers.host, o.allowedOrigins)) {
          const body: ErrorBody = {
            error: {
              code: 'origin.forbidden',
              message: `pages of ${req.headers.origin} may not open /ws/me here`,
            },
          };
          return reply.code(403).send(body);
        }
        if (!(await o.identity.of(req)))
          return refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
      },
    },
    async (socket, req) => {
      const player = (await o.identity.of(req))!.player;
      if (!open.tryAdd(player.id, PLAYER_SOCKETS)) {
        const body: ErrorBody = {
          error: {
            code: 'sockets.address',
            message: `at most ${PLAYER_SOCKETS} player sockets may be open at once for one player; close a tab first`,
          },
        };
        socket.send(JSON.stringify({ type: 'error', ...body.error }));
        return socket.close(1008, 'too many player sockets');
      }
      socket.on('close', () => open.remove(player.id));
      const tell = (view: ChallengeView) => {
        const message: ChallengeMessage = { type: 'challenge', challenge: view };
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const stopChallenges = await challenges.subscribe(player.id, (c) =>
        tell(challenges.view(c, player.id)),
      );
      const stopNews = o.news
        ? await o.news(player.id, (text) => {
            if (socket.readyState === socket.OPEN) socket.send(text);
          })
        : () => undefined;
      const stop = () => {
        stopChallenges();
        stopNews();
      };
      socket.on('close', stop);
      socket.on('error', (e) => o.log.debug({ err: e }, 'player socket error'));
      if (socket.readyState !== socket.OPEN) return stop();
      for (const view of await challenges.list(player.id)) tell(view);
    },
  );
}

/** A bot account's event stream hears of its challenges as `challenge` lines: the waiting ones first. */
export async function challengeLines(
  challenges: Challenges,
  playerId: string,
  line: (l: HostLine) => void,
): Promise<() => void> {
  const stop = await challenges.subscribe(playerId, (c) =>
    line({ type: 'challenge', challenge: challenges.view(c, playerId) }),
  );
  for (const view of await challenges.list(playerId)) {
    if (view.status === 'pending') line({ type: 'challenge', challenge: view });
  }
  return stop;
}
