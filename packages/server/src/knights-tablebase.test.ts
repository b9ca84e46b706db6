import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import { post, tempDb } from './test-support/http.js';

type Server = Awaited<ReturnType<typeof startServer>>;
const start = (tablebase: Parameters<typeof startServer>[0]['tablebase']) =>
  startServer({
    port: 0,
    botDelayMs: 0,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
    dbFile: tempDb(),
    tablebase,
  });

let on: Server;
let off: Server;
beforeAll(async () => {
  // No background build (a test must not spend minutes of CPU): the folder is empty and stays so.
  const dir = mkdtempSync(join(tmpdir(), 'attila-tablebase-'));
  [on, off] = await Promise.all([start({ dir, buildStandard: false }), start(undefined)]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

const status = async (server: Server, query: string) => {
  const res = await fetch(`${server.url}/api/knights/tablebase${query}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('the knights tablebase routes', () => {
  it("tell the state of a layout's tablebase: absent until built, with the memory its build needs", async () => {
    const r = await status(on, '?layout=standard');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      layout: '...../...../...../.....',
      state: 'absent',
      progress: null,
      fileBytes: null,
    });
    // Two layers of 193,984 classes × C(14,7) bytes.
    expect(r.body.needBytes).toBe(2 * 193_984 * 3432);
  });

  it('refuse to build a layout whose layers exceed the memory cap, saying how much it needs', async () => {
    // The stairs: two symmetries (the standard board has four), so about twice the standard board's positions.
    const r = await status(on, `?layout=${encodeURIComponent('stairs')}`);
    expect(r.body.state).toBe('too-large');
    const ask = await post<{ error: { code: string; message: string } }>(on.url, '/api/knights/tablebase', {
      layout: 'stairs',
    });
    expect(ask.status).toBe(400);
    expect(ask.body.error.code).toBe('tablebase.too-large');
    expect(ask.body.error.message).toMatch(
      /needs 2537 MB to build \(2 symmetries\), more than this server allows \(2048 MB\)/,
    );
    expect((await status(on, '?layout=stairs')).body.state).toBe('too-large');
  });

  it('refuse a malformed layout or request with the reason, and say when the server keeps no tablebase', async () => {
    const bad = await status(on, '?layout=xyz');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'tablebase.layout' } });
    const extra = await post<{ error: { code: string } }>(on.url, '/api/knights/tablebase', {
      layout: 'standard',
      x: 1,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('request.invalid');
    const none = await status(off, '?layout=standard');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: { code: 'tablebase.off' } });
  });
});
