import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import type { CreateTableResponse } from '@attila/protocol';
import { get, post, tempDb } from './test-support/http.js';

const quiet = { port: 0, botDelayMs: 0, botMinThinkMs: 0, logger: pino({ level: 'silent' }) };

describe('the web app and the health check', { timeout: 60_000 }, () => {
  it('serves the built web app, with its index page for the app’s own routes', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'attila-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Attila</title>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    const server = await startServer({ ...quiet, dbFile: tempDb(), webDist: dist });
    try {
      expect((await get(server.url, '/')).body).toContain('<title>Attila</title>');
      expect((await get(server.url, '/app.js')).body).toContain('console.log');
      expect((await get(server.url, '/tables/abc')).body).toContain('<title>Attila</title>');
      expect(await get(server.url, '/api/nothing')).toMatchObject({
        status: 404,
        body: { error: { code: 'route.not-found' } },
      });
      const health = await get<{ ok: boolean; memoryBytes: number }>(server.url, '/health');
      expect(health.body.ok).toBe(true);
      expect(health.body.memoryBytes).toBeGreaterThan(0);
      const games = await get<{ games: { game: string; bots: string[] }[] }>(server.url, '/api/games');
      expect(games.body.games.map((g) => g.game).sort()).toEqual(['knights', 'nim', 'tribes']);
      expect(games.body.games.find((g) => g.game === 'knights')?.bots).toContain('perfect');
    } finally {
      await server.close();
    }
  });

  it('says how to build the web app when it is not built', async () => {
    const server = await startServer({
      ...quiet,
      dbFile: tempDb(),
      webDist: join(tmpdir(), 'no-such-dist-dir'),
    });
    try {
      const r = await get<string>(server.url, '/');
      expect(r.status).toBe(200);
      expect(r.body).toMatch(/not built[\s\S]*npm run build:web/);
    } finally {
      await server.close();
    }
  });

  it('limits API requests per address and minute (writes and reads counted apart) with a 429 that says when to retry', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'attila-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Attila</title>');
    const server = await startServer({
      ...quiet,
      dbFile: tempDb(),
      webDist: dist,
      httpRate: { writesPerMinute: 3, readsPerMinute: 5 },
    });
    try {
      const create = () =>
        post<CreateTableResponse>(server.url, '/api/tables', {
          game: 'knights',
          seats: [{ type: 'human' }, { type: 'human' }],
        });
      for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
      const refused = await fetch(server.url + '/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'knights', seats: [{ type: 'human' }, { type: 'human' }] }),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('rate.limited');
      expect(body.error.message).toMatch(/at most 3 changes .* per minute .* retry in \d+ seconds?/);
      // Nothing was created by the refused request.
      const listed = await get<{ tables: unknown[] }>(server.url, '/api/tables');
      expect(listed.body.tables).toHaveLength(3);
      // Reads have their own allowance (one used just above).
      for (let i = 0; i < 4; i++) expect((await get(server.url, '/api/games')).status).toBe(200);
      expect(await get(server.url, '/api/games')).toMatchObject({
        status: 429,
        body: { error: { code: 'rate.limited', message: expect.stringContaining('at most 5 reads') } },
      });
      // The web app's files and the health check are not limited.
      for (let i = 0; i < 8; i++) {
        expect((await get(server.url, '/')).status).toBe(200);
        expect((await get(server.url, '/health')).status).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});
