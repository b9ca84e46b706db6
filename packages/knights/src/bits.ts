/**
 * Bitboards: a set of a layout's squares is a 32-bit integer, bit `i` standing for square `i` (a layout has
 * 20 squares, so every set fits in the low 20 bits and stays a small non-negative integer).
 */

/** The number of squares in a set: the one bit count of the tree (core's). */
export { popcount } from '@attila/core';

/** The index of the lowest square in a non-empty set. */
export function lowIndex(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The set without its lowest square. */
export function dropLow(x: number): number {
  return x & (x - 1);
}

/** The index of the `k`-th (0-based, from the lowest) square of a set with more than `k` squares. */
export function nthIndex(x: number, k: number): number {
  for (; k > 0; k--) x &= x - 1;
  return 31 - Math.clz32(x & -x);
}

/** The squares of a set, lowest first (for readable code; hot loops use lowIndex/dropLow). */
export function indices(x: number): number[] {
  const out: number[] = [];
  for (; x !== 0; x &= x - 1) out.push(31 - Math.clz32(x & -x));
  return out;
}
