/**
 * The thread behind `POST /api/knights/analyse`: the exact value of each asked move of a Knights position,
 * posted one move at a time as each is proven, so the route can answer with what is known when its time
 * budget runs out (and then stop this thread).
 */
import { parentPort } from 'node:worker_threads';
import { moveToString, Position } from '@attila/knights';
import { solveExact, solverFor, solverPosition } from '@attila/bots/knights-solver';

export interface AnalysisQuestion {
  readonly id: number;
  readonly position: string;
  /** Move codes to prove, in this order. */
  readonly moves: readonly number[];
}

export type AnalysisAnswer =
  | { readonly id: number; readonly move: string; readonly value: number }
  | { readonly id: number; readonly done: true }
  | { readonly id: number; readonly error: string };

/** A move's value from the mover's side, from the exact value of the position it leaves to the opponent. */
export function valueAfter(childValue: number): number {
  // The opponent cannot move (0): this move wins at once; otherwise one ply more, the other way round.
  return childValue === 0 ? 1 : childValue > 0 ? -(childValue + 1) : -childValue + 1;
}

parentPort?.on('message', (q: AnalysisQuestion) => {
  const parsed = Position.parse(q.position);
  if (!parsed.ok) {
    parentPort!.postMessage({ id: q.id, error: parsed.error.message } satisfies AnalysisAnswer);
    return;
  }
  const position = parsed.value;
  const solver = solverFor(position.layout);
  for (const code of q.moves) {
    const child = position.playCode(code);
    const value = valueAfter(solveExact(solver, solverPosition(child)).value);
    parentPort!.postMessage({
      id: q.id,
      move: moveToString(position.layout, code),
      value,
    } satisfies AnalysisAnswer);
  }
  parentPort!.postMessage({ id: q.id, done: true } satisfies AnalysisAnswer);
});
