/**
 * The Web Push store on both databases: a subscription belongs to its session (signing out ends its
 * notices), an endpoint taken over by another account is that account's only, at most
 * `SUBSCRIPTIONS_PER_ACCOUNT` are kept, choices default to every kind, a once-only notice is claimed once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempDb } from '../test-support/http.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { PostgresStorage } from '../storage/postgres.js';
import { SqliteStorage } from '../storage/sqlite.js';
import type { Storage } from '../storage/types.js';
import { PushStore, SUBSCRIPTIONS_PER_ACCOUNT } from './store.js';
import { skipWithout } from '../test-support/skip-without.js';

const schema = freshSchema();
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

const backends: [string, boolean, () => Promise<Storage>][] = [
  ['SQLite', true, async () => new SqliteStorage(tempDb())],
  ['PostgreSQL', postgresUp, () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema })],
];

const sub = (endpoint: string, playerId: string, sessionId: string, createdAt: number) => ({
  endpoint: `https://push.example/${endpoint}`,
  playerId,
  sessionId,
  p256dh: 'p',
  auth: 'a',
  createdAt,
});

describe.each(backends)('the push store on %s', (_name, up, open) => {
  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'keeps subscriptions per session and account, choices, and once-only notices',
    async () => {
      const storage = await open();
      try {
        const accounts = storage.accounts;
        const store = new PushStore(accounts.sql);
        for (const id of ['ann', 'bob']) await accounts.createPlayer({ id, displayName: id, createdAt: 1 });
        const session = (id: string, playerId: string) =>
          accounts.createSession({ id, tokenHash: id, playerId, createdAt: 1, lastSeenAt: 1, userAgent: '' });
        await session('ann-phone', 'ann');
        await session('ann-desk', 'ann');
        await session('bob-1', 'bob');

        await store.subscribe(sub('a1', 'ann', 'ann-phone', 10));
        await store.subscribe(sub('a2', 'ann', 'ann-desk', 11));
        expect((await store.reachable('ann')).map((s) => s.endpoint)).toEqual([
          'https://push.example/a1',
          'https://push.example/a2',
        ]);
        // Signed out on the desk: that browser is not reached any more (and is forgotten).
        await accounts.deleteSession('ann', 'ann-desk');
        expect((await store.reachable('ann')).map((s) => s.endpoint)).toEqual(['https://push.example/a1']);
        expect(await store.endpointsOfSession('ann-desk')).toEqual([]);
        // Bob signs in on Ann's phone browser and subscribes it: it is his now, not hers as well.
        await store.subscribe(sub('a1', 'bob', 'bob-1', 12));
        expect(await store.reachable('ann')).toEqual([]);
        expect((await store.reachable('bob')).map((s) => s.playerId)).toEqual(['bob']);
        expect(await store.unsubscribe('ann', 'https://push.example/a1')).toBe(false);
        expect(await store.unsubscribe('bob', 'https://push.example/a1')).toBe(true);

        for (let i = 0; i < SUBSCRIPTIONS_PER_ACCOUNT + 2; i++)
          await store.subscribe(sub(`b${i}`, 'bob', 'bob-1', 100 + i));
        const kept = await store.reachable('bob');
        expect(kept).toHaveLength(SUBSCRIPTIONS_PER_ACCOUNT);
        expect(kept[0].endpoint).toBe('https://push.example/b2');
        await store.forget('https://push.example/b2');
        expect(await store.reachable('bob')).toHaveLength(SUBSCRIPTIONS_PER_ACCOUNT - 1);

        expect(await store.choices('ann')).toEqual({ turn: true, challenge: true, 'low-time': true });
        await store.setChoices('ann', { turn: false, challenge: true, 'low-time': false });
        await store.setChoices('ann', { turn: false, challenge: true, 'low-time': true });
        expect(await store.choices('ann')).toEqual({ turn: false, challenge: true, 'low-time': true });

        expect(await store.firstTime('low:t:1:0:4', 5)).toBe(true);
        expect(await store.firstTime('low:t:1:0:4', 6)).toBe(false);
      } finally {
        await storage.close();
      }
    },
  );
});
