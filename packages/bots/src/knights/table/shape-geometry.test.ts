import { describe, expect, it } from 'vitest';
import { presetLayout, PRESET_LAYOUTS } from '@attila/knights';
import { shapeGeometry } from './shape-geometry.js';

describe('a board geometry from its shape', () => {
  it("is the engine's for every preset layout (squares, jumps, symmetries)", () => {
    for (const { layout } of PRESET_LAYOUTS) {
      const g = shapeGeometry(layout.shape);
      expect(g.size).toBe(layout.size);
      expect(Array.from(g.jumps)).toEqual(Array.from(layout.jumps));
      const perms = (ps: readonly ArrayLike<number>[]) => ps.map((p) => Array.from(p).join(',')).sort();
      const engine = layout.symmetries
        .map((s) => s.perm)
        .filter((p, i) => i > 0 || p.some((v, j) => v !== j));
      expect(perms(g.symmetries)).toEqual(perms(engine));
    }
    expect(shapeGeometry(presetLayout('standard')!.shape).symmetries).toHaveLength(3);
  });

  it('refuses what is not a shape', () => {
    expect(() => shapeGeometry('..x./....')).toThrow(/not a board shape/);
    expect(() => shapeGeometry('.../....')).toThrow(/not a board shape/);
  });
});
