import { describe, expect, it } from 'vitest';
import { cardList, choicesOf, maxPerTribe } from './choices.js';
import { distinctNames } from './view.js';

const TRIBES = ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals'];

describe('reading the legal Tribes moves', () => {
  it('groups card plays by tribe and collects the other decisions', () => {
    const c = choicesOf([
      'play Franks germania',
      'play Franks raetia',
      'play Huns dacia',
      'tile double',
      'tile influence Franks',
      'tile influence Franks+Huns',
      'tile trade Franks',
    ]);
    expect(c.play.get('Franks')).toEqual(['germania', 'raetia']);
    expect(c.play.get('Huns')).toEqual(['dacia']);
    expect(c.tileDouble).toBe(true);
    expect(c.twoInfluence).toEqual(['Franks', 'Franks+Huns']);
    expect([...c.trades]).toEqual(['Franks']);
    expect(c.influence).toBe(false);
  });
  it('reads the influence-or-second-marker step and conflict commitments', () => {
    const c = choicesOf(['influence', 'second raetia', 'commit -', 'commit Huns', 'commit Huns,Huns,Goths']);
    expect(c.influence).toBe(true);
    expect(c.second).toEqual(['raetia']);
    expect(maxPerTribe(TRIBES, c.commits)).toEqual([0, 2, 1, 0, 0, 0]);
  });
  it('writes card lists in tribe order, and "-" for none', () => {
    expect(cardList(TRIBES, [0, 2, 1, 0, 0, 0])).toBe('Huns,Huns,Goths');
    expect(cardList(TRIBES, [0, 0, 0, 0, 0, 0])).toBe('-');
  });
});

describe('player names on the Tribes screen', () => {
  it('numbers seats that share a name', () => {
    expect(distinctNames(['Galla', 'Greedy', 'Greedy'])).toEqual(['Galla', 'Greedy 2', 'Greedy 3']);
  });
});
