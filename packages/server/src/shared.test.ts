import { describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { TestClient } from './test-support/client.js';
import { post } from './test-support/http.js';
import { playRandomly } from './test-support/play.js';
import { SHARED_UP, twoSharedServers } from './test-support/shared-servers.js';

const servers = twoSharedServers();

describe('two server processes sharing PostgreSQL and Redis', () => {
  it.skipIf(!SHARED_UP)(
    'a game created on one server is played from both; each sees every move',
    async () => {
      const [one, two] = servers;
      const created = await post<CreateTableResponse>(one.url, '/api/tables', {
        game: 'knights',
        seats: [{ type: 'human' }, { type: 'human' }],
        name: 'Aetius',
      });
      const id = created.body.table.id;
      // The Huns join through the other server.
      const j = await post<SeatGrant>(two.url, `/api/tables/${id}/join`, { name: 'Attila' });
      expect(j.status).toBe(200);
      const romans = await TestClient.connect(one.url);
      romans.send({ type: 'hello', table: id, seat: 0, token: created.body.token as string });
      await romans.next('welcome');
      const huns = await TestClient.connect(two.url);
      huns.send({ type: 'hello', table: id, seat: 1, token: j.body.token });
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
