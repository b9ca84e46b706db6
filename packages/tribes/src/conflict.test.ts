import { describe, expect, it } from 'vitest';
import { tribesGame } from './game.js';
import { Phase } from './state.js';
import { hand, legal, newGame, pid, play, put, setHand, tid } from './testkit.js';
import type { TribesOptions } from './settings.js';

/** Seat 0 to play Franks into Pannonia, which then holds 5 markers. */
function pannoniaConflict(
  markers: [string, number][],
  options: Partial<TribesOptions> = {},
  hands: string[][] = [['Franks'], [], []],
  firstPlayer = 0,
) {
  const s = newGame(hands.length, options, { firstPlayer });
  hands.forEach((h, seat) => setHand(s, seat, h));
  for (const [tribe, k] of markers) put(s, 'pannonia', tribe, k);
  return s;
}

const pannoniaMarkers = (s: ReturnType<typeof newGame>) =>
  Array.from(s.markers.subarray(pid(s, 'pannonia') * 6, pid(s, 'pannonia') * 6 + 6));

describe('conflicts (turn step 3)', () => {
  it('face-down commitments in seat order, starting with the active player; everyone sees only counts', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      {},
      [['Huns', 'Goths'], ['Huns', 'Huns', 'Vandals'], ['Goths', 'Teutons'], ['Saxons']],
      1,
    );
    setHand(s, 1, ['Franks', 'Huns', 'Huns', 'Vandals']);
    let state = play(s, 'play Franks pannonia', 'influence').state;
    expect(state.phase).toBe(Phase.Commit);
    const order: number[] = [];
    const committed: unknown[] = [];
    for (const move of ['commit Huns,Huns', 'commit Goths', 'commit -', 'commit Huns,Goths']) {
      order.push(state.toAct);
      const r = play(state, move);
      state = r.state;
      committed.push(...r.events.filter((e) => e.type === 'cards-committed'));
      if (state.phase === Phase.Commit) {
        const spectator = tribesGame.view(state, 'spectator');
        expect(spectator.conflict?.committed.filter((c) => c !== null).length).toBe(order.length);
      }
    }
    expect(order).toEqual([1, 2, 3, 0]);
    expect(committed).toEqual([
      { type: 'cards-committed', seat: 1, count: 2 },
      { type: 'cards-committed', seat: 2, count: 1 },
      { type: 'cards-committed', seat: 3, count: 0 },
      { type: 'cards-committed', seat: 0, count: 2 },
    ]);
  });

  it('a seat sees how many cards the previous seats laid, not which', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      {},
      [['Franks', 'Huns', 'Goths'], ['Huns'], ['Goths']],
    );
    const state = play(s, 'play Franks pannonia', 'influence', 'commit Huns,Goths').state;
    const v1 = tribesGame.view(state, { seat: 1 });
    expect(v1.conflict).toEqual({
      province: 'pannonia',
      committed: [2, null, null],
      own: [0, 0, 0, 0, 0, 0],
    });
    expect(JSON.stringify(v1)).not.toMatch(/"own":\[0,1,1/);
    const v0 = tribesGame.view(state, { seat: 0 });
    expect(v0.conflict?.own).toEqual([0, 1, 1, 0, 0, 0]);
  });

  it('every player commits, even with no eligible card; only tribes present may be laid by default', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      {},
      [['Franks'], ['Saxons', 'Vandals'], []],
    );
    const state = play(s, 'play Franks pannonia', 'influence', 'commit -').state;
    expect(legal(state)).toEqual(['commit -']);
    expect(() => play(state, 'commit Saxons')).toThrow(/not allowed now/);
  });

  it('option conflictBluffCards: cards of absent tribes may be laid, count for nothing and are discarded', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      { conflictBluffCards: true },
      [['Franks'], ['Saxons', 'Vandals'], []],
    );
    const { state, events } = play(
      s,
      'play Franks pannonia',
      'influence',
      'commit -',
      'commit Saxons,Vandals',
      'commit -',
    );
    const reveal = events.find((e) => e.type === 'cards-revealed');
    expect(reveal).toMatchObject({
      cards: [[], ['Saxons', 'Vandals'], []],
      strengths: { Franks: 1, Huns: 2, Goths: 2 },
    });
    expect(pannoniaMarkers(state)).toEqual([0, 2, 2, 0, 0, 0]);
    expect(state.discard[tid('Saxons')]).toBe(1);
    expect(state.discard[tid('Vandals')]).toBe(1);
  });

  it('the lowest strength (markers + cards) loses all its markers to the supply', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      {},
      [['Franks'], ['Huns'], ['Franks', 'Franks']],
    );
    const { state, events } = play(
      s,
      'play Franks pannonia',
      'influence',
      'commit -',
      'commit Huns',
      'commit Franks,Franks',
    );
    expect(events.find((e) => e.type === 'cards-revealed')).toMatchObject({
      strengths: { Franks: 3, Huns: 3, Goths: 2 },
    });
    expect(events.filter((e) => e.type === 'tribe-removed')).toEqual([
      { type: 'tribe-removed', province: 'pannonia', tribe: 'Goths', markers: 2 },
    ]);
    expect(pannoniaMarkers(state)).toEqual([1, 2, 0, 0, 0, 0]);
    expect(state.supply[tid('Goths')]).toBe(20);
    expect(state.discard[tid('Franks')]).toBe(3);
  });

  for (const allTiedConflict of ['removeAll', 'removeNone'] as const) {
    it(`tie for lowest, not all tied (allTiedConflict ${allTiedConflict}): every tribe tied for lowest goes`, () => {
      const s = pannoniaConflict(
        [
          ['Franks', 2],
          ['Huns', 1],
          ['Goths', 1],
        ],
        { allTiedConflict },
      );
      const { state } = play(s, 'play Franks pannonia', 'influence', 'commit -', 'commit -', 'commit -');
      expect(pannoniaMarkers(state)).toEqual([3, 0, 0, 0, 0, 0]);
    });

    it(`all tribes present tie (allTiedConflict ${allTiedConflict})`, () => {
      const s = pannoniaConflict(
        [
          ['Franks', 1],
          ['Huns', 1],
          ['Goths', 1],
          ['Saxons', 1],
        ],
        { allTiedConflict },
        [['Teutons'], [], []],
      );
      const { state } = play(s, 'play Teutons pannonia', 'influence', 'commit -', 'commit -', 'commit -');
      const expected = allTiedConflict === 'removeAll' ? [0, 0, 0, 0, 0, 0] : [1, 1, 1, 1, 1, 0];
      expect(pannoniaMarkers(state)).toEqual(expected);
      expect(state.peace & (1 << pid(state, 'pannonia'))).not.toBe(0);
    });

    it(`all tie after cards are added (allTiedConflict ${allTiedConflict})`, () => {
      const s = pannoniaConflict(
        [
          ['Franks', 2],
          ['Huns', 2],
        ],
        { allTiedConflict },
        [['Huns'], ['Franks'], []],
      );
      setHand(s, 0, ['Huns', 'Huns']);
      setHand(s, 1, ['Franks']);
      const { state } = play(s, 'play Huns pannonia', 'influence', 'commit -', 'commit Franks', 'commit -');
      expect(pannoniaMarkers(state)).toEqual(
        allTiedConflict === 'removeAll' ? [0, 0, 0, 0, 0, 0] : [2, 3, 0, 0, 0, 0],
      );
    });

    it(`one tribe alone in the province (allTiedConflict ${allTiedConflict})`, () => {
      const s = pannoniaConflict([['Franks', 4]], { allTiedConflict });
      const { state, events } = play(
        s,
        'play Franks pannonia',
        'influence',
        'commit -',
        'commit -',
        'commit -',
      );
      expect(pannoniaMarkers(state)).toEqual(
        allTiedConflict === 'removeAll' ? [0, 0, 0, 0, 0, 0] : [5, 0, 0, 0, 0, 0],
      );
      // Fine point 4: the peace tile is placed in every case, also on a province left empty.
      expect(events.some((e) => e.type === 'peace-placed' && e.province === 'pannonia')).toBe(true);
    });
  }

  it('nobody draws after a conflict: laid cards are gone until the end of their own turn', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      {},
      [['Franks'], ['Huns', 'Huns', 'Goths'], ['Goths']],
    );
    const { state } = play(
      s,
      'play Franks pannonia',
      'influence',
      'commit -',
      'commit Huns,Huns',
      'commit Goths',
    );
    expect(state.handSize[1]).toBe(1);
    expect(state.handSize[2]).toBe(0);
    expect(state.active).toBe(1);
    expect(hand(state, 1)).toEqual([0, 0, 1, 0, 0, 0]);
  });

  it('peace: a peace tile from the earliest century goes on the province; its markers stay for good', () => {
    const s = pannoniaConflict(
      [
        ['Huns', 2],
        ['Goths', 2],
      ],
      {},
      [['Franks', 'Franks'], [], []],
    );
    const { state, events } = play(
      s,
      'play Franks pannonia',
      'influence',
      'commit -',
      'commit -',
      'commit -',
    );
    expect(events.find((e) => e.type === 'peace-placed')).toEqual({
      type: 'peace-placed',
      province: 'pannonia',
      century: 4,
    });
    expect(state.peaceCentury[pid(state, 'pannonia')]).toBe(4);
    expect(legal(state).join(' ')).not.toMatch(/pannonia/);
  });

  it('two conflicts in one turn, in the order the provinces reached 5, with a century scored in between', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Saxons']);
    setHand(s, 1, []);
    setHand(s, 2, []);
    put(s, 'pannonia', 'Franks', 2);
    put(s, 'pannonia', 'Huns', 2);
    put(s, 'dalmatia', 'Franks', 1);
    put(s, 'dalmatia', 'Goths', 3);
    s.influence[1 * 6 + tid('Franks')] = 3;
    const { state, events } = play(
      s,
      'play Franks pannonia',
      'second dalmatia',
      ...Array(6).fill('commit -'),
    );
    const kinds = events
      .filter((e) => ['conflict-started', 'peace-placed', 'century-scored'].includes(e.type))
      .map((e) => `${e.type}:${e.province ?? e.century}`);
    expect(kinds).toEqual([
      'conflict-started:pannonia',
      'peace-placed:pannonia',
      'century-scored:4',
      'conflict-started:dalmatia',
      'peace-placed:dalmatia',
    ]);
    // The 4th century was scored before the second conflict, while Dalmatia's 2 Franks were still there:
    // 5 Franks in 2 provinces, seat 1 alone on the Franks track scores both amounts.
    expect(state.scores[1]).toBe(5 + 2);
    expect(state.markers[pid(state, 'dalmatia') * 6 + tid('Franks')]).toBe(0);
    expect(state.peacePlaced).toBe(2);
  });
});
