/**
 * The index of the move-phase tablebase. A move-phase position is the side to move's three knights (the
 * "mover"), the other side's three, and the scorched squares; colours drop out (the rules are the same for
 * both sides). Every ply scorches one square, so the positions fall into layers by the number s of scorched
 * squares, and a position of layer s leads only to positions of layer s + 1.
 *
 * A knight configuration (mover, other) is kept once per symmetry class (its canonical member: the first met
 * in enumeration order); the F = size − 6 squares without a knight are the configuration's "free
 * coordinates" 0..F−1 in increasing square order, and a scorched set is an F-bit mask over them. Layer s
 * holds, for each class in class order, the C(F, s) masks of s bits in increasing numeric order:
 * index = class · C(F, s) + rank(mask). The layer is one byte a position (`codes.ts`).
 */
import type { SolverGeometry } from '../solver/geometry.js';

export const SIDE_KNIGHTS = 3;
const MAX_SYMMETRIES = 8;

function binomials(n: number): number[][] {
  const c: number[][] = [];
  for (let i = 0; i <= n; i++) {
    c.push([]);
    for (let j = 0; j <= n; j++) c[i].push(j === 0 ? 1 : i === 0 ? 0 : c[i - 1][j - 1] + c[i - 1][j]);
  }
  return c;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class TablebaseSpace {
  readonly size: number;
  /** Squares without a knight: the scorched set's coordinates. */
  readonly free: number;
  readonly all: number;
  readonly jumps: Int32Array;
  /** perms[g * 32 + square] = the square's image under symmetry g (g = 0 the identity). */
  readonly perms: Int8Array;
  /** inverse[g * 32 + square] = the square whose image under g it is. */
  readonly inverse: Int8Array;
  readonly symmetryCount: number;
  /** The number of configuration classes. */
  readonly classes: number;
  readonly classMover: Int32Array;
  readonly classOther: Int32Array;
  /** Per class: its squares without a knight. */
  readonly classFree: Int32Array;
  /** classOf[configIndex(mover, other)] = class · 8 + g, where symmetry g maps the class's canonical member onto it. */
  readonly classOf: Int32Array;
  /** rank[mask] = the mask's place among the F-bit masks with as many bits, in increasing order. */
  readonly rank: Uint16Array;
  /** masks[s] = the F-bit masks of s bits in rank order. */
  readonly masks: Uint16Array[];
  /** layerSize[s] = C(F, s), the scorched sets per class in layer s. */
  readonly perClass: number[];
  private readonly choose: number[][];
  private readonly triples: number;

  constructor(readonly geometry: SolverGeometry) {
    const n = geometry.size;
    if (n > 20 || n < 2 * SIDE_KNIGHTS + 1)
      throw new Error(`tablebase: a board of ${n} squares is not supported`);
    this.size = n;
    this.free = n - 2 * SIDE_KNIGHTS;
    this.all = (1 << n) - 1;
    this.jumps = Int32Array.from(geometry.jumps);
    this.choose = binomials(n);
    this.triples = this.choose[n][SIDE_KNIGHTS];

    const perms: number[][] = [Array.from({ length: n }, (_, i) => i)];
    for (const s of geometry.symmetries) {
      const p = Array.from({ length: n }, (_, i) => s[i]);
      if (!perms.some((q) => q.every((v, i) => v === p[i]))) perms.push(p);
    }
    if (perms.length > MAX_SYMMETRIES) throw new Error('tablebase: more than 8 symmetries');
    this.symmetryCount = perms.length;
    this.perms = new Int8Array(MAX_SYMMETRIES * 32);
    this.inverse = new Int8Array(MAX_SYMMETRIES * 32);
    perms.forEach((p, g) =>
      p.forEach((to, from) => {
        this.perms[g * 32 + from] = to;
        this.inverse[g * 32 + to] = from;
      }),
    );

    const F = this.free;
    this.rank = new Uint16Array(1 << F);
    this.masks = [];
    this.perClass = [];
    const seen = new Array<number>(F + 1).fill(0);
    const lists: number[][] = Array.from({ length: F + 1 }, () => []);
    for (let m = 0; m < 1 << F; m++) {
      const b = popcount(m);
      this.rank[m] = seen[b]++;
      lists[b].push(m);
    }
    for (let s = 0; s <= F; s++) {
      this.masks.push(Uint16Array.from(lists[s]));
      this.perClass.push(lists[s].length);
    }

    // Classes: walk every configuration; the first member met of a class is its canonical one. The ranks
    // of the triples and of their images are looked up, not recomputed for each of the 1.3 M pairs: this
    // runs whenever a process first opens a tablebase (`attila knights solve`: about 0.3 s before).
    const T = this.triples;
    this.classOf = new Int32Array(T * T).fill(-1);
    const movers: number[] = [];
    const others: number[] = [];
    const triples = this.tripleMasks();
    const G = this.symmetryCount;
    const ranks = new Int32Array(triples.length);
    /** images[g * T + i] = the rank of triple i's image under symmetry g. */
    const images = new Int32Array(G * triples.length);
    triples.forEach((t, i) => {
      ranks[i] = this.tripleRank(t);
      for (let g = 0; g < G; g++) images[g * T + i] = this.tripleRank(this.map(g, t));
    });
    const classOf = this.classOf;
    for (let i = 0; i < triples.length; i++) {
      const m = triples[i];
      const row = ranks[i] * T;
      for (let j = 0; j < triples.length; j++) {
        const o = triples[j];
        if ((m & o) !== 0 || classOf[row + ranks[j]] >= 0) continue;
        const c = movers.length;
        movers.push(m);
        others.push(o);
        for (let g = G - 1; g >= 0; g--) classOf[images[g * T + i] * T + images[g * T + j]] = c * 8 + g;
      }
    }
    this.classes = movers.length;
    this.classMover = Int32Array.from(movers);
    this.classOther = Int32Array.from(others);
    this.classFree = this.classMover.map((m, c) => this.all & ~(m | this.classOther[c]));
  }

  private tripleMasks(): number[] {
    const out: number[] = [];
    for (let a = 0; a < this.size; a++)
      for (let b = a + 1; b < this.size; b++)
        for (let c = b + 1; c < this.size; c++) out.push((1 << a) | (1 << b) | (1 << c));
    return out;
  }

  /** The image of a square mask under symmetry g. */
  map(g: number, mask: number): number {
    let out = 0;
    for (let m = mask; m !== 0; m &= m - 1) out |= 1 << this.perms[g * 32 + 31 - Math.clz32(m & -m)];
    return out;
  }

  /** The preimage of a square mask under symmetry g. */
  unmap(g: number, mask: number): number {
    let out = 0;
    for (let m = mask; m !== 0; m &= m - 1) out |= 1 << this.inverse[g * 32 + 31 - Math.clz32(m & -m)];
    return out;
  }

  /** The colex rank of a three-square mask. */
  tripleRank(mask: number): number {
    let r = 0;
    let i = 1;
    for (let m = mask; m !== 0; m &= m - 1, i++) r += this.choose[31 - Math.clz32(m & -m)][i];
    return r;
  }

  configIndex(mover: number, other: number): number {
    return this.tripleRank(mover) * this.triples + this.tripleRank(other);
  }

  /** Positions in layer s. */
  layerSize(s: number): number {
    return this.classes * this.perClass[s];
  }

  /** The F-bit coordinates of a set of squares that have no knight in the class's canonical member. */
  compress(cls: number, squares: number): number {
    const free = this.classFree[cls];
    let out = 0;
    for (let m = squares; m !== 0; m &= m - 1) out |= 1 << popcount(free & ((m & -m) - 1));
    return out;
  }

  /** The squares of F-bit coordinates of a class. */
  expand(cls: number, coords: number): number {
    let out = 0;
    let i = 0;
    for (let f = this.classFree[cls]; f !== 0; f &= f - 1, i++) if (coords & (1 << i)) out |= f & -f;
    return out;
  }

  /**
   * Where a position is: its layer (scorched count) and index in it, or null when it is not a move-phase
   * position (not three knights a side, overlaps, squares off the board).
   */
  locate(mover: number, other: number, scorched: number): { layer: number; index: number } | null {
    if ((mover | other | scorched) & ~this.all) return null;
    if (popcount(mover) !== SIDE_KNIGHTS || popcount(other) !== SIDE_KNIGHTS) return null;
    if ((mover & other) | ((mover | other) & scorched)) return null;
    const e = this.classOf[this.configIndex(mover, other)];
    const cls = e >> 3;
    const canonicalScorched = this.unmap(e & 7, scorched);
    const s = popcount(scorched);
    return { layer: s, index: cls * this.perClass[s] + this.rank[this.compress(cls, canonicalScorched)] };
  }

  /** The canonical position at an index of layer s: [mover, other, scorched] as square masks. */
  positionAt(s: number, index: number): [number, number, number] {
    const per = this.perClass[s];
    const cls = Math.floor(index / per);
    return [this.classMover[cls], this.classOther[cls], this.expand(cls, this.masks[s][index - cls * per])];
  }
}
