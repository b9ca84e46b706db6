import { describe, expect, it } from 'vitest';
import type { StoredTable } from '../storage/types.js';
import { noShows } from './withdrawal-rule.js';

type Ended = Pick<StoredTable, 'status' | 'result' | 'clock'>;
const ended = (
  winners: number[],
  remainingMs: number[],
  extra: Partial<NonNullable<Ended['result']>> = {},
): Ended => ({
  status: 'finished',
  result: { winners, ...extra },
  clock: { remainingMs, running: [], since: 0 },
});
const players = ['ann', 'bob'];

describe('the withdrawal rule: out of time before a first move', () => {
  it('withdraws a player whose clock ran out before they moved (seat 0 never came)', () => {
    expect(noShows(ended([1], [-5, 120_000]), [], players)).toEqual(['ann']);
  });
  it('withdraws the second player who never answered the first move', () => {
    expect(noShows(ended([0], [110_000, 0]), [{ seat: 0 }], players)).toEqual(['bob']);
  });
  it('keeps a player who lost on time after moving', () => {
    expect(noShows(ended([1], [-3, 40_000]), [{ seat: 0 }, { seat: 1 }], players)).toEqual([]);
  });
  it('keeps a player who resigned, even before moving', () => {
    expect(noShows(ended([1], [100_000, 120_000], { resigned: [0] }), [], players)).toEqual([]);
  });
  it('keeps everyone of an aborted game, a game still played, a game without a clock, and bots', () => {
    expect(noShows(ended([], [0, 120_000], { aborted: true }), [], players)).toEqual([]);
    expect(noShows({ ...ended([1], [0, 1]), status: 'playing' }, [], players)).toEqual([]);
    expect(noShows({ ...ended([1], [0, 1]), clock: null }, [], players)).toEqual([]);
    expect(noShows(ended([1], [0, 1]), [], [null, 'bob'])).toEqual([]);
  });
  it('withdraws every Tribes seat whose clock ran out unmoved, not the winners', () => {
    const three = ['ann', 'bob', 'cid'];
    expect(noShows(ended([0, 2], [5_000, -1, 7_000]), [{ seat: 0 }], three)).toEqual(['bob']);
  });
});
