/** Random positions for the solver's tests and benchmarks: small and late ones, and ones just after placement. */
import type { Rng } from '@attila/core';
import { Board, popcount, Position, type Layout } from '@attila/knights';

/**
 * A random legal placement followed by `turns` random turns, on a fresh board from `board()` (called again,
 * with the rest, whenever a game gets stuck or ends first); the side to move still has a move.
 */
export function randomPlayedPosition(rng: Rng, turns: number, board: () => Board): Position {
  for (;;) {
    const b = board();
    let n = 0;
    while (b.inPlacement() || n < turns) {
      const m = b.randomMove(rng);
      if (m < 0) break;
      if (!b.inPlacement()) n++;
      b.makeMove(m);
    }
    if (!b.inPlacement() && b.hasAnyMove()) return Position.fromBoard(b);
  }
}

/** A random game played from the empty board until at most `maxFree` free squares remain (or it ends). */
export function randomLatePosition(layout: Layout, rng: Rng, maxFree: number): Board {
  for (;;) {
    const b = new Board(layout, rng.int(2) as 0 | 1);
    let stuck = false;
    while (b.inPlacement() || popcount(b.free()) > maxFree) {
      const m = b.randomMove(rng);
      if (m < 0) {
        stuck = true;
        break;
      }
      b.makeMove(m);
    }
    if (!stuck || !b.inPlacement()) return b;
  }
}

/**
 * A placement-phase position on a board with most squares already scorched (not reachable in a real game,
 * where nothing is scorched before all six knights stand, but it exercises the placement search end to end).
 */
export function randomLatePlacement(
  layout: Layout,
  rng: Rng,
  freeSquares: number,
  placed: number,
): Board | null {
  const b = new Board(layout, 0);
  const squares = rng.shuffle([...Array(layout.size).keys()]);
  for (const sq of squares.slice(freeSquares)) b.scorched |= 1 << sq;
  for (let i = 0; i < placed; i++) {
    const m = b.randomMove(rng);
    if (m < 0 || !b.inPlacement()) return null;
    b.makeMove(m);
  }
  return b.inPlacement() ? b : null;
}
