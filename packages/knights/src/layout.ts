/**
 * A legal layout as a board: its 20 squares numbered 0..19 in reading order of the bounding box (top row
 * first, left to right, as the position string is written), their names, the knight-jump table, and the
 * symmetries of the shape. Layouts are interned: one object per shape, so they compare with `===`.
 */
import { err, ok, type Result } from '@attila/core';
import {
  canonicalShape,
  gridToString,
  transformCell,
  transformedSize,
  TRANSFORM_NAMES,
  type Grid,
} from './grid.js';
import { cellName, checkShape, gridFromTiles, type LayoutErrorCode, type PlacedTile } from './tiles.js';

const KNIGHT_JUMPS: ReadonlyArray<readonly [number, number]> = [
  [-2, -1],
  [-2, 1],
  [-1, -2],
  [-1, 2],
  [1, -2],
  [1, 2],
  [2, -1],
  [2, 1],
];

/** A rotation or reflection that maps the layout onto itself, as a permutation of square indices. */
export class Symmetry {
  /** `perm[i]` is the square that square `i` goes to. */
  readonly perm: Int8Array;
  private readonly low: Int32Array;
  private readonly high: Int32Array;

  constructor(
    readonly name: string,
    perm: Int8Array,
  ) {
    this.perm = perm;
    // A set maps through two 1024-entry tables (squares 0..9 and 10..19) instead of square by square.
    this.low = new Int32Array(1024);
    this.high = new Int32Array(1024);
    for (let m = 1; m < 1024; m++) {
      let lo = 0;
      let hi = 0;
      for (let i = 0; i < 10; i++) {
        if (m & (1 << i)) {
          lo |= 1 << perm[i];
          if (10 + i < perm.length) hi |= 1 << perm[10 + i];
        }
      }
      this.low[m] = lo;
      this.high[m] = hi;
    }
  }

  /** The image of a set of squares. */
  mapMask(mask: number): number {
    return this.low[mask & 1023] | this.high[(mask >>> 10) & 1023];
  }
}

export class Layout {
  /** The layout in position-string form: `.` a square, `_` a gap, rows top to bottom joined by `/`. */
  readonly shape: string;
  readonly rows: number;
  readonly cols: number;
  /** Always 20. */
  readonly size: number;
  /** The set of all squares. */
  readonly all: number;
  /** Square index -> row in the bounding box (0 = top) and column (0 = left). */
  readonly rowOf: Int8Array;
  readonly colOf: Int8Array;
  /** Square index -> name, e.g. `a1` (bottom-left corner of the bounding box). */
  readonly names: readonly string[];
  /** Square index -> the set of squares a knight jumps to from there. */
  readonly jumps: Int32Array;
  /** The same string for every layout equal to this one up to rotation and reflection. */
  readonly canonical: string;
  /** The rotations and reflections that map the layout onto itself, the identity first. */
  readonly symmetries: readonly Symmetry[];
  /** One cutting of the shape into the four tiles. */
  readonly tiles: readonly PlacedTile[];
  private readonly cellIndex: Int8Array;
  private readonly byName: ReadonlyMap<string, number>;

  private constructor(grid: Grid, tiles: readonly PlacedTile[]) {
    this.shape = gridToString(grid);
    this.rows = grid.rows;
    this.cols = grid.cols;
    this.tiles = tiles;
    this.cellIndex = new Int8Array(grid.rows * grid.cols).fill(-1);
    const rowOf: number[] = [];
    const colOf: number[] = [];
    const names: string[] = [];
    for (let r = 0; r < grid.rows; r++) {
      for (let c = 0; c < grid.cols; c++) {
        if (!grid.cells[r * grid.cols + c]) continue;
        this.cellIndex[r * grid.cols + c] = rowOf.length;
        rowOf.push(r);
        colOf.push(c);
        names.push(cellName(grid, r, c));
      }
    }
    this.size = rowOf.length;
    this.all = this.size === 32 ? -1 : (1 << this.size) - 1;
    this.rowOf = Int8Array.from(rowOf);
    this.colOf = Int8Array.from(colOf);
    this.names = names;
    this.byName = new Map(names.map((n, i) => [n, i]));
    this.jumps = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) {
      let m = 0;
      for (const [dr, dc] of KNIGHT_JUMPS) {
        const j = this.indexAt(rowOf[i] + dr, colOf[i] + dc);
        if (j >= 0) m |= 1 << j;
      }
      this.jumps[i] = m;
    }
    this.canonical = canonicalShape(grid);
    const symmetries: Symmetry[] = [];
    for (let t = 0; t < 8; t++) {
      const [rows, cols] = transformedSize(t, grid.rows, grid.cols);
      if (rows !== grid.rows || cols !== grid.cols) continue;
      const perm = new Int8Array(this.size);
      let maps = true;
      for (let i = 0; i < this.size && maps; i++) {
        const [r2, c2] = transformCell(t, rowOf[i], colOf[i], grid.rows, grid.cols);
        perm[i] = this.indexAt(r2, c2);
        if (perm[i] < 0) maps = false;
      }
      if (maps) symmetries.push(new Symmetry(TRANSFORM_NAMES[t], perm));
    }
    this.symmetries = symmetries;
  }

  /** The square at a bounding-box cell, or -1 for a gap or a cell outside the box. */
  indexAt(row: number, col: number): number {
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return -1;
    return this.cellIndex[row * this.cols + col];
  }

  /** The square with that name, or -1 when the layout has none. */
  squareIndex(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  /** A set of squares by name, lowest index first. */
  maskNames(mask: number): string[] {
    const out: string[] = [];
    for (let m = mask; m !== 0; m &= m - 1) out.push(this.names[31 - Math.clz32(m & -m)]);
    return out;
  }

  private static readonly interned = new Map<string, Layout>();

  /** The layout of a checked grid (internal: callers use `layoutFromShape` and friends). */
  static fromCheckedGrid(grid: Grid, tiles: readonly PlacedTile[]): Layout {
    const key = gridToString(grid);
    let layout = Layout.interned.get(key);
    if (!layout) {
      layout = new Layout(grid, tiles);
      Layout.interned.set(key, layout);
    }
    return layout;
  }

  static cached(shape: string): Layout | undefined {
    return Layout.interned.get(shape);
  }
}

/**
 * Reads a shape: rows top to bottom separated by `/`, `.` a square and `_` a gap (any other character is
 * refused). Only the shape is read; checking it is a legal layout is `layoutFromGrid`'s job.
 */
export function gridFromShape(shape: string): Result<Grid, LayoutErrorCode> {
  const rows = shape.split('/');
  const cols = rows[0].length;
  if (cols === 0)
    return err('knights.layout', `row 1 of "${shape}" is empty: every row needs one character per column`);
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== cols) {
      return err(
        'knights.layout',
        `row ${r + 1} from the top has ${rows[r].length} characters but row 1 has ${cols}: every row of the bounding box has the same length`,
      );
    }
    const bad = /[^._]/.exec(rows[r]);
    if (bad) {
      return err(
        'knights.layout',
        `"${bad[0]}" in row ${r + 1} from the top is not a layout cell: write "." for a square and "_" for a gap`,
      );
    }
  }
  const cells = new Uint8Array(rows.length * cols);
  rows.forEach((row, r) => {
    for (let c = 0; c < cols; c++) cells[r * cols + c] = row[c] === '.' ? 1 : 0;
  });
  return ok({ rows: rows.length, cols, cells });
}

export function layoutFromGrid(grid: Grid): Result<Layout, LayoutErrorCode> {
  const cached = Layout.cached(gridToString(grid));
  if (cached) return ok(cached);
  const tiling = checkShape(grid);
  if (!tiling.ok) return tiling;
  return ok(Layout.fromCheckedGrid(grid, tiling.value));
}

/** A layout from its shape string, e.g. `...../...../...../.....` (the standard board). */
export function layoutFromShape(shape: string): Result<Layout, LayoutErrorCode> {
  const cached = Layout.cached(shape);
  if (cached) return ok(cached);
  const grid = gridFromShape(shape);
  return grid.ok ? layoutFromGrid(grid.value) : grid;
}

/** A layout from tile placements, e.g. `L@a1:h, S@d1, L@a3:h, S@d3` (see `gridFromTiles`). */
export function layoutFromTiles(text: string): Result<Layout, LayoutErrorCode> {
  const parsed = gridFromTiles(text);
  if (!parsed.ok) return parsed;
  const cached = Layout.cached(gridToString(parsed.value.grid));
  if (cached) return ok(cached);
  const checked = checkShape(parsed.value.grid);
  if (!checked.ok) return checked;
  return ok(Layout.fromCheckedGrid(parsed.value.grid, parsed.value.tiles));
}

/** Whether two layouts are the same game: equal up to rotation and reflection. */
export function sameLayout(a: Layout, b: Layout): boolean {
  return a.canonical === b.canonical;
}
