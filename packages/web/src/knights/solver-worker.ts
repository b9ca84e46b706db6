/// <reference lib="webworker" />
/**
 * The Knights solver (packages/bots) in a worker, so no search freezes the page. Three questions:
 * - `move`: the exact value of one legal move of a position from the mover's side (+N: wins in N plies, -N:
 *   loses in N plies); the page hands each worker one move at a time (`solver-pool.ts`), so two workers
 *   share a position's moves and each value shows as soon as it is proven;
 * - `line`: the line of best play to the end from a position, starting with a given best move (the worker
 *   that proved that move has its subtree in its table);
 * - `values`: the exact value of each position of a game and one move that keeps it (for the game's
 *   mistakes), posted position by position from the last, whose searches fill the table for the earlier ones.
 * The opening table is the page's (`opening-table.ts`): placements it knows are never asked here.
 */
import { moveToString, Position } from '@attila/knights';
import { bestLine, moveValue, positionValue } from './solver-tasks.js';

export type SolverQuestion =
  | { readonly kind: 'move'; readonly id: number; readonly position: string; readonly move: string }
  | { readonly kind: 'line'; readonly id: number; readonly position: string; readonly first: string }
  | { readonly kind: 'values'; readonly id: number; readonly positions: readonly string[] };

export type SolverReply =
  | { readonly id: number; readonly move: string; readonly value: number }
  | { readonly id: number; readonly line: readonly string[] }
  | { readonly id: number; readonly index: number; readonly value: number; readonly best: string | null }
  | { readonly id: number; readonly done: true }
  | { readonly id: number; readonly error: string };

const post = (reply: SolverReply) => self.postMessage(reply);

/** The legal move's code, or null when the move is not legal in the position. */
function codeOf(position: Position, move: string): number | null {
  return position.legalMoveCodes().find((c) => moveToString(position.layout, c) === move) ?? null;
}

function answer(q: Extract<SolverQuestion, { kind: 'move' | 'line' }>): void {
  const { id } = q;
  const parsed = Position.parse(q.position);
  if (!parsed.ok) return post({ id, error: parsed.error.message });
  const position = parsed.value;
  const move = q.kind === 'move' ? q.move : q.first;
  const code = codeOf(position, move);
  if (code === null) return post({ id, error: `${move} is not a legal move in ${q.position}` });
  if (q.kind === 'move') post({ id, move, value: moveValue(position, code) });
  else post({ id, line: [move, ...bestLine(position.playCode(code))] });
}

function answerValues(q: Extract<SolverQuestion, { kind: 'values' }>): void {
  const { id } = q;
  for (let index = q.positions.length - 1; index >= 0; index--) {
    const parsed = Position.parse(q.positions[index]);
    if (!parsed.ok) return post({ id, error: parsed.error.message });
    post({ id, index, ...positionValue(parsed.value) });
  }
  post({ id, done: true });
}

self.onmessage = (e: MessageEvent<SolverQuestion>) => {
  if (e.data.kind === 'values') answerValues(e.data);
  else answer(e.data);
};
