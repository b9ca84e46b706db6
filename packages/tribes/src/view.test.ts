import { Rng, replayMoves, unwrap, type Viewer } from '@attila/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { determinize } from './determinize.js';
import { applyInPlace } from './engine.js';
import { MAX_MOVES, legalMoveCodes } from './legal.js';
import { tribesGame } from './game.js';
import { parseSettings } from './settings.js';
import { createGame } from './setup.js';
import { Phase, type TribesState } from './state.js';
import { cardCensus, newGame, play, put, setHand } from './testkit.js';
import { TRIBE_COUNT } from './tribes.js';
import { viewOf } from './view.js';

function hiddenCards(s: TribesState, seat: number): string {
  const others: number[] = [];
  for (let i = 0; i < s.players; i++) {
    if (i === seat) continue;
    others.push(...s.hands.subarray(i * TRIBE_COUNT, (i + 1) * TRIBE_COUNT));
    others.push(...s.committed.subarray(i * TRIBE_COUNT, (i + 1) * TRIBE_COUNT));
  }
  return others.join() + '|' + Array.from(s.draw.subarray(s.drawPos, s.drawEnd)).join();
}

describe('views: what each seat may see', () => {
  it('a seat sees its own hand, only the sizes of the others, and never the draw pile or the seed', () => {
    const s = newGame(3, {}, { seed: 'secret-seed' });
    setHand(s, 1, ['Goths', 'Goths', 'Vandals']);
    const v = tribesGame.view(s, { seat: 1 });
    expect(v.hand).toEqual([0, 0, 2, 0, 0, 1]);
    expect(v.handSizes).toEqual([6, 3, 6]);
    expect(v.drawPile).toBe(54 - 15);
    const text = JSON.stringify(v);
    expect(text).not.toMatch(/secret-seed/);
    expect(Object.keys(v)).not.toContain('draw');
    const spectator = tribesGame.view(s, 'spectator');
    expect(spectator.hand).toBeNull();
    expect(spectator.viewer).toBeNull();
  });

  it("shows the influence a card gives in the century being played (4th: 1 … 7th: 4), not the next one's", () => {
    // Peace tiles placed so far → the century → a card's influence (the rules' century track).
    const track: [number, number, number][] = [
      [0, 4, 1],
      [1, 5, 2],
      [2, 5, 2],
      [3, 6, 3],
      [5, 6, 3],
      [6, 7, 4],
      [9, 7, 4],
    ];
    for (const [peace, century, influence] of track) {
      const s = newGame(3);
      s.peacePlaced = peace;
      for (const viewer of [{ seat: 0 }, { seat: 2 }, 'spectator'] as const) {
        const v = tribesGame.view(s, viewer);
        expect({ peace, century: v.century, influence: v.cardInfluence }).toEqual({
          peace,
          century,
          influence,
        });
      }
    }
  });

  it('after the reveal everybody sees which cards were laid', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Huns']);
    setHand(s, 1, ['Huns', 'Goths']);
    put(s, 'dacia', 'Huns', 2);
    put(s, 'dacia', 'Goths', 2);
    const { state } = play(s, 'play Franks dacia', 'influence', 'commit Huns', 'commit Goths', 'commit -');
    expect(tribesGame.view(state, 'spectator').lastConflict).toEqual({
      province: 'dacia',
      cards: [
        [0, 1, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
      ],
      removed: ['Franks'],
    });
  });

  it(
    'two states differing only in hidden cards give identical views for a seat; determinize samples them',
    { tags: ['slow'] },
    () => {
      const buffer = new Int32Array(MAX_MOVES);
      let differed = 0;
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 5 }), fc.boolean(), fc.integer(), (players, bluff, seed) => {
          const settings = unwrap(parseSettings({ players, options: { conflictBluffCards: bluff } }));
          const s = createGame(settings, String(seed));
          const rng = Rng.fromSeed(seed);
          let step = 0;
          while (!s.over) {
            if (step++ % 5 === 0 || s.phase === Phase.Commit) {
              const seat = rng.int(players);
              const viewer: Viewer = rng.int(6) === 0 ? 'spectator' : { seat };
              const v = viewOf(s, viewer);
              const d = determinize(v, settings.map, rng);
              // Compared as text first: deep equality on every step would dominate the test's time.
              if (JSON.stringify(viewOf(d, viewer)) !== JSON.stringify(v))
                expect(viewOf(d, viewer)).toEqual(v);
              if (cardCensus(d).join() !== '9,9,9,9,9,9') expect(cardCensus(d)).toEqual([9, 9, 9, 9, 9, 9]);
              if (hiddenCards(d, seat) !== hiddenCards(s, seat)) differed++;
              // The guess is a real game: the seat to act has the same kinds of moves, and it plays to the end.
              if (legalMoveCodes(d, buffer) === 0) throw new Error('no legal move in a determinized state');
            }
            applyInPlace(s, buffer[rng.int(legalMoveCodes(s, buffer))]);
          }
        }),
        { numRuns: 300 },
      );
      expect(differed).toBeGreaterThan(2000);
    },
  );

  it('a determinized state plays on to the end with every card accounted for', { tags: ['slow'] }, () => {
    const settings = unwrap(parseSettings({ players: 4 }));
    const buffer = new Int32Array(MAX_MOVES);
    for (let g = 0; g < 50; g++) {
      const s = createGame(settings, `d${g}`);
      const rng = Rng.fromSeed(g);
      for (let k = 0; k < 40 && !s.over; k++) applyInPlace(s, buffer[rng.int(legalMoveCodes(s, buffer))]);
      const d = determinize(viewOf(s, { seat: s.toAct < 0 ? 0 : s.toAct }), settings.map, rng);
      while (!d.over) applyInPlace(d, buffer[rng.int(legalMoveCodes(d, buffer))]);
      expect(cardCensus(d)).toEqual([9, 9, 9, 9, 9, 9]);
      const over = viewOf(d, { seat: 0 });
      expect(viewOf(determinize(over, settings.map, rng), { seat: 0 })).toEqual(over);
    }
  });
});

describe('records and replay', () => {
  it('replaying the moves re-checks every move and reproduces every state', { tags: ['slow'] }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer(), (players, seed) => {
        const settings = unwrap(tribesGame.parseSettings({ players }));
        let state = unwrap(tribesGame.setup(settings, `r${seed}`));
        const rng = Rng.fromSeed(seed);
        const moves: string[] = [];
        const views: string[] = [JSON.stringify(tribesGame.view(state, 'spectator'))];
        while (!state.over) {
          const seat = tribesGame.toAct(state)[0];
          const move = rng.pick(tribesGame.legalMoves(state, seat));
          state = unwrap(tribesGame.play(state, seat, move)).state;
          moves.push(move);
          views.push(JSON.stringify(tribesGame.view(state, 'spectator')));
        }
        const replayed = unwrap(
          replayMoves(
            tribesGame,
            unwrap(tribesGame.parseSettings(tribesGame.settingsToJson(settings))),
            `r${seed}`,
            moves,
          ),
        );
        expect(replayed.states.map((s) => JSON.stringify(tribesGame.view(s, 'spectator')))).toEqual(views);
        const last = replayed.states[replayed.states.length - 1];
        for (let seat = 0; seat < players; seat++) {
          expect(tribesGame.view(last, { seat })).toEqual(tribesGame.view(state, { seat }));
        }
        expect(tribesGame.result(last)).toEqual(tribesGame.result(state));
      }),
      { numRuns: 100 },
    );
  });

  it('a tampered move list is refused with the move number', () => {
    const settings = unwrap(tribesGame.parseSettings({ players: 3, firstPlayer: 0 }));
    let state = unwrap(tribesGame.setup(settings, 'tamper'));
    const moves: string[] = [];
    for (let i = 0; i < 10; i++) {
      const move = tribesGame.legalMoves(state, tribesGame.toAct(state)[0])[0];
      moves.push(move);
      state = unwrap(tribesGame.play(state, tribesGame.toAct(state)[0], move)).state;
    }
    moves[6] = 'play Franks creta';
    const r = replayMoves(tribesGame, settings, 'tamper', moves);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^move 7 \("play Franks creta"\): .*not allowed now/);
  });

  it('refuses a move out of turn or after the game, changing nothing', () => {
    const s = newGame(3);
    const before = JSON.stringify(viewOf(s, 'spectator'));
    const r = tribesGame.play(s, 1, 'influence');
    expect(!r.ok && r.error.code).toBe('move.not-your-turn');
    expect(JSON.stringify(viewOf(s, 'spectator'))).toBe(before);
    expect(tribesGame.legalMoves(s, 1)).toEqual([]);
  });
});

describe('views of several viewers at once (viewsOf, for servers)', () => {
  it('are each exactly the view of that viewer, in every phase of whole games, sharing what all see', () => {
    let commits = 0;
    for (const seed of ['va', 'vb', 'vc']) {
      const rng = Rng.fromSeed(seed);
      const settings = unwrap(parseSettings({ players: 3 }));
      let s = createGame(settings, seed);
      const viewers: Viewer[] = ['spectator', { seat: 0 }, { seat: 1 }, { seat: 2 }];
      for (let ply = 0; ply < 2000; ply++) {
        const views = tribesGame.views?.(s, viewers) ?? [];
        expect(views).toHaveLength(viewers.length);
        viewers.forEach((viewer, i) => {
          expect(JSON.stringify(views[i])).toBe(JSON.stringify(viewOf(s, viewer)));
        });
        // The board is one object for all of them: a server serializes it once.
        expect(views[1].provinces).toBe(views[2].provinces);
        if (s.phase === Phase.Commit) commits++;
        const toAct = tribesGame.toAct(s);
        if (toAct.length === 0) break;
        const seat = toAct[0];
        s = unwrap(tribesGame.play(s, seat, rng.pick([...tribesGame.legalMoves(s, seat)]))).state;
      }
      expect(tribesGame.result(s)).not.toBeNull();
    }
    // Conflicts (a view with each seat's own commitment) were among the positions checked.
    expect(commits).toBeGreaterThan(0);
  });
});
