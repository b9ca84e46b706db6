/**
 * The HTTP edge every request passes before its route: the body's size and parsing (JSON only, parsed once,
 * prototype keys refused) and the per-address rate limit.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@attila/protocol';
import { frameworkRefusal, parseJsonBody } from './http-refusals.js';

/** Body limit and the parsers: JSON only, parsed once with prototype keys refused. */
export function registerBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  app.setErrorHandler((error, req, reply) => {
    const r = frameworkRefusal(error, { bodyBytes: LIMITS.bodyBytes });
    if (r.status >= 500) req.log.error({ err: error }, 'request failed');
    return reply.code(r.status).send(r.body);
  });
}

/** Per client address and minute, over the `/api/` routes (WebSockets have their own per-socket limit). */
export interface HttpRateLimit {
  /** Requests that change something: create, join, leave (POST). */
  readonly writesPerMinute: number;
  /** Reads: the games, the table list, a table, a record (GET). */
  readonly readsPerMinute: number;
}

/** Generous for people (the lobby polls the list every 5 s), tight enough to stop a script filling the lobby. */
export const DEFAULT_HTTP_RATE: HttpRateLimit = { writesPerMinute: 60, readsPerMinute: 600 };

const isRead = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD';

/**
 * Two counters per address (reads, writes), fixed one-minute windows, in this process's memory: with
 * several server processes each counts its own requests. Static files and the health check are exempt.
 */
export async function registerRateLimit(app: FastifyInstance, rate: HttpRateLimit): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (req) => (isRead(req) ? rate.readsPerMinute : rate.writesPerMinute),
    keyGenerator: (req) => `${normalizeIP(req.ip)}|${isRead(req) ? 'r' : 'w'}`,
    // The bot API's callers are accounts (bearer tokens), and a bot moves at every turn of many games.
    allowList: (req) => !req.url.startsWith('/api/') || req.url.startsWith('/api/bot/'),
    // The thrown value becomes the body; statusCode sets the status (Retry-After is set by the plugin).
    errorResponseBuilder: (req, limit) => ({
      statusCode: limit.statusCode,
      error: {
        code: 'rate.limited',
        message:
          `too many requests: at most ${limit.max} ${isRead(req) ? 'reads' : 'changes (create, join, leave)'} ` +
          `per minute from one address; retry in ${Math.max(1, Math.ceil(limit.ttl / 1000))} seconds`,
      },
    }),
  });
}
