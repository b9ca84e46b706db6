import { replayMoves } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { type RunningServer } from './server.js';
import { TestClient } from './test-support/client.js';
import { get, post } from './test-support/http.js';
import { playRandomly, seatClients } from './test-support/play.js';
import { startTestServer } from './test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function knightsTable(settings: Record<string, unknown> = {}) {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    settings,
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  expect(created.status).toBe(201);
  const id = created.body.table.id;
  const j = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Attila' });
  return {
    id,
    grants: [
      { seat: 0, token: created.body.token as string },
      { seat: j.body.seat, token: j.body.token },
    ],
  };
}

describe('Knights over WebSockets', { timeout: 60_000 }, () => {
  it('plays whole games on several layouts; the record replays to the same result', async () => {
    for (const settings of [{}, { layout: 'cross', first: 'H' }, { layout: 'ring', first: 'R' }]) {
      const { id, grants } = await knightsTable(settings);
      const players = await seatClients(server.url, id, grants);
      const moves = await playRandomly(players, `knights-${JSON.stringify(settings)}`);
      const table = await get<{ table: { status: string; seq: number; result: { winners: number[] } } }>(
        server.url,
        `/api/tables/${id}`,
      );
      expect(table.body.table).toMatchObject({ status: 'finished', seq: moves });
      const record = await get<{
        settings: unknown;
        seed: string;
        moves: string[];
        result: { winners: number[] };
      }>(server.url, `/api/tables/${id}/record`);
      const parsed = knightsGame.parseSettings(record.body.settings);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const replay = replayMoves(knightsGame, parsed.value, record.body.seed, record.body.moves);
      if (!replay.ok) throw new Error(replay.error.message);
      const final = replay.value.states[replay.value.states.length - 1];
      expect(knightsGame.result(final)?.winners).toEqual(record.body.result.winners);
      expect(table.body.table.result.winners).toEqual(record.body.result.winners);
      // Every update was numbered in order, with no gap, for both seats.
      for (const p of players) {
        const seqs = p.client.received.flatMap((m) => (m.type === 'update' ? [m.seq] : []));
        expect(seqs).toEqual(Array.from({ length: moves }, (_, i) => i + 1));
        p.client.close();
      }
    }
  });

  it('a reconnecting client gets what it missed; two tabs of one seat both work', async () => {
    const { id, grants } = await knightsTable();
    const [romans, huns] = await seatClients(server.url, id, grants);
    const tab2 = await TestClient.connect(server.url);
    tab2.send({ type: 'hello', table: id, seat: 0, token: grants[0].token });
    await tab2.next('welcome');
    // The first tab moves; the second tab of the same seat sees the update.
    const first = romans.client.welcome().snapshot?.legalMoves[0] as string;
    romans.client.send({ type: 'move', seq: 0, move: first });
    expect((await tab2.next('update')).seq).toBe(1);
    // The Huns drop off; meanwhile two more moves are played (one of them from the second tab).
    huns.client.close();
    const hunsMove = (await huns.client.next('update')).snapshot.legalMoves[0];
    const other = await TestClient.connect(server.url);
    other.send({ type: 'hello', table: id, seat: 1, token: grants[1].token });
    await other.next('welcome');
    other.send({ type: 'move', seq: 1, move: hunsMove });
    const u2 = await tab2.next('update', (m) => m.seq === 2);
    tab2.send({ type: 'move', seq: 2, move: u2.snapshot.legalMoves[0] });
    expect((await tab2.next('ack')).seq).toBe(3);
    other.close();
    // Back with the last sequence number seen (1): it gets moves 2 and 3, then the view now.
    const back = await TestClient.connect(server.url);
    back.send({ type: 'hello', table: id, seat: 1, token: grants[1].token, since: 1 });
    const w = await back.next('welcome');
    expect(w.missed?.map((m) => [m.seq, m.seat])).toEqual([
      [2, 1],
      [3, 0],
    ]);
    expect(w.snapshot?.seq).toBe(3);
    expect(w.snapshot?.toAct).toEqual([1]);
    // Without `since`: a full fresh view only.
    const fresh = await TestClient.connect(server.url);
    fresh.send({ type: 'hello', table: id, seat: 1, token: grants[1].token });
    expect((await fresh.next('welcome')).missed).toBeNull();
    for (const c of [romans.client, tab2, back, fresh]) c.close();
  });

  it('a bot seat answers a person, and a finished game is a downloadable record', async () => {
    const created = await post<CreateTableResponse>(server.url, '/api/tables', {
      game: 'knights',
      settings: {},
      seats: [{ type: 'human' }, { type: 'bot', bot: 'greedy' }],
      name: 'Aetius',
      listed: false,
    });
    expect(created.body.table.status).toBe('playing');
    const listed = await get<{ tables: { id: string }[] }>(server.url, '/api/tables');
    expect(listed.body.tables.map((t) => t.id)).not.toContain(created.body.table.id);
    const [me] = await seatClients(server.url, created.body.table.id, [
      { seat: 0, token: created.body.token as string },
    ]);
    await playRandomly([me], 'vs-bot');
    const record = await fetch(`${server.url}/api/tables/${created.body.table.id}/record`);
    expect(record.headers.get('content-disposition')).toMatch(/attachment/);
    const body = (await record.json()) as { format: string; players: { kind: string }[] };
    expect(body.format).toBe('attila-record');
    expect(body.players.map((p) => p.kind)).toEqual(['human', 'bot']);
    me.client.close();
  });
});
