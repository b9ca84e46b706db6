import { describe, expect, it } from 'vitest';
import { finalRanking } from './ranking.js';

describe('finalRanking', () => {
  it('winners share first place and the others follow by score, ties sharing a place (0, 0, 2)', () => {
    const r = finalRanking({ winners: [1, 3], scores: [50, 80, 50, 80, 20] }, 5);
    expect(r).toEqual({ ok: true, value: [2, 0, 2, 0, 4] });
  });

  it('without scores the others share the place after the winners', () => {
    expect(finalRanking({ winners: [0, 2] }, 4)).toEqual({ ok: true, value: [0, 2, 0, 2] });
  });

  it('a 2-player game has places 0 and 1; everyone winning is a draw', () => {
    expect(finalRanking({ winners: [1] }, 2)).toEqual({ ok: true, value: [1, 0] });
    expect(finalRanking({ winners: [0, 1] }, 2)).toEqual({ ok: true, value: [0, 0] });
  });

  it('no winner is an aborted game: no ranking', () => {
    expect(finalRanking({ winners: [], reason: 'closed' }, 3)).toEqual({ ok: true, value: null });
  });

  it('refuses winners that are no seat or are listed twice, and scores for a different number of seats', () => {
    for (const result of [{ winners: [3] }, { winners: [-1] }, { winners: [0.5] }, { winners: [1, 1] }]) {
      const r = finalRanking(result, 3);
      expect(r.ok).toBe(false);
    }
    const scores = finalRanking({ winners: [0], scores: [1, 2] }, 3);
    expect(scores.ok || scores.error.message).toBe('the result has 2 scores for 3 seats');
  });
});
