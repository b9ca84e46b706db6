import { Rng } from '@attila/core';
import { Board, PRESET_LAYOUTS, Position } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { referenceSolve } from './reference.js';
import { randomLatePosition } from './positions.test-support.js';
import { KnightsSolver } from './search.js';
import { solveExact } from './solve.js';

/** Whether swapping the free squares a and b maps the knight graph over the unscorched squares onto itself. */
function twins(board: Board, a: number, b: number): boolean {
  const alive = ((1 << board.layout.size) - 1) & ~board.scorched;
  const swap = (q: number) => (q === a ? b : q === b ? a : q);
  for (let p = 0; p < board.layout.size; p++) {
    if (!((alive >>> p) & 1)) continue;
    for (let q = 0; q < board.layout.size; q++) {
      if (!((alive >>> q) & 1)) continue;
      const edge = (board.layout.jumps[p] >>> q) & 1;
      if (edge !== ((board.layout.jumps[swap(p)] >>> swap(q)) & 1)) return false;
    }
  }
  return true;
}

function hasTwins(board: Board): boolean {
  const free = board.free();
  for (let a = 0; a < board.layout.size; a++)
    for (let b = a + 1; b < board.layout.size; b++)
      if ((free >>> a) & 1 && (free >>> b) & 1 && twins(board, a, b)) return true;
  return false;
}

describe('twin squares (the search tries only one of them as a jump target or a scorch)', () => {
  it('rule "swapping twin squares keeps the game": exact values and optimal moves as plain minimax', () => {
    const rng = Rng.fromSeed('twins');
    let withTwins = 0;
    for (let i = 0; withTwins < 120 && i < 2000; i++) {
      const preset = PRESET_LAYOUTS[i % PRESET_LAYOUTS.length];
      const board = randomLatePosition(preset.layout, rng, 5 + (i % 4));
      if (!board.hasAnyMove() || !hasTwins(board)) continue;
      withTwins++;
      const l = board.layout;
      const solver = new KnightsSolver(
        { size: l.size, jumps: l.jumps, symmetries: l.symmetries.map((s) => s.perm) },
        16,
      );
      const p = { romans: board.romans, huns: board.huns, scorched: board.scorched, side: board.side };
      const ref = referenceSolve(board);
      const where = Position.fromBoard(board).toString();
      expect({ where, value: solveExact(solver, p).value }).toEqual({ where, value: ref.value });
    }
    expect(withTwins).toBe(120);
  });
});
