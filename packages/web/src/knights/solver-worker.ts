/// <reference lib="webworker" />
/**
 * The Knights solver (packages/bots) in a worker: for the position on screen, the exact value of each legal
 * move from the mover's side (+N: wins in N plies, -N: loses in N plies), posted move by move as each is
 * proven, so the page can show progress and the player can stop a search that would take minutes. In the
 * placement phase of the standard board the opening table (fetched once) answers the placements it knows at
 * once; the others are searched.
 */
import { moveToString, PLACEMENT, Position } from '@attila/knights';
import { solveExact, solverFor, solverPosition } from '@attila/bots/knights-solver';
import { openingTableFor } from './opening-table.js';

export interface SolverQuestion {
  readonly id: number;
  readonly position: string;
  /** Moves already known exactly (from the server): not searched again. */
  readonly skip: readonly string[];
}

export type SolverReply =
  | { readonly id: number; readonly move: string; readonly value: number }
  | { readonly id: number; readonly done: true }
  | { readonly id: number; readonly error: string };

const post = (reply: SolverReply) => self.postMessage(reply);

/** A move's value from the exact value of the position it leaves to the opponent (0: it cannot move). */
function valueAfter(childValue: number): number {
  return childValue === 0 ? 1 : childValue > 0 ? -(childValue + 1) : -childValue + 1;
}

self.onmessage = async (e: MessageEvent<SolverQuestion>) => {
  const { id, skip } = e.data;
  const parsed = Position.parse(e.data.position);
  if (!parsed.ok) return post({ id, error: parsed.error.message });
  const position = parsed.value;
  const table = position.phase() === 'placement' ? await openingTableFor(position) : null;
  const fromTable = new Map<string, number>();
  for (const m of table?.placementValues(position) ?? []) {
    if (m.value !== null) fromTable.set(moveToString(position.layout, PLACEMENT | m.square), m.value);
  }
  const rest: number[] = [];
  for (const code of position.legalMoveCodes()) {
    const move = moveToString(position.layout, code);
    if (skip.includes(move)) continue;
    const value = fromTable.get(move);
    if (value === undefined) rest.push(code);
    else post({ id, move, value });
  }
  // A 2^20-entry table: ample for one game's analysis, small enough for a phone.
  const solver = solverFor(position.layout, 20);
  for (const code of rest) {
    const child = solverPosition(position.playCode(code));
    post({
      id,
      move: moveToString(position.layout, code),
      value: valueAfter(solveExact(solver, child).value),
    });
  }
  post({ id, done: true });
};
