import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, TableInfo } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { get, post } from './test-support/http.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function botsGame(listed: boolean): Promise<string> {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    seats: [
      { type: 'bot', bot: 'random' },
      { type: 'bot', bot: 'random' },
    ],
    listed,
  });
  expect(created.status).toBe(201);
  return created.body.table.id;
}

async function finished(id: string): Promise<TableInfo> {
  for (let i = 0; i < 300; i++) {
    const r = await get<{ table: TableInfo }>(server.url, `/api/tables/${id}`);
    if (r.body.table.status === 'finished') return r.body.table;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${id} did not finish`);
}

describe('the list of finished games (issue 18, defect 5)', { timeout: 60_000 }, () => {
  it('lists listed finished games, the last finished first, with their moves and result; not the others', async () => {
    const first = await botsGame(true);
    await finished(first);
    const second = await botsGame(true);
    const secondInfo = await finished(second);
    const hidden = await botsGame(false);
    await finished(hidden);
    const open = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'Aetius',
    });

    const list = await get<{ tables: TableInfo[] }>(server.url, '/api/tables?status=finished');
    expect(list.status).toBe(200);
    expect(list.body.tables.map((t) => t.id)).toEqual([second, first]);
    const shown = list.body.tables[0];
    expect(shown.status).toBe('finished');
    expect(shown.seq).toBe(secondInfo.seq);
    expect(shown.seq).toBeGreaterThan(6);
    expect(shown.result).toEqual(secondInfo.result);
    expect(shown.seats.map((s) => s.connected)).toEqual([0, 0]);

    // Without the parameter the lobby's list is as before: open and playing tables only.
    const current = await get<{ tables: TableInfo[] }>(server.url, '/api/tables');
    expect(current.body.tables.map((t) => t.id)).toEqual([open.body.table.id]);
  });

  it('refuses a status it cannot list, saying what it can', async () => {
    for (const q of ['status=playing', 'status=over', 'status=finished&status=open']) {
      const r = await get<{ error: { code: string; message: string } }>(server.url, `/api/tables?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
      expect(r.body.error.message).toContain('"finished"');
    }
  });
});
