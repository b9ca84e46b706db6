import { describe, expect, it } from 'vitest';
import { defaultRating, type Rating } from '@attila/ratings';
import { leaderboardOf, ratingView } from './rating-views.js';

const DAY = 24 * 3600 * 1000;
const settled = (rating: number, deviation: number, lastGameAt: number): Rating => ({
  rating,
  deviation,
  volatility: 0.06,
  games: 30,
  lastGameAt,
});

describe('ratings as shown', () => {
  it('a newcomer is provisional; the deviation shown is aged to now', () => {
    const now = 1_000 * DAY;
    const fresh = ratingView(
      { playerId: 'p', game: 'knights', speed: 'fast', rating: defaultRating('glicko2') },
      now,
    );
    expect(fresh).toMatchObject({ rating: 1500, deviation: 500, provisional: true, games: 0 });
    const rested = ratingView(
      { playerId: 'p', game: 'knights', speed: 'fast', rating: settled(1623.4, 100, now - 365 * DAY) },
      now,
    );
    expect(rested.rating).toBe(1623);
    expect(rested.deviation).toBeGreaterThan(110);
    expect(rested.provisional).toBe(true);
  });

  it('the leaderboard keeps players settled now (deviation ≤ 110), best first; equal ratings share a rank', () => {
    const now = 1_000 * DAY;
    const board = leaderboardOf(
      'knights',
      [
        { name: 'Away', rating: settled(2400, 100, now - 400 * DAY) },
        { name: 'Bleda', rating: settled(1700, 60, now) },
        { name: 'Attila', rating: settled(1900, 60, now) },
        { name: 'Aetius', rating: settled(1700.2, 50, now) },
      ],
      now,
    );
    expect(board.map((e) => [e.rank, e.name, e.rating])).toEqual([
      [1, 'Attila', 1900],
      [2, 'Aetius', 1700],
      [2, 'Bleda', 1700],
    ]);
  });
});
