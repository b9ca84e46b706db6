import { afterAll, describe, expect, it } from 'vitest';
import { puzzleSeedRating } from '@attila/ratings';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { tempDb } from '../test-support/http.js';
import { PostgresStorage } from './postgres.js';
import { SqliteStorage } from './sqlite.js';
import type { Storage } from './types.js';
import { skipWithout } from '../test-support/skip-without.js';

const schema = freshSchema();
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

const backends: [string, boolean, () => Promise<Storage>][] = [
  ['SQLite', true, async () => new SqliteStorage(tempDb())],
  ['PostgreSQL', postgresUp, () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema })],
];

describe.each(backends)('%s puzzle ratings', (name, up, open) => {
  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    "rates an account's first attempt at a puzzle: both ratings move, in one transaction; a second attempt is not rated",
    async () => {
      const s = await open();
      const id = `pz${name}${Date.now()}`;
      await s.accounts.createPlayer({ id, displayName: 'Solver', createdAt: 1 });
      expect(await s.puzzles.playerRating(id)).toBeNull();
      const seed = puzzleSeedRating(5);
      const first = await s.puzzles.rateAttempt(id, 'abc', seed, true, 1000);
      expect(first.rated).toBe(true);
      expect(first.after.rating).toBeGreaterThan(1500);
      expect((await s.puzzles.playerRating(id))?.rating).toBeCloseTo(first.after.rating, 6);
      const stored = (await s.puzzles.puzzleRatings()).get('abc');
      expect(stored?.rating).toBeLessThan(seed.rating);
      expect(stored?.games).toBe(1);
      expect([...(await s.puzzles.attempted(id))]).toEqual(['abc']);
      // Tried before: nothing changes, whatever the outcome.
      const again = await s.puzzles.rateAttempt(id, 'abc', seed, false, 2000);
      expect(again.rated).toBe(false);
      expect((await s.puzzles.playerRating(id))?.rating).toBeCloseTo(first.after.rating, 6);
      // A failed attempt at another puzzle lowers the player and raises that puzzle.
      const failed = await s.puzzles.rateAttempt(id, 'def', seed, false, 3000);
      expect(failed.after.rating).toBeLessThan(first.after.rating);
      expect((await s.puzzles.puzzleRatings()).get('def')?.rating).toBeGreaterThan(seed.rating);
      expect((await s.puzzles.playerRating(id))?.games).toBe(2);
      await s.close();
    },
  );
});
