import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { kill, startChild, type ChildServer } from './test-support/child.js';
import { TestClient } from './test-support/client.js';
import { get, post, tempDb } from './test-support/http.js';
import { playRandomly, seatClients } from './test-support/play.js';

let server: ChildServer | null = null;
afterAll(async () => {
  if (server) await kill(server, 'SIGTERM');
});

async function create(url: string, body: Record<string, unknown>) {
  const r = await post<CreateTableResponse>(url, '/api/tables', body);
  expect(r.status).toBe(201);
  return r.body;
}

interface TableRow {
  status: string;
}

describe('crash safety', () => {
  it('SIGKILL in the middle of games with bots and clocks: every acknowledged move survives, play goes on', async () => {
    const db = tempDb();
    server = await startChild(db, ['--bot-delay', '20']);
    const url = server.url;

    // A: two people playing Knights on a clock (per game, with increment).
    const a = await create(url, {
      game: 'knights',
      seats: [{ type: 'human' }, { type: 'human' }],
      name: 'Aetius',
      clock: { mode: 'game', initialMs: 120_000, incrementMs: 1_000 },
    });
    const aJoin = (await post<SeatGrant>(url, `/api/tables/${a.table.id}/join`, { name: 'Attila' })).body;
    const aGrants = [
      { seat: 0, token: a.token as string },
      { seat: 1, token: aJoin.token },
    ];
    // B: a person against two bots in Tribes, on a per-move clock with bot take-over.
    const b = await create(url, {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }, { type: 'bot', bot: 'random' }, { type: 'bot', bot: 'random' }],
      name: 'Honoria',
      clock: { mode: 'move', moveMs: 60_000 },
      takeover: 'random',
    });
    // C: bots only, playing by themselves the whole time.
    const c = await create(url, {
      game: 'tribes',
      settings: { players: 2 },
      seats: [
        { type: 'bot', bot: 'random' },
        { type: 'bot', bot: 'random' },
      ],
    });

    // Play A for a while, remembering every move the server acknowledged.
    const aPlayers = await seatClients(url, a.table.id, aGrants);
    const acked = new Map<number, string>();
    for (let i = 0; i < 6; i++) {
      const seat = i % 2;
      const client = aPlayers[seat].client;
      const snap =
        i === 0 ? client.welcome().snapshot : (await client.next('update', (m) => m.seq === i)).snapshot;
      const move = snap?.legalMoves[0] as string;
      client.send({ type: 'move', seq: i, move, ref: `a${i}` });
      const ack = await client.next('ack', (m) => m.ref === `a${i}`);
      acked.set(ack.seq, move);
    }
    // B: the person makes a few moves between the bots'.
    const [bPlayer] = await seatClients(url, b.table.id, [{ seat: 0, token: b.token as string }]);
    const bAcked: number[] = [];
    await playRandomly([bPlayer], 'crash-b', 4, 30_000).catch(() => 0);
    for (const m of bPlayer.client.received) if (m.type === 'ack') bAcked.push(m.seq);
    // C's bots have made a move (on a busy machine the first bot thought of a fresh process can take seconds).
    const cSeq = async () =>
      (await get<{ table: { seq: number } }>(url, `/api/tables/${c.table.id}`)).body.table.seq;
    await expect.poll(cSeq, { timeout: 20_000 }).toBeGreaterThan(0);
    // One last move on A, and the server dies right after acknowledging it.
    const last = aPlayers[0].client;
    const lastSnap = (await last.next('update', (m) => m.seq === 6)).snapshot;
    // A chat message, stored before it is shown.
    aPlayers[1].client.send({ type: 'chat', text: 'see you after the crash' });
    await aPlayers[0].client.next('chat');
    last.send({ type: 'move', seq: 6, move: lastSnap.legalMoves[0], ref: 'last' });
    const lastAck = await last.next('ack', (m) => m.ref === 'last');
    acked.set(lastAck.seq, lastSnap.legalMoves[0]);
    await kill(server, 'SIGKILL');
    for (const p of [...aPlayers, bPlayer]) p.client.close();

    // Straight from the database file: every acknowledged move is there, exactly as sent.
    const file = new Database(db, { readonly: true });
    const movesOf = (id: string) =>
      file.prepare('SELECT seq, move FROM moves WHERE table_id = ? ORDER BY seq').all(id) as {
        seq: number;
        move: string;
      }[];
    const aMoves = movesOf(a.table.id);
    for (const [seq, move] of acked) expect(aMoves.find((m) => m.seq === seq)?.move).toBe(move);
    expect(aMoves.map((m) => m.seq)).toEqual(aMoves.map((_, i) => i + 1));
    const bMoves = movesOf(b.table.id);
    for (const seq of bAcked) expect(bMoves.some((m) => m.seq === seq)).toBe(true);
    const cBefore = movesOf(c.table.id).length;
    expect(cBefore).toBeGreaterThan(0);
    const statusOf = (id: string) =>
      (file.prepare('SELECT status FROM tables WHERE id = ?').get(id) as TableRow).status;
    expect(statusOf(a.table.id)).toBe('playing');
    file.close();

    // Restart on the same database: the games are where they were, clocks included.
    server = await startChild(db, ['--bot-delay', '20']);
    const url2 = server.url;
    const aInfo = await get<{ table: { seq: number; status: string } }>(url2, `/api/tables/${a.table.id}`);
    expect(aInfo.body.table).toMatchObject({ seq: aMoves.length, status: 'playing' });
    // The clients come back with the last sequence number they saw and catch up.
    const back = await Promise.all(
      aGrants.map(async (g) => {
        const client = await TestClient.connect(url2);
        client.send({ type: 'hello', table: a.table.id, seat: g.seat, token: g.token, since: 5 });
        return { client, seat: g.seat };
      }),
    );
    const welcome = await back[1].client.next('welcome');
    expect(welcome.missed?.map((m) => m.seq)).toEqual([6, 7]);
    expect(welcome.snapshot?.seq).toBe(7);
    expect(welcome.chat.map((m) => m.text)).toEqual(['see you after the crash']);
    const clock = welcome.snapshot?.clock;
    expect(clock?.running).toEqual([1]);
    expect(clock?.remainingMs[1]).toBeGreaterThan(100_000);
    expect(clock?.remainingMs[1]).toBeLessThanOrEqual(123_000);
    await back[0].client.next('welcome');
    // Play goes on, to the end of every game.
    await playRandomly(back, 'after-crash', 10_000, 60_000);
    const bBack = await TestClient.connect(url2);
    bBack.send({
      type: 'hello',
      table: b.table.id,
      seat: 0,
      token: b.token as string,
      since: bAcked.at(-1) ?? 0,
    });
    await bBack.next('welcome');
    await playRandomly([{ client: bBack, seat: 0 }], 'b-after-crash', 10_000, 90_000);
    const watcher = await TestClient.connect(url2);
    watcher.send({ type: 'hello', table: c.table.id });
    const cWelcome = await watcher.next('welcome');
    if (cWelcome.table.status !== 'finished')
      await watcher.next('table', (m) => m.table.status === 'finished', 90_000);
    for (const id of [a.table.id, b.table.id, c.table.id]) {
      const r = await get<{ moves: string[] }>(url2, `/api/tables/${id}/record`);
      expect(r.status).toBe(200);
    }
    const cRecord = await get<{ moves: string[] }>(url2, `/api/tables/${c.table.id}/record`);
    expect(cRecord.body.moves.length).toBeGreaterThan(cBefore);
    for (const cl of [...back.map((p) => p.client), bBack, watcher]) cl.close();
  }, 180_000);
});
