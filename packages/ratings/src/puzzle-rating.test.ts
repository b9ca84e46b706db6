import { describe, expect, it } from 'vitest';
import { defaultRating, GLICKO, MAX_CHANGE } from './rating.js';
import { puzzleSeedRating, ratePuzzleAttempt } from './puzzle-rating.js';

const AT = Date.UTC(2026, 11, 1);

describe('puzzle ratings: Glicko-2 between player and puzzle (lichess)', () => {
  it('a solved puzzle raises the player and lowers the puzzle', () => {
    const r = ratePuzzleAttempt(defaultRating('glicko2'), puzzleSeedRating(5), true, AT);
    expect(r.player.rating).toBeGreaterThan(1500);
    expect(r.puzzle.rating).toBeLessThan(puzzleSeedRating(5).rating);
    expect(r.player.games).toBe(1);
    expect(r.puzzle.lastGameAt).toBe(AT);
  });
  it('a failed puzzle lowers the player and raises the puzzle', () => {
    const r = ratePuzzleAttempt(defaultRating('glicko2'), puzzleSeedRating(5), false, AT);
    expect(r.player.rating).toBeLessThan(1500);
    expect(r.puzzle.rating).toBeGreaterThan(puzzleSeedRating(5).rating);
  });
  it('solving a harder puzzle gains more, and both deviations shrink', () => {
    const easy = ratePuzzleAttempt(defaultRating('glicko2'), puzzleSeedRating(3), true, AT);
    const hard = ratePuzzleAttempt(defaultRating('glicko2'), puzzleSeedRating(9), true, AT);
    expect(hard.player.rating - 1500).toBeGreaterThan(easy.player.rating - 1500);
    expect(hard.player.deviation).toBeLessThan(500);
    expect(hard.puzzle.deviation).toBeLessThan(500);
  });
  it('one attempt moves a rating by at most MAX_CHANGE: a newcomer solving a settled 3000 puzzle', () => {
    const newcomer = { ...puzzleSeedRating(3), rating: 1000, lastGameAt: 0 };
    const settled = {
      rating: 3000,
      deviation: GLICKO.minDeviation,
      volatility: 0.06,
      games: 500,
      lastGameAt: 0,
    };
    const { player } = ratePuzzleAttempt(newcomer, settled, true, 0);
    expect(player.rating).toBe(newcomer.rating + MAX_CHANGE);
  });
  it('seeds a puzzle by its length: 3 plies 1350 up to 9 plies 2250', () => {
    expect([3, 5, 7, 9].map((n) => puzzleSeedRating(n).rating)).toEqual([1350, 1650, 1950, 2250]);
  });
});
