import { describe, expect, it } from 'vitest';
import type { Rating } from '@attila/ratings';
import { pairNext } from './pairing.js';
import { DEFAULT_POOL_SHARES, poolOf } from './pools.js';

const rating = (r: number): Rating => ({
  rating: r,
  deviation: 60,
  volatility: 0.06,
  games: 10,
  lastGameAt: 0,
});
const LEVELS = ['level:random', 'level:easy', 'level:medium', 'level:hard'];
const RATINGS = new Map([
  ['level:random', rating(900)],
  ['level:easy', rating(1200)],
  ['level:medium', rating(1650)],
  ['level:hard', rating(1800)],
]);

describe('ladder pairing', () => {
  it('is a function of its input: the same seed and ordinal pair the same players in the same seats', () => {
    const input = { players: LEVELS, seats: 2, ratings: RATINGS, recent: [], ordinal: 5, seed: 's' };
    expect(pairNext(input)).toEqual(pairNext({ ...input, players: [...LEVELS].reverse() }));
  });

  it('pairs neighbours in the rating order, the pair that met least lately first', () => {
    const recent = [
      ['level:random', 'level:easy'],
      ['level:medium', 'level:hard'],
    ];
    const pair = pairNext({ players: LEVELS, seats: 2, ratings: RATINGS, recent, ordinal: 0, seed: 's' });
    expect([...(pair ?? [])].sort()).toEqual(['level:easy', 'level:medium']);
  });

  it('every fourth game lets any two meet: far apart players who never met come first', () => {
    const recent = [
      ['level:random', 'level:easy'],
      ['level:easy', 'level:medium'],
      ['level:medium', 'level:hard'],
      ['level:random', 'level:medium'],
      ['level:easy', 'level:hard'],
    ];
    const pair = pairNext({ players: LEVELS, seats: 2, ratings: RATINGS, recent, ordinal: 3, seed: 's' });
    expect([...(pair ?? [])].sort()).toEqual(['level:hard', 'level:random']);
  });

  it('seats a group of the pool size (Tribes at 4), and none when the pool has too few players', () => {
    const four = pairNext({ players: LEVELS, seats: 4, ratings: RATINGS, recent: [], ordinal: 1, seed: 's' });
    expect([...(four ?? [])].sort()).toEqual([...LEVELS].sort());
    expect(
      pairNext({
        players: LEVELS.slice(0, 2),
        seats: 3,
        ratings: RATINGS,
        recent: [],
        ordinal: 1,
        seed: 's',
      }),
    ).toBe(null);
  });

  it('the pools come round in a fixed order by their shares: two Knights, one each Tribes at 3 and 4', () => {
    expect([0, 1, 2, 3, 4].map((n) => poolOf(n, DEFAULT_POOL_SHARES))).toEqual([
      'knights',
      'knights',
      'tribes-3',
      'tribes-4',
      'knights',
    ]);
    expect(() => poolOf(0, { knights: 0, 'tribes-3': 0, 'tribes-4': 0 })).toThrow(/share/);
  });
});
