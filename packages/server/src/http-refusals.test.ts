import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@attila/protocol';
import { Unavailable } from './errors.js';
import { frameworkRefusal } from './http-refusals.js';
import { type RunningServer } from './server.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function raw(path: string, init: RequestInit = {}) {
  const res = await fetch(server.url + path, init);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown };
}

const json = (body: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body,
});

const shape = (status: number, code: string) => ({
  status,
  body: { error: { code, message: expect.any(String) } },
});

describe(
  'the framework’s own refusals use the documented error shape and status',
  { timeout: 30_000 },
  () => {
    it('malformed JSON, NaN and an empty body: 400 request.json, nothing created', async () => {
      expect(await raw('/api/tables', json('{"game": "knights",'))).toMatchObject(shape(400, 'request.json'));
      const nan = await raw('/api/tables', json('{"game":"knights","seats":[],"x":NaN}'));
      expect(nan).toMatchObject(shape(400, 'request.json'));
      expect(JSON.stringify(nan.body)).toContain('NaN');
      expect(await raw('/api/tables', json(''))).toMatchObject(shape(400, 'request.json'));
      expect(await raw('/api/tables')).toMatchObject({ status: 200, body: { tables: [] } });
    });

    it('__proto__ and constructor.prototype keys at any depth: 400 request.forbidden-key', async () => {
      const proto =
        '{"game":"knights","seats":[{"type":"human"},{"type":"human"}],"settings":{"__proto__":{"x":1}}}';
      const r = await raw('/api/tables', json(proto));
      expect(r).toMatchObject(shape(400, 'request.forbidden-key'));
      expect(JSON.stringify(r.body)).toContain('__proto__');
      expect(await raw('/api/tables', json('{"constructor":{"prototype":{"polluted":true}}}'))).toMatchObject(
        shape(400, 'request.forbidden-key'),
      );
      // Spelled with an escape, it is the same key.
      expect(await raw('/api/tables', json('{"settings":{"\\u005f_proto__":{"x":1}}}'))).toMatchObject(
        shape(400, 'request.forbidden-key'),
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await raw('/api/tables')).toMatchObject({ body: { tables: [] } });
    });

    it('a body over the limit: 413 request.too-large', async () => {
      const big = JSON.stringify({ game: 'knights', pad: 'x'.repeat(20_000) });
      const r = await raw('/api/tables', json(big));
      expect(r).toMatchObject(shape(413, 'request.too-large'));
      expect(JSON.stringify(r.body)).toContain('16384');
    });

    it('a body that is not JSON: 415 request.content-type', async () => {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const r = await raw('/api/tables', {
          method: 'POST',
          headers: { 'content-type': type },
          body: 'game=knights',
        });
        expect(r).toMatchObject(shape(415, 'request.content-type'));
      }
    });

    it('a 5,000-character table id: 414 request.uri-too-long; a URL that does not decode: 400 request.url', async () => {
      const long = 'a'.repeat(5000);
      expect(await raw(`/api/tables/${long}`)).toMatchObject(shape(414, 'request.uri-too-long'));
      expect(await raw(`/api/tables/${long}/join`, json('{"name":"Ann"}'))).toMatchObject(
        shape(414, 'request.uri-too-long'),
      );
      expect(await raw('/api/tables/%zz')).toMatchObject(shape(400, 'request.url'));
    });

    it('unknown routes and methods: 404 route.not-found', async () => {
      expect(await raw('/api/nothing')).toMatchObject(shape(404, 'route.not-found'));
      expect(await raw('/api/tables', { method: 'DELETE' })).toMatchObject(shape(404, 'route.not-found'));
      expect(await raw('/api/tables', { method: 'PUT', ...json('{}', 'PUT') })).toMatchObject(
        shape(404, 'route.not-found'),
      );
    });

    it('headers too large for Node’s parser: 431 request.headers-too-large', async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1', () => {
          socket.write(`GET /api/tables HTTP/1.1\r\nhost: x\r\nx-pad: ${'x'.repeat(20_000)}\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        error: { code: 'request.headers-too-large' },
      });
    });
  },
);

describe('errors a route lets escape', () => {
  it('a service outage is 503 with its code; anything else is 500 server.error with nothing of its text', () => {
    expect(frameworkRefusal(new Unavailable('storage.unavailable', 'PostgreSQL is down'), LIMITS)).toEqual({
      status: 503,
      body: { error: { code: 'storage.unavailable', message: 'PostgreSQL is down' } },
    });
    const r = frameworkRefusal(new Error('secret detail'), LIMITS);
    expect(r).toMatchObject({ status: 500, body: { error: { code: 'server.error' } } });
    expect(JSON.stringify(r)).not.toContain('secret');
  });
});
