/**
 * The positions of the opening table and their ranks. A position of the placement phase, or just after it,
 * with nothing scorched is a pair of sets: the knights of the side to move (`mover`) and the other side's
 * (`other`); with k knights on the board the mover has floor(k/2) and the other side the rest, since the first
 * player places first. Colours do not matter (the rules are the same for both sides), so a position stands
 * for both its Roman and its Hun version. Layer k holds every such pair that the no-trap rule allows (every
 * knight has a jump to a free square: then so does every subset, so each is reached in legal play) and that
 * is canonical: its key `mover * 2^size + other` is the smallest among its images under the layout's
 * symmetries. A position's rank is its place in its layer in increasing key order; the data file holds one
 * value per rank, layers 0 to 6 one after the other.
 */
import { placementSquares, popcount } from '@attila/knights';
import { SymmetryTables, type SolverGeometry } from '../solver/geometry.js';

export const KNIGHTS = 6;
export const LAYERS = KNIGHTS + 1;

/** How many of the k placed knights belong to the side to move. */
export function moverCount(k: number): number {
  return k >> 1;
}

/** Subsets of `size` squares with `count` elements, in increasing numeric order (Gosper's hack). */
export function* subsets(size: number, count: number): Generator<number> {
  if (count === 0) {
    yield 0;
    return;
  }
  const limit = 2 ** size;
  let m = (1 << count) - 1;
  while (m < limit) {
    yield m;
    const c = m & -m;
    const r = m + c;
    m = (((r ^ m) >>> 2) / c) | r;
  }
}

export class TableSpace {
  readonly size: number;
  readonly all: number;
  readonly jumps: Int32Array;
  readonly syms: SymmetryTables;
  private readonly scale: number;
  private readonly keys: Float64Array[] = [];
  /** Where each layer's values start in the concatenated values. */
  readonly offsets: number[] = [];
  readonly total: number;

  /**
   * `keys`: each layer's keys as `layerKeys()` gave them for this geometry (another thread enumerated them:
   * the enumeration takes about 0.1 s on the standard board, too long for a page's main thread); else
   * enumerated here.
   */
  constructor(
    readonly geometry: SolverGeometry,
    keys?: readonly Float64Array[],
  ) {
    this.size = geometry.size;
    this.all = geometry.size >= 32 ? -1 : (1 << geometry.size) - 1;
    this.jumps = Int32Array.from(geometry.jumps);
    this.syms = new SymmetryTables(geometry);
    this.scale = 2 ** geometry.size;
    if (keys && keys.length !== LAYERS)
      throw new Error(`table space: ${keys.length} layers of keys, not ${LAYERS}`);
    let at = 0;
    for (let k = 0; k < LAYERS; k++) {
      this.keys.push(keys ? keys[k] : this.enumerate(k));
      this.offsets.push(at);
      at += this.keys[k].length;
    }
    this.total = at;
  }

  /** Each layer's keys in rank order (to hand to another thread's `new TableSpace(geometry, keys)`). */
  layerKeys(): readonly Float64Array[] {
    return this.keys;
  }

  count(k: number): number {
    return this.keys[k].length;
  }

  /** Whether every knight has a jump to a free square (the no-trap rule). */
  legal(knights: number): boolean {
    const free = this.all & ~knights;
    for (let ks = knights; ks !== 0; ks &= ks - 1) {
      if ((this.jumps[31 - Math.clz32(ks & -ks)] & free) === 0) return false;
    }
    return true;
  }

  /** The canonical key of a pair: the smallest key among its symmetric images. */
  canonicalKey(mover: number, other: number): number {
    const syms = this.syms;
    let best = mover * this.scale + other;
    for (let i = 1; i < syms.count; i++) {
      const k = syms.apply(i, mover) * this.scale + syms.apply(i, other);
      if (k < best) best = k;
    }
    return best;
  }

  /**
   * Layer k's canonical keys in increasing order. A pair's key is `mover · 2^size + other`, so a symmetry that
   * maps the mover to a smaller set makes every pair with that mover non-canonical, and one that maps it to a
   * larger set cannot make a smaller key: only the symmetries fixing the mover need a look at `other`. (This
   * keeps the whole process of `attila knights solve` on a placement position under a second.)
   */
  private enumerate(k: number): Float64Array {
    const out: number[] = [];
    const mc = moverCount(k);
    const syms = this.syms;
    const fixing: number[] = [];
    for (const mover of subsets(this.size, mc)) {
      fixing.length = 0;
      let canonical = true;
      for (let i = 1; i < syms.count && canonical; i++) {
        const image = syms.apply(i, mover);
        if (image < mover) canonical = false;
        else if (image === mover) fixing.push(i);
      }
      if (!canonical) continue;
      others: for (const other of subsets(this.size, k - mc)) {
        if ((mover & other) !== 0 || !this.legal(mover | other)) continue;
        for (const i of fixing) if (syms.apply(i, other) < other) continue others;
        out.push(mover * this.scale + other);
      }
    }
    return Float64Array.from(out);
  }

  /** The rank of a position in layer k (any orientation), or -1 when it is not a position of the layer. */
  rank(mover: number, other: number): number {
    const k = popcount(mover) + popcount(other);
    if (k > KNIGHTS || moverCount(k) !== popcount(mover) || (mover & other) !== 0) return -1;
    const keys = this.keys[k];
    const key = this.canonicalKey(mover, other);
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = keys[mid];
      if (v === key) return mid;
      if (v < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The index of a position among all values (layers concatenated), or -1. */
  index(mover: number, other: number): number {
    const r = this.rank(mover, other);
    return r < 0 ? -1 : this.offsets[popcount(mover) + popcount(other)] + r;
  }

  /** The canonical position of a rank: [mover, other]. */
  unrank(k: number, rank: number): [number, number] {
    const key = this.keys[k][rank];
    const other = key % this.scale;
    return [(key - other) / this.scale, other];
  }

  /** The positions after each legal placement of a layer-k position (k < 6): [mover, other] of each child. */
  children(mover: number, other: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const knights = mover | other;
    for (let ps = placementSquares(this.jumps, knights, this.all & ~knights); ps !== 0; ps &= ps - 1) {
      out.push([other, mover | (ps & -ps)]);
    }
    return out;
  }
}
