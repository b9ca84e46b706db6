import { Rng, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP } from './default-map.js';
import { legalCodes, tribesGame } from './game.js';
import { formatMove } from './notation.js';
import { moveFromObject, moveObjectToText, moveToObject } from './typed-move.js';

describe('typed moves', () => {
  it(
    'every legal move of random games converts to an object and back, matching the notation',
    { tags: ['slow'] },
    () => {
      const settings = unwrap(tribesGame.parseSettings({ players: 3 }));
      const rng = Rng.fromSeed('typed');
      const kinds = new Set<string>();
      for (let g = 0; g < 10; g++) {
        let state = unwrap(tribesGame.setup(settings, `t${g}`));
        while (!state.over) {
          const codes = legalCodes(state);
          for (const code of codes) {
            const object = moveToObject(state.map, code);
            kinds.add(object.kind);
            expect(moveObjectToText(object)).toBe(formatMove(state.map, code));
            expect(unwrap(moveFromObject(state.map, object))).toBe(code);
          }
          const seat = tribesGame.toAct(state)[0];
          state = unwrap(tribesGame.play(state, seat, formatMove(state.map, rng.pick(codes)))).state;
        }
      }
      for (const kind of ['commit', 'double', 'influence', 'play', 'second', 'trade', 'twoInfluence']) {
        expect(kinds).toContain(kind);
      }
    },
  );

  it('refuses a typed move naming an unknown province, with the notation error', () => {
    const r = moveFromObject(DEFAULT_MAP, { kind: 'second', province: 'atlantis' });
    expect(!r.ok && r.error.message).toMatch(/"atlantis" is not a province/);
    expect(
      moveToObject(DEFAULT_MAP, unwrap(moveFromObject(DEFAULT_MAP, { kind: 'discard', tribe: 'Goths' }))),
    ).toEqual({
      kind: 'discard',
      tribe: 'Goths',
    });
  });
});
