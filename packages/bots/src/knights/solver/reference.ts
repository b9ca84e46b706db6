/**
 * The plain minimax the solver is checked against: every legal move of the engine's own `Board`, no pruning,
 * no symmetry, values straight from the rules page's definition (memoised on the exact position only).
 */
import { Board, MAX_MOVES } from '@attila/knights';

export interface ReferenceAnswer {
  readonly value: number;
  readonly best: number[];
}

/** Value and optimal moves of the board's position by exhaustive minimax. Leaves the board unchanged. */
export function referenceSolve(board: Board, memo = new Map<number, number>()): ReferenceAnswer {
  const moves = new Int32Array(MAX_MOVES);
  const n = board.generateMoves(moves);
  if (n === 0) return { value: 0, best: [] };
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    board.makeMove(moves[i]);
    values.push(parentValue(referenceValue(board, memo)));
    board.unmakeMove(moves[i]);
  }
  const value = values.reduce(better);
  const best: number[] = [];
  for (let i = 0; i < n; i++) if (values[i] === value) best.push(moves[i]);
  return { value, best };
}

/** The value of the board's position (rules-page convention). */
export function referenceValue(board: Board, memo: Map<number, number>): number {
  const key = board.key() * 2 + (board.inPlacement() ? 1 : 0);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const moves = new Int32Array(MAX_MOVES);
  const n = board.generateMoves(moves);
  let value = 0;
  for (let i = 0; i < n; i++) {
    board.makeMove(moves[i]);
    const v = parentValue(referenceValue(board, memo));
    board.unmakeMove(moves[i]);
    value = i === 0 ? v : better(value, v);
  }
  memo.set(key, value);
  return value;
}

/** The mover's value of a move whose resulting position has value `child` for the opponent. */
function parentValue(child: number): number {
  return child <= 0 ? 1 - child : -(child + 1);
}

/** The better of two values for the mover: wins beat losses, quick wins beat slow ones, slow losses quick ones. */
function better(a: number, b: number): number {
  if (a > 0 !== b > 0) return a > 0 ? a : b;
  if (a > 0) return Math.min(a, b);
  return Math.min(a, b);
}
