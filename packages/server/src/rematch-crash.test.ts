/**
 * A rematch writes three things: its table, its seats' players (the same people) and the finished table's
 * pointer to it. They commit as one transaction: storage failing right after the new table is written, or
 * right after the pointer is, leaves none of them (no started table that nobody is told of, no pointer to a
 * table that is not there), and the player accepting again gets the whole rematch. On SQLite and on
 * PostgreSQL, each the real store.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse, SeatGrant, TableInfo } from '@attila/protocol';
import { startServer, type RunningServer } from './server.js';
import { PostgresStorage } from './storage/postgres.js';
import { SqliteStorage } from './storage/sqlite.js';
import type { Storage } from './storage/types.js';
import type { TestClient } from './test-support/client.js';
import { crashOnceAfter, type CrashOnce } from './test-support/crash-once.js';
import { tempDb } from './test-support/http.js';
import { seatClients } from './test-support/play.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from './test-support/services.js';
import { QUIET_SERVER } from './test-support/test-server.js';
import { Visitor } from './test-support/visitor.js';
import { skipWithout } from './test-support/skip-without.js';

const schemas: string[] = [];
const stores = [
  { name: 'SQLite', up: true, open: async (): Promise<Storage> => new SqliteStorage(tempDb()) },
  {
    name: 'PostgreSQL',
    up: postgresUp,
    open: (): Promise<Storage> => {
      schemas.push(freshSchema());
      return PostgresStorage.open({ connectionString: POSTGRES_URL, schema: schemas.at(-1) });
    },
  },
];
afterAll(async () => {
  for (const schema of schemas) await dropSchema(schema);
});

/** A storage that fails once in the middle of a rematch's transaction; the rematch table's id it saw. */
type Crash = (real: Storage) => { crash: CrashOnce; rematch: () => string | null };

const crashes: Record<string, Crash> = {
  'right after its table is written': (real) => {
    let rematch: string | null = null;
    // Only a rematch's table is created already started.
    const crash = crashOnceAfter(real, 'createTable', (table) => {
      if (table.status !== 'playing') return false;
      rematch = table.id;
      return true;
    });
    return { crash, rematch: () => rematch };
  },
  "right after the finished table's pointer to it is written": (real) => {
    let rematch: string | null = null;
    const crash = crashOnceAfter(real, 'updateTable', (_, patch) => {
      rematch = patch.play?.rematch?.table ?? null;
      return rematch !== null;
    });
    return { crash, rematch: () => rematch };
  },
};

/** Two guests (players of their own: their seats are theirs) at a Knights game that seat 1 resigned. */
async function finishedGame(url: string) {
  const [a, b] = [new Visitor(url), new Visitor(url)];
  for (const v of [a, b]) expect((await v.post('/api/me/guest', {})).status).toBe(201);
  const created = await a.post<CreateTableResponse>('/api/tables', {
    game: 'knights',
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  const id = created.body.table.id;
  const joined = await b.post<SeatGrant>(`/api/tables/${id}/join`, { name: 'Attila' });
  const players = await seatClients(url, id, [
    { seat: 0, token: created.body.token as string },
    { seat: joined.body.seat, token: joined.body.token },
  ]);
  players[1].client.send({ type: 'resign' });
  await tableNews(players[0].client, (t) => t.status === 'finished');
  return { id, players };
}

const tableNews = (c: TestClient, pred: (t: TableInfo) => boolean) => c.next('table', (m) => pred(m.table));

describe.each(stores)('a rematch that fails halfway ($name)', ({ up, open }) => {
  let server: RunningServer | null = null;
  afterAll(() => server?.close());

  it.skipIf(skipWithout(up, 'PostgreSQL')).each(Object.entries(crashes))(
    'failing %s: nothing of it is stored; accepted again, the rematch is whole',
    async (_, crashIn) => {
      const { crash, rematch } = crashIn(await open());
      const storage = crash.storage;
      server = await startServer({ ...QUIET_SERVER, storage, httpRate: false });
      const { id, players } = await finishedGame(server.url);
      const before = [0, 1].map((seat) => storage.accounts.seatPlayer(id, seat));
      const people = await Promise.all(before);
      expect(people.every((p) => p !== null)).toBe(true);

      players[0].client.send({ type: 'rematch', accept: true });
      await tableNews(players[1].client, (t) => t.play.rematch !== null);
      players[1].client.send({ type: 'rematch', accept: true });
      await players[1].client.next('error', (m) => m.code === 'server.error');
      const lost = rematch();
      expect(lost, 'the rematch was under way when storage failed').not.toBeNull();
      expect(crash.crashedAfter()).not.toBeNull();
      // None of it stayed: no rematch table (nor its seats), and the finished table points nowhere.
      expect(await storage.getTable(lost!)).toBeNull();
      expect(await storage.activeTables()).toEqual([]);
      expect((await storage.getTable(id))?.play?.rematch).toMatchObject({ accepted: [0], table: null });

      players[1].client.send({ type: 'rematch', accept: true });
      const on = await tableNews(players[0].client, (t) => t.play.rematch?.table != null);
      const again = on.table.play.rematch!.table!;
      expect(again).not.toBe(lost);
      expect((await storage.getTable(id))?.play?.rematch?.table).toBe(again);
      expect((await storage.activeTables()).map((t) => t.id)).toEqual([again]);
      // Sides swapped, each seat the same person's.
      expect(await storage.accounts.seatPlayer(again, 1)).toBe(people[0]);
      expect(await storage.accounts.seatPlayer(again, 0)).toBe(people[1]);
      for (const p of players) p.client.close();
      await server.close();
      server = null;
    },
    30_000,
  );
});
