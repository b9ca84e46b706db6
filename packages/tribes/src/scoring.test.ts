import { describe, expect, it } from 'vitest';
import { scoreTribe } from './scoring.js';
import type { TribesOptions } from './settings.js';
import { makePeaceful, newGame, put, tid } from './testkit.js';

/**
 * Franks on the board: 3 in Italia (peaceful), 1 in Dalmatia, 2 in Germania: 6 markers in 3 provinces, so
 * first place is worth 6 and second place 3.
 */
function franksScore(players: number, influence: number[], options: Partial<TribesOptions> = {}): number[] {
  const s = newGame(players, options);
  put(s, 'italia', 'Franks', 3);
  makePeaceful(s, 'italia');
  put(s, 'dalmatia', 'Franks', 1);
  put(s, 'germania', 'Franks', 2);
  influence.forEach((v, seat) => (s.influence[seat * 6 + tid('Franks')] = v));
  const points = new Int32Array(players);
  scoreTribe(s, tid('Franks'), points);
  return Array.from(points);
}

describe('scoring', () => {
  it('first place scores 1 per marker on the board (peaceful provinces count), second 1 per province', () => {
    expect(franksScore(3, [5, 3, 1])).toEqual([6, 3, 0]);
  });

  it('a player with 0 influence never scores the track', () => {
    expect(franksScore(3, [0, 0, 0])).toEqual([0, 0, 0]);
    expect(franksScore(4, [4, 2, 0, 0])).toEqual([6, 3, 0, 0]);
  });

  it('only one player has influence: that player scores both amounts', () => {
    expect(franksScore(3, [0, 4, 0])).toEqual([0, 9, 0]);
  });

  for (const tieRounding of ['down', 'up'] as const) {
    const round = tieRounding === 'down' ? Math.floor : Math.ceil;
    it(`tie for first between two (rounding ${tieRounding}): first + second points shared, nobody second`, () => {
      expect(franksScore(3, [4, 4, 2], { tieRounding })).toEqual([round(9 / 2), round(9 / 2), 0]);
    });
    it(`tie for first among three (rounding ${tieRounding})`, () => {
      expect(franksScore(4, [3, 3, 3, 1], { tieRounding })).toEqual([3, 3, 3, 0]);
      expect(franksScore(3, [3, 3, 3], { tieRounding })).toEqual([3, 3, 3]);
    });
    it(`tie for first with an uneven share among three (rounding ${tieRounding})`, () => {
      const s = newGame(3, { tieRounding });
      put(s, 'italia', 'Huns', 4);
      put(s, 'dalmatia', 'Huns', 3); // with Germania: 8 markers in 3 provinces, 11 points for three
      put(s, 'germania', 'Huns', 1);
      [2, 2, 2].forEach((v, seat) => (s.influence[seat * 6 + tid('Huns')] = v));
      const points = new Int32Array(3);
      scoreTribe(s, tid('Huns'), points);
      expect(Array.from(points)).toEqual([round(11 / 3), round(11 / 3), round(11 / 3)]);
    });
    it(`tie for second behind one leader (rounding ${tieRounding}): the tied share the second-place points`, () => {
      expect(franksScore(4, [6, 2, 2, 1], { tieRounding })).toEqual([6, round(3 / 2), round(3 / 2), 0]);
      // Fine point 11: everyone at the highest influence below the leader shares.
      expect(franksScore(5, [6, 3, 3, 3, 1], { tieRounding })).toEqual([6, 1, 1, 1, 0]);
    });
  }

  describe('two players', () => {
    it('second place scores only within twoPlayerSecondGap (default 2) of the leader', () => {
      expect(franksScore(2, [5, 3])).toEqual([6, 3]);
      expect(franksScore(2, [6, 3])).toEqual([6, 0]);
      expect(franksScore(2, [6, 3], { twoPlayerSecondGap: 3 })).toEqual([6, 3]);
      expect(franksScore(2, [5, 4], { twoPlayerSecondGap: 0 })).toEqual([6, 0]);
    });
    it('"only one player has influence" means the other has 0: both amounts', () => {
      expect(franksScore(2, [9, 0])).toEqual([9, 0]);
    });
    it('a tie for first shares both amounts, by the rounding option', () => {
      expect(franksScore(2, [4, 4])).toEqual([4, 4]);
      expect(franksScore(2, [4, 4], { tieRounding: 'up' })).toEqual([5, 5]);
    });
  });
});
