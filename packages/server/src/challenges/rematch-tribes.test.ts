/**
 * The rematch offer covers every seat (issue 20): a 3-seat Tribes game made from a challenge ends, the
 * rematch starts only once all three people accepted, and its table has the same players at the same seats
 * (more than two players keep their seats), each held by the token that held it before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableInfo } from '@attila/protocol';
import type { ChallengeView } from '@attila/protocol/challenges';
import { type RunningServer } from '../server.js';
import { TestClient } from '../test-support/client.js';
import { seatClients } from '../test-support/play.js';
import { Visitor } from '../test-support/visitor.js';
import { startTestServer } from '../test-support/test-server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    httpRate: false,
  });
});
afterAll(() => server.close());

async function account(name: string): Promise<Visitor> {
  const v = new Visitor(server.url);
  await v.post('/api/me/guest');
  expect((await v.post('/api/account/claim', { name, password: 'a good long password' })).status).toBe(200);
  return v;
}

type One = { challenge: ChallengeView };
const tableNews = (c: TestClient, pred: (t: TableInfo) => boolean) => c.next('table', (m) => pred(m.table));

describe('rematch of a 3-seat Tribes game', { timeout: 60_000 }, () => {
  it('needs all three; the new table has the same seats, held by the same tokens and accounts', async () => {
    const people = [await account('Fritigern'), await account('Alatheus'), await account('Saphrax')];
    const made = await people[0].post<One>('/api/challenges', {
      game: 'tribes',
      settings: { players: 3 },
      players: ['Alatheus', 'Saphrax'],
    });
    const id = made.body.challenge.id;
    await people[1].post(`/api/challenges/${id}/accept`);
    await people[2].post(`/api/challenges/${id}/accept`);
    const views = await Promise.all(
      people.map(async (p) => (await p.get<One>(`/api/challenges/${id}`)).body.challenge),
    );
    const table = views[0].table!;
    const grants = views.map((v) => ({ seat: v.seat, token: v.token! }));
    const players = await seatClients(server.url, table, grants);
    // Two of three resign: the game is over.
    players[0].client.send({ type: 'resign' });
    players[1].client.send({ type: 'resign' });
    await tableNews(players[2].client, (t) => t.status === 'finished');

    players[0].client.send({ type: 'rematch', accept: true });
    players[2].client.send({ type: 'rematch', accept: true });
    const two = await tableNews(players[1].client, (t) => t.play.rematch?.accepted.length === 2);
    expect(two.table.play.rematch).toMatchObject({ accepted: [0, 2], table: null });
    players[1].client.send({ type: 'rematch', accept: true });
    const on = await tableNews(players[0].client, (t) => t.play.rematch?.table != null);
    const rematch = on.table.play.rematch!;
    expect(rematch.seats).toEqual([0, 1, 2]);
    const fresh = (await people[0].get<{ table: TableInfo }>(`/api/tables/${rematch.table}`)).body.table;
    expect(fresh).toMatchObject({ status: 'playing', seq: 0 });
    expect(fresh.seats.map((s) => s.name)).toEqual(['Fritigern', 'Alatheus', 'Saphrax']);
    for (const g of grants) {
      const again = await TestClient.connect(server.url);
      again.send({ type: 'hello', table: rematch.table, seat: g.seat, token: g.token });
      expect((await again.next('welcome')).seat).toBe(g.seat);
      again.close();
    }
    for (const p of players) p.client.close();
  });
});
