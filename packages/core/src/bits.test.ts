import { describe, expect, it } from 'vitest';
import { popcount } from './bits.js';

describe('popcount', () => {
  it('counts the set bits of any 32-bit pattern', () => {
    const slow = (x: number) => [...(x >>> 0).toString(2)].filter((c) => c === '1').length;
    for (const x of [0, 1, 2, 3, 0xff, 0x80000000, -1, 0x55555555, 0xfffff, 123456789, -123456789])
      expect(popcount(x)).toBe(slow(x));
  });
});
