/**
 * The players' community routes (`/api/account/...`, accounts only; every change passes the CSRF check as
 * all of `/api/account` does): follow and unfollow, block and unblock, mute a table's chat, report a
 * player, and the state the home screen shows (followed players' games, blocks, moderators' notices).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeZodError } from '@attila/protocol';
import { chatMuteSchema, playerNameSchema, reportSchema } from '@attila/protocol/community';
import type { Result } from '@attila/core';
import type { Current, Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import type { Community } from './community.js';

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  void refuse(reply, 'request.invalid', describeZodError(r.error));
  return null;
}

/** The signed-in account, or a refusal (no session: 401; a guest: 409). */
export async function accountOf(
  identity: Identity,
  req: FastifyRequest,
  reply: FastifyReply,
  what: string,
): Promise<Current | null> {
  const current = await identity.of(req);
  if (!current) void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
  else if (current.player.nameKey === null)
    void refuse(reply, 'account.guest', `${what} is for accounts: claim an account first`);
  else return current;
  return null;
}

export function registerCommunityRoutes(
  app: FastifyInstance,
  identity: Identity,
  community: Community,
): void {
  const answer = async (reply: FastifyReply, current: Current, r: Result<unknown>, status = 200) => {
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return reply.code(status).send(await community.state(current.player));
  };

  app.get('/api/account/community', async (req, reply) => {
    const current = await accountOf(identity, req, reply, 'following and blocking players');
    return current ? community.state(current.player) : reply;
  });

  for (const [path, act] of [
    ['follow', (c: Current, name: string) => community.follow(c.player, name, true)],
    ['unfollow', (c: Current, name: string) => community.follow(c.player, name, false)],
    ['block', (c: Current, name: string) => community.block(c.player, name, true)],
    ['unblock', (c: Current, name: string) => community.block(c.player, name, false)],
  ] as const) {
    app.post(`/api/account/${path}`, async (req, reply) => {
      const body = parse(playerNameSchema, req.body, reply);
      if (!body) return reply;
      const current = await accountOf(identity, req, reply, 'following and blocking players');
      if (!current) return reply;
      return answer(reply, current, await act(current, body.name));
    });
  }

  app.post('/api/account/chat-mute', async (req, reply) => {
    const body = parse(chatMuteSchema, req.body, reply);
    if (!body) return reply;
    const current = await accountOf(identity, req, reply, 'muting a table');
    if (!current) return reply;
    return answer(reply, current, await community.muteChat(current.player, body.table, body.muted));
  });

  app.post('/api/account/reports', async (req, reply) => {
    const body = parse(reportSchema, req.body, reply);
    if (!body) return reply;
    const current = await accountOf(identity, req, reply, 'reporting a player');
    if (!current) return reply;
    const r = await community.report(current.player, body);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return reply.code(201).send({ report: r.value.id });
  });
}
