import { describe, expect, it } from 'vitest';
import { mayStartBotTable } from './bot-budget.js';
import { cursorOf, expiredOpenTables, lobbyList, parseCursor, type ListedTable } from './open-tables.js';

describe('open tables', () => {
  it('expire after the idle time with no socket watching; a watched or recently active one stays', () => {
    const now = 100_000;
    expect(
      expiredOpenTables(
        [
          { id: 'old', lastActive: 0, watched: false },
          { id: 'watched', lastActive: 0, watched: true },
          { id: 'recent', lastActive: now - 999, watched: false },
          { id: 'exact', lastActive: now - 1000, watched: false },
        ],
        now,
        1000,
      ),
    ).toEqual(['old', 'exact']);
  });

  const t = (
    id: string,
    at: number,
    address: string | null,
    status: ListedTable['status'] = 'open',
    accounts: string[] = [],
  ) => ({ id, status, address, accounts, createdAt: new Date(at).toISOString() });
  const caps = { perAddress: 3, perAccount: 3 };

  it('the lobby shows at most N open tables per address, newest first; played and unknown-address tables all', () => {
    const tables = [
      ...Array.from({ length: 200 }, (_, i) => t(`spam${i}`, 1000 + i, '10.0.0.9')),
      t('real', 500, '10.0.0.1'),
      t('playing', 2000, '10.0.0.9', 'playing'),
      t('restored', 10, null),
      t('done', 3000, '10.0.0.1', 'finished'),
    ];
    const list = lobbyList(tables, caps, 200).tables.map((x) => x.id);
    // Open tables before games being played; newest first in each.
    expect(list).toEqual(['spam199', 'spam198', 'spam197', 'real', 'restored', 'playing']);
    expect(lobbyList(tables, caps, 2).tables.map((x) => x.id)).toEqual(['spam199', 'spam198']);
  });

  it('an account waiting at an open table comes first; one account shows at most N of its open tables', () => {
    const tables = [
      ...Array.from({ length: 300 }, (_, i) => t(`spam${i}`, 1000 + i, `10.1.${i % 100}.1`)),
      ...Array.from({ length: 5 }, (_, i) => t(`many${i}`, 900 + i, null, 'open', ['p-many'])),
      t('real', 10, '10.0.0.1', 'open', ['p-ann']),
    ];
    const { tables: page } = lobbyList(tables, caps, 5);
    expect(page.map((x) => x.id)).toEqual(['many4', 'many3', 'many2', 'real', 'spam299']);
  });

  it('pages: a cursor goes on after the last table shown, every table once, and a bad cursor is refused', () => {
    const tables = [
      ...Array.from({ length: 25 }, (_, i) => t(`open${i}`, 1000 + i, null)),
      ...Array.from({ length: 10 }, (_, i) => t(`play${i}`, 1000 + i, null, 'playing')),
      t('real', 10, '10.0.0.1', 'open', ['p-ann']),
    ];
    const seen: string[] = [];
    let after = null;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(10);
      const page: ReturnType<typeof lobbyList> = lobbyList(tables, caps, 8, after);
      seen.push(...page.tables.map((x) => x.id));
      if (page.next === null) break;
      after = parseCursor(page.next);
      expect(after).not.toBeNull();
    }
    expect(seen).toHaveLength(36);
    expect(new Set(seen).size).toBe(36);
    expect(seen[0]).toBe('real');
    // A table that appears meanwhile before the cursor does not repeat what was shown.
    const first = lobbyList(tables, caps, 8);
    const later = lobbyList([...tables, t('newer', 5000, null)], caps, 8, parseCursor(first.next!));
    expect(later.tables.map((x) => x.id)).not.toContain(first.tables[0].id);
    for (const bad of ['', 'not-base64!', Buffer.from('[7,"x","y"]').toString('base64url')])
      expect(parseCursor(bad)).toBeNull();
    expect(parseCursor(cursorOf({ rank: 1, createdAt: 'x', id: 'y' }))).toEqual({
      rank: 1,
      createdAt: 'x',
      id: 'y',
    });
  });
});

describe('the budget of bots-only tables', () => {
  const budget = { perAddress: 2, overall: 3 };
  it('refuses a third one from the same address, and any once the server runs its maximum', () => {
    expect(mayStartBotTable([], 'a', budget).ok).toBe(true);
    expect(mayStartBotTable([{ address: 'a' }], 'a', budget).ok).toBe(true);
    const two = mayStartBotTable([{ address: 'a' }, { address: 'a' }], 'a', budget);
    expect(two.ok || two.error.code).toBe('budget.bots-address');
    expect(mayStartBotTable([{ address: 'a' }, { address: 'a' }], 'b', budget).ok).toBe(true);
    const full = mayStartBotTable([{ address: 'a' }, { address: null }, { address: 'c' }], 'b', budget);
    expect(full.ok || full.error.code).toBe('budget.bots-server');
  });
});
