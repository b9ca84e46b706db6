import { describe, expect, it } from 'vitest';
import type { Snapshot } from '@attila/protocol';
import { TestClient } from './test-support/client.js';
import { get } from './test-support/http.js';
import { knightsAcross, SHARED_UP, twoSharedServers } from './test-support/shared-servers.js';
import { skipWithout } from './test-support/skip-without.js';

const servers = twoSharedServers();

function latest(c: TestClient): Snapshot {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const m = c.received[i];
    if ((m.type === 'update' || m.type === 'table' || m.type === 'welcome') && m.snapshot) return m.snapshot;
  }
  throw new Error('no snapshot');
}

describe('takebacks with two server processes sharing PostgreSQL and Redis', () => {
  it.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))(
    'a takeback accepted through one process reaches sockets on both; the next moves go on from the line',
    async () => {
      const [one, two] = servers;
      const { id, grants } = await knightsAcross(one.url, two.url);
      const clients = [await TestClient.connect(one.url), await TestClient.connect(two.url)];
      clients.forEach((c, seat) => c.send({ type: 'hello', table: id, ...grants[seat] }));
      for (const c of clients) await c.next('welcome');
      const watcher = await TestClient.connect(one.url);
      watcher.send({ type: 'hello', table: id });
      await watcher.next('welcome');
      const play = async () => {
        const s = latest(clients[0]);
        const seat = s.toAct[0];
        clients[seat].send({ type: 'move', seq: s.seq, move: latest(clients[seat]).legalMoves[0] });
        for (const c of [...clients, watcher]) await c.next('update', (m) => m.seq === s.seq + 1);
        return seat;
      };
      await play();
      const mover = await play();
      clients[mover].send({ type: 'takeback' });
      await clients[1 - mover].next('table', (m) => m.table.play.takeback !== null);
      clients[1 - mover].send({ type: 'takeback-answer', answer: 'accept' });
      for (const c of [...clients, watcher]) {
        const w = await c.next('welcome', (m) => m.table.line === 1);
        expect(w.snapshot?.seq).toBe(1);
        expect(w.missed?.map((n) => n.seq)).toEqual([1]);
      }
      // Both processes go on from the line: moves 2 and 3 again, heard once each everywhere.
      await play();
      await play();
      for (const c of [...clients, watcher]) {
        const afterTakeback = c.received.slice(
          c.received.findIndex((m) => m.type === 'welcome' && m.table.line === 1),
        );
        expect(afterTakeback.flatMap((m) => (m.type === 'update' ? [m.seq] : []))).toEqual([2, 3]);
      }
      const table = await get<{ table: { seq: number; line: number } }>(two.url, `/api/tables/${id}`);
      expect(table.body.table).toMatchObject({ seq: 3, line: 1 });
      for (const c of [...clients, watcher]) c.close();
    },
  );
});
