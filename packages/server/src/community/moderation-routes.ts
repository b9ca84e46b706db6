/**
 * The moderators' routes (`/api/moderation/...`): the queue of reports, one report's case, dismissing a
 * report, and acting on a player. Only accounts with the `moderator` role get past the door: anyone else
 * is refused with 403 `moderation.forbidden` (no session: 401), before any body is read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeZodError } from '@attila/protocol';
import { dismissSchema, moderationActionSchema } from '@attila/protocol/community';
import type { Current, Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import type { Moderation } from './moderation.js';

export function registerModerationRoutes(
  app: FastifyInstance,
  identity: Identity,
  moderation: Moderation,
): void {
  const moderatorOf = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await identity.of(req);
    if (!current) void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
    else if (current.player.nameKey === null || !(await moderation.isModerator(current.player.id)))
      void refuse(
        reply,
        'moderation.forbidden',
        'the moderation tools are for moderators; the operator gives the role (attila admin grant NAME moderator)',
      );
    else return current;
    return null;
  };

  app.get<{ Querystring: { status?: string } }>('/api/moderation/reports', async (req, reply) => {
    if (!(await moderatorOf(req, reply))) return reply;
    const status = req.query.status ?? 'open';
    if (status !== 'open' && status !== 'closed')
      return refuse(reply, 'request.invalid', `status is "open" or "closed", not "${status}"`);
    return { reports: await moderation.queue(status) };
  });

  app.get<{ Params: { id: string } }>('/api/moderation/reports/:id', async (req, reply) => {
    if (!(await moderatorOf(req, reply))) return reply;
    const r = await moderation.reportCase(req.params.id);
    return r.ok ? r.value : refuse(reply, r.error.code, r.error.message);
  });

  app.post<{ Params: { id: string } }>('/api/moderation/reports/:id/dismiss', async (req, reply) => {
    const current = await moderatorOf(req, reply);
    if (!current) return reply;
    const body = dismissSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    const r = await moderation.dismiss(current.player, req.params.id, body.data.reason);
    return r.ok ? { dismissed: req.params.id } : refuse(reply, r.error.code, r.error.message);
  });

  app.post('/api/moderation/actions', async (req, reply) => {
    const current = await moderatorOf(req, reply);
    if (!current) return reply;
    const body = moderationActionSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    const r = await moderation.act(current.player, body.data);
    return r.ok ? reply.code(201).send({ action: r.value }) : refuse(reply, r.error.code, r.error.message);
  });
}
