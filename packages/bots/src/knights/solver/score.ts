/**
 * Scores, positions and move codes of the solver.
 *
 * Scores are node-relative: a win in N plies is MATE - N, a loss in N plies is -(MATE - N); a finished game
 * (the side to move cannot move) is -MATE. A parent's score from a child's is -c + sign(c), so the winner
 * hurries and the loser delays without any depth bookkeeping, and a transposition-table bound never expires.
 */

export const MATE = 64;

/** A position as bitmasks over the layout's squares; `side` 0 = Romans to move, 1 = Huns. */
export interface SolverPosition {
  readonly romans: number;
  readonly huns: number;
  readonly scorched: number;
  readonly side: 0 | 1;
}

/** Move codes, as the engine's `Board`: placement = square | PLACE; turn = from | to << 5 | scorch << 10. */
export const PLACE = 1 << 15;

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
  if (move & PLACE) {
    const b = 1 << (move & 31);
    return p.side === 0 ? { ...p, romans: p.romans | b, side } : { ...p, huns: p.huns | b, side };
  }
  const fb = 1 << (move & 31);
  const tb = 1 << ((move >>> 5) & 31);
  const sb = 1 << ((move >>> 10) & 31);
  const scorched = p.scorched | sb;
  return p.side === 0
    ? { romans: (p.romans & ~fb) | tb, huns: p.huns, scorched, side }
    : { romans: p.romans, huns: (p.huns & ~fb) | tb, scorched, side };
}
