/** Random small and late positions for checking the solver against plain minimax. */
import type { Rng } from '@attila/core';
import { Board, popcount, type Layout } from '@attila/knights';

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
