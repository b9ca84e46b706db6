import { describe, expect, it } from 'vitest';
import defaultMapJson from '../data/default-map.json' with { type: 'json' };
import { tribesGame } from './game.js';
import { DEFAULT_OPTIONS, parseSettings, settingsToJson } from './settings.js';
import { TRIBES } from './tribes.js';

function refusal(raw: unknown): string {
  const r = parseSettings(raw);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('settings', () => {
  it('fill in the defaults named on the rules page', () => {
    const r = parseSettings({ players: 3 });
    expect(r.ok && r.value.options).toEqual({
      conflictBluffCards: false,
      allTiedConflict: 'removeAll',
      tieRounding: 'down',
      twoPlayerSecondGap: 2,
      influenceTrackTop: 22,
    });
    expect(r.ok && r.value.firstPlayer).toBe('random');
    expect(r.ok && r.value.map.reconstruction).toBe(true);
  });

  it('round-trip through JSON, options, custom map and deck included', () => {
    const deck = [...Array(54).keys()].map((i) => TRIBES[i % 6]);
    const raw = {
      players: 2,
      firstPlayer: 1,
      options: { ...DEFAULT_OPTIONS, tieRounding: 'up', allTiedConflict: 'removeNone' },
      map: defaultMapJson,
      deck,
    };
    const r = parseSettings(raw);
    if (!r.ok) throw new Error(r.error.message);
    const json = settingsToJson(r.value);
    expect(JSON.parse(JSON.stringify(json))).toEqual(JSON.parse(JSON.stringify(raw)));
    expect(tribesGame.parseSettings(json)).toEqual(r);
    expect(settingsToJson(unwrapSettings({ players: 4 }))).toEqual({
      players: 4,
      firstPlayer: 'random',
      options: DEFAULT_OPTIONS,
    });
  });

  it('refuse bad settings with a clear message', () => {
    expect(refusal({ players: 6 })).toMatch(/"players" must be 2, 3, 4 or 5/);
    expect(refusal({ players: 3, firstPlayer: 3 })).toMatch(
      /"firstPlayer" must be "random" or a seat from 0 to 2/,
    );
    expect(refusal({ players: 3, options: { tieRounding: 'nearest' } })).toMatch(
      /tieRounding must be "down" or "up"/,
    );
    expect(refusal({ players: 3, options: { bluff: true } })).toMatch(
      /unknown option "bluff"; the options are/,
    );
    expect(refusal({ players: 3, options: { allTiedConflict: 'x' } })).toMatch(/removeAll/);
    expect(refusal({ players: 3, options: { influenceTrackTop: 2 } })).toMatch(/influenceTrackTop/);
    expect(refusal({ players: 3, options: { twoPlayerSecondGap: -1 } })).toMatch(/twoPlayerSecondGap/);
    expect(refusal({ players: 3, options: { conflictBluffCards: 'yes' } })).toMatch(/conflictBluffCards/);
    expect(refusal({ players: 3, colour: 'red' })).toMatch(/unknown setting "colour"/);
    expect(refusal({ players: 3, deck: ['Franks'] })).toMatch(/all 54 cards/);
    const tenFranks = [...Array(54).keys()].map((i) => (i === 1 ? 'Franks' : TRIBES[i % 6]));
    expect(refusal({ players: 3, deck: tenFranks })).toMatch(/holds 10 Franks; it must hold exactly 9/);
    const romans = [...Array(54).keys()].map((i) => (i === 5 ? 'Romans' : TRIBES[i % 6]));
    expect(refusal({ players: 3, deck: romans })).toMatch(/deck card 6 is "Romans"/);
    expect(
      refusal({ players: 3, map: { format: 'attila-tribes-map', version: 1, name: 'x', provinces: [] } }),
    ).toMatch(/bad map/);
    expect(refusal('three')).toMatch(/settings must be an object/);
  });
});

function unwrapSettings(raw: unknown) {
  const r = parseSettings(raw);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
