import { Rng, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { enumerateLayouts } from './enumerate.js';
import { canonicalShape, gridFromCells, gridToString, transformGrid } from './grid.js';
import { layoutFromShape, layoutFromTiles, sameLayout } from './layout.js';
import { parseLayout, PRESET_LAYOUTS, presetName, STANDARD_LAYOUT } from './presets.js';
import { checkShape, gridFromTiles } from './tiles.js';

function layoutError(text: string): string {
  const r = parseLayout(text);
  if (r.ok) throw new Error(`expected "${text}" to be refused`);
  expect(r.error.code).toBe('knights.layout');
  return r.error.message;
}

describe('layout rule: tiles side to side, no overlap, one connected shape, the right four tiles', () => {
  it('the standard layout is the 4x5 rectangle from a1 to e4', () => {
    expect(STANDARD_LAYOUT.shape).toBe('...../...../...../.....');
    expect(STANDARD_LAYOUT.size).toBe(20);
    expect(STANDARD_LAYOUT.names[0]).toBe('a4');
    expect(STANDARD_LAYOUT.names[19]).toBe('e1');
    expect(unwrap(parseLayout('L@a1:h, S@d1, L@a3:h, S@d3'))).toBe(STANDARD_LAYOUT);
    expect(unwrap(parseLayout('...../...../...../.....'))).toBe(STANDARD_LAYOUT);
    // Turned tiles make the same rectangle: 2x3 tiles standing up, 5 rows.
    expect(unwrap(parseLayout('L@a1:v, L@c1:v, S@a4, S@c4')).shape).toBe('..../..../..../..../....');
  });

  it('tile placements: every non-rectangular preset is legal', () => {
    for (const p of PRESET_LAYOUTS) {
      expect(p.layout.size).toBe(20);
      expect(
        checkShape(gridFromCells(p.layout.names.map((_, i) => [p.layout.rowOf[i], p.layout.colOf[i]]))).ok,
      ).toBe(true);
    }
    expect(unwrap(parseLayout('cross')).shape).toBe('__..__/__..__/....../....../__..__/__..__');
  });

  it('refuses overlapping tiles', () => {
    expect(layoutError('L@a1:h, S@c1, L@a3:h, S@d3')).toMatch(
      /tiles 1 \(L@a1:h\) and 2 \(S@c1\) overlap on c1/,
    );
  });

  it('refuses tiles that touch only at a corner', () => {
    expect(layoutError('L@a1:h, S@d3, L@f5:h, S@i7')).toMatch(/only at a corner/);
    // the shape form says so too
    expect(layoutError('..________/..________/__......../__........')).toMatch(
      /b3 and c2 touch only at a corner/,
    );
    expect(layoutError('..________/..________/__......__/__......__/________../________..')).toMatch(
      /b5 and c4 touch only at a corner/,
    );
  });

  it('refuses a disconnected shape', () => {
    expect(layoutError('L@a1:h, S@d1, L@a5:h, S@d5')).toMatch(/separate groups/);
    expect(layoutError('L@a1:h, S@d1, L@a3:h, S@j9')).toMatch(/touches no other tile/);
    expect(layoutError('.._......../.._........')).toMatch(/falls apart into 2 separate pieces/);
  });

  it('refuses the wrong tile set', () => {
    expect(layoutError('L@a1:h, L@d1:h, L@a3:h, S@d3')).toMatch(/wrong tile set.*got 1 S and 3 L/);
    expect(layoutError('S@a1, S@c1, S@e1')).toMatch(/wrong tile set/);
    // 20 squares in one piece that no four tiles can cover
    expect(layoutError('....__/....._/....._/......')).toMatch(/cannot be cut into the four tiles/);
    expect(layoutError('...../...../.....')).toMatch(/15 squares.*exactly 20/);
  });

  it('refuses malformed text with what is allowed', () => {
    expect(layoutError('hexagon')).toMatch(/preset name \(standard, strip, cross/);
    expect(layoutError('L@a1, S@d1, L@a3:h, S@d3')).toMatch(/needs an orientation/);
    expect(layoutError('S@a1:h, S@d1, L@a3:h, L@d3:h')).toMatch(/takes no orientation/);
    expect(layoutError('Q@a1, S@d1, L@a3:h, S@d3')).toMatch(/not a tile placement/);
    expect(layoutError('...../..x../...../.....')).toMatch(
      /"x" in row 2 from the top is not a layout cell|not a layout/,
    );
    expect(layoutError('_____/...../...../...../.....')).toMatch(/row 5 has no square/);
  });

  it('accepts a shape when at least one cutting into the tiles exists', () => {
    const { grid } = unwrap(gridFromTiles('L@a1:v, S@c1, S@c3, L@e1:v'));
    const tiles = unwrap(checkShape(grid));
    expect(tiles.map((t) => t.kind).sort()).toEqual(['L', 'L', 'S', 'S']);
    const covered = new Set<number>();
    for (const t of tiles)
      for (let r = t.row; r < t.row + t.height; r++)
        for (let c = t.col; c < t.col + t.width; c++) covered.add(r * grid.cols + c);
    expect(covered.size).toBe(20);
    for (const i of covered) expect(grid.cells[i]).toBe(1);
    // The same shape written as a string is the same layout.
    const fromTiles = unwrap(layoutFromTiles('L@a1:v, S@c1, S@c3, L@e1:v'));
    expect(fromTiles.shape).toBe('__..__/....../....../......');
    expect(unwrap(parseLayout('__..__/....../....../......'))).toBe(fromTiles);
  });
});

describe('layout symmetries and canonical form', () => {
  it('the standard board maps onto itself by identity, two mirrors and the half turn', () => {
    expect(STANDARD_LAYOUT.symmetries.map((s) => s.name)).toEqual([
      'identity',
      'mirror left-right',
      'mirror top-bottom',
      'rotate 180',
    ]);
    const mirror = STANDARD_LAYOUT.symmetries[1];
    const a1 = STANDARD_LAYOUT.squareIndex('a1');
    expect(STANDARD_LAYOUT.names[mirror.perm[a1]]).toBe('e1');
    expect(mirror.mapMask((1 << a1) | (1 << STANDARD_LAYOUT.squareIndex('b4')))).toBe(
      (1 << STANDARD_LAYOUT.squareIndex('e1')) | (1 << STANDARD_LAYOUT.squareIndex('d4')),
    );
  });

  it('symmetries preserve the knight jumps', () => {
    for (const p of PRESET_LAYOUTS) {
      for (const s of p.layout.symmetries) {
        for (let i = 0; i < p.layout.size; i++)
          expect(s.mapMask(p.layout.jumps[i])).toBe(p.layout.jumps[s.perm[i]]);
      }
    }
    expect(unwrap(parseLayout('cross')).symmetries).toHaveLength(8);
    expect(unwrap(parseLayout('corner')).symmetries).toHaveLength(1);
  });

  it('layouts equal up to rotation and reflection are the same game', () => {
    const standing = unwrap(layoutFromShape('..../..../..../..../....'));
    expect(standing).not.toBe(STANDARD_LAYOUT);
    expect(sameLayout(standing, STANDARD_LAYOUT)).toBe(true);
    expect(presetName(standing)).toBe('standard');
    const tee = unwrap(parseLayout('tee'));
    const grid = unwrap(gridFromTiles('S@c1, S@c3, L@a5:h, L@d5:h')).grid;
    for (let t = 0; t < 8; t++) {
      const turned = unwrap(layoutFromShape(gridToString(transformGrid(grid, t))));
      expect(turned.canonical).toBe(tee.canonical);
    }
    expect(sameLayout(tee, unwrap(parseLayout('cross')))).toBe(false);
  });
});

describe('all legal layouts', () => {
  const all = enumerateLayouts();

  it(
    'there are 1651 up to rotation and reflection, each legal and in canonical form',
    { tags: ['slow'] },
    () => {
      expect(all).toHaveLength(1651);
      expect(new Set(all).size).toBe(all.length);
      for (const shape of all) {
        const layout = unwrap(layoutFromShape(shape));
        expect(layout.canonical).toBe(shape);
      }
      for (const p of PRESET_LAYOUTS) expect(all).toContain(p.layout.canonical);
    },
  );

  it('every randomly thrown legal arrangement of the four tiles is among them', { tags: ['slow'] }, () => {
    const rng = Rng.fromSeed('throw tiles');
    const set = new Set(all);
    let legal = 0;
    for (let i = 0; i < 4000; i++) {
      const tiles = ['S', 'S', 'L', 'L'].map((kind) => {
        const sq = `${String.fromCharCode(97 + rng.int(6))}${1 + rng.int(6)}`;
        return kind === 'S' ? `S@${sq}` : `L@${sq}:${rng.pick(['h', 'v'])}`;
      });
      const layout = layoutFromTiles(tiles.join(', '));
      if (!layout.ok) continue;
      legal++;
      expect(set.has(layout.value.canonical)).toBe(true);
      expect(canonicalShape(unwrap(gridFromTiles(tiles.join(','))).grid)).toBe(layout.value.canonical);
    }
    expect(legal).toBeGreaterThan(50);
  });
});
