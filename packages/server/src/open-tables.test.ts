import { describe, expect, it } from 'vitest';
import { mayStartBotTable } from './bot-budget.js';
import { expiredOpenTables, lobbyList, type ListedTable } from './open-tables.js';

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

  it('the lobby shows at most N open tables per address, newest first; played and unknown-address tables all', () => {
    const t = (id: string, at: number, address: string | null, status: ListedTable['status'] = 'open') => ({
      id,
      status,
      address,
      createdAt: new Date(at).toISOString(),
    });
    const tables = [
      ...Array.from({ length: 200 }, (_, i) => t(`spam${i}`, 1000 + i, '10.0.0.9')),
      t('real', 500, '10.0.0.1'),
      t('playing', 2000, '10.0.0.9', 'playing'),
      t('restored', 10, null),
      t('done', 3000, '10.0.0.1', 'finished'),
    ];
    const list = lobbyList(tables, 3, 200).map((x) => x.id);
    expect(list).toEqual(['playing', 'spam199', 'spam198', 'spam197', 'real', 'restored']);
    expect(lobbyList(tables, 3, 2).map((x) => x.id)).toEqual(['playing', 'spam199']);
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
