import { describe, expect, it } from 'vitest';
import { legal, makePeaceful, newGame, pid, placements, play, put, setHand } from './testkit.js';

const STARTS = ['dacia', 'germania', 'moesia', 'noricum', 'pannonia', 'raetia'];

describe('placing markers (turn step 1)', () => {
  it("start provinces: a tribe's first marker must go into a start province", () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    for (const tribe of ['Franks', 'Huns', 'Goths']) expect(placements(s, tribe)).toEqual(STARTS);
  });

  it('later markers: start provinces, provinces holding the tribe and their neighbours', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    put(s, 'italia', 'Franks');
    expect(placements(s, 'Franks')).toEqual(
      [...STARTS, 'italia', 'narbonensis', 'dalmatia', 'sicilia'].sort(),
    );
  });

  it('adjacency through sea links: a sea arrow is a border', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    put(s, 'baetica', 'Huns');
    expect(placements(s, 'Huns')).toContain('mauretania');
    put(s, 'belgica', 'Goths');
    expect(placements(s, 'Goths')).toContain('britannia');
    expect(placements(s, 'Goths')).not.toContain('aquitania');
  });

  it('adjacency through peaceful provinces: their markers still count, but nothing may go into them', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    put(s, 'thracia', 'Goths', 2);
    makePeaceful(s, 'thracia');
    const goths = placements(s, 'Goths');
    expect(goths).toContain('asia');
    expect(goths).toContain('macedonia');
    expect(goths).not.toContain('thracia');
  });

  it('Sardinia/Corsica closed: no marker may ever go there', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    for (const p of ['italia', 'narbonensis', 'sicilia', 'africa', 'tarraconensis']) put(s, p, 'Saxons');
    const all = legal(s).join(' ');
    expect(all).not.toMatch(/sardinia|corsica/);
    expect(play(s, 'play Saxons italia').state).toBeTruthy();
    expect(() => play(s, 'play Saxons sardinia')).toThrow(/not allowed now/);
  });

  it('the 5-marker limit: a province holding 5 markers takes no more, not even the second marker', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Franks', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    put(s, 'italia', 'Franks', 2);
    put(s, 'italia', 'Huns', 2);
    const { state } = play(s, 'play Franks italia');
    expect(state.total[pid(state, 'italia')]).toBe(5);
    const moves = legal(state);
    expect(moves).toContain('second dalmatia');
    expect(moves).not.toContain('second italia');
  });

  it('a tribe with no marker left on the board enters through a start province again (fine point 2)', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
    setHand(s, 1, []);
    setHand(s, 2, []);
    put(s, 'italia', 'Huns');
    put(s, 'italia', 'Franks', 3);
    let state = play(s, 'play Franks italia', 'influence', 'commit -', 'commit -', 'commit -').state;
    expect(state.presence[1]).toBe(0);
    setHand(state, state.active, ['Huns']);
    expect(placements(state, 'Huns')).toEqual(STARTS);
    state = play(state, 'play Huns dacia').state;
    expect(legal(state)).toContain('second moesia');
  });

  it('a card is playable only while its tribe has markers in the supply', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns']);
    s.supply[0] = 0;
    expect(placements(s, 'Franks')).toEqual([]);
    expect(placements(s, 'Huns')).toEqual(STARTS);
  });
});
