/**
 * A move sent again (its sender never saw the ack: the socket dropped) is stored once and answered with
 * the ack each time; a different move at a passed number is still refused (moves.ts `repeatedMove`).
 */
import type { CreateTableResponse, SeatGrant, ServerMessage } from '@attila/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer } from './server.js';
import { SqliteStorage } from './storage/sqlite.js';
import { TestClient } from './test-support/client.js';
import { post, tempDb } from './test-support/http.js';
import { knightsAcross, SHARED_UP, twoSharedServers } from './test-support/shared-servers.js';
import { seatClients, type Seated } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';
import { skipWithout } from './test-support/skip-without.js';

const dbFile = tempDb();
let server: RunningServer;
let stored: SqliteStorage;
beforeAll(async () => {
  server = await startTestServer({ dbFile });
  // A second reader of the same file: what is stored, not what the table holds in memory.
  stored = new SqliteStorage(dbFile);
});
afterAll(async () => {
  await server.close();
});

async function knightsTable(url: string) {
  const created = await post<CreateTableResponse>(url, '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  const id = created.body.table.id;
  const j = await post<SeatGrant>(url, `/api/tables/${id}/join`, { name: 'Attila' });
  const grants = [
    { seat: 0, token: created.body.token as string },
    { seat: j.body.seat, token: j.body.token },
  ];
  return { id, grants, players: await seatClients(url, id, grants) };
}

/** The first legal move of the seat to act, from the welcome that seat got. */
function firstMove(p: Seated): string {
  const w = p.client.received.find((m) => m.type === 'welcome');
  if (!w || w.type !== 'welcome' || !w.snapshot) throw new Error('no welcome snapshot');
  return w.snapshot.legalMoves[0];
}

const answerTo = (c: TestClient, ref: string) =>
  c.next('ack', (m) => m.ref === ref).catch(() => c.next('error', (m) => m.ref === ref));
const replies = (c: TestClient, ref: string) =>
  c.received.filter(
    (m): m is Extract<ServerMessage, { type: 'ack' | 'error' }> =>
      (m.type === 'ack' || m.type === 'error') && m.ref === ref,
  );

describe('a move sent again', { timeout: 60_000 }, () => {
  it('is stored once, and the repeat is acked with the same move number (not refused, no second update)', async () => {
    const { id, players } = await knightsTable(server.url);
    const [a, b] = players;
    const move = firstMove(a);
    a.client.send({ type: 'move', seq: 0, move, line: 0, ref: 'first' });
    expect(await a.client.next('ack', (m) => m.ref === 'first')).toMatchObject({ seq: 1 });
    await b.client.next('update', (m) => m.seq === 1);
    a.client.send({ type: 'move', seq: 0, move, line: 0, ref: 'again' });
    expect(await a.client.next('ack', (m) => m.ref === 'again')).toMatchObject({ seq: 1 });
    expect((await stored.getMoves(id)).map((m) => m.move)).toEqual([move]);
    // Nobody heard of a second move: a ping answered after the repeat comes before any other update.
    b.client.send({ type: 'ping', ref: 'p' });
    await b.client.next('pong');
    expect(b.client.received.filter((m) => m.type === 'update')).toHaveLength(1);
  });

  it('twice at once: stored once, both acked', async () => {
    const { id, players } = await knightsTable(server.url);
    const [a] = players;
    const move = firstMove(a);
    a.client.send({ type: 'move', seq: 0, move, ref: 'one' });
    a.client.send({ type: 'move', seq: 0, move, ref: 'two' });
    const [one, two] = await Promise.all([answerTo(a.client, 'one'), answerTo(a.client, 'two')]);
    expect([one, two]).toMatchObject([
      { type: 'ack', seq: 1 },
      { type: 'ack', seq: 1 },
    ]);
    expect(await stored.getMoves(id)).toHaveLength(1);
  });

  it('after a reconnect, and after the opponent moved on: acked with the number it was stored at', async () => {
    const { id, grants, players } = await knightsTable(server.url);
    const [a, b] = players;
    const move = firstMove(a);
    a.client.send({ type: 'move', seq: 0, move, ref: 'lost' });
    const heard = await b.client.next('update', (m) => m.seq === 1);
    a.client.socket.close();
    b.client.send({ type: 'move', seq: 1, move: heard.snapshot.legalMoves[0] });
    await b.client.next('ack');
    const [back] = await seatClients(server.url, id, [grants[0]]);
    back.client.send({ type: 'move', seq: 0, move, line: 0, ref: 'resent' });
    expect(await back.client.next('ack', (m) => m.ref === 'resent')).toMatchObject({ seq: 1 });
    expect(await stored.getMoves(id)).toHaveLength(2);
  });

  it('a different move at a passed number is still refused as stale, and nothing is stored', async () => {
    const { id, players } = await knightsTable(server.url);
    const [a, b] = players;
    const moves = a.client.received.find((m) => m.type === 'welcome')?.snapshot?.legalMoves ?? [];
    expect(moves.length).toBeGreaterThan(1);
    a.client.send({ type: 'move', seq: 0, move: moves[0], ref: 'made' });
    await a.client.next('ack', (m) => m.ref === 'made');
    // The opponent moves: it is seat 0's turn again, so only the number makes the other move stale.
    const heard = await b.client.next('update', (m) => m.seq === 1);
    b.client.send({ type: 'move', seq: 1, move: heard.snapshot.legalMoves[0] });
    await a.client.next('update', (m) => m.seq === 2);
    a.client.send({ type: 'move', seq: 0, move: moves[1], ref: 'other' });
    expect(await a.client.next('error', (m) => m.ref === 'other')).toMatchObject({ code: 'move.stale' });
    expect(replies(a.client, 'other')).toHaveLength(1);
    expect((await stored.getMoves(id)).map((m) => m.move)).toEqual([moves[0], heard.snapshot.legalMoves[0]]);
  });

  it('from another line (moves were taken back since) is refused as stale, not acked', async () => {
    const { players } = await knightsTable(server.url);
    const [a] = players;
    const move = firstMove(a);
    a.client.send({ type: 'move', seq: 0, move, ref: 'made' });
    await a.client.next('ack', (m) => m.ref === 'made');
    a.client.send({ type: 'move', seq: 0, move, line: 7, ref: 'old-line' });
    expect(await a.client.next('error', (m) => m.ref === 'old-line')).toMatchObject({ code: 'move.stale' });
  });

  it("with the opponent's token is not the opponent's repeat: refused", async () => {
    const { id, grants } = await knightsTable(server.url);
    const [a, b] = await seatClients(server.url, id, grants);
    const move = firstMove(a);
    a.client.send({ type: 'move', seq: 0, move, ref: 'made' });
    await a.client.next('ack', (m) => m.ref === 'made');
    b.client.send({ type: 'move', seq: 0, move, ref: 'not-mine' });
    expect(await b.client.next('error', (m) => m.ref === 'not-mine')).toMatchObject({ code: 'move.stale' });
  });
});

describe('a move sent to two processes at once (shared PostgreSQL and Redis)', { timeout: 60_000 }, () => {
  const servers = twoSharedServers();
  it.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))(
    'is stored once and both processes ack it',
    async () => {
      const [one, two] = servers;
      const { id, grants } = await knightsAcross(one.url, two.url);
      const [viaOne] = await seatClients(one.url, id, [grants[0]]);
      const [viaTwo] = await seatClients(two.url, id, [grants[0]]);
      const move = firstMove(viaOne);
      viaOne.client.send({ type: 'move', seq: 0, move, ref: 'one' });
      viaTwo.client.send({ type: 'move', seq: 0, move, ref: 'two' });
      const answers = await Promise.all([answerTo(viaOne.client, 'one'), answerTo(viaTwo.client, 'two')]);
      expect(answers).toMatchObject([
        { type: 'ack', seq: 1 },
        { type: 'ack', seq: 1 },
      ]);
      const watcher = await TestClient.connect(one.url);
      watcher.send({ type: 'hello', table: id, since: 0 });
      const w = await watcher.next('welcome');
      expect(w.snapshot?.seq).toBe(1);
      watcher.socket.close();
    },
  );
});
