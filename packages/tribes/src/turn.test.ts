import { describe, expect, it } from 'vitest';
import { tribesGame } from './game.js';
import { Phase } from './state.js';
import {
  cardCensus,
  emptyDrawPile,
  hand,
  legal,
  makePeaceful,
  newGame,
  play,
  put,
  setHand,
  tid,
} from './testkit.js';
import { TRIBES } from './tribes.js';

const DECK = [...Array(54).keys()].map((i) => TRIBES[i % 6]);

describe('setup and dealing', () => {
  it('dealing starts with seat 1 (the first listed), whoever plays first, 6 cards at a time from the top', () => {
    const s = newGame(3, {}, { deck: DECK, firstPlayer: 2 });
    expect(hand(s, 0)).toEqual([1, 1, 1, 1, 1, 1]);
    const deck = [...Array(6).fill('Franks'), ...Array(6).fill('Huns'), ...Array(6).fill('Goths')];
    const rest = TRIBES.flatMap((t) => Array(9).fill(t));
    for (const t of ['Franks', 'Huns', 'Goths']) rest.splice(rest.indexOf(t), 6);
    const g = newGame(3, {}, { deck: [...deck, ...rest], firstPlayer: 2 });
    expect(hand(g, 0)).toEqual([6, 0, 0, 0, 0, 0]);
    expect(hand(g, 1)).toEqual([0, 6, 0, 0, 0, 0]);
    expect(hand(g, 2)).toEqual([0, 0, 6, 0, 0, 0]);
    expect(g.active).toBe(2);
    expect(g.drawEnd - g.drawPos).toBe(54 - 18);
  });

  it(
    'the first player is drawn from the seed when random, and the same seed gives the same game',
    { tags: ['slow'] },
    () => {
      const settings = tribesGame.parseSettings({ players: 5 });
      if (!settings.ok) throw new Error(settings.error.message);
      const firsts = new Set<number>();
      for (let i = 0; i < 40; i++) {
        const a = tribesGame.setup(settings.value, `seed${i}`);
        const b = tribesGame.setup(settings.value, `seed${i}`);
        if (!a.ok || !b.ok) throw new Error('setup');
        firsts.add(a.value.active);
        expect(tribesGame.view(a.value, { seat: 0 })).toEqual(tribesGame.view(b.value, { seat: 0 }));
      }
      expect(firsts.size).toBe(5);
    },
  );

  it('all scores and influence start at 0, peace tiles 1-2-3-4 on the centuries, 3 tiles each', () => {
    const v = tribesGame.view(newGame(4), 'spectator');
    expect(v.scores).toEqual([0, 0, 0, 0]);
    expect(v.influence.flat().every((x) => x === 0)).toBe(true);
    expect(v.peaceTilesLeft).toEqual([1, 2, 3, 4]);
    expect(v.tiles.every((t) => t.double && t.trade && t.influence)).toBe(true);
    expect(v.supply).toEqual([20, 20, 20, 20, 20, 20]);
  });
});

describe('a turn', () => {
  it('influence moves by the current century: 1 in the 4th, 2 in the 5th, 3 in the 6th, 4 in the 7th', () => {
    for (const [placed, gain] of [
      [0, 1],
      [1, 2],
      [2, 2],
      [3, 3],
      [5, 3],
      [6, 4],
      [9, 4],
    ]) {
      const s = newGame(3);
      setHand(s, 0, ['Franks']);
      s.peacePlaced = placed;
      const { state } = play(s, 'play Franks dacia', 'influence');
      expect(state.influence[tid('Franks')]).toBe(gain);
    }
  });

  it('a second marker of the same tribe instead of influence', () => {
    const s = newGame(3);
    setHand(s, 0, ['Huns']);
    const { state, events } = play(s, 'play Huns dacia', 'second moesia');
    expect(state.influence[tid('Huns')]).toBe(0);
    expect(events.filter((e) => e.type === 'marker-placed').map((e) => [e.province, e.second])).toEqual([
      ['dacia', false],
      ['moesia', true],
    ]);
    expect(state.supply[tid('Huns')]).toBe(18);
  });

  it('the played card goes to the discard pile; the hand is refilled to 6 at the end of the turn', () => {
    const s = newGame(3);
    setHand(s, 0, ['Huns', 'Huns', 'Goths'], ['Vandals', 'Saxons', 'Franks', 'Franks']);
    const { state, events } = play(s, 'play Huns dacia', 'influence');
    expect(state.discard[tid('Huns')]).toBe(1);
    expect(hand(state, 0)).toEqual([2, 1, 1, 1, 0, 1]);
    expect(events.find((e) => e.type === 'cards-drawn')).toEqual({ type: 'cards-drawn', seat: 0, count: 4 });
    expect(state.active).toBe(1);
  });

  it('empty draw pile reshuffle: the discard pile is shuffled into a new draw pile when a card must be drawn', () => {
    const s = newGame(3);
    setHand(s, 0, ['Huns', 'Huns', 'Goths', 'Goths', 'Saxons', 'Saxons'], ['Franks']);
    emptyDrawPile(s, ['Franks']);
    const before = s.discard.reduce((a, b) => a + b, 0);
    const { state, events } = play(s, 'play Huns dacia', 'second moesia');
    expect(events.map((e) => e.type)).not.toContain('reshuffled');
    expect(hand(state, 0)[tid('Franks')]).toBe(1);
    const next = play(
      state,
      'play ' + TRIBES[hand(state, 1).findIndex((c) => c > 0)] + ' dacia',
      'influence',
    );
    const reshuffle = next.events.find((e) => e.type === 'reshuffled');
    expect(reshuffle).toEqual({ type: 'reshuffled', cards: before + 2 });
    expect(cardCensus(next.state)).toEqual([9, 9, 9, 9, 9, 9]);
    expect(next.state.handSize[1]).toBe(6);
  });

  it('with both piles empty, drawing stops', () => {
    const s = newGame(2);
    setHand(s, 0, ['Huns']);
    emptyDrawPile(s);
    s.discard.fill(0);
    // Park the rest of the cards in seat 1's hand so that nothing is left to draw.
    s.hands.fill(0, 6, 12);
    for (let t = 0; t < 6; t++) s.hands[6 + t] = 9 - (t === 1 ? 1 : 0);
    s.handSize[1] = 53;
    const { state } = play(s, 'play Huns dacia', 'influence');
    // The played Huns card was the only card left to reshuffle.
    expect(state.handSize[0]).toBe(1);
    expect(state.drawEnd - state.drawPos).toBe(0);
    expect(state.active).toBe(1);
  });
});

describe('the forced discard (house rule) and empty hands (fine point 7)', () => {
  function allStartsClosed(players: number) {
    const s = newGame(players);
    for (const p of ['germania', 'raetia', 'noricum', 'pannonia', 'dacia', 'moesia']) makePeaceful(s, p);
    return s;
  }

  it('a player with no playable card reveals the hand, discards one card of their choice, and the turn ends', () => {
    const s = allStartsClosed(3);
    setHand(s, 0, ['Franks', 'Franks', 'Huns']);
    expect(legal(s).filter((m) => !m.startsWith('tile'))).toEqual(['discard Franks', 'discard Huns']);
    const { state, events } = play(s, 'discard Huns');
    expect(events.find((e) => e.type === 'forced-discard')).toEqual({
      type: 'forced-discard',
      seat: 0,
      hand: ['Franks', 'Franks', 'Huns'],
      tribe: 'Huns',
    });
    expect(state.discard[tid('Huns')]).toBe(1);
    expect(state.handSize[0]).toBe(6);
    expect(state.active).toBe(1);
  });

  it('the forced discard ends the whole turn, also the second card of a two-player turn', () => {
    const s = newGame(2);
    setHand(s, 0, ['Franks', 'Huns'], ['Goths']);
    // Franks fill the last open start province's neighbourhood: after the first card nothing is playable.
    for (const p of ['germania', 'raetia', 'noricum', 'pannonia', 'dacia']) makePeaceful(s, p);
    put(s, 'moesia', 'Saxons', 4);
    const first = play(s, 'play Huns moesia', 'influence');
    expect(first.state.phase).toBe(Phase.Commit);
    const after = play(first.state, 'commit -', 'commit -').state;
    expect(after.active).toBe(0);
    expect(legal(after).filter((m) => !m.startsWith('tile'))).toEqual(['discard Franks']);
    const { state } = play(after, 'discard Franks');
    expect(state.active).toBe(1);
  });

  it('an empty hand when a card must be played ends the turn at once and draws 6', () => {
    const s = newGame(2);
    setHand(s, 0, ['Huns', 'Saxons', 'Saxons']);
    put(s, 'dacia', 'Saxons', 4);
    const { state, events } = play(s, 'play Huns dacia', 'influence', 'commit Saxons,Saxons', 'commit -');
    expect(events.map((e) => e.type)).toContain('hand-empty');
    expect(state.handSize[0]).toBe(6);
    expect(state.active).toBe(1);
  });

  it('a full round in which every player had to end the turn without placing ends the game', () => {
    // Nothing is on the board and every start province is closed: no card is ever playable.
    const s = allStartsClosed(3);
    let state = s;
    for (let seat = 0; seat < 3; seat++) {
      const discard = legal(state).find((m) => m.startsWith('discard'));
      expect(discard).toBeDefined();
      state = play(state, discard!).state;
    }
    expect(state.over).toBe(true);
    expect(tribesGame.result(state)?.reason).toMatch(/full round/);
  });
});

describe('two players', () => {
  it('each turn a player plays 2 cards, one after the other, each with steps 1-4', () => {
    const s = newGame(2);
    setHand(s, 0, ['Franks', 'Huns', 'Goths']);
    const one = play(s, 'play Franks dacia', 'influence').state;
    expect(one.active).toBe(0);
    expect(one.phase).toBe(Phase.Play);
    const two = play(one, 'play Huns dacia', 'influence').state;
    expect(two.active).toBe(1);
    expect(two.handSize[0]).toBe(6);
  });

  it('Double Turn gives a third card', () => {
    const s = newGame(2);
    setHand(s, 0, ['Franks', 'Huns', 'Goths']);
    const state = play(
      s,
      'tile double',
      'play Franks dacia',
      'influence',
      'play Huns dacia',
      'influence',
    ).state;
    expect(state.active).toBe(0);
    expect(play(state, 'play Goths dacia', 'influence').state.active).toBe(1);
  });
});
