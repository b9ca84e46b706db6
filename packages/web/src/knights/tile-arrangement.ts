/** The four board tiles on the editor's grid, and the layout shape string they make. */
export interface EditorTile {
  readonly kind: 'S' | 'L';
  readonly row: number;
  readonly col: number;
  readonly height: number;
  readonly width: number;
}

export const EDITOR_ROWS = 8;
export const EDITOR_COLS = 9;

/** The standard 4×5 board, roughly centred. */
export const STANDARD_TILES: readonly EditorTile[] = [
  { kind: 'L', row: 2, col: 2, height: 2, width: 3 },
  { kind: 'S', row: 2, col: 5, height: 2, width: 2 },
  { kind: 'L', row: 4, col: 2, height: 2, width: 3 },
  { kind: 'S', row: 4, col: 5, height: 2, width: 2 },
];

export function covers(t: EditorTile, r: number, c: number): boolean {
  return r >= t.row && r < t.row + t.height && c >= t.col && c < t.col + t.width;
}

export function overlaps(tiles: readonly EditorTile[]): boolean {
  for (let r = 0; r < EDITOR_ROWS; r++)
    for (let c = 0; c < EDITOR_COLS; c++) if (tiles.filter((t) => covers(t, r, c)).length > 1) return true;
  return false;
}

/** Moves a tile, keeping it inside the editor grid. */
export function moved(t: EditorTile, dr: number, dc: number): EditorTile {
  const row = Math.max(0, Math.min(EDITOR_ROWS - t.height, t.row + dr));
  const col = Math.max(0, Math.min(EDITOR_COLS - t.width, t.col + dc));
  return { ...t, row, col };
}

export function turned(t: EditorTile): EditorTile {
  return moved({ ...t, height: t.width, width: t.height }, 0, 0);
}

/** The shape string of the covered cells' bounding box (`.` square, `_` gap, rows top to bottom). */
export function shapeOf(tiles: readonly EditorTile[]): string {
  const top = Math.min(...tiles.map((t) => t.row));
  const left = Math.min(...tiles.map((t) => t.col));
  const bottom = Math.max(...tiles.map((t) => t.row + t.height));
  const right = Math.max(...tiles.map((t) => t.col + t.width));
  const rows: string[] = [];
  for (let r = top; r < bottom; r++) {
    let line = '';
    for (let c = left; c < right; c++) line += tiles.some((t) => covers(t, r, c)) ? '.' : '_';
    rows.push(line);
  }
  return rows.join('/');
}

/**
 * A layout's tiles (the engine's cutting of its shape) centred on the editor's grid, to edit an existing
 * layout; null when the layout does not fit the grid (the long strip).
 */
export function editorTilesOf(
  tiles: readonly EditorTile[],
  rows: number,
  cols: number,
): readonly EditorTile[] | null {
  if (rows > EDITOR_ROWS || cols > EDITOR_COLS) return null;
  const dr = Math.floor((EDITOR_ROWS - rows) / 2);
  const dc = Math.floor((EDITOR_COLS - cols) / 2);
  return tiles.map((t) => ({ ...t, row: t.row + dr, col: t.col + dc }));
}
