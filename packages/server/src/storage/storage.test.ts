import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { tempDb } from '../test-support/http.js';
import { storedTable } from '../test-support/stored-table.js';
import { PostgresStorage } from './postgres.js';
import { SqliteStorage } from './sqlite.js';
import { NO_PLAY, SeqTakenError, type Storage, type StoredTable } from './types.js';
import { skipWithout } from '../test-support/skip-without.js';

const schema = freshSchema();
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

function table(id: string, status: StoredTable['status'] = 'open'): StoredTable {
  return storedTable(id, {
    status,
    clockSettings: { mode: 'move', moveMs: 5000 },
    createdAt: '2026-11-30T00:00:00.000Z',
    seats: [
      { seat: 0, name: 'A', kind: 'human', bot: null, tokenHash: 'ab'.repeat(32), controller: 'human' },
      { seat: 1, name: 'random', kind: 'bot', bot: 'random', tokenHash: null, controller: 'bot' },
    ],
  });
}

const backends: [string, boolean, () => Promise<Storage>][] = [
  ['SQLite', true, async () => new SqliteStorage(tempDb())],
  ['PostgreSQL', postgresUp, () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema })],
];

describe.each(backends)('%s storage', (name, up, open) => {
  it.skipIf(skipWithout(up, 'PostgreSQL'))('keeps the event a table was made for (none: none)', async () => {
    const s = await open();
    const id = `e${name}${Date.now()}`;
    await s.createTable({ ...table(id), event: 'spring-swiss' });
    await s.createTable(table(`${id}-casual`));
    expect(await s.getTable(id)).toEqual({ ...table(id), event: 'spring-swiss' });
    expect((await s.getTable(`${id}-casual`))?.event).toBeUndefined();
    await s.close();
  });

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'keeps tables, seats, moves and chat; refuses a sequence number already written',
    async () => {
      const s = await open();
      const id = `t${name}${Date.now()}`;
      await s.createTable(table(id));
      expect(await s.getTable(id)).toEqual(table(id));
      expect(await s.getTable('missing')).toBeNull();
      const clock = { remainingMs: [5000, 4000], running: [1], since: 123 };
      await s.updateTable(id, { status: 'playing', startedAt: 'now', clock });
      await Promise.all([
        s.appendMove(id, { seq: 1, seat: 0, move: 'c2', at: 1 }, {}),
        s.appendMove(id, { seq: 2, seat: 1, move: 'b1', at: 2 }, { clock }),
      ]);
      await expect(s.appendMove(id, { seq: 2, seat: 1, move: 'a1', at: 3 }, {})).rejects.toBeInstanceOf(
        SeqTakenError,
      );
      // Written together (one group commit for SQLite): the duplicate alone is refused.
      const settled = await Promise.allSettled([
        s.appendMove(id, { seq: 3, seat: 0, move: 'd4', at: 3 }, {}),
        s.appendMove(id, { seq: 3, seat: 0, move: 'a4', at: 3 }, {}),
        s.appendMove(id, { seq: 4, seat: 1, move: 'b3', at: 4 }, {}),
      ]);
      expect(settled.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect(settled.find((r) => r.status === 'rejected')).toMatchObject({
        reason: expect.any(SeqTakenError),
      });
      expect((await s.getMoves(id)).map((m) => [m.seq, m.move])).toEqual([
        [1, 'c2'],
        [2, 'b1'],
        [3, (await s.getMoves(id))[2].move],
        [4, 'b3'],
      ]);
      expect(['d4', 'a4']).toContain((await s.getMoves(id))[2].move);
      await s.updateSeats(id, [{ ...table(id).seats[0], controller: 'bot' }], { result: { winners: [1] } });
      const after = await s.getTable(id);
      expect(after).toMatchObject({ status: 'playing', clock, result: { winners: [1] } });
      expect(after?.seats[0].controller).toBe('bot');
      expect((await s.activeTables()).map((t) => t.id)).toContain(id);
      expect((await s.listTables(10)).map((t) => t.id)).toContain(id);
      await s.updateTable(id, { status: 'finished' });
      expect((await s.activeTables()).map((t) => t.id)).not.toContain(id);
      for (const text of ['one', 'two', 'three'])
        await s.addChat(id, { seat: 0, name: 'A', text, at: 'now' });
      expect((await s.recentChat(id, 2)).map((c) => c.text)).toEqual(['two', 'three']);
      // Leases: one owner at a time, until it expires.
      expect(await s.claim(id, 'p1', 1000, 2000)).toBe(true);
      expect(await s.claim(id, 'p2', 1500, 2500)).toBe(false);
      expect(await s.claim(id, 'p1', 1500, 3000)).toBe(true);
      expect(await s.claim(id, 'p2', 3001, 4000)).toBe(true);
      await s.close();
    },
  );

  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'leases: claimed in batches, one owner each until expiry; orphaned games adopted; released',
    async () => {
      const s = await open();
      const stamp = `${name}${Date.now()}`;
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => `l${x}${stamp}`);
      for (const id of [a, b, d]) await s.createTable(table(id, 'playing'));
      await s.createTable(table(c, 'open'));
      const mine = (ids: string[]) => ids.filter((id) => [a, b, c, d].includes(id)).sort();
      expect((await s.claimMany([a, b, c, a], 'p1', 1000, 2000)).sort()).toEqual([a, b, c].sort());
      expect(await s.claimMany([], 'p1', 1000, 2000)).toEqual([]);
      // Held by p1: p2 gets none of them, p1 renews them all.
      expect(await s.claimMany([a, b, c], 'p2', 1500, 2500)).toEqual([]);
      expect((await s.claimMany([a, b], 'p1', 1500, 3000)).sort()).toEqual([a, b].sort());
      // d is played and nobody ever claimed it; c's lease is still valid until 2000 (and c is not played).
      expect(mine(await s.claimOrphans('p2', 1600, 2600, 100))).toEqual([d]);
      expect(mine(await s.claimOrphans('p3', 1600, 2600, 100))).toEqual([]);
      // p1 stops renewing: once its leases expire, another owner adopts the games being played.
      expect(mine(await s.claimOrphans('p3', 3001, 4000, 100))).toEqual([a, b, d].sort());
      expect(await s.claimMany([a], 'p1', 3002, 4002)).toEqual([]);
      // A release by someone else changes nothing; by the holder, the table is free at once.
      await s.release([a, b], 'p1');
      expect(await s.claimMany([a, b], 'p2', 3003, 5000)).toEqual([]);
      await s.release([a], 'p3');
      expect(await s.claimMany([a, b], 'p2', 3004, 5000)).toEqual([a]);
      // A finished game needs no driver: it is not claimed (a stale copy elsewhere may still ask).
      await s.updateTable(d, { status: 'finished' });
      await s.release([d], 'p3');
      expect(await s.claimMany([d], 'p2', 3005, 5000)).toEqual([]);
      expect(await s.finishedAmong([a, b, c, d, 'missing'])).toEqual([d]);
      expect(await s.finishedAmong([])).toEqual([]);
      await s.close();
    },
  );
  // PostgreSQL only: SQLite has one writer, whose copy knows the game has ended.
  it.skipIf(name !== 'PostgreSQL' || skipWithout(up, 'PostgreSQL'))(
    'several processes: a move on a table no longer played (ended by another writer) is refused',
    async () => {
      const s = await open();
      const id = `end${name}${Date.now()}`;
      await s.createTable(table(id, 'playing'));
      await s.appendMove(id, { seq: 1, seat: 0, move: 'c2', at: 1 }, {});
      await s.updateTable(id, { status: 'finished', result: { winners: [0] } });
      await expect(s.appendMove(id, { seq: 2, seat: 1, move: 'b1', at: 2 }, {})).rejects.toBeInstanceOf(
        SeqTakenError,
      );
      expect(await s.getMoves(id)).toHaveLength(1);
      await s.close();
    },
  );
  it.skipIf(skipWithout(up, 'PostgreSQL'))(
    'a takeback deletes the moves taken back with its patch in one write; a move of the old line is refused',
    async () => {
      const s = await open();
      const id = `tb${name}${Date.now()}`;
      await s.createTable(table(id, 'playing'));
      for (const [seq, move] of [
        [1, 'c2'],
        [2, 'b1'],
        [3, 'd4'],
      ] as const) {
        await s.appendMove(id, { seq, seat: (seq + 1) % 2, move, at: seq }, {});
      }
      const play = { ...NO_PLAY, line: 1 };
      // Decided at 2 moves, but the table has 3: another writer moved on, nothing is changed.
      await expect(s.takeBack(id, 1, 2, { play })).rejects.toBeInstanceOf(SeqTakenError);
      expect(await s.getMoves(id)).toHaveLength(3);
      await s.takeBack(id, 1, 3, { play });
      expect((await s.getMoves(id)).map((m) => m.move)).toEqual(['c2']);
      expect((await s.getTable(id))?.play).toEqual(play);
      await s.appendMove(id, { seq: 2, seat: 1, move: 'a1', at: 4 }, {}, 1);
      if (name === 'PostgreSQL') {
        // Several processes: a move decided on line 0 (before the takeback) never lands on line 1.
        await expect(s.appendMove(id, { seq: 3, seat: 0, move: 'x', at: 5 }, {}, 0)).rejects.toBeInstanceOf(
          SeqTakenError,
        );
      }
      expect((await s.getMoves(id)).map((m) => m.move)).toEqual(['c2', 'a1']);
      await s.close();
    },
  );
});
