import { Rng, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { tribesGame } from './game.js';
import { explainTribe, scoreTribe } from './scoring.js';
import { TRIBES } from './tribes.js';
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

describe('the century scoring explains itself (issue 18, defect 2)', () => {
  it('each tribe carries the markers, provinces, influence and places of that moment, and its points', () => {
    const s = newGame(3);
    put(s, 'italia', 'Franks', 3);
    makePeaceful(s, 'italia');
    put(s, 'dalmatia', 'Franks', 1);
    put(s, 'germania', 'Franks', 2);
    [5, 3, 1].forEach((v, seat) => (s.influence[seat * 6 + tid('Franks')] = v));
    expect(explainTribe(s, tid('Franks'))).toEqual({
      tribe: 'Franks',
      markers: 6,
      provinces: 3,
      influence: [5, 3, 1],
      places: ['first', 'second', 'behind'],
      points: [6, 3, 0],
    });
    s.influence[1 * 6 + tid('Franks')] = 6;
    expect(explainTribe(s, tid('Franks')).places).toEqual(['second', 'first', 'behind']);
  });

  it('the two-player gap and a lone leader are named', () => {
    const s = newGame(2);
    put(s, 'dalmatia', 'Huns', 2);
    [6, 3].forEach((v, seat) => (s.influence[seat * 6 + tid('Huns')] = v));
    expect(explainTribe(s, tid('Huns')).places).toEqual(['first', 'second-out-of-reach']);
    s.influence[1 * 6 + tid('Huns')] = 0;
    expect(explainTribe(s, tid('Huns'))).toMatchObject({ places: ['alone', 'no-influence'], points: [3, 0] });
  });

  it('in played games every scoring event: its breakdown sums to its points and matches the fast scorer', () => {
    let scorings = 0;
    for (let g = 0; g < 12; g++) {
      const players = 2 + (g % 4);
      const settings = unwrap(tribesGame.parseSettings({ players }));
      let state = unwrap(tribesGame.setup(settings, `breakdown${g}`));
      const rng = Rng.fromSeed(`breakdown${g}`);
      while (!state.over) {
        const seat = tribesGame.toAct(state)[0];
        const before = state;
        const played = unwrap(tribesGame.play(state, seat, rng.pick(tribesGame.legalMoves(state, seat))));
        for (const e of played.events) {
          if (e.type !== 'century-scored') continue;
          scorings++;
          expect(e.breakdown.map((b) => b.tribe)).toEqual([...TRIBES]);
          for (let p = 0; p < players; p++) {
            expect(e.breakdown.reduce((a, b) => a + b.points[p], 0)).toBe(e.points[p]);
            expect(e.scores[p]).toBe(before.scores[p] + e.points[p]);
          }
          for (const b of e.breakdown) {
            expect(e.byTribe[b.tribe]).toEqual(b.points);
            expect(b.markers).toBe(20 - played.state.supply[tid(b.tribe)]);
            b.places.forEach((place, p) => {
              if (place === 'no-influence' || place === 'behind' || place === 'second-out-of-reach')
                expect(b.points[p]).toBe(0);
              if (place === 'alone') expect(b.points[p]).toBe(b.markers + b.provinces);
              if (place === 'first') expect(b.points[p]).toBe(b.markers);
            });
          }
        }
        state = played.state;
      }
    }
    expect(scorings).toBeGreaterThan(12);
  });
});
