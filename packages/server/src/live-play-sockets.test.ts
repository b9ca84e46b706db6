import { replayMoves } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, Snapshot, TableInfo } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { get, post } from './test-support/http.js';
import { playRandomly, seatClients, type Seated } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function knightsTable() {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  const id = created.body.table.id;
  const j = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Attila' });
  const grants = [
    { seat: 0, token: created.body.token as string },
    { seat: j.body.seat, token: j.body.token },
  ];
  return { id, grants, players: await seatClients(server.url, id, grants) };
}

/** The newest snapshot a client holds, as the web client keeps it (a welcome or news replaces it). */
function latest(c: TestClient): Snapshot {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const m = c.received[i];
    if ((m.type === 'update' || m.type === 'table' || m.type === 'welcome') && m.snapshot) return m.snapshot;
  }
  throw new Error('no snapshot');
}

/** The player to act makes its first legal move and waits until both have heard of it. */
async function step(players: Seated[]): Promise<number> {
  const s = latest(players[0].client);
  const mover = players.find((p) => s.toAct.includes(p.seat));
  if (!mover) throw new Error('nobody to act');
  const move = latest(mover.client).legalMoves[0];
  mover.client.send({ type: 'move', seq: s.seq, move });
  for (const p of players) await p.client.next('update', (m) => m.seq === s.seq + 1);
  return mover.seat;
}

const tableNews = (c: TestClient, pred: (t: TableInfo) => boolean) => c.next('table', (m) => pred(m.table));
const errorOf = (c: TestClient, code: string) => c.next('error', (m) => m.code === code);

describe('live play over sockets: takeback, resign, abort, rematch', { timeout: 60_000 }, () => {
  it('a takeback asked and accepted: both are told, the stored moves are the line, a reconnect is brought back right', async () => {
    const { id, grants, players } = await knightsTable();
    const [a, b] = players;
    await step(players);
    await step(players);
    const third = await step(players);
    const asker = players[third];
    const answerer = players[1 - third];
    // The answerer's second tab goes away before the takeback and comes back after a new move.
    const away = await TestClient.connect(server.url);
    away.send({ type: 'hello', table: id, ...grants[answerer.seat] });
    await away.next('welcome');
    away.close();

    asker.client.send({ type: 'takeback' });
    const asked = await tableNews(answerer.client, (t) => t.play.takeback !== null);
    expect(asked.table.play.takeback).toEqual({ seat: third, seq: 3 });
    // Only the opponent answers.
    asker.client.send({ type: 'takeback-answer', answer: 'accept' });
    expect((await errorOf(asker.client, 'takeback.own')).message).toMatch(/only your opponent/);
    answerer.client.send({ type: 'takeback-answer', answer: 'accept' });
    for (const p of [a, b]) {
      const w = await p.client.next('welcome', (m) => m.table.line === 1);
      expect(w.snapshot?.seq).toBe(2);
      expect(w.missed?.map((n) => n.seq)).toEqual([1, 2]);
      expect(w.table.play.takeback).toBeNull();
    }
    expect(latest(asker.client).toAct).toEqual([third]);
    // The asker plays another move: the game is at seq 3 again, on line 1.
    const other = latest(asker.client).legalMoves.at(-1) as string;
    asker.client.send({ type: 'move', seq: 2, move: other, line: 1 });
    await answerer.client.next('update', (m) => m.seq === 3);

    // The tab that saw seq 3 of line 0 comes back: it gets the whole log of line 1, not "nothing missed".
    const back = await TestClient.connect(server.url);
    back.send({ type: 'hello', table: id, ...grants[answerer.seat], since: 3, line: 0 });
    const w = await back.next('welcome');
    expect(w.table.line).toBe(1);
    expect(w.missed?.map((n) => n.seq)).toEqual([1, 2, 3]);
    expect(w.snapshot).toEqual(latest(answerer.client));
    // A move decided on the old line is refused as stale.
    back.send({ type: 'move', seq: 3, move: w.snapshot?.legalMoves[0], line: 0 });
    expect((await errorOf(back, 'move.stale')).message).toMatch(/taken back/);

    // Resigning ends it; the record replays from settings, seed and the stored moves to the same position.
    a.client.send({ type: 'resign' });
    const over = await tableNews(b.client, (t) => t.status === 'finished');
    expect(over.table.result).toMatchObject({ winners: [1], resigned: [0] });
    const record = await get<{ settings: unknown; seed: string; moves: string[] }>(
      server.url,
      `/api/tables/${id}/record`,
    );
    expect(record.body.moves).toHaveLength(3);
    expect(record.body.moves[2]).toBe(other);
    const settings = knightsGame.parseSettings(record.body.settings);
    if (!settings.ok) throw new Error(settings.error.message);
    const replay = replayMoves(knightsGame, settings.value, record.body.seed, record.body.moves);
    expect(replay.ok && knightsGame.view(replay.value.states[3], 'spectator')).toEqual(latest(b.client).view);
    for (const c of [a.client, b.client, back]) c.close();
  });

  it('"never" refuses the request and every later one at once; refusals say what is allowed', async () => {
    const { players } = await knightsTable();
    const [a, b] = players;
    a.client.send({ type: 'takeback' });
    expect((await errorOf(a.client, 'takeback.no-move')).message).toMatch(/not moved yet/);
    b.client.send({ type: 'takeback-answer', answer: 'refuse' });
    expect((await errorOf(b.client, 'takeback.none')).message).toMatch(/only after your opponent asks/);
    const mover = await step(players);
    players[mover].client.send({ type: 'takeback' });
    await tableNews(players[1 - mover].client, (t) => t.play.takeback !== null);
    players[1 - mover].client.send({ type: 'takeback-answer', answer: 'never' });
    await tableNews(players[mover].client, (t) => t.play.noTakebacks.includes(1 - mover));
    players[mover].client.send({ type: 'takeback' });
    expect((await errorOf(players[mover].client, 'takeback.refused-for-good')).message).toBe(
      `seat ${1 - mover} refuses every takeback in this game`,
    );
    // Still at move 1: nothing was taken back.
    expect(latest(a.client).seq).toBe(1);
    for (const p of players) p.client.close();
  });

  it('abort before each seat has moved: no winner, marked aborted; refused once both have moved', async () => {
    const first = await knightsTable();
    await step(first.players);
    first.players[0].client.send({ type: 'abort' });
    const news = await tableNews(first.players[1].client, (t) => t.status === 'finished');
    expect(news.table.result).toEqual({ winners: [], reason: 'aborted', aborted: true });
    const second = await knightsTable();
    await step(second.players);
    await step(second.players);
    second.players[1].client.send({ type: 'abort' });
    expect((await errorOf(second.players[1].client, 'abort.moved')).message).toMatch(/resign instead/);
    for (const p of [...first.players, ...second.players]) p.client.close();
  });

  it('rematch: who accepted is shown; once both have, a new table with sides swapped that the same tokens hold', async () => {
    const { id, grants, players } = await knightsTable();
    await step(players);
    players[1].client.send({ type: 'resign' });
    await tableNews(players[0].client, (t) => t.status === 'finished');
    players[0].client.send({ type: 'rematch', accept: true });
    const half = await tableNews(players[1].client, (t) => t.play.rematch !== null);
    expect(half.table.play.rematch).toMatchObject({ accepted: [0], table: null });
    players[1].client.send({ type: 'rematch', accept: true });
    const on = await tableNews(players[0].client, (t) => t.play.rematch?.table != null);
    const rematch = on.table.play.rematch;
    expect(rematch?.seats).toEqual([1, 0]);
    const fresh = await get<{ table: TableInfo }>(server.url, `/api/tables/${rematch?.table}`);
    expect(fresh.body.table).toMatchObject({
      status: 'playing',
      seq: 0,
      seats: [{ name: 'Attila' }, { name: 'Aetius' }],
    });
    expect(fresh.body.table.id).not.toBe(id);
    // Aetius (seat 0) sits at seat 1 of the new table with the same token.
    const again = await TestClient.connect(server.url);
    again.send({ type: 'hello', table: rematch?.table, seat: 1, token: grants[0].token });
    expect((await again.next('welcome')).seat).toBe(1);
    players[0].client.send({ type: 'rematch', accept: true });
    expect((await errorOf(players[0].client, 'rematch.started')).message).toContain(rematch?.table);
    for (const c of [again, ...players.map((p) => p.client)]) c.close();
  });

  it('Tribes, 3 people: one resigns, a bot plays the seat on, the others play on; it cannot take the seat back', async () => {
    const created = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'tribes',
      settings: { players: 3 },
      seats: [{ type: 'human' }, { type: 'human' }, { type: 'human' }],
      name: 'Ann',
    });
    const id = created.body.table.id;
    const grants = [{ seat: 0, token: created.body.token as string }];
    for (const name of ['Ben', 'Cid']) {
      const j = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name });
      grants.push({ seat: j.body.seat, token: j.body.token });
    }
    const players = await seatClients(server.url, id, grants);
    players[2].client.send({ type: 'resign' });
    const news = await tableNews(players[0].client, (t) => t.play.resigned.includes(2));
    expect(news.table.status).toBe('playing');
    expect(news.table.seats[2].controller).toBe('bot');
    players[2].client.send({ type: 'reclaim' });
    expect((await errorOf(players[2].client, 'reclaim.resigned')).message).toMatch(/bot plays it/);
    // The bot answers for seat 2 whenever it is to act: the others' moves get the game on.
    const made = await playRandomly(players.slice(0, 2), 'tribes-resign', 12, 15_000);
    expect(made).toBe(12);
    await players[0].client.next('update', (m) => m.seat === 2 && m.seq > news.table.seq);
    for (const p of players) p.client.close();
  });
});
