import { describe, expect, it } from 'vitest';
import { TestClient } from './test-support/client.js';
import { playRandomly } from './test-support/play.js';
import { knightsAcross, SHARED_UP, twoSharedServers } from './test-support/shared-servers.js';
import { skipWithout } from './test-support/skip-without.js';

const servers = twoSharedServers();

describe('two server processes sharing PostgreSQL and Redis', () => {
  it.skipIf(skipWithout(SHARED_UP, 'PostgreSQL and Redis'))(
    'a game created on one server is played from both; each sees every move',
    async () => {
      const [one, two] = servers;
      // The Huns join through the other server.
      const { id, grants } = await knightsAcross(one.url, two.url);
      const romans = await TestClient.connect(one.url);
      romans.send({ type: 'hello', table: id, ...grants[0] });
      await romans.next('welcome');
      const huns = await TestClient.connect(two.url);
      huns.send({ type: 'hello', table: id, ...grants[1] });
      const w = await huns.next('welcome');
      expect(w.table.status).toBe('playing');
      const watcher = await TestClient.connect(two.url);
      watcher.send({ type: 'hello', table: id });
      await watcher.next('welcome');
      const moves = await playRandomly(
        [
          { client: romans, seat: 0 },
          { client: huns, seat: 1 },
        ],
        'shared',
      );
      const last = await watcher.next('update', (m) => m.seq === moves, 10_000);
      expect(last.snapshot.result).not.toBeNull();
      for (const c of [romans, huns, watcher]) {
        const seqs = c.received.flatMap((m) => (m.type === 'update' ? [m.seq] : []));
        expect(seqs).toEqual(Array.from({ length: moves }, (_, i) => i + 1));
        c.close();
      }
    },
  );
});
