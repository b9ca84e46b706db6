/**
 * Scores, positions and move codes of the solver.
 *
 * Scores are node-relative: a win in N plies is MATE - N, a loss in N plies is -(MATE - N); a finished game
 * (the side to move cannot move) is -MATE. A parent's score from a child's is -c + sign(c), so the winner
 * hurries and the loser delays without any depth bookkeeping, and a transposition-table bound never expires.
 */
import { isPlacement, moveFrom, moveScorch, moveTo } from '@attila/knights';

export const MATE = 64;

/** A position as bitmasks (move codes are the engine's: `Board`'s encoding) over the layout's squares; `side` 0 = Romans to move, 1 = Huns. */
export interface SolverPosition {
  readonly romans: number;
  readonly huns: number;
  readonly scorched: number;
  readonly side: 0 | 1;
}

/** The rules page's value (+N wins in N plies, -N loses in N, 0 finished) of a node-relative score. */
export function scoreToValue(score: number): number {
  if (score <= -MATE) return 0;
  return score > 0 ? MATE - score : -(MATE + score);
}

export function valueToScore(value: number): number {
  if (value === 0) return -MATE;
  return value > 0 ? MATE - value : -(MATE + value);
}

export function sign(x: number): number {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/** The position after a move (trusted to be legal). */
export function childOf(p: SolverPosition, move: number): SolverPosition {
  const side = p.side === 0 ? 1 : 0;
  if (isPlacement(move)) {
    const b = 1 << moveTo(move);
    return p.side === 0 ? { ...p, romans: p.romans | b, side } : { ...p, huns: p.huns | b, side };
  }
  const fb = 1 << moveFrom(move);
  const tb = 1 << moveTo(move);
  const sb = 1 << moveScorch(move);
  const scorched = p.scorched | sb;
  return p.side === 0
    ? { romans: (p.romans & ~fb) | tb, huns: p.huns, scorched, side }
    : { romans: p.romans, huns: (p.huns & ~fb) | tb, scorched, side };
}
