import { Rng } from '@attila/core';
import { Board, PRESET_LAYOUTS, Position } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { randomLatePosition } from './positions.test-support.js';
import { referenceSolve, referenceValue } from './reference.js';
import { KnightsSolver, MATE, valueToScore } from './search.js';

/** The mover's score of a move from the reference value of the position after it. */
function moveScore(board: Board, move: number): number {
  board.makeMove(move);
  const c = valueToScore(referenceValue(board, new Map()));
  board.unmakeMove(move);
  return -c + Math.sign(c);
}

/**
 * Null-window tests at `score` on random late positions against plain minimax: a fail-high result is a lower
 * bound of the true score (kept by the root move), a fail-low one an upper bound. Counts both outcomes.
 */
function checkNullWindow(seed: string, score: number): { high: number; low: number } {
  const rng = Rng.fromSeed(seed);
  let high = 0;
  let low = 0;
  for (let i = 0; i < 140; i++) {
    const preset = PRESET_LAYOUTS[i % PRESET_LAYOUTS.length];
    const board = randomLatePosition(preset.layout, rng, 4 + (i % 4));
    if (board.inPlacement() || !board.hasAnyMove()) continue;
    const l = preset.layout;
    const solver = new KnightsSolver(
      { size: l.size, jumps: l.jumps, symmetries: l.symmetries.map((s) => s.perm) },
      12,
    );
    const p = { romans: board.romans, huns: board.huns, scorched: board.scorched, side: board.side };
    const got = solver.score(p, score - 1, score);
    const truth = valueToScore(referenceSolve(board).value);
    const where = Position.fromBoard(board).toString();
    if (got >= score) {
      high++;
      expect({ where, bound: truth >= got }).toEqual({ where, bound: true });
      expect({ where, move: moveScore(board, solver.rootMove) >= got }).toEqual({ where, move: true });
    } else {
      low++;
      expect({ where, bound: truth <= got }).toEqual({ where, bound: true });
    }
  }
  return { high, low };
}

describe('null-window bounds where the search answers without children', () => {
  it('rule "a move the opponent cannot answer with a win in 1 is a loss in 4 at worst"', () => {
    const { high, low } = checkNullWindow('loss-in-4', -(MATE - 4));
    expect(Math.min(high, low)).toBeGreaterThan(10);
  });

  it('rule "a win in 3 is a move leaving the opponent a loss in 2, else the best is a win in 5"', () => {
    const { high, low } = checkNullWindow('win-in-3', MATE - 3);
    expect(Math.min(high, low)).toBeGreaterThan(10);
    // The window between a win in 5 and a win in 3 (no score inside: wins are odd) asks the same question.
    const odd = checkNullWindow('win-in-3-odd', MATE - 4);
    expect(Math.min(odd.high, odd.low)).toBeGreaterThan(10);
  });

  it('rule "a loss in 4 is avoided by a move leaving the opponent neither a win in 1 nor a win in 3"', () => {
    // Between a loss in 4 and a "loss in 5" (no score inside: losses are even), and the next window up, whose
    // fail-high needs a loss in 6 or better: both ask only whether the loss in 4 can be avoided.
    const { high, low } = checkNullWindow('loss-in-4-avoided', -(MATE - 5));
    expect(Math.min(high, low)).toBeGreaterThan(10);
    const six = checkNullWindow('loss-in-6-or-better', -(MATE - 6));
    expect(Math.min(six.high, six.low)).toBeGreaterThan(10);
  });
});
