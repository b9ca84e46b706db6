import { describe, expect, it } from 'vitest';
import { PRESET_LAYOUTS } from '@attila/knights';
import { editorTilesOf, moved, overlaps, shapeOf, STANDARD_TILES, turned } from './tile-arrangement.js';

describe('arranging the four tiles', () => {
  it('the standard arrangement is the 4×5 rectangle', () => {
    expect(shapeOf(STANDARD_TILES)).toBe('...../...../...../.....');
    expect(overlaps(STANDARD_TILES)).toBe(false);
  });
  it('moving a tile leaves gaps in the bounding box; moving onto another is an overlap', () => {
    const tiles = [...STANDARD_TILES];
    tiles[1] = moved(tiles[1], -1, 0);
    expect(shapeOf(tiles)).toBe('___../...../...__/...../.....');
    tiles[1] = moved(tiles[1], 1, -1);
    expect(overlaps(tiles)).toBe(true);
  });
  it('turning a large tile swaps its sides and keeps it on the grid', () => {
    const t = turned({ kind: 'L', row: 7, col: 0, height: 2, width: 3 });
    expect(t).toEqual({ kind: 'L', row: 5, col: 0, height: 3, width: 2 });
  });
});

describe("an existing layout's tiles on the editor grid", () => {
  it('give back the same shape for every preset that fits the grid', () => {
    for (const preset of PRESET_LAYOUTS) {
      const { layout } = preset;
      const tiles = editorTilesOf(layout.tiles, layout.rows, layout.cols);
      if (preset.name === 'strip')
        expect(tiles).toBeNull(); // 10 columns: wider than the grid
      else expect(shapeOf(tiles!), preset.name).toBe(shapeOf(layout.tiles));
    }
  });
});
