import { describe, expect, it } from 'vitest';
import { Phase, Tile } from './state.js';
import { emptyDrawPile, hand, legal, newGame, play, put, setHand, tid } from './testkit.js';

const tiles = (moves: string[]) => moves.filter((m) => m.startsWith('tile'));

describe('action tiles', () => {
  it('Double Turn: after step 4, another card with all its steps, then step 5', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns', 'Goths']);
    const one = play(s, 'play Franks dacia', 'tile double', 'influence').state;
    expect(one.active).toBe(0);
    expect(one.phase).toBe(Phase.Play);
    expect(one.handSize[0]).toBe(2);
    const two = play(one, 'play Huns moesia', 'second dacia').state;
    expect(two.active).toBe(1);
    expect(two.handSize[0]).toBe(6);
    expect(two.tilesUsed[0]).toBe(Tile.Double);
  });

  it('Trade: discard any number of cards from hand and draw as many (discard first, then draw)', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Franks', 'Huns'], ['Vandals', 'Vandals']);
    const { state, events } = play(s, 'tile trade Franks,Franks');
    expect(hand(state, 0)).toEqual([0, 1, 0, 0, 0, 2]);
    expect(state.discard[tid('Franks')]).toBe(2);
    expect(events).toEqual([
      { type: 'tile-used', seat: 0, tile: 'trade', discarded: ['Franks', 'Franks'] },
      { type: 'cards-drawn', seat: 0, count: 2 },
    ]);
    expect(state.phase).toBe(Phase.Play);
    expect(state.active).toBe(0);
  });

  it('Trade with an empty draw pile reshuffles, which may bring the traded cards back', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns']);
    emptyDrawPile(s);
    s.discard.fill(0);
    // Only the traded card can come back: everything else sits in the other hands.
    for (let t = 0; t < 6; t++) s.hands[6 + t] += 9 - (t < 2 ? 1 : 0);
    s.handSize[1] += 52;
    const { state, events } = play(s, 'tile trade Franks');
    expect(events.map((e) => e.type)).toEqual(['tile-used', 'reshuffled', 'cards-drawn']);
    expect(hand(state, 0)).toEqual([1, 1, 0, 0, 0, 0]);
  });

  it('Two Influence: one track by 2, or two different tracks by 1 each, regardless of the century', () => {
    const s = newGame(3);
    s.peacePlaced = 7;
    const a = play(s, 'tile influence Goths').state;
    expect(Array.from(a.influence.subarray(0, 6))).toEqual([0, 0, 2, 0, 0, 0]);
    const b = play(s, 'tile influence Vandals+Huns').state;
    expect(Array.from(b.influence.subarray(0, 6))).toEqual([0, 1, 0, 0, 0, 1]);
    expect(tiles(legal(s)).filter((m) => m.startsWith('tile influence')).length).toBe(6 + 15);
  });

  it('Two Influence stops at the track top (fine point 8)', () => {
    const s = newGame(3, { influenceTrackTop: 10 });
    s.influence[tid('Huns')] = 9;
    const { state, events } = play(s, 'tile influence Huns');
    expect(state.influence[tid('Huns')]).toBe(10);
    expect(events.find((e) => e.type === 'influence')).toMatchObject({ from: 9, to: 10 });
  });

  it('each tile is used once per game and at most one tile per turn', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns']);
    const used = play(s, 'tile influence Franks').state;
    expect(tiles(legal(used))).toEqual([]);
    expect(() => play(used, 'tile double')).toThrow(/not allowed now/);
    // Seat 0's next turn: Double Turn and Trade are still there, Two Influence is gone.
    let state = play(used, 'play Franks dacia', 'influence').state;
    for (const seat of [1, 2]) {
      setHand(state, seat, ['Goths']);
      state = play(state, 'play Goths germania', 'influence').state;
    }
    expect(state.active).toBe(0);
    const left = tiles(legal(state));
    expect(left).toContain('tile double');
    expect(left.some((m) => m.startsWith('tile trade'))).toBe(true);
    expect(left.some((m) => m.startsWith('tile influence'))).toBe(false);
  });

  it("tiles only in one's own turn, also during one's own commitment (fine point 8), never during another's", () => {
    const s = newGame(3);
    setHand(s, 1, ['Huns']);
    setHand(s, 0, ['Franks', 'Vandals'], ['Huns']);
    put(s, 'dacia', 'Huns', 4);
    const conflict = play(s, 'play Franks dacia', 'influence').state;
    expect(conflict.toAct).toBe(0);
    expect(tiles(legal(conflict)).length).toBeGreaterThan(0);
    // Trade away the useless Vandals card, then lay the Huns card just drawn.
    const traded = play(conflict, 'tile trade Vandals').state;
    expect(legal(traded)).toContain('commit Huns');
    const laid = play(traded, 'commit Huns').state;
    expect(laid.toAct).toBe(1);
    expect(tiles(legal(laid))).toEqual([]);
  });

  it('Trade needs at least one card', () => {
    const s = newGame(3);
    expect(() => play(s, 'tile trade -')).toThrow(/at least one card/);
  });
});
