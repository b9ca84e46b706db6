/**
 * The lobby list stays fair under many addresses (over the real server, each client from its own loopback
 * address): 100 addresses opening 3 tables each cannot push a person's waiting table out of it. Open
 * tables where an account waits come first, one address or account shows at most 3 open tables, and the
 * list is read page by page with a cursor, every table once.
 */
import type { CreateTableResponse, ListTablesResponse, TableInfo } from '@attila/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server.js';
import { from } from './test-support/from.js';
import { startTestServer } from './test-support/test-server.js';
import { Visitor } from './test-support/visitor.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const knights = { game: 'knights', seats: [{ type: 'human' }, { type: 'human' }], name: 'Spam' };

describe('the lobby list under many addresses', { timeout: 120_000 }, () => {
  it('100 addresses × 3 open tables: the real waiting table is first, and every table is found page by page', async () => {
    const ann = new Visitor(server.url);
    await ann.post('/api/me/guest', {});
    const name = `Real${process.pid % 1000}`;
    expect((await ann.post('/api/account/claim', { name, password: 'a long test password' })).status).toBe(
      200,
    );
    const real = await ann.post<CreateTableResponse>('/api/tables', { ...knights, name: 'x' });
    expect(real.status).toBe(201);
    const realId = real.body.table.id;

    const spam: string[] = [];
    const addresses = Array.from({ length: 100 }, (_, i) => from(`127.0.1.${i + 1}`));
    for (let round = 0; round < 3; round++) {
      const made = await Promise.all(
        addresses.map((a) => a.post<CreateTableResponse>(server.url, '/api/tables', knights)),
      );
      for (const m of made) {
        expect(m.status).toBe(201);
        spam.push(m.body.table.id);
      }
    }

    const first = await ann.get<ListTablesResponse>('/api/tables');
    expect(first.status).toBe(200);
    // The person's table, older than all 300, is at the top; the page is cut at 200 and says where to go on.
    expect(first.body.tables[0].id).toBe(realId);
    expect(first.body.tables).toHaveLength(200);
    expect(first.body.next).toEqual(expect.any(String));

    // Page by page (50 each): every table once, the 301 of them, then no next page.
    const seen: TableInfo[] = [];
    let cursor: string | null | undefined = undefined;
    for (let pages = 0; pages < 20; pages++) {
      const query: string = cursor ? `?limit=50&cursor=${cursor}` : '?limit=50';
      const page = await new Visitor(server.url).get<ListTablesResponse>(`/api/tables${query}`);
      expect(page.status).toBe(200);
      expect(page.body.tables.length).toBeLessThanOrEqual(50);
      seen.push(...page.body.tables);
      cursor = page.body.next;
      if (!cursor) break;
    }
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(301);
    expect(ids[0]).toBe(realId);
    expect(new Set(ids)).toEqual(new Set([realId, ...spam]));
  });

  it('one address or account shows at most 3 open tables; a bad page query is refused', async () => {
    const one = from('127.0.2.1');
    const mine: string[] = [];
    for (let i = 0; i < 6; i++)
      mine.push((await one.post<CreateTableResponse>(server.url, '/api/tables', knights)).body.table.id);
    const listed = new Set<string>();
    for (let cursor: string | null | undefined = undefined, pages = 0; pages < 20; pages++) {
      const page: { body: ListTablesResponse } = await one.get<ListTablesResponse>(
        server.url,
        `/api/tables?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      for (const t of page.body.tables) listed.add(t.id);
      cursor = page.body.next;
      if (!cursor) break;
    }
    expect(mine.filter((id) => listed.has(id))).toEqual(mine.slice(-3));
    for (const bad of ['limit=0', 'limit=201', 'limit=x', 'cursor=nonsense', `cursor=${'a'.repeat(300)}`]) {
      const r = await one.get<{ error: { code: string; message: string } }>(server.url, `/api/tables?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code, bad).toBe('request.invalid');
    }
  });
});
