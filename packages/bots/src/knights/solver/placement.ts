/**
 * The placement phase (fewer than three knights of a side on the board): legal placements under the no-trap
 * rule and their alpha-beta search, with the same table and keys as the search of turns.
 */
import { insertionSort, mobility } from './ordering.js';
import { MATE, PLACE } from './score.js';
import type { KnightsSolver } from './search.js';

/** Legal placements for the side to move: every knight keeps a move afterwards (the no-trap rule). */
export function placements(
  jumps: Int32Array,
  r: number,
  h: number,
  free: number,
  out: Int32Array,
  base: number,
): number {
  let n = 0;
  for (let cand = free; cand !== 0; cand &= cand - 1) {
    const b = cand & -cand;
    const f2 = free & ~b;
    let ok = true;
    for (let knights = r | h | b; knights !== 0; knights &= knights - 1) {
      if ((jumps[31 - Math.clz32(knights & -knights)] & f2) === 0) {
        ok = false;
        break;
      }
    }
    if (ok) out[base + n++] = (31 - Math.clz32(b)) | PLACE;
  }
  return n;
}

/** `KnightsSolver.search` for a placement-phase position. */
export function searchPlacement(
  solver: KnightsSolver,
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
  const table = solver.table;
  keys.set(r, h, s, side, 0);
  const ka = keys.keyA;
  const kb = keys.keyB;
  const kc = keys.keyC;
  const sym = keys.keySym;
  const e = table.find(ka, kb, kc);
  let ttMove = -1;
  if (e >= 0) {
    const lo = table.lower(e);
    const hi = table.upper(e);
    ttMove = keys.mapMove(table.move(e), sym, true);
    if (lo >= beta || lo === hi) {
      if (ply === 0) solver.rootMove = ttMove;
      return lo;
    }
    if (hi <= alpha) return hi;
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
  }
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
  table.store(
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
