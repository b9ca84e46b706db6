import { describe, expect, it } from 'vitest';
import { tribesGame } from './game.js';
import { newGame, play, put, setHand, tid } from './testkit.js';

describe('the end of the game', () => {
  it('the last (10th) peace tile: the 7th century scoring is the final scoring and the game ends at once', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns']);
    s.peacePlaced = 9;
    put(s, 'dacia', 'Huns', 3);
    put(s, 'dacia', 'Goths', 1);
    put(s, 'moesia', 'Goths', 4);
    s.influence[tid('Huns')] = 5;
    // Two provinces reach 5; the first conflict places the last tile, so the second is never fought.
    const { state, events } = play(s, 'play Huns dacia', 'tile double');
    expect(state.cardsLeft).toBe(1);
    const done = play(state, 'second moesia', 'commit -', 'commit -', 'commit -');
    const types = done.events.map((e) => e.type);
    expect(types.slice(-4)).toEqual(['tribe-removed', 'peace-placed', 'century-scored', 'game-over']);
    expect(done.events.find((e) => e.type === 'century-scored')).toMatchObject({ century: 7, final: true });
    expect(types.filter((t) => t === 'conflict-started').length).toBe(1);
    expect(types).not.toContain('cards-drawn');
    expect(done.state.over).toBe(true);
    expect(tribesGame.toAct(done.state)).toEqual([]);
    expect(tribesGame.result(done.state)).toEqual({
      winners: [0],
      scores: [5 + 1 + 1, 0, 0],
      reason: 'the last peace tile was placed',
    });
    expect(events.length).toBeGreaterThan(0);
  });

  it('the last marker of a tribe placed from the supply ends the game after the turn, with a final scoring', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Franks']);
    for (const p of ['italia', 'dalmatia', 'pannonia', 'noricum']) put(s, p, 'Franks', 4);
    put(s, 'raetia', 'Franks', 3);
    // Seat 1 leads on Franks (first place: 20 markers), seat 0 is second after this card (6 provinces).
    s.influence[1 * 6 + tid('Franks')] = 2;
    const { state, events } = play(s, 'play Franks germania', 'influence');
    expect(state.supply[tid('Franks')]).toBe(0);
    expect(state.over).toBe(true);
    const scored = events.find((e) => e.type === 'century-scored');
    expect(scored).toMatchObject({ century: 4, final: true, points: [6, 20, 0] });
    expect(tribesGame.result(state)?.reason).toMatch(/last marker/);
  });

  it('the last marker sent back to the supply by a conflict: the game goes on', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks']);
    for (const p of ['italia', 'dalmatia', 'noricum', 'raetia']) put(s, p, 'Franks', 4);
    put(s, 'pannonia', 'Franks', 3);
    put(s, 'dacia', 'Huns', 4);
    const { state } = play(s, 'play Franks dacia', 'influence', 'commit -', 'commit -', 'commit -');
    expect(state.supply[tid('Franks')]).toBe(1);
    expect(state.over).toBe(false);
    expect(state.active).toBe(1);
  });

  it('an influence marker reaching the top of its track ends the game after the turn', () => {
    const s = newGame(3, { influenceTrackTop: 8 });
    setHand(s, 0, ['Franks', 'Huns']);
    s.influence[tid('Franks')] = 7;
    const mid = play(s, 'play Franks dacia', 'influence').state;
    expect(mid.influence[tid('Franks')]).toBe(8);
    expect(mid.over).toBe(true);
    expect(tribesGame.result(mid)?.reason).toMatch(/top/);
    // Moves past the top stop at the top.
    const t = newGame(3, { influenceTrackTop: 22 });
    t.influence[tid('Huns')] = 21;
    t.peacePlaced = 7;
    setHand(t, 0, ['Huns']);
    expect(play(t, 'play Huns dacia', 'influence').state.influence[tid('Huns')]).toBe(22);
  });

  it('players tied for most points share the victory', () => {
    const s = newGame(3, { influenceTrackTop: 8 });
    setHand(s, 0, ['Franks']);
    s.scores.set([4, 4, 1]);
    s.influence[tid('Franks')] = 7;
    const done = play(s, 'play Franks dacia', 'influence').state;
    expect(done.scores[0]).toBe(4 + 2);
    s.scores.set([4, 6, 1]);
    const tied = play(s, 'play Franks dacia', 'influence').state;
    expect(tribesGame.result(tied)?.winners).toEqual([0, 1]);
  });
});
