/**
 * Lesson progress on the account (issue 22): a signed-in account's lessons done are kept by the server, merged
 * with each browser's (a union: nothing done is forgotten), on both stores and over a fresh sign-in.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonProgressBody, Me } from '@attila/protocol';
import { startServer, type RunningServer } from '../server.js';
import { tempDb } from '../test-support/http.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { Visitor } from '../test-support/visitor.js';
import { skipWithout } from '../test-support/skip-without.js';

const quiet = { port: 0, botDelayMs: 0, botMinThinkMs: 0, logger: pino({ level: 'silent' }) };
const schema = freshSchema();
const file = tempDb();

const backends: [string, boolean, () => Promise<RunningServer>][] = [
  ['SQLite', true, () => startServer({ ...quiet, dbFile: file })],
  ['PostgreSQL', postgresUp, () => startServer({ ...quiet, postgres: POSTGRES_URL, postgresSchema: schema })],
];

afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

const error = (code: string) => ({ error: { code, message: expect.any(String) } });
let n = 0;
const uniqueName = () => `Learner${Date.now() % 100000}x${++n}`;

describe.each(backends)('lesson progress on the account (%s)', { timeout: 60_000 }, (_name, up, start) => {
  let server: RunningServer;
  beforeAll(async () => {
    if (up) server = await start();
  });
  afterAll(async () => {
    if (up) await server.close();
  });

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'kept for an account, merged with each browser, over a restart; guests and strangers refused',
    async () => {
      const v = new Visitor(server.url);
      expect((await v.get('/api/account/lessons')).body).toEqual(error('session.none'));
      await v.post<{ player: Me }>('/api/me/guest');
      // A guest's progress stays in its browser: the server keeps it for accounts only.
      expect((await v.post('/api/account/lessons', { done: ['tribes-card'] })).body).toEqual(
        error('account.guest'),
      );
      const name = uniqueName();
      expect((await v.post('/api/account/claim', { name, password: 'correct horse' })).status).toBe(200);
      expect((await v.get<LessonProgressBody>('/api/account/lessons')).body).toEqual({ done: [] });

      const first = await v.post<LessonProgressBody>('/api/account/lessons', {
        done: ['tribes-card', 'tribes-second'],
      });
      expect(first.body).toEqual({ done: ['tribes-card', 'tribes-second'] });
      // Another browser signs in with lessons of its own: the union, nothing forgotten.
      const phone = new Visitor(server.url);
      expect((await phone.post('/api/account/login', { name, password: 'correct horse' })).status).toBe(200);
      const merged = await phone.post<LessonProgressBody>('/api/account/lessons', {
        done: ['knights-move', 'tribes-card'],
      });
      expect(merged.body).toEqual({ done: ['tribes-card', 'tribes-second', 'knights-move'] });
      expect((await v.get<LessonProgressBody>('/api/account/lessons')).body).toEqual(merged.body);

      // Bad input changes nothing and says what is allowed.
      const bad = await v.post('/api/account/lessons', { done: ['../etc'] });
      expect(bad).toMatchObject({ status: 400, body: error('request.invalid') });
      expect(JSON.stringify(bad.body)).toMatch(/<game>-<name>/);
      expect((await v.post('/api/account/lessons', { done: 'tribes-card' })).status).toBe(400);
      expect((await v.post('/api/account/lessons', { done: [], more: 1 })).status).toBe(400);
      expect((await v.get<LessonProgressBody>('/api/account/lessons')).body).toEqual(merged.body);

      // Stored, not held in memory: a restart on the same database keeps it.
      await server.close();
      server = await start();
      const later = new Visitor(server.url);
      expect((await later.post('/api/account/login', { name, password: 'correct horse' })).status).toBe(200);
      expect((await later.get<LessonProgressBody>('/api/account/lessons')).body).toEqual(merged.body);
    },
  );
});
