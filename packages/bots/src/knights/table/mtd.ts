/**
 * The exact score of a position from a first guess (MTD(f): null-window tests moving towards the score, each
 * fail-soft bound narrowing [lower, upper]). The build guesses the previous position's score: neighbours in
 * rank order often have the same value, and then two tests prove it.
 */
import type { KnightsSolver, SolverPosition } from '../solver/search.js';
import { MATE } from '../solver/score.js';

export function exactScoreFrom(solver: KnightsSolver, p: SolverPosition, guess: number): number {
  let lower = -MATE - 1;
  let upper = MATE + 1;
  let g = guess;
  while (lower < upper) {
    const beta = g === lower ? g + 1 : g;
    g = solver.score(p, beta - 1, beta);
    if (g < beta) upper = g;
    else lower = g;
  }
  return g;
}
