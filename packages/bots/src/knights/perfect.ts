/**
 * Perfect play: keep a won game won (a move that keeps the win, found by the quick search), and when lost,
 * make the loss as long as possible (one of the moves with the longest loss, from the exact search). In the
 * placement phase the opening table answers exactly (standard board: the table is complete): one of the best
 * placements (the fastest win, or the longest loss); in the move phase the layout's tablebase does, when it
 * is built (`tablebase/lookup.ts`, installed in `tablebase/oracle.ts` on Node). Otherwise the
 * opening book answers when it knows the position; otherwise the solver searches once all six knights stand,
 * and before that it places by the mobility heuristic: the last placement alone is a search of every sixth
 * knight's whole game (10 to 50 s on this machine), longer than a player waits and than the server's limit on
 * a bot's turn (which then plays the first legal move, far worse than the heuristic). The complete opening
 * table makes every placement exact.
 */
import type { Rng } from '@attila/core';
import { PLACEMENT, popcount, type Position } from '@attila/knights';
import { bookMove } from './book/book.js';
import { greedyMove } from './greedy.js';
import { openingTableFor } from './table/load.js';
import { betterValue } from './table/table.js';
import { solveExact, solveQuick, solverFor, solverPosition } from './solver/solve.js';
import { movePhaseOracle } from './tablebase/oracle.js';

/** With fewer knights on the board than this, a placement comes from the table, the book or the heuristic. */
export const SEARCHED_PLACEMENTS_FROM = 6;

/** A perfect move as a move code, or -1 when the side to move has none. */
export function perfectMove(position: Position, rng: Rng): number {
  const fromTable = tablePlacement(position, rng);
  if (fromTable !== null) return fromTable;
  const fromBook = bookMove(position);
  if (fromBook !== null) return fromBook;
  if (popcount(position.romans | position.huns) < SEARCHED_PLACEMENTS_FROM) {
    // Searching a placement takes from seconds (the last) to hours (the first): place by the mobility heuristic.
    return greedyMove(position.toBoard(), rng);
  }
  const fromTablebase = tablebasePlay(position, rng);
  if (fromTablebase !== null) return fromTablebase;
  const solver = solverFor(position.layout);
  const p = solverPosition(position);
  const quick = solveQuick(solver, p);
  if (quick.move === null) return -1;
  if (quick.value > 0) return quick.move;
  const exact = solveExact(solver, p);
  return exact.best[rng.int(exact.best.length)];
}

/** One of the best placements by the opening table, or null when the table does not know them all. */
export function tablePlacement(position: Position, rng: Rng): number | null {
  const moves = openingTableFor(position)?.knownPlacementValues(position) ?? null;
  if (moves === null || moves.length === 0) return null;
  const best = moves.reduce((b, m) => betterValue(b, m.value), moves[0].value);
  const optimal = moves.filter((m) => m.value === best);
  return PLACEMENT | optimal[rng.int(optimal.length)].square;
}

/** One of the best moves by the layout's tablebase, or null when it is not built (or not the move phase). */
export function tablebasePlay(position: Position, rng: Rng): number | null {
  const moves = movePhaseOracle()?.moveValues(position) ?? null;
  if (moves === null || moves.length === 0) return null;
  const best = moves.reduce((b, m) => betterValue(b, m.value), moves[0].value);
  const optimal = moves.filter((m) => m.value === best);
  return optimal[rng.int(optimal.length)].move;
}
