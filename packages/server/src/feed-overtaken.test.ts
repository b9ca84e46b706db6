/**
 * A socket's feed that hears the table's news about a position it has already passed (news from one process
 * overtaken by a move through another) catches up once, and is then done with that news: offered again after
 * the catch-up it started the same catch-up for ever (the load runs of 100+ games never ended).
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LocalBroadcast } from './broadcast/local.js';
import { Feeds } from './feed.js';
import type { Table } from './table.js';

/** A table at seq 3 whose copy is current: its sync answers at once, as a known current copy's does. */
function currentTable() {
  const fake = {
    id: 't1',
    seq: 3,
    line: 0,
    syncs: 0,
    sync(): Promise<void> {
      // Past 50 the loop is stopped here (a promise that never settles), so that the test can say so.
      return ++fake.syncs > 50 ? new Promise(() => undefined) : Promise.resolve();
    },
    attach: () => undefined,
    detach: () => undefined,
    welcome: () => ({ type: 'welcome', snapshot: { seq: 3 }, table: { line: 0 } }),
    updatesSince: () => [],
    news: () => 'news as of now',
  };
  return fake;
}

describe('news about a position a socket has passed', () => {
  it('makes one catch-up, then the news as of now is sent once', async () => {
    const broadcast = new LocalBroadcast();
    const feeds = new Feeds(broadcast, pino({ level: 'silent' }));
    const table = currentTable();
    const sent: string[] = [];
    await feeds.watch(table as unknown as Table, { seat: 0, send: (t) => sent.push(t) }, undefined);
    const syncsAfterWelcome = table.syncs;
    broadcast.publish({ table: 't1', changed: true, at: 2, line: 0, all: 'news at 2' });
    await new Promise((r) => setTimeout(r, 50));
    expect(table.syncs - syncsAfterWelcome).toBe(1);
    expect(sent.filter((t) => t === 'news as of now')).toHaveLength(1);
    expect(sent).not.toContain('news at 2');
  });
});
