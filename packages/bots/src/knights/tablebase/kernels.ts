/**
 * The two steps that solve layer s of the tablebase from layer s + 1 (`space.ts` for the index, `codes.ts`
 * for the byte of a value). A move is a jump, then a scorch; the work is shared between them:
 *
 * 1. **Best scorch** (`scorchStep`): after a jump the knights stand as in some configuration C, and which
 *    scorch is best depends only on C and the scorched set W, not on the jump that led there: the opponent
 *    then moves in C's position with W ∪ {c} scorched. So for every class C and every W of layer s,
 *    best[C][W] = min over free c of code(C, W ∪ {c}) in layer s + 1 — once per child configuration, over a
 *    block of at most C(14, 7) bytes with one index list for every class.
 * 2. **Best jump** (`jumpStep`): a position (K, X) of layer s has code PARENT_CODE[min over its jumps
 *    a→b (b not scorched) of best[child class][X in the child's coordinates]]; the coordinates are carried
 *    over by a permutation of the F bits fixed per (K, jump) (`JumpLists`), applied by two table lookups.
 */
import { NO_MOVE, PARENT_CODE } from './codes.js';
import type { TablebaseSpace } from './space.js';

/** Every jump of every class, with where it leads. */
export class JumpLists {
  /** Jumps of class k: start[k] .. start[k + 1] − 1. */
  readonly start: Int32Array;
  readonly child: Int32Array;
  /** The bit of the landing square in the class's coordinates (the jump needs it unscorched). */
  readonly landing: Int32Array;
  /** permBit[j · F + i] = the bit that coordinate i of the class becomes in the child class's coordinates. */
  readonly permBit: Uint16Array;

  constructor(sp: TablebaseSpace) {
    const F = sp.free;
    const starts: number[] = [];
    const child: number[] = [];
    const landing: number[] = [];
    const perm: number[] = [];
    const coordOf = new Int32Array(32);
    for (let k = 0; k < sp.classes; k++) {
      starts.push(child.length);
      const mover = sp.classMover[k];
      const other = sp.classOther[k];
      const free = sp.classFree[k];
      let i = 0;
      for (let f = free; f !== 0; f &= f - 1) coordOf[31 - Math.clz32(f & -f)] = i++;
      for (let ms = mover; ms !== 0; ms &= ms - 1) {
        const a = ms & -ms;
        for (let ts = sp.jumps[31 - Math.clz32(a)] & free; ts !== 0; ts &= ts - 1) {
          const b = ts & -ts;
          const e = sp.classOf[sp.configIndex(other, mover ^ a ^ b)];
          const c = e >> 3;
          const g = e & 7;
          const childFree = sp.classFree[c];
          child.push(c);
          landing.push(1 << coordOf[31 - Math.clz32(b)]);
          for (let f = free; f !== 0; f &= f - 1) {
            const q = f & -f;
            if (q === b) {
              perm.push(0);
              continue;
            }
            const image = sp.inverse[g * 32 + 31 - Math.clz32(q)];
            perm.push(1 << popcount(childFree & ((1 << image) - 1)));
          }
        }
      }
    }
    starts.push(child.length);
    this.start = Int32Array.from(starts);
    this.child = Int32Array.from(child);
    this.landing = Int32Array.from(landing);
    this.permBit = Uint16Array.from(perm);
    if (perm.length !== child.length * F) throw new Error('jump lists: wrong permutation size');
  }

  get count(): number {
    return this.child.length;
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const supersetCache = new WeakMap<TablebaseSpace, Uint16Array[]>();

/** For each mask of layer s in rank order, the ranks in layer s + 1 of the masks with one bit more. */
export function supersetRanks(sp: TablebaseSpace, s: number): Uint16Array {
  let all = supersetCache.get(sp);
  if (!all) {
    all = [];
    supersetCache.set(sp, all);
  }
  if (!all[s]) {
    const F = sp.free;
    const masks = sp.masks[s];
    const out = new Uint16Array(masks.length * (F - s));
    let j = 0;
    for (const w of masks) for (let c = 0; c < F; c++) if (!(w & (1 << c))) out[j++] = sp.rank[w | (1 << c)];
    all[s] = out;
  }
  return all[s];
}

/** The codes of layer F (everything scorched): the side to move has no jump. */
export function lastLayer(sp: TablebaseSpace, out: Uint8Array): void {
  out.fill(PARENT_CODE[NO_MOVE], 0, sp.layerSize(sp.free));
}

/** best[k][w] = min over free c of next[k][w ∪ {c}], for classes from..to−1 (`next` is layer s + 1). */
export function scorchStep(
  sp: TablebaseSpace,
  s: number,
  next: Uint8Array,
  best: Uint8Array,
  from: number,
  to: number,
): void {
  const per = sp.perClass[s];
  const perNext = sp.perClass[s + 1];
  const d = sp.free - s;
  const kids = supersetRanks(sp, s);
  for (let k = from; k < to; k++) {
    const nb = k * perNext;
    let ob = k * per;
    for (let j = 0, end = per * d; j < end; ob++) {
      let m = NO_MOVE;
      for (const stop = j + d; j < stop; j++) {
        const v = next[nb + kids[j]];
        if (v < m) m = v;
      }
      best[ob] = m;
    }
  }
}

/** Layer s's codes for classes from..to−1 from the best scorches of layer s (`scorchStep`). */
export function jumpStep(
  sp: TablebaseSpace,
  jl: JumpLists,
  s: number,
  best: Uint8Array,
  out: Uint8Array,
  from: number,
  to: number,
): void {
  const F = sp.free;
  const per = sp.perClass[s];
  const masks = sp.masks[s];
  const rank = sp.rank;
  const lowBits = F >> 1;
  const lowMask = (1 << lowBits) - 1;
  const lo = new Uint16Array(1 << lowBits);
  const hi = new Uint16Array(1 << (F - lowBits));
  const acc = new Uint8Array(per);
  const byTables = per >= 64;
  for (let k = from; k < to; k++) {
    acc.fill(NO_MOVE);
    for (let j = jl.start[k], jend = jl.start[k + 1]; j < jend; j++) {
      const cb = jl.child[j] * per;
      const landing = jl.landing[j];
      const pb = j * F;
      if (byTables) {
        for (let x = 1; x < lo.length; x++)
          lo[x] = lo[x & (x - 1)] | jl.permBit[pb + 31 - Math.clz32(x & -x)];
        for (let x = 1; x < hi.length; x++)
          hi[x] = hi[x & (x - 1)] | jl.permBit[pb + lowBits + 31 - Math.clz32(x & -x)];
        for (let r = 0; r < per; r++) {
          const x = masks[r];
          if (x & landing) continue;
          const v = best[cb + rank[lo[x & lowMask] | hi[x >>> lowBits]]];
          if (v < acc[r]) acc[r] = v;
        }
      } else {
        for (let r = 0; r < per; r++) {
          const x = masks[r];
          if (x & landing) continue;
          let m = 0;
          for (let y = x; y !== 0; y &= y - 1) m |= jl.permBit[pb + 31 - Math.clz32(y & -y)];
          const v = best[cb + rank[m]];
          if (v < acc[r]) acc[r] = v;
        }
      }
    }
    const ob = k * per;
    for (let r = 0; r < per; r++) out[ob + r] = PARENT_CODE[acc[r]];
  }
}
