import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, TableInfo } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { from } from './test-support/from.js';
import { startTestServer } from './test-support/test-server.js';

const a = from('127.0.0.2');
const b = from('127.0.0.3');
const c = from('127.0.0.4');

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    botTables: { perAddress: 2, overall: 3 },
    openTables: { idleMs: 60 * 60_000, listedPerAddress: 3 },
  });
});
afterAll(() => server.close());

const botsOnly = (bot = 'perfect') => ({
  game: 'knights',
  seats: [
    { type: 'bot', bot },
    { type: 'bot', bot },
  ],
  listed: false,
});
const open = (listed = true) => ({
  game: 'knights',
  seats: [{ type: 'human' }, { type: 'human' }],
  listed,
  name: 'Ann',
});

describe('the budget of bots-only tables', { timeout: 60_000 }, () => {
  it('per address, then overall: 429 budget.bots-address / budget.bots-server; a person’s table is never refused', async () => {
    // A bot that thinks (perfect) keeps these games going while the test runs.
    const first = await a.post<CreateTableResponse>(server.url, '/api/tables', botsOnly());
    expect(first.status).toBe(201);
    expect((await a.post(server.url, '/api/tables', botsOnly())).status).toBe(201);
    expect(await a.post(server.url, '/api/tables', botsOnly())).toMatchObject({
      status: 429,
      body: { error: { code: 'budget.bots-address', message: expect.stringContaining('at most 2') } },
    });
    expect((await b.post(server.url, '/api/tables', botsOnly())).status).toBe(201);
    expect(await c.post(server.url, '/api/tables', botsOnly())).toMatchObject({
      status: 429,
      body: { error: { code: 'budget.bots-server', message: expect.stringContaining('at most 3') } },
    });
    // A person playing a bot is not a bots-only table.
    const withPerson = await c.post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'bot', bot: 'easy' }],
      name: 'Cy',
    });
    expect(withPerson.status).toBe(201);
  });

  it('a finished bots-only game gives its place back', async () => {
    const fresh = await startTestServer({
      botTables: { perAddress: 1, overall: 10 },
    });
    try {
      const t = await a.post<CreateTableResponse>(fresh.url, '/api/tables', botsOnly('random'));
      expect(t.status).toBe(201);
      // Polled until finished, however slow the machine (a count of polls ran out under load).
      const deadline = Date.now() + 50_000;
      let status = t.body.table.status;
      while (status !== 'finished' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        const r = await a.get<{ table: TableInfo }>(fresh.url, `/api/tables/${t.body.table.id}`);
        status = r.body.table.status;
      }
      expect(status).toBe('finished');
      expect((await a.post(fresh.url, '/api/tables', botsOnly('random'))).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});

describe('open tables', { timeout: 60_000 }, () => {
  it('the lobby list shows at most 3 open tables per address, so one address cannot push the others out', async () => {
    const mine = await b.post<CreateTableResponse>(server.url, '/api/tables', open());
    const spam: string[] = [];
    for (let i = 0; i < 8; i++) {
      const t = await c.post<CreateTableResponse>(server.url, '/api/tables', open());
      expect(t.status).toBe(201);
      spam.push(t.body.table.id);
    }
    const list = (await b.get<{ tables: TableInfo[] }>(server.url, '/api/tables')).body.tables.map(
      (t) => t.id,
    );
    expect(list).toContain(mine.body.table.id);
    // Of c's eight open tables the list shows its three newest.
    expect(list.filter((id) => spam.includes(id))).toEqual(spam.slice(-3).reverse());
    // They are all still there to join by id.
    expect((await b.post(server.url, `/api/tables/${spam[0]}/join`, { name: 'Bob' })).status).toBe(200);
  });

  it('the creator closes an open table with its seat token; nobody else can, nor after the start', async () => {
    const created = await a.post<CreateTableResponse>(server.url, '/api/tables', open(false));
    const id = created.body.table.id;
    const token = created.body.token as string;
    const other = await b.post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Bob' });
    expect(other.status).toBe(200);
    // A watcher hears of it.
    const watcher = await TestClient.connect(server.url);
    watcher.send({ type: 'hello', table: id });
    await watcher.next('welcome');
    // That table started when Bob joined; a 3-seat Tribes table with two seated stays open.
    const tribes = await a.post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }, { type: 'human' }, { type: 'human' }],
      name: 'Ann',
    });
    const tid = tribes.body.table.id;
    const ttoken = tribes.body.token as string;
    const bob = await b.post<SeatGrant>(server.url, `/api/tables/${tid}/join`, { name: 'Bob' });
    const tw = await TestClient.connect(server.url);
    tw.send({ type: 'hello', table: tid });
    await tw.next('welcome');
    expect(
      await b.post(server.url, `/api/tables/${tid}/close`, { seat: bob.body.seat, token: bob.body.token }),
    ).toMatchObject({
      status: 409,
      body: { error: { code: 'close.not-creator' } },
    });
    expect(
      await b.post(server.url, `/api/tables/${tid}/close`, { seat: 0, token: 'x'.repeat(32) }),
    ).toMatchObject({
      status: 403,
      body: { error: { code: 'auth.token' } },
    });
    const closed = await a.post<{ table: TableInfo }>(server.url, `/api/tables/${tid}/close`, {
      seat: 0,
      token: ttoken,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.table).toMatchObject({
      status: 'finished',
      result: { winners: [], reason: expect.stringContaining('creator') },
    });
    const heard = await tw.next('table', (m) => m.table.status === 'finished');
    expect(heard.table.result?.reason).toContain('creator');
    expect(await c.post(server.url, `/api/tables/${tid}/join`, { name: 'Cy' })).toMatchObject({
      status: 409,
      body: { error: { code: 'join.started' } },
    });
    // The Knights table above started when Bob joined: it can no longer be closed.
    expect(await a.post(server.url, `/api/tables/${id}/close`, { seat: 0, token })).toMatchObject({
      status: 409,
      body: { error: { code: 'close.started' } },
    });
    expect(await a.post(server.url, `/api/tables/nosuchtable1/close`, { seat: 0, token })).toMatchObject({
      status: 404,
      body: { error: { code: 'table.not-found' } },
    });
    watcher.socket.close();
    tw.socket.close();
  });

  it('expire after the idle time unless watched; joining one that expired is refused', async () => {
    const quick = await startTestServer({
      openTables: { idleMs: 200 },
    });
    try {
      const idle = await a.post<CreateTableResponse>(quick.url, '/api/tables', open());
      const watched = await a.post<CreateTableResponse>(quick.url, '/api/tables', open());
      const w = await TestClient.connect(quick.url);
      w.send({ type: 'hello', table: watched.body.table.id });
      await w.next('welcome');
      await new Promise((r) => setTimeout(r, 300));
      // The sweep runs every few seconds; run it now.
      expect(await quick.lobby.expireOpen(Date.now())).toEqual([idle.body.table.id]);
      const t = await a.get<{ table: TableInfo }>(quick.url, `/api/tables/${idle.body.table.id}`);
      expect(t.body.table).toMatchObject({
        status: 'finished',
        result: { winners: [], reason: expect.stringContaining('nobody joined') },
      });
      expect(
        await b.post(quick.url, `/api/tables/${idle.body.table.id}/join`, { name: 'Bob' }),
      ).toMatchObject({
        status: 409,
        body: { error: { code: 'join.started' } },
      });
      const list = (await a.get<{ tables: TableInfo[] }>(quick.url, '/api/tables')).body.tables.map(
        (x) => x.id,
      );
      expect(list).toEqual([watched.body.table.id]);
      w.socket.close();
    } finally {
      await quick.close();
    }
  });
});
