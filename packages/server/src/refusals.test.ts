import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { LIMITS } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { get, post } from './test-support/http.js';
import { seatClients } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A started 2-seat Tribes table with both seats held by people; seat 0 starts. */
async function twoSeats() {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'tribes',
    settings: { players: 2, firstPlayer: 0 },
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Ann',
  });
  const id = created.body.table.id;
  const bob = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Bob' });
  const grants = [
    { seat: 0, token: created.body.token as string },
    { seat: bob.body.seat, token: bob.body.token },
  ];
  const [a, b] = await seatClients(server.url, id, grants);
  return { id, grants, a: a.client, b: b.client };
}

async function seqOf(id: string): Promise<number> {
  return (await get<{ table: { seq: number } }>(server.url, `/api/tables/${id}`)).body.table.seq;
}

describe('WebSocket messages are refused with clear errors and change nothing', { timeout: 60_000 }, () => {
  it('malformed, unknown, oversized and binary messages', async () => {
    const c = await TestClient.connect(server.url);
    c.send('{"type": "move",');
    expect(await c.next('error')).toMatchObject({
      code: 'message.json',
      message: expect.stringContaining('JSON'),
    });
    c.send({ type: 'teleport', ref: 'x' });
    expect(await c.next('error')).toMatchObject({
      code: 'message.invalid',
      ref: 'x',
      message: expect.stringContaining('hello'),
    });
    c.send({ type: 'move', seq: -1, move: '' });
    expect((await c.next('error')).code).toBe('message.invalid');
    c.send({ type: 'ping', extra: 1 });
    expect((await c.next('error')).message).toMatch(/extra/);
    c.send(JSON.stringify({ type: 'chat', text: 'x'.repeat(LIMITS.messageBytes) }));
    expect(await c.next('error')).toMatchObject({
      code: 'message.too-large',
      message: expect.stringContaining(`${LIMITS.messageBytes}`),
    });
    c.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect((await c.next('error')).code).toBe('message.binary');
    c.send({ type: 'ping', ref: 'still here' });
    expect(await c.next('pong')).toMatchObject({ ref: 'still here' });
    // Far beyond any limit: the socket is closed by the WebSocket layer itself.
    c.send('x'.repeat(200 * 1024));
    await new Promise((r) => c.socket.once('close', r));
    expect(c.closed?.code).toBe(1009);
  });

  it('moves before hello, unknown tables, missing and wrong tokens', async () => {
    const { id, grants } = await twoSeats();
    const c = await TestClient.connect(server.url);
    c.send({ type: 'move', seq: 0, move: 'x' });
    expect((await c.next('error')).code).toBe('hello.first');
    c.send({ type: 'hello', table: 'nosuchtable1' });
    expect((await c.next('error')).code).toBe('table.not-found');
    c.send({ type: 'hello', table: id, seat: 0 });
    expect((await c.next('error')).code).toBe('hello.auth');
    c.send({ type: 'hello', table: id, seat: 0, token: 'A'.repeat(32) });
    expect((await c.next('error')).code).toBe('auth.token');
    // Seat 1's token does not open seat 0.
    c.send({ type: 'hello', table: id, seat: 0, token: grants[1].token });
    expect((await c.next('error')).code).toBe('auth.token');
    c.send({ type: 'hello', table: id, seat: 1, token: grants[1].token });
    expect((await c.next('welcome')).seat).toBe(1);
    c.send({ type: 'hello', table: id });
    expect((await c.next('error')).code).toBe('hello.again');
    expect(await seqOf(id)).toBe(0);
  });

  it('spectators cannot move or chat; a seat cannot act in another seat’s turn', async () => {
    const { id, a, b } = await twoSeats();
    const spectator = await TestClient.connect(server.url);
    spectator.send({ type: 'hello', table: id });
    const w = await spectator.next('welcome');
    expect(w.seat).toBeNull();
    expect(w.snapshot?.legalMoves).toEqual([]);
    const legal = a.welcome().snapshot?.legalMoves ?? [];
    spectator.send({ type: 'move', seq: 0, move: legal[0] });
    expect((await spectator.next('error')).code).toBe('spectator');
    spectator.send({ type: 'chat', text: 'hi' });
    expect((await spectator.next('error')).code).toBe('spectator');
    b.send({ type: 'move', seq: 0, move: legal[0], ref: 'not mine' });
    expect(await b.next('error')).toMatchObject({ code: 'move.not-your-turn', ref: 'not mine' });
    expect(await seqOf(id)).toBe(0);
  });

  it('illegal and stale moves', async () => {
    const { id, a } = await twoSeats();
    const legal = a.welcome().snapshot?.legalMoves ?? [];
    a.send({ type: 'move', seq: 0, move: 'fly to the moon' });
    const e = await a.next('error');
    expect(e.code).toMatch(/^move\./);
    expect(e.message.length).toBeGreaterThan(10);
    a.send({ type: 'move', seq: 5, move: legal[0] });
    expect((await a.next('error')).code).toBe('move.stale');
    expect(await seqOf(id)).toBe(0);
    a.send({ type: 'move', seq: 0, move: legal[0], ref: 'good' });
    expect(await a.next('ack')).toMatchObject({ ref: 'good', seq: 1 });
    // The same decision sent again (a double click, a resend after a lost ack) is acked as stored, not played twice.
    a.send({ type: 'move', seq: 0, move: legal[0], ref: 'again' });
    expect(await a.next('ack')).toMatchObject({ ref: 'again', seq: 1 });
    expect(await seqOf(id)).toBe(1);
  });

  it('a connection that sends too fast is slowed down', async () => {
    const c = await TestClient.connect(server.url);
    for (let i = 0; i < LIMITS.rateBurst + 10; i++) c.send({ type: 'ping' });
    expect(await c.next('error')).toMatchObject({ code: 'rate.limited' });
  });

  it('chat is stored, limited in length, and sent to the table', async () => {
    const { id, a, b } = await twoSeats();
    a.send({ type: 'chat', text: 'x'.repeat(LIMITS.chatChars + 1) });
    expect((await a.next('error')).message).toMatch(String(LIMITS.chatChars));
    a.send({ type: 'chat', text: '  good luck  ' });
    expect((await b.next('chat')).message).toMatchObject({ seat: 0, name: 'Ann', text: 'good luck' });
    const late = await TestClient.connect(server.url);
    late.send({ type: 'hello', table: id });
    expect((await late.next('welcome')).chat.map((m) => m.text)).toEqual(['good luck']);
  });
});

describe('HTTP lobby refusals', { timeout: 60_000 }, () => {
  it('bad bodies, unknown tables, wrong tokens, oversized bodies', async () => {
    expect(await post(server.url, '/api/tables', { game: 'chess', seats: [] })).toMatchObject({
      status: 400,
      body: { error: { code: 'request.invalid', message: expect.stringContaining('game') } },
    });
    expect(
      await post(server.url, '/api/tables', {
        game: 'tribes',
        settings: { players: 9 },
        seats: [{ type: 'human' }],
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'create.settings', message: expect.stringContaining('players') } },
    });
    const deck = ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals'].flatMap((t) => Array(9).fill(t));
    expect(
      await post(server.url, '/api/tables', {
        game: 'tribes',
        settings: { players: 2, deck },
        seats: [{ type: 'human' }, { type: 'human' }],
      }),
    ).toMatchObject({
      status: 400,
      body: {
        error: { code: 'create.settings', message: expect.stringContaining('not for tables on a server') },
      },
    });
    expect(await get(server.url, '/api/tables/nosuchtable1')).toMatchObject({
      status: 404,
      body: { error: { code: 'table.not-found' } },
    });
    const { id } = await twoSeats();
    expect(await post(server.url, `/api/tables/${id}/join`, { name: '' })).toMatchObject({ status: 400 });
    expect(
      await post(server.url, `/api/tables/${id}/leave`, { seat: 0, token: 'B'.repeat(32) }),
    ).toMatchObject({
      status: 403,
      body: { error: { code: 'auth.token' } },
    });
    expect(await post(server.url, `/api/tables/${id}/record`, {})).toMatchObject({ status: 404 });
    expect(await get(server.url, `/api/tables/${id}/record`)).toMatchObject({
      status: 409,
      body: { error: { code: 'record.unfinished' } },
    });
    const big = await fetch(server.url + '/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'tribes', settings: { pad: 'x'.repeat(LIMITS.bodyBytes) }, seats: [] }),
    });
    expect(big.status).toBe(413);
  });
});
