/**
 * The server's SQLite setting (`SqliteOptions.background`): the WAL is checkpointed by a worker thread, not
 * inside the event loop's commits.
 */
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDb } from '../test-support/http.js';
import { storedTable } from '../test-support/stored-table.js';
import { SqliteStorage } from './sqlite.js';

const until = async (ok: () => boolean, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (ok()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ok();
};

describe('checkpoints on a worker thread', () => {
  it('the worker copies the WAL into the database file; the event loop’s commits never do', async () => {
    const file = tempDb();
    const s = new SqliteStorage(file, { background: {} });
    await s.createTable(storedTable('t'));
    const empty = statSync(file).size;
    // 1,500 commits of a move each: about 3,000 WAL pages, far past SQLite's own checkpoint at 1,000 pages
    // (which the server's connection no longer runs below its 16,000-page backstop).
    for (let seq = 1; seq <= 1500; seq++)
      await s.appendMove('t', { seq, seat: seq % 2, move: 'a1', at: seq }, {});
    expect(await until(() => statSync(file).size > empty + 64 * 1024, 3000)).toBe(true);
    expect(await s.getMoves('t')).toHaveLength(1500);
    await s.close();
  });

  it('without the server’s setting nothing changes: SQLite checkpoints inside the commits', async () => {
    const file = tempDb();
    const s = new SqliteStorage(file);
    await s.createTable(storedTable('t'));
    const empty = statSync(file).size;
    for (let seq = 1; seq <= 1500; seq++)
      await s.appendMove('t', { seq, seat: seq % 2, move: 'a1', at: seq }, {});
    // At once, from the commit that crossed 1,000 pages.
    expect(statSync(file).size).toBeGreaterThan(empty + 64 * 1024);
    await s.close();
  });

  it('closes its connection before the store’s: the last connection checkpoints and removes the WAL', async () => {
    const file = tempDb();
    const s = new SqliteStorage(file, { background: {} });
    await s.createTable(storedTable('t'));
    for (let seq = 1; seq <= 300; seq++)
      await s.appendMove('t', { seq, seat: seq % 2, move: 'a1', at: seq }, {});
    expect(existsSync(`${file}-wal`)).toBe(true);
    await s.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = new SqliteStorage(file);
    expect(await again.getMoves('t')).toHaveLength(300);
    await again.close();
  });
});
