import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { startServer, type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { get, post, tempDb } from './test-support/http.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    dbFile: tempDb(),
    botModule: new URL('./test-support/bids-bots.ts', import.meta.url).href,
    botDelayMs: 0,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
  });
});
afterAll(() => server.close());

async function table(players: number, extra: Record<string, unknown> = {}) {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'tribes',
    settings: { players, rounds: 2, ...(extra.settings as object) },
    seats: Array.from({ length: players }, () => ({ type: 'human' })),
    name: 'Ann',
    ...extra,
  });
  expect(created.status).toBe(201);
  const grants = [{ seat: created.body.seat as number, token: created.body.token as string }];
  for (let i = 1; i < players; i++) {
    const j = await post<SeatGrant>(server.url, `/api/tables/${created.body.table.id}/join`, {
      name: `P${i}`,
    });
    expect(j.status).toBe(200);
    grants.push({ seat: j.body.seat, token: j.body.token });
  }
  return { id: created.body.table.id, grants };
}

describe('simultaneous choices (several seats to act at once)', { timeout: 60_000 }, () => {
  it('collects every face-down bid and reveals them only when all are in', async () => {
    const { id, grants } = await table(3);
    const clients = await Promise.all(grants.map(() => TestClient.connect(server.url)));
    grants.forEach((g, i) => clients[i].send({ type: 'hello', table: id, seat: g.seat, token: g.token }));
    const welcomes = await Promise.all(clients.map((c) => c.next('welcome')));
    expect(welcomes.map((w) => w.snapshot?.toAct)).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 1, 2],
    ]);
    // All three decide at sequence 0; moves by the others in between do not make a bid stale.
    clients[0].send({ type: 'move', seq: 0, move: '3', ref: 'a' });
    expect((await clients[0].next('ack')).seq).toBe(1);
    clients[1].send({ type: 'move', seq: 0, move: '2', ref: 'b' });
    expect((await clients[1].next('ack')).seq).toBe(2);
    // Seat 1 sees that seat 0 bid, never what.
    const u = await clients[1].next('update', (m) => m.seq === 2);
    expect(u.snapshot.view).toMatchObject({ committed: [true, true, false], myBid: 2 });
    expect(JSON.stringify(clients[1].raw)).not.toContain('"myBid":3');
    // A seat that already bid this round cannot bid again.
    clients[0].send({ type: 'move', seq: 2, move: '1', ref: 'again' });
    expect(await clients[0].next('error')).toMatchObject({ code: 'move.not-your-turn', ref: 'again' });
    clients[2].send({ type: 'move', seq: 0, move: '1' });
    const reveal = await clients[2].next('update', (m) => m.seq === 3);
    expect(reveal.events).toContainEqual({ type: 'reveal', bids: [3, 2, 1] });
    clients.forEach((c) => c.close());
  });
});

describe('lobby', { timeout: 60_000 }, () => {
  it('lists open tables, refuses a full table, and starts when every seat is taken', async () => {
    const created = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 2 },
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'Ann',
    });
    const listed = await get<{ tables: { id: string; status: string }[] }>(server.url, '/api/tables');
    expect(listed.body.tables.find((t) => t.id === created.body.table.id)?.status).toBe('open');
    const j = await post<SeatGrant>(server.url, `/api/tables/${created.body.table.id}/join`, { name: 'Bob' });
    expect(j.body.table.status).toBe('playing');
    const full = await post(server.url, `/api/tables/${created.body.table.id}/join`, { name: 'Cy' });
    expect(full).toMatchObject({ status: 409, body: { error: { code: 'join.started' } } });
  });

  it('refuses a wrong number of seats and an unknown bot with what is allowed', async () => {
    const r = await post(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }],
    });
    expect(r).toMatchObject({ status: 400, body: { error: { code: 'create.seats' } } });
    const b = await post(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 2 },
      seats: [{ type: 'human' }, { type: 'bot', bot: 'genius' }],
    });
    expect(b.body).toMatchObject({
      error: { code: 'create.bot', message: expect.stringContaining('random') },
    });
  });

  it('a bot-only table plays itself to the end in worker threads', async () => {
    const r = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 3, rounds: 3 },
      seats: [
        { type: 'bot', bot: 'random' },
        { type: 'bot', bot: 'random' },
        { type: 'bot', bot: 'random' },
      ],
    });
    const spectator = await TestClient.connect(server.url);
    spectator.send({ type: 'hello', table: r.body.table.id });
    await spectator.next('welcome');
    const end = await spectator.next('table', (m) => m.table.status === 'finished', 15000);
    expect(end.table.seq).toBe(9);
    const record = await get<{ moves: string[] }>(server.url, `/api/tables/${r.body.table.id}/record`);
    expect(record.body.moves).toHaveLength(9);
    const health = await get<{ botMoves: number; botFailures: number }>(server.url, '/health');
    expect(health.body.botMoves).toBeGreaterThanOrEqual(9);
    expect(health.body.botFailures).toBe(0);
    spectator.close();
  });
});
