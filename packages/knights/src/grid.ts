/**
 * The geometry of a layout before it becomes a board: which cells of its bounding box are squares. Row 0 is
 * the top row (as the position string is written), column 0 the leftmost. Knows nothing of tiles or knights.
 */

export interface Grid {
  readonly rows: number;
  readonly cols: number;
  /** Row-major, `1` where the bounding box cell is a square of the layout. */
  readonly cells: Uint8Array;
}

/** The shape as in a position string: rows top to bottom joined by `/`, `.` a square, `_` a gap. */
export function gridToString(g: Grid): string {
  const rows: string[] = [];
  for (let r = 0; r < g.rows; r++) {
    let line = '';
    for (let c = 0; c < g.cols; c++) line += g.cells[r * g.cols + c] ? '.' : '_';
    rows.push(line);
  }
  return rows.join('/');
}

/** The smallest grid holding the given cells (any integer coordinates), cropped to their bounding box. */
export function gridFromCells(cells: ReadonlyArray<readonly [number, number]>): Grid {
  let minR = Infinity;
  let minC = Infinity;
  let maxR = -Infinity;
  let maxC = -Infinity;
  for (const [r, c] of cells) {
    minR = Math.min(minR, r);
    maxR = Math.max(maxR, r);
    minC = Math.min(minC, c);
    maxC = Math.max(maxC, c);
  }
  if (cells.length === 0) return { rows: 0, cols: 0, cells: new Uint8Array(0) };
  const rows = maxR - minR + 1;
  const cols = maxC - minC + 1;
  const out = new Uint8Array(rows * cols);
  for (const [r, c] of cells) out[(r - minR) * cols + (c - minC)] = 1;
  return { rows, cols, cells: out };
}

export function gridCells(g: Grid): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let r = 0; r < g.rows; r++)
    for (let c = 0; c < g.cols; c++) if (g.cells[r * g.cols + c]) out.push([r, c]);
  return out;
}

/**
 * The eight symmetries of the square (the dihedral group), as maps of a cell of an R x C box into the
 * transformed box. Index 0 is the identity.
 */
export const TRANSFORM_NAMES = [
  'identity',
  'mirror left-right',
  'mirror top-bottom',
  'rotate 180',
  'transpose',
  'rotate 90 clockwise',
  'rotate 90 anticlockwise',
  'anti-transpose',
] as const;

export function transformCell(t: number, r: number, c: number, rows: number, cols: number): [number, number] {
  switch (t) {
    case 0:
      return [r, c];
    case 1:
      return [r, cols - 1 - c];
    case 2:
      return [rows - 1 - r, c];
    case 3:
      return [rows - 1 - r, cols - 1 - c];
    case 4:
      return [c, r];
    case 5:
      return [c, rows - 1 - r];
    case 6:
      return [cols - 1 - c, r];
    case 7:
      return [cols - 1 - c, rows - 1 - r];
    default:
      throw new RangeError(`no transform ${t}`);
  }
}

/** The dimensions of the box after transform `t`. */
export function transformedSize(t: number, rows: number, cols: number): [number, number] {
  return t < 4 ? [rows, cols] : [cols, rows];
}

export function transformGrid(g: Grid, t: number): Grid {
  const [rows, cols] = transformedSize(t, g.rows, g.cols);
  const cells = new Uint8Array(rows * cols);
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      if (!g.cells[r * g.cols + c]) continue;
      const [r2, c2] = transformCell(t, r, c, g.rows, g.cols);
      cells[r2 * cols + c2] = 1;
    }
  }
  return { rows, cols, cells };
}

/** The same string for every layout that is the same up to rotation and reflection: the least of the eight. */
export function canonicalShape(g: Grid): string {
  let best = '';
  for (let t = 0; t < 8; t++) {
    const s = gridToString(transformGrid(g, t));
    if (best === '' || s < best) best = s;
  }
  return best;
}
