import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server.js';
import { tempDb } from './test-support/http.js';

const script = `console.log(${JSON.stringify('x'.repeat(50))});\n`.repeat(200);
let server: RunningServer;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'attila-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Attila</title><script type="module" src="./assets/app-1a2b3c.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), script);
  server = await startServer({
    port: 0,
    dbFile: tempDb(),
    botDelayMs: 0,
    botMinThinkMs: 0,
    webDist: dist,
    logger: pino({ level: 'silent' }),
    allowedOrigins: ['https://friend.example'],
  });
});
afterAll(() => server.close());

describe('the web app’s files', { timeout: 30_000 }, () => {
  it('come with a CSP that allows no inline script and no framing, and its friends', async () => {
    for (const path of ['/', '/assets/app-1a2b3c.js', '/api/tables', '/tables/abc']) {
      const res = await fetch(server.url + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('are compressed with brotli or gzip, as the browser asks', async () => {
    const br = await fetch(server.url + '/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // fetch decodes on its own; ask for the raw bytes through node:http instead.
    const raw = async (encoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(server.url + '/assets/app-1a2b3c.js', { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    };
    const b = await raw('br');
    expect(b.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(b.body).toString()).toBe(script);
    const g = await raw('gzip');
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(g.body).toString()).toBe(script);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('hashed files under /assets are immutable for a year; the index page is revalidated', async () => {
    const asset = await fetch(server.url + '/assets/app-1a2b3c.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/tables/abc']) {
      const page = await fetch(server.url + path);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>Attila</title>');
    }
  });
});

describe('the Origin check on /ws', { timeout: 30_000 }, () => {
  const open = (origin?: string) =>
    new Promise<{ opened: boolean; status?: number; body?: string; csp?: unknown }>((resolve) => {
      const ws = new WebSocket(server.url.replace(/^http/, 'ws') + '/ws', origin ? { origin } : {});
      ws.on('open', () => {
        ws.close();
        resolve({ opened: true });
      });
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () =>
          resolve({
            opened: false,
            status: res.statusCode,
            body,
            csp: res.headers['content-security-policy'],
          }),
        );
      });
    });

  it('lets the server’s own pages, listed origins and programs (no Origin) open a socket', async () => {
    expect(await open(server.url)).toEqual({ opened: true });
    expect(await open('https://friend.example')).toEqual({ opened: true });
    expect(await open()).toEqual({ opened: true });
  });

  it('refuses a page of another origin before the upgrade: 403 origin.forbidden', async () => {
    const r = await open('https://evil.example');
    expect(r.opened).toBe(false);
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body ?? '')).toMatchObject({
      error: { code: 'origin.forbidden', message: expect.stringContaining('https://evil.example') },
    });
    // A refused upgrade is an HTTP answer: it carries the security headers like every other one.
    expect(r.csp).toContain("frame-ancestors 'none'");
  });
});
