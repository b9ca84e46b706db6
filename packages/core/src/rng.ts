/**
 * The seeded random-number generator behind every shuffle and every bot's randomness, so that a game is
 * reproducible from its seed and its moves. xoshiro128** (Blackman and Vigna): 128 bits of state, 32-bit
 * arithmetic that JavaScript engines run fast, and a state that can be saved as text and restored.
 */
import { err, ok, type Result } from './result.js';

export type RngState = string; // 32 lowercase hex digits

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The k-th output (k >= 1) of splitmix32 from `seed`: spreads a 32-bit seed over the four state words. */
function splitmixAt(seed: number, k: number): number {
  // k * 0x9e3779b9 + seed stays below 2^53, so the sum is exact before it wraps to 32 bits.
  let z = (seed + k * 0x9e3779b9) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

const digits = new Uint8Array(10);

/** `hashText(String(n))` for an integer 0 <= n < 2^32, without building the text. */
function hashDecimal(n: number): number {
  let k = 0;
  do {
    digits[k++] = n % 10;
    n = Math.floor(n / 10);
  } while (n > 0);
  let h = 0x811c9dc5;
  while (k > 0) h = Math.imul(h ^ (48 + digits[--k]), 0x01000193);
  return h >>> 0;
}

/** FNV-1a over the UTF-16 code units: turns any seed text into 32 bits. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A generator state that is not 32 lowercase hex digits (or is all zero). */
export type RngErrorCode = 'rng.state';

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(a: number, b: number, c: number, d: number) {
    this.a = a >>> 0;
    this.b = b >>> 0;
    this.c = c >>> 0;
    this.d = d >>> 0;
    if ((this.a | this.b | this.c | this.d) === 0) throw new Error('xoshiro128** state must not be all zero');
  }

  /** A generator from a seed: any text, or a number (taken as its decimal text). */
  static fromSeed(seed: string | number): Rng {
    const rng = new Rng(1, 0, 0, 0);
    rng.reseed(seed);
    return rng;
  }

  /**
   * Restarts this generator in place as `Rng.fromSeed(seed)` would start a new one (the same stream after).
   * Search samples reseed one generator per iteration; this spares the allocations (none for a 32-bit seed).
   */
  reseed(seed: string | number): void {
    const h =
      typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed < 4294967296
        ? hashDecimal(seed)
        : hashText(String(seed));
    const a = splitmixAt(h, 1);
    const b = splitmixAt(h, 2);
    const c = splitmixAt(h, 3);
    const d = splitmixAt(h, 4);
    if ((a | b | c | d) === 0) throw new Error('xoshiro128** state must not be all zero');
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** A generator from its four raw state words, as in the reference implementation. */
  static fromWords(a: number, b: number, c: number, d: number): Rng {
    return new Rng(a, b, c, d);
  }

  static fromState(state: string): Result<Rng, RngErrorCode> {
    if (!/^[0-9a-f]{32}$/.test(state) || /^0{32}$/.test(state)) {
      return err('rng.state', `a generator state is 32 lowercase hex digits, not all zero; got "${state}"`);
    }
    const w = [0, 1, 2, 3].map((i) => parseInt(state.slice(i * 8, i * 8 + 8), 16));
    return ok(new Rng(w[0], w[1], w[2], w[3]));
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d].map((w) => w.toString(16).padStart(8, '0')).join('');
  }

  clone(): Rng {
    return new Rng(this.a, this.b, this.c, this.d);
  }

  /** Puts this generator where `from` is (the same stream after), without allocating. */
  copyFrom(from: Rng): void {
    this.a = from.a;
    this.b = from.b;
    this.c = from.c;
    this.d = from.d;
  }

  /** The next 32 random bits as an unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    return result;
  }

  /** A float in [0, 1) with 32 random bits. */
  nextFloat(): number {
    return this.nextU32() / 4294967296;
  }

  /** A uniform integer in [0, n), without modulo bias (Lemire's method). 1 <= n <= 2^32. */
  int(n: number): number {
    if (!(n >= 1 && n <= 4294967296 && Number.isInteger(n)))
      throw new RangeError(`int(n) needs 1 <= n <= 2^32, got ${n}`);
    if (n === 1) return 0;
    if (n <= 0x200000) {
      // x * n < 2^53: the 64-bit product is exact in a double.
      const threshold = 4294967296 % n;
      for (;;) {
        const m = this.nextU32() * n;
        const high = Math.floor(m / 4294967296);
        if (m - high * 4294967296 >= threshold) return high;
      }
    }
    const threshold = 4294967296 % n;
    for (;;) {
      const x = this.nextU32();
      // 64-bit product split into high and low 32-bit halves, exact in doubles.
      const lo = (x & 0xffff) * n;
      const hi = (x >>> 16) * n + Math.floor(lo / 65536);
      const low32 = ((hi % 65536) * 65536 + (lo % 65536)) >>> 0;
      if (low32 >= threshold) return Math.floor(hi / 65536);
    }
  }

  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)];
  }

  /** Fisher–Yates, in place, of the first `length` items (all by default); returns the same array. */
  shuffle<A extends { length: number; [i: number]: unknown }>(items: A, length = items.length): A {
    for (let i = length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}
