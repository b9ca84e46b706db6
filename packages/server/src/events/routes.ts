/**
 * Events over HTTP (the server's README lists them): the list, one event (with `?code=` for a private one),
 * creating (an account), joining (`{"code"}` for a private one) and withdrawing. Input is parsed once
 * here (zod schemas in @attila/protocol/events); every refusal is the server's one error shape.
 */
import type { FastifyInstance } from 'fastify';
import { describeZodError } from '@attila/protocol';
import { createEventSchema, joinEventSchema } from '@attila/protocol/events';
import { z } from 'zod';
import type { Identity } from '../identity/identity.js';
import { refuse } from '../identity/routes.js';
import type { Events } from './events.js';

const NO_SESSION = 'events need a player: open the site once (it makes you a guest) or sign in';
const codeQuery = z.object({ code: z.string().max(64).optional() });

export function registerEventRoutes(app: FastifyInstance, events: Events, identity: Identity): void {
  app.get('/api/events', async (req) => {
    const player = await identity.seatHolder(req);
    return { events: await events.list(player?.id ?? null) };
  });

  app.get<{ Params: { id: string } }>('/api/events/:id', async (req, reply) => {
    const player = await identity.seatHolder(req);
    const q = codeQuery.safeParse(req.query ?? {});
    const r = await events.getText(req.params.id, player?.id ?? null, q.success ? q.data.code : undefined);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    // Sent as made: fastify does not serialize a string again when its type is JSON.
    return reply.type('application/json; charset=utf-8').send(r.value);
  });

  app.post('/api/events', async (req, reply) => {
    const body = createEventSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    const current = await identity.of(req);
    if (!current)
      return refuse(reply, 'event.account', 'creating an event needs an account: sign up (or sign in) first');
    const r = await events.create(current.player, body.data);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return reply.code(201).send({ event: r.value });
  });

  app.post<{ Params: { id: string } }>('/api/events/:id/join', async (req, reply) => {
    const body = joinEventSchema.safeParse(req.body ?? {});
    if (!body.success)
      return refuse(reply, 'request.invalid', `${describeZodError(body.error)} (send {} or {"code": "..."})`);
    const player = await identity.seatHolder(req);
    if (!player) return refuse(reply, 'session.none', NO_SESSION);
    const r = await events.join(player, req.params.id, body.data.code);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return { event: r.value };
  });

  app.post<{ Params: { id: string } }>('/api/events/:id/withdraw', async (req, reply) => {
    const player = await identity.seatHolder(req);
    if (!player) return refuse(reply, 'session.none', NO_SESSION);
    const r = await events.withdraw(player, req.params.id);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return { event: r.value };
  });
}
