import { describe, expect, it } from 'vitest';
import { moved, overlaps, shapeOf, STANDARD_TILES, turned } from './tile-arrangement.js';

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
