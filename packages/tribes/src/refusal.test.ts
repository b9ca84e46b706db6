/** A refused move names the rule it breaks (docs/rules/tribes.md), one code per rule. */
import { Rng } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { playMove } from './game.js';
import { isLegal } from './legal.js';
import {
  DOUBLE_MOVE,
  INFLUENCE_MOVE,
  MoveKind,
  cardsMove,
  discardMove,
  playMove as playCode,
  secondMove,
  twoInfluenceMove,
  type MoveCode,
} from './moves.js';
import { randomMove } from './playout.js';
import { ruleBroken, TRIBES_RULE_CODES, type TribesRuleCode } from './refusal.js';
import { applyInPlace } from './engine.js';
import { makePeaceful, newGame, play, put, setHand } from './testkit.js';
import type { TribesState } from './state.js';

function refusal(s: TribesState, move: string): { code: string; message: string } {
  const r = playMove(s, s.toAct, move);
  if (r.ok) throw new Error(`${move} was allowed`);
  return r.error;
}

/** Two players, seat 0 to play, holding the cards given. */
function game(cards: string[], options = {}) {
  const s = newGame(2, options);
  setHand(s, 0, cards);
  return s;
}

const EXAMPLES: Record<TribesRuleCode, { state: () => TribesState; move: string; message: RegExp }> = {
  'move.step-play': {
    state: () => game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']),
    move: 'influence',
    message: /play a card from the hand and place a marker of its tribe first/,
  },
  'move.step-influence': {
    state: () =>
      play(game(['Franks', 'Franks', 'Huns', 'Goths', 'Saxons', 'Teutons']), 'play Franks dacia').state,
    move: 'play Franks dacia',
    message: /now take influence or place a second Franks marker/,
  },
  'move.step-commit': {
    state: () => {
      const s = game(['Goths', 'Goths', 'Huns', 'Huns', 'Saxons', 'Teutons']);
      put(s, 'dacia', 'Goths', 4);
      return play(s, 'play Huns dacia', 'influence').state;
    },
    move: 'influence',
    message: /a conflict is being fought: lay cards face down, or none/,
  },
  'move.card-not-in-hand': {
    state: () => game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Teutons']),
    move: 'play Vandals dacia',
    message: /the hand holds no Vandals card/,
  },
  'move.supply-empty': {
    state: () => {
      const s = game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
      s.supply[0] = 0;
      return s;
    },
    move: 'play Franks dacia',
    message: /the Franks have no marker left in the supply/,
  },
  'move.province-closed': {
    state: () => game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']),
    move: 'play Franks sardinia',
    message: /no marker may ever be placed in Sardinia/,
  },
  'move.peace-tile': {
    state: () => {
      const s = game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
      put(s, 'dacia', 'Goths', 2);
      makePeaceful(s, 'dacia');
      return s;
    },
    move: 'play Goths dacia',
    message: /has a peace tile: a peaceful province takes no more markers/,
  },
  'move.province-full': {
    state: () => {
      // The Huns' card makes Dacia five: the card's second marker may not go there too.
      const s = game(['Goths', 'Huns', 'Huns', 'Saxons', 'Teutons', 'Vandals']);
      put(s, 'dacia', 'Goths', 4);
      return play(s, 'play Huns dacia').state;
    },
    move: 'second dacia',
    message: /Dacia already holds 5 markers/,
  },
  'move.first-marker': {
    state: () => game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']),
    move: 'play Franks italia',
    message: /the Franks have no marker on the board: their first goes into a start province/,
  },
  'move.not-adjacent': {
    state: () =>
      play(game(['Franks', 'Franks', 'Huns', 'Goths', 'Saxons', 'Teutons']), 'play Franks dacia').state,
    move: 'second italia',
    message: /Italia is not a start province and neither holds the Franks nor borders a province that does/,
  },
  'move.discard-not-forced': {
    state: () => game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']),
    move: 'discard Franks',
    message: /a card can be played: discarding is only for a hand with none/,
  },
  'move.commit-absent-tribe': {
    state: () => {
      const s = game(['Goths', 'Goths', 'Huns', 'Franks', 'Saxons', 'Teutons']);
      put(s, 'dacia', 'Goths', 4);
      return play(s, 'play Huns dacia', 'influence').state;
    },
    move: 'commit Franks',
    message: /the Franks have no marker in Dacia: only cards of tribes present there may be laid/,
  },
  'move.tile-own-turn': {
    state: () => {
      const s = game(['Goths', 'Goths', 'Huns', 'Franks', 'Saxons', 'Teutons']);
      put(s, 'dacia', 'Goths', 4);
      return play(s, 'play Huns dacia', 'influence', 'commit -').state;
    },
    move: 'tile double',
    message: /action tiles are used in one's own turn, not in another player's/,
  },
  'move.tile-used': {
    state: () => {
      const s = game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']);
      s.tilesUsed[0] = 1;
      return s;
    },
    move: 'tile double',
    message: /each action tile is used once per game/,
  },
  'move.tile-one-per-turn': {
    state: () => play(game(['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals']), 'tile double').state,
    move: 'tile influence Goths',
    message: /at most one action tile is used in a turn/,
  },
};

describe('a refused move names the rule it breaks', () => {
  for (const code of TRIBES_RULE_CODES) {
    it(`${code}: ${EXAMPLES[code].message.source.replace(/\\/g, '')}`, () => {
      const { state, move, message } = EXAMPLES[code];
      const s = state();
      const before = JSON.stringify([s.hands, s.markers, s.phase]);
      const e = refusal(s, move);
      expect(e.code).toBe(code);
      expect(e.message).toMatch(message);
      // The message still lists what is allowed, and nothing changed.
      expect(e.message).toMatch(/; allowed: /);
      expect(JSON.stringify([s.hands, s.markers, s.phase])).toBe(before);
    });
  }

  it('cards laid of absent tribes count for nothing but are allowed with conflictBluffCards', () => {
    const s = game(['Goths', 'Goths', 'Huns', 'Franks', 'Saxons', 'Teutons'], { conflictBluffCards: true });
    put(s, 'dacia', 'Goths', 4);
    const fight = play(s, 'play Huns dacia', 'influence').state;
    expect(playMove(fight, 0, 'commit Franks').ok).toBe(true);
  });

  it('laying more cards of a tribe than the hand holds: the cards are not in the hand', () => {
    const s = game(['Goths', 'Goths', 'Huns', 'Franks', 'Saxons', 'Teutons']);
    put(s, 'dacia', 'Goths', 4);
    const fight = play(s, 'play Huns dacia', 'influence').state;
    expect(refusal(fight, 'commit Goths,Goths,Goths')).toMatchObject({ code: 'move.card-not-in-hand' });
  });
});

/** Every move of every kind a seat could name on this map (commits and trades up to two cards). */
function everyMove(s: TribesState): MoveCode[] {
  const moves: MoveCode[] = [INFLUENCE_MOVE, DOUBLE_MOVE];
  for (let t = 0; t < 6; t++) {
    moves.push(discardMove(t));
    for (let u = t; u < 6; u++) moves.push(twoInfluenceMove(t, u));
    for (let p = 0; p < s.map.provinces.length; p++) moves.push(playCode(t, p));
  }
  for (let p = 0; p < s.map.provinces.length; p++) moves.push(secondMove(p));
  const counts = (a: number, b: number) =>
    [0, 1, 2, 3, 4, 5].map((t) => (t === a ? 1 : 0) + (t === b ? 1 : 0));
  moves.push(cardsMove(MoveKind.Commit, counts(-1, -1)));
  for (let a = 0; a < 6; a++)
    for (let b = -1; b < 6; b++) {
      moves.push(cardsMove(MoveKind.Commit, counts(a, b)));
      moves.push(cardsMove(MoveKind.Trade, counts(a, b)));
    }
  return moves;
}

describe('every refusal in real games names a rule', () => {
  it(
    'along random 3-player games, a legal move breaks no rule and every other move breaks one',
    { tags: ['slow'] },
    () => {
      const rng = Rng.fromSeed('refusals');
      let refused = 0;
      for (let g = 0; g < 3; g++) {
        const s = newGame(3, {}, { seed: `refusal-${g}` });
        for (let ply = 0; ply < 400 && !s.over; ply++) {
          if (ply % 5 === 0) {
            for (const m of everyMove(s)) {
              const rule = ruleBroken(s, s.toAct, m);
              if (isLegal(s, m)) expect(rule).toBeNull();
              else {
                expect(rule, `move ${m} at ply ${ply}`).not.toBeNull();
                refused++;
              }
            }
          }
          applyInPlace(s, randomMove(s, rng));
        }
      }
      expect(refused).toBeGreaterThan(1000);
    },
  );
});
