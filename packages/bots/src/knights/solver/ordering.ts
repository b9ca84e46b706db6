/**
 * Move ordering over the solver's move buffers (`moves` codes and their `order` keys, ascending = first):
 * mobility keys sorted in linear time, then the best of them re-sorted by the opponent's escapes.
 */
import { jumpCount } from '@attila/knights';
import { escapes } from './refutations.js';

/** Buckets of the move sort: 3 special moves, then a mobility 0..31 after a move (3 knights: at most 24). */
export const BUCKETS = 35;

/** The number of jump targets of the knights `knights` among the squares `free` (the engine's count). */
export const mobility = jumpCount;

/** Insertion sort of moves[lo, hi) by order key, ascending (placements: at most 20). */
export function insertionSort(moves: Int32Array, order: Int32Array, lo: number, hi: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const mv = moves[i];
    const key = order[i];
    let j = i - 1;
    while (j >= lo && order[j] > key) {
      moves[j + 1] = moves[j];
      order[j + 1] = order[j];
      j--;
    }
    moves[j + 1] = mv;
    order[j + 1] = key;
  }
}

/** Scratch space of `sortMoves`. */
export interface SortScratch {
  readonly moves: Int32Array;
  readonly keys: Int32Array;
  readonly count: Int32Array;
}

export function sortScratch(size: number): SortScratch {
  return { moves: new Int32Array(size), keys: new Int32Array(size), count: new Int32Array(BUCKETS) };
}

/**
 * Sorts moves[lo, hi) by key (opponent's mobility << 6 minus ours; the table move and killers, negative,
 * first): a two-pass radix sort, ours (descending) then the opponent's, stable.
 */
export function sortMoves(
  moves: Int32Array,
  order: Int32Array,
  lo: number,
  hi: number,
  tmp: SortScratch,
): void {
  const tm = tmp.moves;
  const tk = tmp.keys;
  const cnt = tmp.count;
  // Pass 1, by our mobility descending, from moves/order into tm/tk.
  for (let b = 0; b < BUCKETS; b++) cnt[b] = 0;
  for (let i = lo; i < hi; i++) {
    const k = order[i];
    cnt[k < 0 ? 0 : BUCKETS - 1 - (((k + 63) >> 6) * 64 - k)]++;
  }
  let sum = 0;
  for (let b = 0; b < BUCKETS; b++) {
    const c = cnt[b];
    cnt[b] = sum;
    sum += c;
  }
  for (let i = lo; i < hi; i++) {
    const k = order[i];
    const j = cnt[k < 0 ? 0 : BUCKETS - 1 - (((k + 63) >> 6) * 64 - k)]++;
    tm[j] = moves[i];
    tk[j] = k;
  }
  // Pass 2, by the opponent's mobility (special moves first, in key order), back into moves/order.
  for (let b = 0; b < BUCKETS; b++) cnt[b] = 0;
  const n = hi - lo;
  for (let i = 0; i < n; i++) {
    const k = tk[i];
    cnt[k < 0 ? 3 + (k >> 20) : ((k + 63) >> 6) + 3]++;
  }
  sum = lo;
  for (let b = 0; b < BUCKETS; b++) {
    const c = cnt[b];
    cnt[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const k = tk[i];
    const j = cnt[k < 0 ? 3 + (k >> 20) : ((k + 63) >> 6) + 3]++;
    moves[j] = tm[i];
    order[j] = k;
  }
}

/**
 * Re-sorts moves[base + keep, base + top) by how many moves the opponent keeps that cannot be answered with a
 * win in 1 (fewest first), the mobility order breaking ties. The position is (r, h, s), `side` to move, over
 * the layout's squares `all`.
 */
export function refineOrder(
  moves: Int32Array,
  order: Int32Array,
  jumps: Int32Array,
  all: number,
  base: number,
  top: number,
  r: number,
  h: number,
  s: number,
  side: number,
  keep: number,
): void {
  for (let i = base + keep; i < base + top; i++) {
    const mv = moves[i];
    const key = order[i];
    const fb = 1 << (mv & 31);
    const tb = 1 << ((mv >>> 5) & 31);
    const sb = 1 << ((mv >>> 10) & 31);
    const me = ((side === 0 ? r : h) & ~fb) | tb;
    const opp = side === 0 ? h : r;
    const free = ((all & ~(r | h | s) & ~tb) | fb) & ~sb;
    const esc = escapes(jumps, opp, me, free);
    if (esc === 0) {
      // The opponent is left a loss in 2: a win in 3, the best there is after no win in 1. Try it first.
      moves[i] = moves[base + keep];
      moves[base + keep] = mv;
      return;
    }
    order[i] = (esc << 12) + (key < 0 ? 0 : key);
  }
  insertionSort(moves, order, base + keep, base + top);
}
