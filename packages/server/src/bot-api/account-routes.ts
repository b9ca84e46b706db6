/**
 * Turning an account into a bot account, and its API tokens (`/api/me/bot`, `/api/me/tokens`): routes of
 * the signed-in account (session cookie, so the CSRF check of identity/routes.ts applies to each change).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeZodError } from '@attila/protocol';
import type { Current, Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import { randomBytes } from 'node:crypto';
import { hashApiToken, newApiToken } from './bearer.js';
import { TOKEN_SCOPES, type BotStore, type StoredBotToken } from './bot-store.js';

/** Live (not revoked) tokens one bot account may hold. */
export const TOKENS_PER_BOT = 20;

const newTokenSchema = z
  .object({
    label: z.string().trim().min(1).max(64),
    scopes: z
      .array(z.enum(TOKEN_SCOPES as [string, ...string[]]))
      .min(1)
      .max(2),
  })
  .strict();

const tokenInfo = (t: StoredBotToken) => ({
  id: t.id,
  label: t.label,
  scopes: t.scopes,
  createdAt: t.createdAt,
  lastUsedAt: t.lastUsedAt,
  revokedAt: t.revokedAt,
});

export function registerBotAccountRoutes(
  app: FastifyInstance,
  identity: Identity,
  bots: BotStore,
  now: () => number,
): void {
  const signedInAccount = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await identity.of(req);
    if (!current) {
      void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
      return null;
    }
    if (current.player.nameKey === null) {
      void refuse(reply, 'bot.guest', 'a guest cannot be a bot: claim an account first');
      return null;
    }
    return current;
  };
  const botAccount = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await signedInAccount(req, reply);
    if (current && (await bots.botSince(current.player.id)) === null) {
      void refuse(reply, 'bot.not-bot', 'only a bot account has API tokens: POST /api/me/bot first');
      return null;
    }
    return current;
  };

  app.get('/api/me/bot', async (req, reply) => {
    const current = await signedInAccount(req, reply);
    if (!current) return reply;
    const since = await bots.botSince(current.player.id);
    return { bot: since !== null, since };
  });

  app.post('/api/me/bot', async (req, reply) => {
    const current = await signedInAccount(req, reply);
    if (!current) return reply;
    const id = current.player.id;
    if ((await bots.botSince(id)) !== null)
      return refuse(reply, 'bot.already', 'this account is a bot already');
    const played = await bots.gamesPlayed(id);
    if (played > 0) {
      return refuse(
        reply,
        'bot.played',
        `this account has played ${played} game${played === 1 ? '' : 's'} as a person: a bot account ` +
          "starts without games (its results and ratings are a bot's); make a new account for the bot",
      );
    }
    const at = now();
    if (!(await bots.makeBot(id, at))) return refuse(reply, 'bot.already', 'this account is a bot already');
    return { bot: true, since: at };
  });

  app.get('/api/me/tokens', async (req, reply) => {
    const current = await botAccount(req, reply);
    if (!current) return reply;
    return { tokens: (await bots.tokensOf(current.player.id)).map(tokenInfo) };
  });

  app.post('/api/me/tokens', async (req, reply) => {
    const parsed = newTokenSchema.safeParse(req.body);
    if (!parsed.success) {
      return refuse(
        reply,
        'request.invalid',
        `${describeZodError(parsed.error)} (a token is {"label": 1–64 characters, "scopes": ["play"] and/or ["read"]})`,
      );
    }
    const current = await botAccount(req, reply);
    if (!current) return reply;
    const live = (await bots.tokensOf(current.player.id)).filter((t) => t.revokedAt === null);
    if (live.length >= TOKENS_PER_BOT) {
      return refuse(
        reply,
        'token.too-many',
        `a bot account holds at most ${TOKENS_PER_BOT} tokens: revoke one`,
      );
    }
    const token = newApiToken();
    const stored: StoredBotToken = {
      id: randomBytes(9).toString('base64url'),
      playerId: current.player.id,
      label: parsed.data.label,
      scopes: [...new Set(parsed.data.scopes as StoredBotToken['scopes'])],
      createdAt: now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await bots.createToken({ ...stored, tokenHash: hashApiToken(token) });
    // The only time the token is shown: the server keeps its SHA-256.
    return reply.code(201).send({ token, info: tokenInfo(stored) });
  });

  app.post<{ Params: { id: string } }>('/api/me/tokens/:id/revoke', async (req, reply) => {
    const current = await botAccount(req, reply);
    if (!current) return reply;
    if (!(await bots.revokeToken(current.player.id, req.params.id, now()))) {
      return refuse(reply, 'token.not-found', `this account has no live token "${req.params.id}"`);
    }
    return { revoked: true };
  });
}
