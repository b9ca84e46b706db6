/**
 * Quick pairing over HTTP: join a pool, leave it, and follow an entry as a stream of server-sent events
 * (`waiting`, then `paired` with the table and seat, or `gone`). The stream keeps the entry alive: when it
 * closes and nobody follows the entry any more, the entry dies after `aliveMs` (pools.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  describeZodError,
  joinPoolSchema,
  leavePoolSchema,
  type ErrorBody,
  type PoolEvent,
} from '@attila/protocol';
import { httpStatus } from '../errors.js';
import type { Identity } from '../identity/identity.js';
import type { PoolService } from './pools.js';

function refuse(reply: FastifyReply, code: string, message: string) {
  const body: ErrorBody = { error: { code, message } };
  return reply.code(httpStatus(code)).send(body);
}

const NO_SESSION = 'quick pairing needs a player: open the site once (it makes you a guest) or sign in';
/** A comment line now and then, so proxies do not close a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

export function registerPoolRoutes(app: FastifyInstance, pools: PoolService, identity: Identity): void {
  app.post('/api/pools/join', async (req, reply) => {
    const body = joinPoolSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    const player = await identity.seatHolder(req);
    if (!player) return refuse(reply, 'session.none', NO_SESSION);
    const r = await pools.join(player, body.data);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return reply.code(201).send(r.value);
  });

  app.post<{ Params: { id: string } }>('/api/pools/entries/:id/leave', async (req, reply) => {
    const body = leavePoolSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    const r = await pools.leave(req.params.id, body.data.token);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
    return r.value;
  });

  app.get<{ Params: { id: string } }>('/api/pools/entries/:id/events', async (req, reply) => {
    const player = await identity.seatHolder(req);
    if (!player) return refuse(reply, 'session.none', NO_SESSION);
    const pending: PoolEvent[] = [];
    let send = (e: PoolEvent) => void pending.push(e);
    let hangUp = () => undefined as void;
    const watched = await pools.watch(
      req.params.id,
      player.id,
      (e) => send(e),
      () => hangUp(),
    );
    if (!watched.ok) return refuse(reply, watched.error.code, watched.error.message);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    const keepAlive = setInterval(() => res.write(': still waiting\n\n'), KEEP_ALIVE_MS);
    const end = () => {
      clearInterval(keepAlive);
      watched.value();
    };
    send = (e) => {
      res.write(`data: ${JSON.stringify(e)}\n\n`);
      // Paired or gone: nothing more will come.
      if (e.type !== 'waiting') {
        end();
        res.end();
      }
    };
    hangUp = () => {
      end();
      res.end();
    };
    for (const e of pending.splice(0)) send(e);
    req.raw.on('close', end);
  });
}
