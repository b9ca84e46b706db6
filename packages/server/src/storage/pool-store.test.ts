/**
 * The pools' store on both databases: joining keeps one waiting entry per player, leaving needs the token,
 * dead entries expire; and on PostgreSQL, two stores (two processes) pairing the same pool at the same
 * moment never both take an entry: the second run waits for the first's lock and reads what it marked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempDb } from '../test-support/http.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import type { StoredPoolEntry } from './pool-store.js';
import { PostgresStorage } from './postgres.js';
import { SqliteStorage } from './sqlite.js';
import type { Storage } from './types.js';
import { skipWithout } from '../test-support/skip-without.js';

const schema = freshSchema();
const opened: Storage[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
  if (postgresUp) await dropSchema(schema);
});

const POOL = 'knights/fast/2/casual';
const entry = (id: string, player = `p-${id}`, seenAt = 1000): StoredPoolEntry => ({
  id,
  pool: POOL,
  playerId: player,
  name: id,
  rating: 1500,
  tokenHash: `hash-${id}`,
  botsAfterMs: null,
  joinedAt: seenAt,
  seenAt,
  tableId: null,
  seat: null,
});

const stores: [string, boolean, () => Promise<Storage>][] = [
  ['SQLite', true, async () => new SqliteStorage(tempDb())],
  ['PostgreSQL', postgresUp, () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema })],
];

describe.each(stores)('pool entries on %s', (_name, up, open) => {
  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'one waiting entry per player; leaving needs its token; the dead expire',
    async () => {
      const s = await open();
      opened.push(s);
      await s.pools.join(entry('a1', 'alice'));
      await s.pools.join(entry('a2', 'alice'));
      expect(await s.pools.entry('a1')).toBeNull();
      expect((await s.pools.entry('a2'))?.playerId).toBe('alice');
      expect(await s.pools.leave('a2', 'hash-wrong')).toBe(false);
      expect(await s.pools.leave('a2', 'hash-a2')).toBe(true);
      expect(await s.pools.entry('a2')).toBeNull();

      await s.pools.join(entry('old', 'bob', 1000));
      await s.pools.join(entry('fresh', 'carol', 5000));
      expect(await s.pools.activePools(4000)).toEqual([POOL]);
      await s.pools.touch(['old'], 6000);
      expect(await s.pools.expire(5500, 0)).toBe(1); // fresh, not seen since 5000
      expect(await s.pools.entry('fresh')).toBeNull();
      expect((await s.pools.entry('old'))?.seenAt).toBe(6000);
      await s.pools.leave('old', 'hash-old');
    },
  );
});

describe('two processes pairing one pool at once (PostgreSQL)', () => {
  it.skipIf(skipWithout(postgresUp, 'PostgreSQL'))(
    'the second run waits for the first and sees its entries taken',
    async () => {
      const [one, two] = [
        await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
        await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
      ];
      opened.push(one, two);
      await one.pools.join(entry('x', 'xavier', 10_000));
      await two.pools.join(entry('y', 'yvonne', 10_000));
      const seenBy: Record<string, string[]> = {};
      let firstInside!: () => void;
      const inside = new Promise<void>((r) => (firstInside = r));
      const first = one.pools.pairUnderLock(POOL, 0, async (waiting, tx) => {
        seenBy.one = waiting.map((e) => e.id);
        firstInside();
        // Holds the lock a while: the other process's run must wait, not read the same entries.
        await new Promise((r) => setTimeout(r, 400));
        for (const [seat, e] of waiting.entries()) expect(await tx.seat(e.id, 'table-1', seat)).toBe(true);
      });
      await inside;
      const second = two.pools.pairUnderLock(POOL, 0, async (waiting) => {
        seenBy.two = waiting.map((e) => e.id);
      });
      await Promise.all([first, second]);
      expect(seenBy.one.sort()).toEqual(['x', 'y']);
      expect(seenBy.two).toEqual([]);
      expect((await two.pools.entry('x'))?.tableId).toBe('table-1');
    },
  );
});
