/**
 * An event's view is built once per change of the event (event-view-cache.ts), yet every reader sees what
 * a view built from the rows at that moment shows: after each kind of change (an entry, a pairing, a
 * game's end, a withdrawal, the event's start and end), made through another connection to the database
 * (as another server process's director or request would), the cached view and its JSON text equal the
 * freshly built ones for two seated accounts, an entrant, an account not entered and a spectator; and no
 * viewer's answer holds a seat token derived for anyone else. On SQLite and, where it runs, PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { EventView } from '@attila/protocol/events';
import { PostgresStorage } from '../storage/postgres.js';
import { SqliteStorage } from '../storage/sqlite.js';
import type { Storage } from '../storage/types.js';
import { tempDb } from '../test-support/http.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { skipWithout } from '../test-support/skip-without.js';
import { EventStore, type StoredEvent } from './event-store.js';
import { eventViewParts, viewFor } from './event-view.js';
import { Events } from './events.js';

const T = 1_800_000_000_000;
const seatToken = (table: string, seat: number, player: string) => `secret-${table}-${seat}-${player}`;
const schema = freshSchema();

afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

const backends: [string, boolean, () => Promise<[Storage, Storage]>][] = [
  [
    'SQLite',
    true,
    async () => {
      const file = tempDb();
      return [new SqliteStorage(file), new SqliteStorage(file)];
    },
  ],
  [
    'PostgreSQL',
    postgresUp,
    async () => {
      const first = await PostgresStorage.open({ connectionString: POSTGRES_URL, schema });
      return [first, await PostgresStorage.open({ connectionString: POSTGRES_URL, schema })];
    },
  ],
];

function arena(id: string): StoredEvent {
  return {
    id,
    body: {
      name: 'Cached arena',
      format: 'arena',
      game: 'knights',
      startsAt: T,
      endsAt: T + 3600_000,
      rounds: null,
      clock: { mode: 'game', initialMs: 60_000, incrementMs: 0 },
      rated: false,
      private: false,
      minRating: null,
      maxRating: null,
      tableSize: 2,
      minTable: 2,
      bots: false,
      seed: 'seed',
      schedule: null,
    },
    status: 'upcoming',
    createdBy: 'ann',
    code: null,
    round: 0,
    createdAt: T,
    finishedAt: null,
    changes: 0,
  };
}

for (const [name, up, open] of backends) {
  describe.skipIf(skipWithout(up, name))(`${name}: the cached view of an event`, () => {
    it('equals the freshly built one after every kind of change made elsewhere, and leaks no token', async () => {
      const [mine, other] = await open();
      const events = new Events({ storage: mine, now: () => T, seatToken });
      const writer = new EventStore(other.accounts.sql);
      const id = `cached${Date.now() % 1e6}`;
      const players = ['ann', 'bob', 'cat', 'dan', 'eve'].map((p) => `${p}-${id}`);
      const [ann, bob, cat, dan, eve] = players;
      for (const p of players) await other.accounts.createPlayer({ id: p, displayName: p, createdAt: T });
      await writer.create({ ...arena(id), createdBy: ann });

      /** Every seat token of every game under way, and whose it is. */
      const tokens = async () =>
        (await writer.games(id)).flatMap((g) =>
          g.tableId && !g.over
            ? g.players.map((p, seat) => ({ player: p, token: seatToken(g.tableId!, seat, p!) }))
            : [],
        );
      const fresh = async (viewer: string | null): Promise<EventView> =>
        viewFor(
          eventViewParts((await writer.get(id))!, await writer.entries(id), await writer.games(id)),
          viewer,
          seatToken,
        );
      let previous: EventView | undefined;
      const check = async (change: string) => {
        // Ann reads first, so the shared part is built while her token is made; then the others.
        for (const viewer of [ann, bob, cat, eve, null]) {
          const expected = await fresh(viewer);
          const got = await events.get(id, viewer);
          expect(got.ok && got.value, `${change}, as ${viewer}`).toEqual(expected);
          const text = await events.getText(id, viewer);
          expect(text.ok && text.value, `${change}, as ${viewer}: the text`).toBe(
            JSON.stringify({ event: expected }),
          );
          for (const t of await tokens())
            if (t.player !== viewer)
              expect(text.ok && text.value, `${change}: ${t.player}'s token to ${viewer}`).not.toContain(
                t.token,
              );
        }
        const now = await events.get(id, null);
        if (now.ok) expect(now.value, `${change}: the view changed`).not.toEqual(previous);
        if (now.ok) previous = now.value;
      };

      await check('created');
      for (const p of [ann, bob, cat, dan]) {
        await writer.join(id, {
          playerId: p,
          name: p,
          rating: 1500,
          joinedAt: T,
          fromRound: 0,
          withdrawnAt: null,
        });
        await check(`${p} joined`);
      }
      expect(
        await writer.advance(id, { status: 'upcoming', round: 0 }, { status: 'running', round: 0 }),
      ).toBe(true);
      await check('started');
      const game = (ordinal: number, first: string, second: string) => ({
        ordinal,
        round: 0,
        tableId: `t${ordinal}-${id}`,
        players: [first, second],
        places: null,
        over: false,
        createdAt: T,
      });
      await writer.addGame(id, game(1, ann, bob));
      await check('ann and bob paired');
      const seated = await events.get(id, ann);
      expect(seated.ok && seated.value.you).toMatchObject({ table: `t1-${id}`, seat: 0 });
      await writer.addGame(id, game(2, cat, dan));
      await check('cat and dan paired');
      expect(await writer.finishGame(id, 1, [0, 1])).toBe(true);
      await check("ann and bob's game ended");
      await writer.addGame(id, game(3, bob, ann));
      await check('bob and ann paired again');
      expect(await writer.withdraw(id, cat, T)).toBe(true);
      await check('cat withdrew');
      expect(await writer.finishGame(id, 2, null)).toBe(true);
      await check("cat and dan's game ended");
      expect(
        await writer.advance(
          id,
          { status: 'running', round: 0 },
          { status: 'finished', round: 0, finishedAt: T },
        ),
      ).toBe(true);
      await check('finished');
      await mine.close();
      await other.close();
    });

    it('builds the shared part once per change, not once per read', async () => {
      const [mine, other] = await open();
      const events = new Events({ storage: mine, now: () => T, seatToken });
      const id = `once${Date.now() % 1e6}`;
      await other.accounts.createPlayer({ id: `ann-${id}`, displayName: 'ann', createdAt: T });
      await events.store.create(arena(id));
      const first = await events.get(id, null);
      const second = await events.get(id, `ann-${id}`);
      expect(first.ok && second.ok && second.value.standings).toBe(first.ok && first.value.standings);
      await new EventStore(other.accounts.sql).join(id, {
        playerId: `ann-${id}`,
        name: 'ann',
        rating: 1500,
        joinedAt: T,
        fromRound: 0,
        withdrawnAt: null,
      });
      const third = await events.get(id, null);
      expect(third.ok && third.value.standings).not.toBe(first.ok && first.value.standings);
      expect(third.ok && third.value.entrants).toBe(1);
      await mine.close();
      await other.close();
    });
  });
}
