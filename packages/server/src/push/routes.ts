/**
 * The notification settings of a signed-in account (`/api/account/push...`): the server's VAPID public key
 * and the account's choices, subscribing this browser, unsubscribing it, choosing kinds. Every change passes
 * the CSRF check (identity/routes.ts: every `/api/account` change does). A subscription belongs to the
 * session that made it: signing out ends its notices.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  describeZodError,
  PUSH_KINDS,
  pushChoicesSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
  type PushChoices,
  type PushSettings,
} from '@attila/protocol';
import type { Current, Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import type { Push } from './push.js';

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  void refuse(reply, 'request.invalid', describeZodError(r.error));
  return null;
}

export function registerPushRoutes(
  app: FastifyInstance,
  identity: Identity,
  push: Push,
  now: () => number,
): void {
  const { store } = push;

  /** Notices are for accounts: a guest's games are not kept for it across devices. */
  const account = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await identity.of(req);
    if (!current) void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
    else if (current.player.nameKey === null)
      void refuse(reply, 'account.guest', 'notifications are for accounts: claim an account first');
    else return current;
    return null;
  };

  const settings = async (current: Current): Promise<PushSettings> => ({
    publicKey: push.keys.publicKey,
    choices: await store.choices(current.player.id),
    endpoints: await store.endpointsOfSession(current.session.id),
  });

  app.get('/api/account/push', async (req, reply) => {
    const current = await account(req, reply);
    return current ? settings(current) : reply;
  });

  app.post('/api/account/push/subscribe', async (req, reply) => {
    const body = parse(pushSubscribeSchema, req.body, reply);
    if (!body) return reply;
    const current = await account(req, reply);
    if (!current) return reply;
    const { endpoint, keys } = body.subscription;
    await store.subscribe({
      endpoint,
      playerId: current.player.id,
      sessionId: current.session.id,
      p256dh: keys.p256dh,
      auth: keys.auth,
      createdAt: now(),
    });
    return reply.code(201).send(await settings(current));
  });

  app.post('/api/account/push/unsubscribe', async (req, reply) => {
    const body = parse(pushUnsubscribeSchema, req.body, reply);
    if (!body) return reply;
    const current = await account(req, reply);
    if (!current) return reply;
    const removed = await store.unsubscribe(current.player.id, body.endpoint);
    return { removed, ...(await settings(current)) };
  });

  app.post('/api/account/push/choices', async (req, reply) => {
    const body = parse(pushChoicesSchema, req.body, reply);
    if (!body) return reply;
    const current = await account(req, reply);
    if (!current) return reply;
    const had = await store.choices(current.player.id);
    const choices = Object.fromEntries(PUSH_KINDS.map((k) => [k, body[k] ?? had[k]])) as PushChoices;
    await store.setChoices(current.player.id, choices);
    return settings(current);
  });
}
