/**
 * What is wrong with an arrangement of the four tiles in the editor, in words a player understands (the
 * engine's layout errors are written for developers and in English): tiles on top of each other, tiles that
 * meet only at a corner, tiles apart from the rest. The engine still has the last word on the shape.
 */
import { covers, EDITOR_COLS, EDITOR_ROWS, type EditorTile } from './tile-arrangement.js';

export type TileProblem =
  | { readonly kind: 'overlap'; readonly a: number; readonly b: number }
  | { readonly kind: 'corner'; readonly a: number; readonly b: number }
  | { readonly kind: 'apart' };

function cellsOf(t: EditorTile): [number, number][] {
  const out: [number, number][] = [];
  for (let r = t.row; r < t.row + t.height; r++)
    for (let c = t.col; c < t.col + t.width; c++) out.push([r, c]);
  return out;
}

/** Whether tiles a and b share a whole square edge. */
function sideBySide(a: EditorTile, b: EditorTile): boolean {
  return cellsOf(a).some(([r, c]) =>
    [
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ].some(([r2, c2]) => covers(b, r2, c2)),
  );
}

function cornerOnly(a: EditorTile, b: EditorTile): boolean {
  return cellsOf(a).some(([r, c]) =>
    [
      [r - 1, c - 1],
      [r - 1, c + 1],
      [r + 1, c - 1],
      [r + 1, c + 1],
    ].some(([r2, c2]) => covers(b, r2, c2)),
  );
}

/** The first problem of the arrangement (tiles numbered from 1, as the editor shows them), or null. */
export function tileProblem(tiles: readonly EditorTile[]): TileProblem | null {
  for (let r = 0; r < EDITOR_ROWS; r++)
    for (let c = 0; c < EDITOR_COLS; c++) {
      const on = tiles.flatMap((t, i) => (covers(t, r, c) ? [i] : []));
      if (on.length > 1) return { kind: 'overlap', a: on[0] + 1, b: on[1] + 1 };
    }
  // One edge-connected piece: grow it from tile 0 over side-by-side neighbours.
  const reached = new Set([0]);
  for (let grew = true; grew;) {
    grew = false;
    tiles.forEach((t, i) => {
      if (!reached.has(i) && [...reached].some((j) => sideBySide(t, tiles[j]))) {
        reached.add(i);
        grew = true;
      }
    });
  }
  if (reached.size === tiles.length) return null;
  for (let i = 0; i < tiles.length; i++)
    for (let j = 0; j < tiles.length; j++)
      if (reached.has(i) !== reached.has(j) && cornerOnly(tiles[i], tiles[j]))
        return { kind: 'corner', a: Math.min(i, j) + 1, b: Math.max(i, j) + 1 };
  return { kind: 'apart' };
}
