/**
 * The transposition table: lower and upper bounds of a position's node-relative score and the move that last
 * proved a bound. Searches always go to the end of the game, so a stored bound stays true for ever and needs no
 * depth. Two-way buckets: a new position replaces the entry that has cost the fewest nodes to compute.
 */
export class TranspositionTable {
  private readonly mask: number;
  private readonly k1: Int32Array;
  private readonly k2: Int32Array;
  private readonly k3: Int8Array;
  private readonly lo: Int8Array;
  private readonly hi: Int8Array;
  private readonly mv: Int32Array;
  private readonly work: Uint8Array;
  private readonly used: Uint8Array;
  stores = 0;

  constructor(bits = 22) {
    const n = 1 << bits;
    this.mask = n - 2;
    this.k1 = new Int32Array(n);
    this.k2 = new Int32Array(n);
    this.k3 = new Int8Array(n);
    this.lo = new Int8Array(n);
    this.hi = new Int8Array(n);
    this.mv = new Int32Array(n);
    this.work = new Uint8Array(n);
    this.used = new Uint8Array(n);
  }

  private slot(a: number, b: number, c: number): number {
    let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c + 1, 0x27d4eb2f), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    return h & this.mask;
  }

  private match(i: number, a: number, b: number, c: number): boolean {
    return this.used[i] === 1 && this.k1[i] === a && this.k2[i] === b && this.k3[i] === c;
  }

  /** Index of the entry for this key, or -1. */
  find(a: number, b: number, c: number): number {
    const i = this.slot(a, b, c);
    if (this.match(i, a, b, c)) return i;
    if (this.match(i + 1, a, b, c)) return i + 1;
    return -1;
  }

  lower(i: number): number {
    return this.lo[i];
  }

  upper(i: number): number {
    return this.hi[i];
  }

  /** The stored move code (in the canonical orientation), or -1. */
  move(i: number): number {
    return this.mv[i];
  }

  /** Narrows the bounds of a known entry, or takes the cheaper of the bucket's two slots. */
  store(a: number, b: number, c: number, lower: number, upper: number, move: number, nodes: number): void {
    this.stores++;
    const w = nodes < 1 ? 0 : Math.min(255, 1 + Math.floor(Math.log2(nodes) * 8));
    const s = this.slot(a, b, c);
    const i = this.match(s, a, b, c) ? s : this.match(s + 1, a, b, c) ? s + 1 : -1;
    if (i < 0) {
      const j =
        this.used[s] === 0
          ? s
          : this.used[s + 1] === 0
            ? s + 1
            : this.work[s] <= this.work[s + 1]
              ? s
              : s + 1;
      this.used[j] = 1;
      this.k1[j] = a;
      this.k2[j] = b;
      this.k3[j] = c;
      this.lo[j] = lower;
      this.hi[j] = upper;
      this.mv[j] = move;
      this.work[j] = w;
      return;
    }
    // The move stays the one that proved the (best) lower bound.
    if (move >= 0 && lower >= this.lo[i]) this.mv[i] = move;
    if (lower > this.lo[i]) this.lo[i] = lower;
    if (upper < this.hi[i]) this.hi[i] = upper;
    if (w > this.work[i]) this.work[i] = w;
  }

  clear(): void {
    this.used.fill(0);
    this.stores = 0;
  }
}
