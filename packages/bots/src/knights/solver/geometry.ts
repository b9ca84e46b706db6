/**
 * What the solver needs to know of a layout: its squares as bits 0..size-1, each square's knight jumps as a
 * bitmask, and the layout's symmetries as permutations of square indices. Nothing else of the rules engine.
 */
export interface SolverGeometry {
  readonly size: number;
  readonly jumps: ArrayLike<number>;
  /** Each symmetry maps square i to square perm[i]; the identity included or not, it is added if missing. */
  readonly symmetries: readonly ArrayLike<number>[];
}

const CHUNK = 5;
const CHUNKS = 4; // 4 chunks of 5 bits cover the at most 20 squares of a layout

/** Symmetries as lookup tables over 5-bit chunks, so a bitmask is permuted with four lookups. */
export class SymmetryTables {
  readonly count: number;
  /** perm[sym * 32 + square] is the square's image; 31 (no square) maps to itself. */
  readonly perm: Int8Array;
  /** The inverse permutations, same layout. */
  readonly inverse: Int8Array;
  private readonly tables: Int32Array;

  constructor(geometry: SolverGeometry) {
    const perms: number[][] = [];
    const identity = Array.from({ length: geometry.size }, (_, i) => i);
    perms.push(identity);
    for (const s of geometry.symmetries) {
      const p = Array.from({ length: geometry.size }, (_, i) => s[i]);
      if (!perms.some((q) => q.every((v, i) => v === p[i]))) perms.push(p);
    }
    this.count = perms.length;
    this.perm = new Int8Array(this.count * 32).fill(31);
    this.inverse = new Int8Array(this.count * 32).fill(31);
    perms.forEach((perm, s) => {
      perm.forEach((to, from) => {
        this.perm[s * 32 + from] = to;
        this.inverse[s * 32 + to] = from;
      });
    });
    this.tables = new Int32Array(this.count * CHUNKS * 32);
    perms.forEach((perm, s) => {
      for (let c = 0; c < CHUNKS; c++) {
        for (let v = 0; v < 32; v++) {
          let out = 0;
          for (let b = 0; b < CHUNK; b++) {
            const square = c * CHUNK + b;
            if (v & (1 << b) && square < geometry.size) out |= 1 << perm[square];
          }
          this.tables[(s * CHUNKS + c) * 32 + v] = out;
        }
      }
    });
  }

  apply(sym: number, mask: number): number {
    const t = this.tables;
    const base = sym * CHUNKS * 32;
    return (
      t[base + (mask & 31)] |
      t[base + 32 + ((mask >>> 5) & 31)] |
      t[base + 64 + ((mask >>> 10) & 31)] |
      t[base + 96 + ((mask >>> 15) & 31)]
    );
  }
}
