/**
 * The placement phase (fewer than three knights of a side on the board): legal placements under the engine's
 * no-trap rule and their alpha-beta search, with the same table, keys and probe as the search of turns.
 */
import { lowIndex, placementSquares, PLACEMENT } from '@attila/knights';
import type { CanonicalKeys } from './canonical.js';
import { insertionSort, mobility } from './ordering.js';
import type { TableProbe } from './probe.js';
import { realMove } from './canonical.js';
import { MATE } from './score.js';
import type { TranspositionTable } from './table.js';

/** Legal placements for the side to move (the engine's rule), as move codes from `out[base]`; how many. */
export function placements(
  jumps: Int32Array,
  r: number,
  h: number,
  free: number,
  out: Int32Array,
  base: number,
): number {
  let n = 0;
  for (let ps = placementSquares(jumps, r | h, free); ps !== 0; ps &= ps - 1)
    out[base + n++] = PLACEMENT | lowIndex(ps);
  return n;
}

/** What the placement search uses of the solver (`KnightsSolver`), which calls it for placement nodes. */
export interface PlacementSearcher {
  readonly all: number;
  readonly jumps: Int32Array;
  readonly keys: CanonicalKeys;
  readonly table: TranspositionTable;
  readonly probe: TableProbe;
  readonly movesPerPly: number;
  readonly moveBuf: Int32Array;
  readonly orderBuf: Int32Array;
  readonly nodes: number;
  rootMove: number;
  childScore(r: number, h: number, s: number, side: number, alpha: number, beta: number, ply: number): number;
}

/** `KnightsSolver.search` for a placement-phase position. */
export function searchPlacement(
  solver: PlacementSearcher,
  r: number,
  h: number,
  s: number,
  side: number,
  alpha: number,
  beta: number,
  ply: number,
): number {
  const free = solver.all & ~(r | h | s);
  const base = ply * solver.movesPerPly;
  const moves = solver.moveBuf;
  const keys = solver.keys;
  keys.set(r, h, s, side, 0);
  const ka = keys.keyA;
  const kb = keys.keyB;
  const kc = keys.keyC;
  const sym = keys.keySym;
  const probe = solver.probe;
  if (probe.probe(alpha, beta)) {
    if (ply === 0) solver.rootMove = realMove(probe.cutMove, 0);
    return probe.score;
  }
  alpha = probe.alpha;
  beta = probe.beta;
  const ttMove = probe.move;
  const n = placements(solver.jumps, r, h, free, moves, base);
  if (n === 0) return -MATE;
  // The table move first, then the placements leaving the opponent the fewest jumps and us the most.
  const order = solver.orderBuf;
  const mine = side === 0 ? r : h;
  const theirs = side === 0 ? h : r;
  for (let i = base; i < base + n; i++) {
    const b = 1 << (moves[i] & 31);
    const f2 = free & ~b;
    order[i] =
      moves[i] === ttMove
        ? -1 << 20
        : mobility(solver.jumps, theirs, f2) * 64 - mobility(solver.jumps, mine | b, f2);
  }
  insertionSort(moves, order, base, base + n);
  const a0 = alpha;
  const startNodes = solver.nodes;
  let best = -MATE - 1;
  let bestMove = -1;
  for (let i = 0; i < n; i++) {
    const mv = moves[base + i];
    const b = 1 << (mv & 31);
    const c =
      side === 0
        ? solver.childScore(r | b, h, s, 1, alpha, beta, ply)
        : solver.childScore(r, h | b, s, 0, alpha, beta, ply);
    if (c > best) {
      best = c;
      bestMove = mv;
      if (c > alpha) alpha = c;
      if (alpha >= beta) break;
    }
  }
  if (ply === 0) solver.rootMove = bestMove;
  solver.table.store(
    ka,
    kb,
    kc,
    best > a0 ? best : -MATE,
    best < beta ? best : MATE,
    best > a0 ? keys.mapMove(bestMove, sym, false) : -1,
    solver.nodes - startNodes,
  );
  return best;
}
