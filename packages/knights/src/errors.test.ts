/** Each Knights move refusal has its own code (issue 17: all of them used to share `knights.move`). */
import { unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import type { KnightsErrorCode } from './errors.js';
import { knightsGame, knightsPlay, knightsStart } from './game.js';
import { KNIGHTS_MOVE_ERROR_CODES, type MoveErrorCode } from './notation.js';
import { Position } from './position.js';
import { STANDARD_LAYOUT } from './presets.js';

const P = (text: string) => unwrap(Position.parse(text));
// Romans c2, c1, d1; Huns b3, d3, b1; c3, b2 and d2 scorched (as in rules.test.ts).
const turns = P('...../.H#H./.#R#./.HRR. R');

/** One refused move per code, with the message it gives (unchanged from when they shared one code). */
const EXAMPLES: Record<MoveErrorCode, { position: Position; move: string; message: RegExp }> = {
  'knights.move.syntax': { position: turns, move: 'd1-e3', message: /"d1-e3" is not a move: a placement is/ },
  'knights.move.square': { position: turns, move: 'c2-f4,a4', message: /f4 is not a square of this board/ },
  'knights.move.game-over': {
    position: P('R#H#H/.####/#####/R#H#R R'),
    move: 'a4-c3,a3',
    message: /the game is over: the Romans cannot move and have lost/,
  },
  'knights.move.placing': {
    position: Position.empty(STANDARD_LAYOUT, 'H'),
    move: 'a1-b3,c1',
    message: /the knights are still being placed: name the free square for the next Hun knight/,
  },
  'knights.move.moving': { position: turns, move: 'e3', message: /all knights are placed: a turn is/ },
  'knights.move.place-taken': {
    position: P('...../...../...../H.... R'),
    move: 'a1',
    message: /a1 holds a Hun knight: place a knight on a free square/,
  },
  'knights.move.trap': {
    position: P('...../.R.../..H../..... R'),
    move: 'a1',
    message: /a knight on a1 would have no move \(no-trap placement rule\)/,
  },
  'knights.move.trap-other': {
    position: P('...../.H.../...../R.... H'),
    move: 'c2',
    message: /a knight on c2 would leave the Roman knight on a1 without a move \(no-trap placement rule\)/,
  },
  'knights.move.not-your-knight': {
    position: turns,
    move: 'b3-a1,a4',
    message: /there is no Roman knight on b3; the Romans to move have knights on c2, c1, d1/,
  },
  'knights.move.not-a-jump': {
    position: turns,
    move: 'c2-c4,a4',
    message: /c2 to c4 is not a knight's jump/,
  },
  'knights.move.land-taken': {
    position: turns,
    move: 'd1-c3,a4',
    message: /the knight cannot land on c3: it is scorched/,
  },
  'knights.move.scorch-landing': {
    position: turns,
    move: 'd1-e3,e3',
    message: /e3 cannot be scorched: the knight has just landed there/,
  },
  'knights.move.scorch-taken': {
    position: turns,
    move: 'd1-e3,b3',
    message: /b3 cannot be scorched: it holds a Hun knight; scorch a free square/,
  },
};

describe('every Knights move refusal has its own code', () => {
  it('the list of codes is the union, each code once', () => {
    expect(new Set(KNIGHTS_MOVE_ERROR_CODES).size).toBe(KNIGHTS_MOVE_ERROR_CODES.length);
    expect(Object.keys(EXAMPLES).sort()).toEqual([...KNIGHTS_MOVE_ERROR_CODES].sort());
  });

  for (const code of KNIGHTS_MOVE_ERROR_CODES) {
    it(`${code}: refused with that code and its message, the position unchanged`, () => {
      const { position, move, message } = EXAMPLES[code];
      const before = position.toString();
      const r = position.play(move);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe(code);
      expect(r.error.message).toMatch(message);
      expect(position.toString()).toBe(before);
    });
  }

  it('a move by the game refuses with its own turn and game-over codes, then the move codes', () => {
    const state = knightsStart(unwrap(knightsGame.parseSettings({})));
    const codeOf = (seat: number, move: string): KnightsErrorCode | null => {
      const r = knightsPlay(state, seat, move);
      return r.ok ? null : r.error.code;
    };
    expect(codeOf(1, 'a1')).toBe('knights.turn');
    expect(codeOf(0, 'zz')).toBe('knights.move.syntax');
    expect(codeOf(0, 'a1-b3,c1')).toBe('knights.move.placing');
    const over = { ...state, position: P('R#H#H/.####/#####/R#H#R R') };
    const r = knightsPlay(over, 0, 'a4-c3,a3');
    expect(!r.ok && r.error.code).toBe('knights.over');
  });
});
