import { describe, expect, it } from 'vitest';
import { cardList, cardsOf, choicesOf, maxPerTribe, twoInfluenceTracks } from './client.js';
import { readMove, moveText } from './notation.js';
import { CENTURIES, cardInfluence, peaceTilesLeft } from './state.js';
import { PEACE_TILES } from './tribes.js';

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

describe('typed moves: one reader and one writer of the notation', () => {
  it('reads names case-insensitively into canonical typed moves and writes them back', () => {
    const m = readMove('tile influence huns+franks');
    expect(m).toEqual({ ok: true, value: { kind: 'twoInfluence', tracks: ['Franks', 'Huns'] } });
    if (m.ok) expect(moveText(m.value)).toBe('tile influence Franks+Huns');
    expect(twoInfluenceTracks('Goths')).toEqual(['Goths']);
    const c = readMove('commit goths,huns,huns');
    if (c.ok) expect(moveText(c.value)).toBe('commit Huns,Huns,Goths');
    expect(moveText({ kind: 'trade', cards: cardsOf([0, 2, 1, 0, 0, 0]) })).toBe(
      'tile trade Huns,Huns,Goths',
    );
  });
  it('refuses text that is not a move, saying how moves are written', () => {
    const r = readMove('play Romans italia');
    expect(!r.ok && r.error.message).toMatch(/"Romans" is not a tribe/);
    expect(!r.ok && r.error.code).toBe('move.syntax');
    expect(readMove('tile trade -').ok).toBe(false);
    expect(readMove('commit Huns,Huns,Huns,Huns,Huns,Huns,Huns').ok).toBe(false);
  });
});

describe('rule facts for screens', () => {
  it('the century track: 1, 2, 3 and 4 peace tiles in the 4th to 7th centuries, ten in all', () => {
    expect(CENTURIES.map((c) => c.peaceTiles)).toEqual([1, 2, 3, 4]);
    expect(CENTURIES.reduce((a, c) => a + c.peaceTiles, 0)).toBe(PEACE_TILES);
    expect(peaceTilesLeft(0)).toEqual([1, 2, 3, 4]);
    expect(peaceTilesLeft(4)).toEqual([0, 0, 2, 4]);
    expect(CENTURIES.map((c) => cardInfluence(c.century))).toEqual([1, 2, 3, 4]);
  });
});
