/**
 * What the solver worker computes, as plain functions (the worker only carries messages; the benchmark
 * `bench/knights-game-values.ts` times the same code in Node).
 */
import { moveToString, type Position } from '@attila/knights';
import { solveExact, solverFor, solverPosition, solveValue } from '@attila/bots/knights-solver';

/** A 2^20-entry table: ample for one game's analysis, small enough for a phone. */
const TABLE_BITS = 20;

export const solverOf = (p: Position) => solverFor(p.layout, TABLE_BITS);

/** A move's value from the exact value of the position it leaves to the opponent (0: it cannot move). */
export function valueAfter(childValue: number): number {
  return childValue === 0 ? 1 : childValue > 0 ? -(childValue + 1) : -childValue + 1;
}

/** The exact value of one legal move (by its code) from the mover's side: the value alone of the position it
 * leaves (its optimal moves are not needed). */
export function moveValue(position: Position, code: number): number {
  return valueAfter(solveValue(solverOf(position), solverPosition(position.playCode(code))));
}

/** The moves of best play from a position to the end of the game (the winner hurrying, the loser delaying). */
export function bestLine(start: Position): string[] {
  const solver = solverOf(start);
  const line: string[] = [];
  let p = start;
  for (;;) {
    const [best] = solveExact(solver, solverPosition(p)).best;
    if (best === undefined) return line;
    line.push(moveToString(p.layout, best));
    p = p.playCode(best);
  }
}

/** A position's exact value (from its side to move) and one move that keeps it (null: the game is over). */
export function positionValue(p: Position): { value: number; best: string | null } {
  const { value, best } = solveExact(solverOf(p), solverPosition(p));
  return { value, best: best.length === 0 ? null : moveToString(p.layout, best[0]) };
}
