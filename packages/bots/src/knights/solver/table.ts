/**
 * The transposition table: lower and upper bounds of a position's node-relative score and the move that last
 * proved a bound. Searches always go to the end of the game, so a stored bound stays true for ever and needs no
 * depth. Two-way buckets: a new position replaces the entry that has cost the fewest nodes to compute.
 *
 * An entry is four 32-bit words in one array, so a bucket (two entries, 32 bytes) sits in one cache line:
 * key A, key B, then key C + 1 (0 marks an empty slot) | (lower + 128) << 8 | (upper + 128) << 16 |
 * work << 24, then the move.
 */
export class TranspositionTable {
  private readonly mask: number;
  private readonly data: Int32Array;
  stores = 0;

  constructor(bits = 22) {
    const n = 1 << bits;
    this.mask = n - 2;
    this.data = new Int32Array(n * 4);
  }

  private slot(a: number, b: number, c: number): number {
    let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c + 1, 0x27d4eb2f), 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 13;
    return h & this.mask;
  }

  /** Index of the entry for this key (a word offset for `lower`, `upper`, `move`), or -1. */
  find(a: number, b: number, c: number): number {
    const d = this.data;
    const i = this.slot(a, b, c) << 2;
    if (d[i] === a && d[i + 1] === b && (d[i + 2] & 255) === c + 1) return i;
    if (d[i + 4] === a && d[i + 5] === b && (d[i + 6] & 255) === c + 1) return i + 4;
    return -1;
  }

  lower(i: number): number {
    return ((this.data[i + 2] >>> 8) & 255) - 128;
  }

  upper(i: number): number {
    return ((this.data[i + 2] >>> 16) & 255) - 128;
  }

  /** The stored move code (in the canonical orientation), or -1. */
  move(i: number): number {
    return this.data[i + 3];
  }

  /** Narrows the bounds of a known entry, or takes the cheaper of the bucket's two slots. */
  store(a: number, b: number, c: number, lower: number, upper: number, move: number, nodes: number): void {
    this.stores++;
    const d = this.data;
    const w = nodes < 1 ? 0 : Math.min(255, 1 + Math.floor(Math.log2(nodes) * 8));
    const s = this.slot(a, b, c) << 2;
    const tag = c + 1;
    let i = -1;
    if (d[s] === a && d[s + 1] === b && (d[s + 2] & 255) === tag) i = s;
    else if (d[s + 4] === a && d[s + 5] === b && (d[s + 6] & 255) === tag) i = s + 4;
    if (i < 0) {
      const j =
        (d[s + 2] & 255) === 0
          ? s
          : (d[s + 6] & 255) === 0
            ? s + 4
            : d[s + 2] >>> 24 <= d[s + 6] >>> 24
              ? s
              : s + 4;
      d[j] = a;
      d[j + 1] = b;
      d[j + 2] = tag | ((lower + 128) << 8) | ((upper + 128) << 16) | (w << 24);
      d[j + 3] = move;
      return;
    }
    const word = d[i + 2];
    let lo = ((word >>> 8) & 255) - 128;
    let hi = ((word >>> 16) & 255) - 128;
    let work = word >>> 24;
    // The move stays the one that proved the (best) lower bound.
    if (move >= 0 && lower >= lo) d[i + 3] = move;
    if (lower > lo) lo = lower;
    if (upper < hi) hi = upper;
    if (w > work) work = w;
    d[i + 2] = tag | ((lo + 128) << 8) | ((hi + 128) << 16) | (work << 24);
  }

  clear(): void {
    this.data.fill(0);
    this.stores = 0;
  }
}
