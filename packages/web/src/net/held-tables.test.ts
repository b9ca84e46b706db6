import { describe, expect, it } from 'vitest';
import type { Snapshot, TableInfo } from '@attila/protocol';
import { byUrgency, timeLeft, turnOf, type TableGlance } from './held-tables.js';

function glanceOf(
  id: string,
  status: TableInfo['status'],
  toAct: number[],
  remainingMs: number[] | null,
): TableGlance {
  const table = { id, status, game: 'knights' } as TableInfo;
  const snapshot: Snapshot | null =
    status === 'open'
      ? null
      : ({
          seq: 1,
          view: null,
          toAct,
          legalMoves: [],
          result: status === 'finished' ? { winners: [0], reason: 'won' } : null,
          clock: remainingMs
            ? { settings: { mode: 'days', days: 3 }, remainingMs, running: toAct, at: 0 }
            : null,
        } as Snapshot);
  return { table, seat: 0, snapshot, at: 0 };
}

describe('your games, most urgent first', () => {
  it('my turns first by my time left, then the others by theirs, then open tables, then finished games', () => {
    const games = [
      glanceOf('over', 'finished', [], null),
      glanceOf('theirs-1d', 'playing', [1], [5e8, 86_400_000]),
      glanceOf('mine-2d', 'playing', [0], [2 * 86_400_000, 1]),
      glanceOf('open', 'open', [], null),
      glanceOf('mine-no-clock', 'playing', [0], null),
      glanceOf('mine-5h', 'playing', [0], [5 * 3_600_000, 1]),
    ];
    expect(games.sort(byUrgency).map((g) => g.table.id)).toEqual([
      'mine-5h',
      'mine-2d',
      'mine-no-clock',
      'theirs-1d',
      'open',
      'over',
    ]);
    expect(turnOf(games[0])).toBe('mine');
    expect(timeLeft(games[3])).toBe(86_400_000);
  });
});
