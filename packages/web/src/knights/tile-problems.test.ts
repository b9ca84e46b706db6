import { describe, expect, it } from 'vitest';
import { knightsGame } from '@attila/knights';
import { moved, shapeOf, STANDARD_TILES, type EditorTile } from './tile-arrangement.js';
import { tileProblem } from './tile-problems.js';

const withTile = (i: number, tile: EditorTile) => STANDARD_TILES.map((t, k) => (k === i ? tile : t));
const engineAllows = (tiles: readonly EditorTile[]) =>
  knightsGame.parseSettings({ layout: shapeOf(tiles), first: 'R' }).ok;

describe('tile problems (layout rule: the four tiles lie side to side in one piece)', () => {
  it('finds nothing wrong with the standard board, which the engine allows', () => {
    expect(tileProblem(STANDARD_TILES)).toBeNull();
    expect(engineAllows(STANDARD_TILES)).toBe(true);
  });

  it('names two tiles on top of each other', () => {
    expect(tileProblem(withTile(1, moved(STANDARD_TILES[1], 0, -1)))).toEqual({
      kind: 'overlap',
      a: 1,
      b: 2,
    });
  });

  it('names tiles meeting only at a corner, a layout the engine refuses', () => {
    const tiles = withTile(1, moved(STANDARD_TILES[1], -2, 0));
    expect(tileProblem(tiles)).toEqual({ kind: 'corner', a: 1, b: 2 });
    expect(engineAllows(tiles)).toBe(false);
  });

  it('says when a tile touches no other, a layout the engine refuses', () => {
    const tiles = withTile(1, moved(STANDARD_TILES[1], -2, 1));
    expect(tileProblem(tiles)).toEqual({ kind: 'apart' });
    expect(engineAllows(tiles)).toBe(false);
  });
});
