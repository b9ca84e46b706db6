import { Rng } from '@attila/core';
import { Board, PRESET_LAYOUTS, STANDARD_LAYOUT, Position, moveToString, popcount } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { referenceSolve, referenceValue } from './reference.js';
import { randomLatePlacement, randomLatePosition } from './positions.test-support.js';
import { KnightsSolver } from './search.js';
import { quickWinFirst, solveExact, solveQuick, solveValue, valueScore } from './solve.js';
import { scoreToValue } from './score.js';

function solverOf(board: Board): KnightsSolver {
  const l = board.layout;
  return new KnightsSolver({ size: l.size, jumps: l.jumps, symmetries: l.symmetries.map((s) => s.perm) }, 16);
}

function check(board: Board, solver: KnightsSolver): void {
  const p = { romans: board.romans, huns: board.huns, scorched: board.scorched, side: board.side };
  const ref = referenceSolve(board);
  const exact = solveExact(solver, p);
  const where = Position.fromBoard(board).toString();
  expect({ where, value: exact.value }).toEqual({ where, value: ref.value });
  const names = (ms: number[]) => ms.map((m) => moveToString(board.layout, m)).sort();
  expect({ where, best: names(exact.best) }).toEqual({ where, best: names(ref.best) });
  expect({ where, valueAlone: solveValue(solver, p) }).toEqual({ where, valueAlone: ref.value });
  const quick = solveQuick(solver, p);
  expect({ where, quick: quick.value }).toEqual({ where, quick: Math.sign(ref.value) });
  if (quick.move !== null) {
    board.makeMove(quick.move);
    const after = referenceValue(board, new Map());
    board.unmakeMove(quick.move);
    // The quick move keeps the result: after it, the opponent loses (or is finished) exactly when we win.
    expect({ where, keeps: after <= 0 }).toEqual({ where, keeps: ref.value > 0 });
  }
}

describe('solver agrees with plain minimax', () => {
  for (const preset of PRESET_LAYOUTS) {
    it(`late positions on the ${preset.name} layout (values, full optimal move sets, quick answers)`, () => {
      const rng = Rng.fromSeed(`late-${preset.name}`);
      const solver = solverOf(new Board(preset.layout));
      for (let i = 0; i < 110; i++) {
        const board = randomLatePosition(preset.layout, rng, 3 + (i % 5));
        if (i % 3 === 0) solver.table.clear();
        check(board, solver);
      }
    });
  }

  it('late placement positions, the no-trap rule included, on every preset layout', () => {
    const rng = Rng.fromSeed('placement');
    let checked = 0;
    while (checked < 240) {
      const preset = PRESET_LAYOUTS[checked % PRESET_LAYOUTS.length];
      const board = randomLatePlacement(preset.layout, rng, 9 + rng.int(2), 3 + rng.int(3));
      if (!board) continue;
      check(board, solverOf(board));
      checked++;
    }
  });

  it('rule "a loss lasts at most the free squares, rounded down to even" (the first exact test relies on it)', () => {
    const rng = Rng.fromSeed('longest-loss');
    let longestLosses = 0;
    for (let i = 0; i < 120; i++) {
      const preset = PRESET_LAYOUTS[i % PRESET_LAYOUTS.length];
      const board = randomLatePosition(preset.layout, rng, 3 + (i % 5));
      const longest = popcount(board.free()) & ~1;
      const ref = referenceSolve(board);
      const where = Position.fromBoard(board).toString();
      expect({ where, withinBound: ref.value >= 0 || -ref.value <= longest }).toEqual({
        where,
        withinBound: true,
      });
      if (ref.value === -longest && longest > 0) {
        // Exactly the longest loss: the first test succeeds with a negative score, the case decided apart.
        longestLosses++;
        const p = { romans: board.romans, huns: board.huns, scorched: board.scorched, side: board.side };
        expect({ where, value: solveExact(solverOf(board), p).value }).toEqual({ where, value: ref.value });
      }
    }
    expect(longestLosses).toBeGreaterThan(0);
  });

  it("the build's value alone (`valueScore`, its quick-win test first) equals plain minimax", () => {
    const rng = Rng.fromSeed('value-score');
    const seen = { quickWins: 0, slower: 0 };
    for (let i = 0; i < 175; i++) {
      const preset = PRESET_LAYOUTS[i % PRESET_LAYOUTS.length];
      const board = randomLatePosition(preset.layout, rng, 3 + (i % 5));
      const ref = referenceSolve(board);
      const quick = quickWinFirst(popcount(board.free()));
      if (quick > 0) seen[ref.value > 0 && ref.value <= quick ? 'quickWins' : 'slower']++;
      const solver = solverOf(board);
      const p = { romans: board.romans, huns: board.huns, scorched: board.scorched, side: board.side };
      const where = Position.fromBoard(board).toString();
      expect({ where, value: scoreToValue(valueScore(solver, p)) }).toEqual({ where, value: ref.value });
    }
    // Both ways out of the first test are taken.
    expect(seen.quickWins).toBeGreaterThan(10);
    expect(seen.slower).toBeGreaterThan(10);
  });

  it('a finished game has value 0 and no optimal moves', () => {
    const rng = Rng.fromSeed('finished');
    let board = randomLatePosition(STANDARD_LAYOUT, rng, 0);
    while (board.hasAnyMove()) board = randomLatePosition(STANDARD_LAYOUT, rng, 2);
    const p = { romans: board.romans, huns: board.huns, scorched: board.scorched, side: board.side };
    const solver = solverOf(board);
    expect(solveExact(solver, p)).toMatchObject({ value: 0, best: [] });
    expect(solveValue(solver, p)).toBe(0);
    expect(solveQuick(solver, p)).toMatchObject({ value: 0, move: null });
  });
});
