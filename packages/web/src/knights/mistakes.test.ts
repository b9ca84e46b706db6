import { describe, expect, it } from 'vitest';
import {
  classifyMove,
  judgeGame,
  MISTAKE_PLIES,
  summarize,
  valueFromVerdicts,
  valueOfMove,
  type KnownValue,
} from './mistakes.js';

const exact = (value: number): KnownValue => ({ value, exact: true });
const sign = (value: number): KnownValue => ({ value, exact: false });

describe('a move is judged by the exact value before it and of the move (rules page, "Values")', () => {
  const cases: ReadonlyArray<readonly [string, KnownValue | null, KnownValue | null, string]> = [
    ['the optimal move of a won position', exact(7), exact(7), 'best'],
    ['the optimal move of a lost position', exact(-6), exact(-6), 'best'],
    ['a win turned into a loss is a blunder', exact(7), exact(-4), 'blunder'],
    ['a win in 1 thrown away is a blunder', exact(1), exact(-2), 'blunder'],
    ['a win that lasts 2 plies longer still keeps the game', exact(7), exact(9), 'good'],
    [
      `a win that lasts ${MISTAKE_PLIES} plies longer is a mistake`,
      exact(7),
      exact(7 + MISTAKE_PLIES),
      'mistake',
    ],
    ['a win that lasts 8 plies longer is a mistake', exact(3), exact(11), 'mistake'],
    ['a loss that ends 2 plies sooner keeps the game', exact(-10), exact(-8), 'good'],
    [
      `a loss that ends ${MISTAKE_PLIES} plies sooner is a mistake`,
      exact(-10),
      exact(-10 + MISTAKE_PLIES),
      'mistake',
    ],
    ['a lost position cannot be blundered further than lost', exact(-4), exact(-2), 'good'],
    ['book values: a win turned into a loss is a blunder', sign(1), sign(-1), 'blunder'],
    ['book values: a kept win has no known margin', sign(1), exact(9), 'unknown'],
    ['book values: a kept loss has no known margin', sign(-1), sign(-1), 'unknown'],
    ['an unknown value before the move', null, exact(5), 'unknown'],
    ['an unknown value of the move', exact(5), null, 'unknown'],
  ];
  it.each(cases)('%s', (_name, before, move, mark) => {
    expect(classifyMove(before, move)).toBe(mark);
  });
});

describe('the value of a move from the value of the position it leaves', () => {
  const cases: ReadonlyArray<readonly [KnownValue, KnownValue]> = [
    [exact(0), exact(1)], // the opponent cannot move: the mover has won with this ply
    [exact(5), exact(-6)],
    [exact(-4), exact(5)],
    [sign(1), sign(-1)],
    [sign(-1), sign(1)],
  ];
  it.each(cases)('leaving %o is worth %o', (after, value) => expect(valueOfMove(after)).toEqual(value));
});

describe('a whole game judged and summed up', () => {
  // Values of the positions after 0..4 plies, each from its side to move.
  const moves = ['a', 'b', 'c', 'd'];
  const values = [exact(5), exact(-4), exact(3), exact(6), exact(-9)];
  const best = ['a', 'b', 'c2', 'd2'];
  const judged = judgeGame(moves, values, best);
  it('marks each move', () => {
    expect(judged.map((j) => j.mark)).toEqual(['best', 'best', 'blunder', 'mistake']);
    expect(judged.map((j) => j.after?.value)).toEqual([5, -4, -7, 10]);
  });
  it('names a better move for a bad one only', () => {
    expect(judged.map((j) => j.better)).toEqual([null, null, 'c2', 'd2']);
  });
  it('counts the blunders and mistakes and finds the first blunder', () => {
    const s = summarize(judged);
    expect(s).toMatchObject({ blunders: 1, mistakes: 1 });
    expect(s.first?.ply).toBe(3);
  });
  it('leaves a move unknown while a value is missing', () => {
    const partial = judgeGame(moves, [exact(5), null, exact(3)], best);
    expect(partial.map((j) => j.mark)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
  });
});

describe("a position's value from the server's verdicts on its moves", () => {
  const v = (move: string, value: number, exactValue = true) => ({ move, value, exact: exactValue });
  it('takes the quickest win when every move is known exactly', () => {
    expect(valueFromVerdicts([v('a', -4), v('b', 9), v('c', 5)], 3)).toEqual({ value: exact(5), best: 'c' });
  });
  it('knows only the sign of a win when some move is unknown or from the book', () => {
    expect(valueFromVerdicts([v('a', 9)], 3)).toEqual({ value: sign(1), best: 'a' });
    expect(valueFromVerdicts([v('a', 1, false), v('b', -2)], 2)).toEqual({ value: sign(1), best: 'a' });
  });
  it('takes the slowest loss when every move loses', () => {
    expect(valueFromVerdicts([v('a', -4), v('b', -8)], 2)).toEqual({ value: exact(-8), best: 'b' });
    expect(valueFromVerdicts([v('a', -1, false), v('b', -1, false)], 2)).toEqual({
      value: sign(-1),
      best: 'a',
    });
  });
  it('settles nothing while a move that might win is unknown', () => {
    expect(valueFromVerdicts([v('a', -4)], 2)).toBeNull();
  });
});
