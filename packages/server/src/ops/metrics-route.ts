/**
 * `GET /metrics`: the Prometheus text (ops/prometheus.ts), for the holder of the operator's token only
 * (`Authorization: Bearer <token>`, as Prometheus's `authorization` scrape setting sends it). Without a token
 * the route does not exist. The token is compared in constant time (both sides hashed first, so their
 * lengths tell nothing either). Also counts every HTTP answer of 400 or more by its status (`http.404`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PrometheusMetrics } from './prometheus.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function registerMetricsRoute(app: FastifyInstance, metrics: PrometheusMetrics, token: string): void {
  const expected = digest(`Bearer ${token}`);
  app.addHook('onResponse', async (_req, reply) => {
    if (reply.statusCode >= 400) metrics.refused(`http.${reply.statusCode}`);
  });
  app.get('/metrics', async (req, reply) => {
    const given = req.headers.authorization;
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      void reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="attila metrics"')
        .send({
          error: {
            code: 'metrics.token',
            message: 'the metrics need the operator\'s token: send "Authorization: Bearer <token>"',
          },
        });
      return reply;
    }
    const text = await metrics.scrape();
    return reply.header('content-type', metrics.contentType).send(text);
  });
}
