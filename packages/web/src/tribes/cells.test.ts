import { describe, expect, it } from 'vitest';
import { voronoiCells, type Site } from './cells.js';

describe('province cells', () => {
  const sites: Site[] = [
    { province: 0, x: 0, y: 0, r: 10 },
    { province: 1, x: 10, y: 0, r: 10 },
    { province: 0, x: 0, y: 10, r: 10 },
  ];
  const cells = voronoiCells(sites);
  it('splits the plane between the nearest sites', () => {
    for (const c of cells) {
      for (const [x, y] of c.polygon) {
        const own = sites[c.site];
        const d = Math.hypot(x - own.x, y - own.y);
        for (const s of sites) expect(d).toBeLessThanOrEqual(Math.hypot(x - s.x, y - s.y) + 1e-6);
        expect(d).toBeLessThanOrEqual(own.r + 1e-6);
      }
    }
  });
  it('draws borders only between different provinces', () => {
    // Sites 0 and 2 are the same province: their shared edge is not a border; both meet province 1.
    expect(cells[0].borders.length).toBeGreaterThan(0);
    for (const [[x1], [x2]] of cells[0].borders) {
      expect(x1).toBeCloseTo(5);
      expect(x2).toBeCloseTo(5);
    }
    expect(cells[1].borders.length).toBeGreaterThan(0);
  });
});
