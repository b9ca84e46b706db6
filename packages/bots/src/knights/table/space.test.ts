import { describe, expect, it } from 'vitest';
import { Rng } from '@attila/core';
import { STANDARD_LAYOUT } from '@attila/knights';
import { SymmetryTables } from '../solver/geometry.js';
import { KNIGHTS, LAYERS, moverCount, subsets, TableSpace } from './space.js';
import { tableSpaceFor } from './table.js';
import { TINY_GEOMETRY } from './tiny.test-support.js';

describe('the opening table space', () => {
  it('enumerates subsets in increasing order, each once', () => {
    const all = [...subsets(8, 3)];
    expect(all.length).toBe(56);
    expect(all.every((m, i) => i === 0 || m > all[i - 1])).toBe(true);
    expect([...subsets(5, 0)]).toEqual([0]);
  });

  it('takes the keys another space enumerated, ranking the same, and refuses the wrong number of layers', () => {
    const enumerated = new TableSpace(TINY_GEOMETRY);
    const handed = new TableSpace(
      TINY_GEOMETRY,
      enumerated.layerKeys().map((k) => k.slice()),
    );
    expect(handed.total).toBe(enumerated.total);
    expect(handed.offsets).toEqual(enumerated.offsets);
    for (let k = 0; k < LAYERS; k++) {
      for (let r = 0; r < enumerated.count(k); r++) {
        const [mover, other] = enumerated.unrank(k, r);
        expect(handed.rank(mover, other)).toBe(r);
      }
    }
    expect(() => new TableSpace(TINY_GEOMETRY, enumerated.layerKeys().slice(1))).toThrow(/layers of keys/);
  });

  it('ranks and unranks every position of the tiny board, and every symmetric image to the same index', () => {
    const space = new TableSpace(TINY_GEOMETRY);
    const syms = new SymmetryTables(TINY_GEOMETRY);
    let legal = 0;
    const wrong: string[] = [];
    for (let k = 0; k < LAYERS; k++) {
      const mc = moverCount(k);
      const seen = new Set<number>();
      for (const mover of subsets(space.size, mc)) {
        for (const other of subsets(space.size, k - mc)) {
          if ((mover & other) !== 0) continue;
          const r = space.rank(mover, other);
          if (!space.legal(mover | other)) {
            // The no-trap rule: not a position of the placement phase.
            if (r !== -1) wrong.push(`${mover},${other}: trapped but ranked`);
            continue;
          }
          legal++;
          seen.add(r);
          const [m, o] = r < 0 ? [-1, -1] : space.unrank(k, r);
          const images = Array.from({ length: syms.count }, (_, i) => [
            syms.apply(i, mover),
            syms.apply(i, other),
          ]);
          if (!images.some(([im, io]) => im === m && io === o))
            wrong.push(`${mover},${other}: unranks elsewhere`);
          if (images.some(([im, io]) => space.rank(im, io) !== r))
            wrong.push(`${mover},${other}: images differ`);
        }
      }
      expect(seen.size).toBe(space.count(k)); // every rank is reached
      for (let r = 0; r < space.count(k); r++)
        if (space.rank(...space.unrank(k, r)) !== r) wrong.push(`${k}/${r}`);
    }
    expect(wrong).toEqual([]);
    expect(legal).toBeGreaterThan(space.total);
  });

  it('ranks a sample of standard-board positions consistently under the four symmetries', () => {
    const space = tableSpaceFor(STANDARD_LAYOUT);
    expect(space.count(0)).toBe(1);
    expect(space.count(1)).toBe(6); // one knight: the six squares up to symmetry, as the book's table shows
    const rng = Rng.fromSeed('space');
    for (let i = 0; i < 2000; i++) {
      const k = rng.int(KNIGHTS + 1);
      const r = rng.int(space.count(k));
      const [m, o] = space.unrank(k, r);
      expect(space.rank(m, o)).toBe(r);
      for (const sym of STANDARD_LAYOUT.symmetries)
        expect(space.rank(sym.mapMask(m), sym.mapMask(o))).toBe(r);
    }
    // Outside the space: overlapping sets, the wrong side to move, too many knights.
    expect(space.rank(1, 1)).toBe(-1);
    expect(space.rank(0b11, 0)).toBe(-1);
    expect(space.rank(0b1111, 0b11110000)).toBe(-1);
  });
});
