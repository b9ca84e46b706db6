import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, ServerMessage } from '@attila/protocol';
import { startServer, type RunningServer } from './server.js';
import { SqliteStorage } from './storage/sqlite.js';
import { TestClient } from './test-support/client.js';
import { post, tempDb } from './test-support/http.js';

let server: RunningServer;
let storage: SqliteStorage;
beforeAll(async () => {
  storage = new SqliteStorage(tempDb());
  server = await startServer({
    port: 0,
    storage,
    botDelayMs: 0,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
    socketsPerAddress: 4,
    chatRate: { perMinute: 6, burst: 4 },
    chatKept: 5,
  });
});
afterAll(() => server.close());

async function twoSeats() {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Ann',
  });
  const id = created.body.table.id;
  const bob = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Bob' });
  return { id, ann: created.body.token as string, bob: bob.body.token };
}

/** A socket from a chosen loopback address, and how it ended if it did. */
function openFrom(localAddress: string) {
  return new Promise<{ ws: WebSocket; messages: ServerMessage[]; closed: Promise<number> }>(
    (resolve, reject) => {
      const ws = new WebSocket(server.url.replace(/^http/, 'ws') + '/ws', { localAddress });
      const messages: ServerMessage[] = [];
      ws.on('message', (d) => messages.push(JSON.parse(d.toString()) as ServerMessage));
      const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
      ws.on('open', () => resolve({ ws, messages, closed }));
      ws.on('error', reject);
    },
  );
}

describe('chat is limited per seat, across all its sockets, and kept bounded', { timeout: 30_000 }, () => {
  it('three tabs of one seat share one allowance: the fifth line is refused with chat.rate-limited', async () => {
    const { id, ann, bob } = await twoSeats();
    const tabs = await Promise.all([0, 1, 2].map(() => TestClient.connect(server.url)));
    for (const t of tabs) {
      t.send({ type: 'hello', table: id, seat: 0, token: ann });
      await t.next('welcome');
    }
    for (let i = 0; i < 4; i++) {
      tabs[i % 3].send({ type: 'chat', text: `line ${i}`, ref: `c${i}` });
      await tabs[0].next('chat', (m) => m.message.text === `line ${i}`);
    }
    tabs[1].send({ type: 'chat', text: 'one too many', ref: 'x' });
    expect(await tabs[1].next('error')).toMatchObject({
      code: 'chat.rate-limited',
      ref: 'x',
      message: expect.stringMatching(/at most 6 lines a minute .* all its tabs; retry in \d+ seconds/),
    });
    tabs[2].send({ type: 'chat', text: 'still too many' });
    expect((await tabs[2].next('error')).code).toBe('chat.rate-limited');
    // The other seat has its own allowance.
    const b = await TestClient.connect(server.url);
    b.send({ type: 'hello', table: id, seat: 1, token: bob });
    await b.next('welcome');
    b.send({ type: 'chat', text: 'hi' });
    await b.next('chat', (m) => m.message.text === 'hi');
    // Nothing refused was stored.
    const stored = await storage.recentChat(id, 100);
    expect(stored.map((c) => c.text)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'hi']);
    await Promise.all(
      [...tabs, b].map((t) => new Promise((r) => (t.socket.once('close', r), t.socket.close()))),
    );
  });

  it('storage keeps only the newest lines of a table', async () => {
    const { id, ann, bob } = await twoSeats();
    const a = await TestClient.connect(server.url);
    a.send({ type: 'hello', table: id, seat: 0, token: ann });
    await a.next('welcome');
    const b = await TestClient.connect(server.url);
    b.send({ type: 'hello', table: id, seat: 1, token: bob });
    await b.next('welcome');
    for (let i = 0; i < 8; i++) {
      (i % 2 ? b : a).send({ type: 'chat', text: `n${i}` });
      await a.next('chat', (m) => m.message.text === `n${i}`);
    }
    expect((await storage.recentChat(id, 100)).map((c) => c.text)).toEqual(['n3', 'n4', 'n5', 'n6', 'n7']);
    a.socket.close();
    b.socket.close();
  });
});

describe('sockets per address', { timeout: 30_000 }, () => {
  it('a fifth socket from one address is told sockets.address and closed with 1008; other addresses are not', async () => {
    const held = await Promise.all([0, 1, 2, 3].map(() => openFrom('127.0.0.5')));
    const fourth = await openFrom('127.0.0.5');
    expect(await fourth.closed).toBe(1008);
    expect(fourth.messages[0]).toMatchObject({
      type: 'error',
      code: 'sockets.address',
      message: expect.stringContaining('at most 4 sockets'),
    });
    const other = await openFrom('127.0.0.6');
    other.ws.send(JSON.stringify({ type: 'ping', ref: 'p' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(other.messages[0]).toMatchObject({ type: 'pong', ref: 'p' });
    // Once one closes, the address may open another.
    held[0].ws.close();
    await held[0].closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await openFrom('127.0.0.5');
    again.ws.send(JSON.stringify({ type: 'ping', ref: 'q' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(again.messages[0]).toMatchObject({ type: 'pong', ref: 'q' });
    for (const s of [...held, other, again]) s.ws.close();
  });
});
