/**
 * The ladder's storage on both databases: a pairing written before its table, dropped when its table never
 * came; a game rated once only, however often a restarted ladder asks; ratings per pool.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Rating } from '@attila/ratings';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { tempDb } from '../test-support/http.js';
import { PostgresStorage } from '../storage/postgres.js';
import { SqliteStorage } from '../storage/sqlite.js';
import type { Storage } from '../storage/types.js';
import { LadderStore } from './ladder-store.js';
import { skipWithout } from '../test-support/skip-without.js';

const schema = freshSchema();
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

const backends: [string, boolean, () => Promise<Storage>][] = [
  ['SQLite', true, async () => new SqliteStorage(tempDb())],
  ['PostgreSQL', postgresUp, () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema })],
];

const after = (rating: number): Rating => ({
  rating,
  deviation: 200,
  volatility: 0.09,
  games: 1,
  lastGameAt: 1000,
});

describe.each(backends)('the ladder store on %s', (_name, up, open) => {
  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'rates a game once; drops a pairing without a table; ordinals follow the rows',
    async () => {
      const storage = await open();
      const store = new LadderStore(storage.accounts.sql);
      try {
        expect(await store.nextOrdinal()).toBe(0);
        const game = {
          tableId: 'ladder-t-1',
          ordinal: 0,
          pool: 'knights' as const,
          players: ['level:random', 'level:hard'],
          createdAt: 10,
        };
        await store.addGame(game);
        await store.addGame({ ...game, tableId: 'ladder-t-2', ordinal: 1 });
        expect(await store.nextOrdinal()).toBe(2);
        const row = (await store.unrated())[0];
        const ratings = new Map([
          ['level:random', after(1300)],
          ['level:hard', after(1700)],
        ]);
        expect(await store.rate(row, [1, 0], ratings, 1000)).toBe(true);
        // Asked again (a restarted ladder): nothing written twice.
        expect(await store.rate(row, [1, 0], new Map([['level:hard', after(9)]]), 2000)).toBe(false);
        expect((await store.ratings('knights')).get('level:hard')?.rating).toBe(1700);
        expect(await store.ratings('tribes-3')).toEqual(new Map());
        expect(await store.countRated()).toBe(1);
        expect((await store.recentRated(10)).map((g) => [g.tableId, g.places, g.ratedAt])).toEqual([
          ['ladder-t-1', [1, 0], 1000],
        ]);
        // The second pairing's table never came: dropped, and its ordinal is the next game's again.
        await store.dropGame('ladder-t-2');
        expect((await store.unrated()).map((g) => g.tableId)).toEqual([]);
        expect(await store.nextOrdinal()).toBe(1);
        // A rated game is never dropped.
        await store.dropGame('ladder-t-1');
        expect(await store.countRated()).toBe(1);
      } finally {
        await storage.close();
      }
    },
  );
});
