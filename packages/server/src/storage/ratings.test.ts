import { describe, expect, it } from 'vitest';
import { defaultRating } from '@attila/ratings';
import { endedAt, finishesRated, ratingWrites, type RatingInput } from './ratings.js';
import type { TablePatch } from './types.js';

const knights: RatingInput = {
  tableId: 't1',
  game: 'knights',
  rated: true,
  status: 'playing',
  clockSettings: JSON.stringify({ mode: 'move', moveMs: 30_000 }),
  players: ['p0', 'p1'],
};
const result = { winners: [1], reason: 'no move left' };
const finish = { status: 'finished' as const, result, finishedAt: '2026-12-01T10:00:00.000Z' };

describe('which results are rated (written with the result, in its transaction)', () => {
  it('the patch that finishes a rated table, once', () => {
    expect(finishesRated(knights, finish)).toBe(true);
    expect(finishesRated({ ...knights, rated: false }, finish)).toBe(false);
    // Already finished: a later patch (a rematch offer, a second writer) rates nothing again.
    expect(finishesRated({ ...knights, status: 'finished' }, finish)).toBe(false);
    const clockOnly: TablePatch = { clock: null };
    expect(finishesRated(knights, clockOnly)).toBe(false);
  });

  it('two newcomers at Knights: the winner gains 241, the loser loses 241, in the speed class of the clock', () => {
    const w = ratingWrites(knights, result, [null, null], endedAt(finish));
    expect(w.at).toBe(Date.parse(finish.finishedAt));
    expect(w.rows.map((r) => [r.playerId, r.speed, r.before, Math.round(r.after.rating)])).toEqual([
      ['p0', 'fast', 1500, 1259],
      ['p1', 'fast', 1500, 1741],
    ]);
    expect(w.rows.every((r) => r.after.games === 1 && r.after.lastGameAt === w.at)).toBe(true);
  });

  it('an aborted game (no winners) and a seat of nobody are not rated; no clock is correspondence', () => {
    expect(
      ratingWrites(knights, { winners: [], reason: 'aborted', aborted: true }, [null, null], 0).rows,
    ).toEqual([]);
    expect(ratingWrites({ ...knights, players: ['p0', null] }, result, [null, null], 0).rows).toEqual([]);
    const slow = ratingWrites({ ...knights, clockSettings: null }, result, [null, null], 0);
    expect(slow.rows[0].speed).toBe('correspondence');
  });

  it('a resignation is a loss as the result says; a Tribes ranking rates every seat', () => {
    const tribes = { ...knights, game: 'tribes', players: ['a', 'b', 'c'] };
    const w = ratingWrites(
      tribes,
      { winners: [2], scores: [10, 5, 20], reason: 'end' },
      [null, null, null],
      0,
    );
    expect(w.rows.map((r) => Math.round(r.after.rating - r.before))).toEqual([0, -343, 343]);
  });

  it('a stored rating out of bounds fails (the transaction then writes nothing)', () => {
    const bad = { ...defaultRating('glicko2'), deviation: 9999 };
    expect(() => ratingWrites(knights, result, [bad, null], 0)).toThrow(/cannot rate the game/);
  });
});
