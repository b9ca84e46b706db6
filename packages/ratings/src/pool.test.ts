import { describe, expect, it } from 'vitest';
import { ratePool, type PoolGame } from './pool.js';

/** `games` games of a against b, seats alternating, a winning `aWins` of them. */
function series(a: string, b: string, games: number, aWins: number): PoolGame[] {
  return Array.from({ length: games }, (_, g) => {
    const players = g % 2 === 0 ? [a, b] : [b, a];
    const winner = g < aWins ? a : b;
    return { players, result: { winners: [players.indexOf(winner)] } };
  });
}

describe('ratePool', () => {
  const games = [
    ...series('strong', 'middle', 40, 30),
    ...series('middle', 'weak', 40, 30),
    ...series('strong', 'weak', 40, 36),
  ];

  it('orders a pool by its results, and every player plays all its games', () => {
    const pool = ratePool('knights', games, { shuffles: 8, seed: 't' });
    const [strong, middle, weak] = ['strong', 'middle', 'weak'].map((p) => pool.get(p)!);
    expect(strong.rating).toBeGreaterThan(middle.rating + 100);
    expect(middle.rating).toBeGreaterThan(weak.rating + 100);
    expect(strong.games).toBe(80);
    expect(strong.deviation).toBeLessThan(110);
  });

  it('is the same for the same seed, and averages out the order of the games', () => {
    const a = ratePool('tribes', games, { shuffles: 8, seed: 't' });
    const b = ratePool('tribes', games, { shuffles: 8, seed: 't' });
    expect(a).toEqual(b);
    // The order of the games matters to sequential ratings (the spread), but much less than these gaps.
    const middle = a.get('middle')!;
    expect(middle.spread).toBeGreaterThan(0);
    expect(middle.spread).toBeLessThan(60);
  });

  it('starts everyone as a newcomer: the pool averages about 1500', () => {
    const pool = ratePool('knights', games, { shuffles: 8, seed: 't' });
    const mean = [...pool.values()].reduce((s, r) => s + r.rating, 0) / pool.size;
    expect(Math.abs(mean - 1500)).toBeLessThan(30);
  });
});
