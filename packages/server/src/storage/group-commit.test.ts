/**
 * SQLite's group commit: the writes of one turn of the event loop (new tables, seats, moves, patches) share
 * one transaction, a refused one is refused alone, and nothing joins a transaction a caller holds open.
 */
import { describe, expect, it } from 'vitest';
import { tempDb } from '../test-support/http.js';
import { storedTable } from '../test-support/stored-table.js';
import { SqliteStorage } from './sqlite.js';
import { SeqTakenError } from './types.js';

describe('SQLite group commit', () => {
  it('stores a new table, a join and moves made in one turn; a refused move is refused alone', async () => {
    const s = new SqliteStorage(tempDb());
    await s.createTable(storedTable('old'));
    await s.appendMove('old', { seq: 1, seat: 0, move: 'c2', at: 1 }, {});
    const joined = { ...storedTable('old').seats[1], name: 'B', tokenHash: 'cd'.repeat(32) };
    const settled = await Promise.allSettled([
      s.createTable(storedTable('new')),
      s.updateSeats('old', [joined], { status: 'playing', startedAt: 'now' }),
      s.appendMove('old', { seq: 1, seat: 0, move: 'a1', at: 2 }, {}),
      s.appendMove('old', { seq: 2, seat: 1, move: 'b1', at: 3 }, {}),
    ]);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled[2]).toMatchObject({ reason: expect.any(SeqTakenError) });
    expect(await s.getTable('new')).toEqual(storedTable('new'));
    expect(await s.getTable('old')).toMatchObject({
      status: 'playing',
      seats: [{ name: 'A' }, { name: 'B' }],
    });
    expect((await s.getMoves('old')).map((m) => m.move)).toEqual(['c2', 'b1']);
    await s.close();
  });

  it('never commits inside a transaction a caller holds open: its rollback takes none of the group', async () => {
    const s = new SqliteStorage(tempDb());
    await s.createTable(storedTable('t'));
    let moved: Promise<void> | null = null;
    const held = s.accounts.sql.tx(async (sql) => {
      await sql.run('INSERT INTO players (id, display_name, created_at) VALUES (?, ?, ?)', ['p', 'P', 'now']);
      // Another game's move comes while this transaction waits (a macrotask away): it is not part of it.
      moved = s.appendMove('t', { seq: 1, seat: 0, move: 'c2', at: 1 }, {});
      await new Promise((r) => setTimeout(r, 30));
      throw new Error('rolled back');
    });
    await expect(held).rejects.toThrow('rolled back');
    await moved;
    expect((await s.getMoves('t')).map((m) => m.move)).toEqual(['c2']);
    expect(await s.accounts.sql.all('SELECT id FROM players WHERE id = ?', ['p'])).toEqual([]);
    await s.close();
  });
});
