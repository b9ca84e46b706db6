import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';

describe('Rng (xoshiro128**)', () => {
  it('matches the reference C implementation for state {1,2,3,4}', () => {
    const rng = Rng.fromWords(1, 2, 3, 4);
    const first = Array.from({ length: 8 }, () => rng.nextU32());
    expect(first).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849]);
  });

  it('matches the reference implementation after 1000 steps', () => {
    const rng = Rng.fromWords(0xdeadbeef, 0x12345678, 0xcafebabe, 0x0badf00d);
    for (let i = 0; i < 1000; i++) rng.nextU32();
    expect(rng.nextU32()).toBe(3651887776);
  });

  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const seq = (seed: string | number) => {
      const r = Rng.fromSeed(seed);
      return Array.from({ length: 20 }, () => r.nextU32());
    };
    expect(seq('attila')).toEqual(seq('attila'));
    expect(seq(42)).toEqual(seq('42'));
    expect(seq('attila')).not.toEqual(seq('attilb'));
  });

  it('resumes identically from a saved state', () => {
    const rng = Rng.fromSeed('resume');
    for (let i = 0; i < 37; i++) rng.nextU32();
    const saved = rng.state();
    const expected = Array.from({ length: 50 }, () => rng.nextU32());
    const restored = Rng.fromState(saved);
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    expect(Array.from({ length: 50 }, () => restored.value.nextU32())).toEqual(expected);
  });

  it('refuses a malformed saved state', () => {
    for (const bad of ['', 'xyz', '0'.repeat(32), 'A'.repeat(32), '1'.repeat(31)]) {
      const r = Rng.fromState(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('rng.state');
    }
  });

  it('int(n) stays in range and is roughly uniform, for small and huge n', () => {
    const rng = Rng.fromSeed(7);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[rng.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) {
      const big = rng.int(3_000_000_000);
      expect(big).toBeGreaterThanOrEqual(0);
      expect(big).toBeLessThan(3_000_000_000);
      expect(Number.isInteger(big)).toBe(true);
    }
    expect(() => rng.int(0)).toThrow(RangeError);
  });

  it('shuffle is a permutation and depends on the seed', () => {
    const a = Rng.fromSeed(1).shuffle([...Array(54).keys()]);
    const b = Rng.fromSeed(2).shuffle([...Array(54).keys()]);
    expect([...a].sort((x, y) => x - y)).toEqual([...Array(54).keys()]);
    expect(a).not.toEqual(b);
    expect(Rng.fromSeed(1).shuffle([...Array(54).keys()])).toEqual(a);
  });

  it('clone is independent of the original', () => {
    const r = Rng.fromSeed('c');
    const c = r.clone();
    expect(c.nextU32()).toBe(r.nextU32());
    c.nextU32();
    expect(c.state()).not.toBe(r.state());
  });

  it('copyFrom puts a generator where another is, and they stay independent', () => {
    const r = Rng.fromSeed('from');
    r.nextU32();
    const c = Rng.fromSeed('elsewhere');
    c.copyFrom(r);
    expect(c.state()).toBe(r.state());
    expect(c.nextU32()).toBe(r.nextU32());
    c.nextU32();
    expect(c.state()).not.toBe(r.state());
  });

  it('reseed restarts a generator as fromSeed starts a new one', () => {
    const source = Rng.fromSeed('reseed');
    const seeds: (string | number)[] = [0, 1, 9, 10, 99, 4294967295, 4294967296, -1, -0, 1.5, 'attila', ''];
    for (let i = 0; i < 2000; i++) seeds.push(source.nextU32());
    const r = Rng.fromSeed('other');
    for (const seed of seeds) {
      r.nextU32();
      r.reseed(seed);
      expect(r.state()).toBe(Rng.fromSeed(seed).state());
    }
  });
});
