import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import { get, tempDb } from './test-support/http.js';

const quiet = { port: 0, botDelayMs: 0, logger: pino({ level: 'silent' }) };

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
      expect(games.body.games.map((g) => g.game).sort()).toEqual(['knights', 'tribes']);
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
});
