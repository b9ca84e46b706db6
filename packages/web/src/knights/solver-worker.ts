/// <reference lib="webworker" />
/**
 * The Knights solver (packages/bots) in a worker, so no search freezes the page. Two questions:
 * - `moves`: for the position on screen, the exact value of each legal move from the mover's side (+N: wins
 *   in N plies, -N: loses in N plies), posted move by move as each is proven (the page shows progress and the
 *   player can stop a search that would take minutes); then, if asked, the line of best play to the end;
 * - `values`: the exact value of each position of a game and one move that keeps it (for the game's
 *   mistakes), posted position by position from the last, whose searches fill the table for the earlier ones.
 * In the placement phase of the standard board the opening table (fetched once) answers what it knows at
 * once; the rest is searched.
 */
import { moveToString, PLACEMENT, Position } from '@attila/knights';
import { openingTableFor } from './opening-table.js';
import { bestLine, moveValue, positionValue } from './solver-tasks.js';

export type SolverQuestion =
  | {
      readonly kind: 'moves';
      readonly id: number;
      readonly position: string;
      /** Moves already known exactly (from the server): not searched again. */
      readonly skip: readonly string[];
      /** Also post the line of best play from the position. */
      readonly line: boolean;
    }
  | { readonly kind: 'values'; readonly id: number; readonly positions: readonly string[] };

export type SolverReply =
  | { readonly id: number; readonly move: string; readonly value: number }
  | { readonly id: number; readonly line: readonly string[] }
  | { readonly id: number; readonly index: number; readonly value: number; readonly best: string | null }
  | { readonly id: number; readonly done: true }
  | { readonly id: number; readonly error: string };

const post = (reply: SolverReply) => self.postMessage(reply);

/** The placements the opening table knows the value of (none outside it). */
async function tableValues(position: Position): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const table = position.phase() === 'placement' ? await openingTableFor(position) : null;
  for (const m of table?.placementValues(position) ?? []) {
    if (m.value !== null) known.set(moveToString(position.layout, PLACEMENT | m.square), m.value);
  }
  return known;
}

async function answerMoves(q: Extract<SolverQuestion, { kind: 'moves' }>): Promise<void> {
  const { id, skip } = q;
  const parsed = Position.parse(q.position);
  if (!parsed.ok) return post({ id, error: parsed.error.message });
  const position = parsed.value;
  const known = await tableValues(position);
  const rest: number[] = [];
  for (const code of position.legalMoveCodes()) {
    const move = moveToString(position.layout, code);
    if (skip.includes(move)) continue;
    const value = known.get(move);
    if (value === undefined) rest.push(code);
    else post({ id, move, value });
  }
  for (const code of rest)
    post({ id, move: moveToString(position.layout, code), value: moveValue(position, code) });
  if (q.line) post({ id, line: bestLine(position) });
  post({ id, done: true });
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
  if (e.data.kind === 'moves') void answerMoves(e.data);
  else answerValues(e.data);
};
