/**
 * The four board tiles and the layout rule: two small tiles (2x2) and two large ones (2x3, either way up)
 * lying side to side, never only corner to corner, in one edge-connected shape. A shape is a legal layout
 * when at least one cutting of it into those four tiles exists.
 */
import { err, ok, type Result } from '@attila/core';
import { gridFromCells, type Grid } from './grid.js';

export type TileKind = 'S' | 'L';

/** A tile on a grid: its top-left cell and its size (row 0 is the top row). */
export interface PlacedTile {
  readonly kind: TileKind;
  readonly row: number;
  readonly col: number;
  readonly height: number;
  readonly width: number;
}

export type LayoutErrorCode = 'knights.layout';

export const LAYOUT_SQUARES = 20;
const TILE_SET = 'two small tiles (S, 2x2) and two large tiles (L, 2x3 or 3x2)';

export function columnLetter(col: number): string {
  return String.fromCharCode(97 + col);
}

/** The name of a grid cell in the layout's notation: columns from `a`, rows from 1 at the bottom. */
export function cellName(g: { readonly rows: number }, r: number, c: number): string {
  return `${columnLetter(c)}${g.rows - r}`;
}

function components(g: Grid): number[][] {
  const seen = new Uint8Array(g.cells.length);
  const out: number[][] = [];
  for (let start = 0; start < g.cells.length; start++) {
    if (!g.cells[start] || seen[start]) continue;
    const comp: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      comp.push(i);
      const r = Math.floor(i / g.cols);
      const c = i % g.cols;
      const next: Array<[number, number]> = [
        [r - 1, c],
        [r + 1, c],
        [r, c - 1],
        [r, c + 1],
      ];
      for (const [r2, c2] of next) {
        if (r2 < 0 || c2 < 0 || r2 >= g.rows || c2 >= g.cols) continue;
        const j = r2 * g.cols + c2;
        if (g.cells[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push(comp);
  }
  return out;
}

/** One cutting of the shape into the four tiles, or null when there is none. */
export function findTiling(g: Grid): PlacedTile[] | null {
  const covered = new Uint8Array(g.cells.length);
  const tiles: PlacedTile[] = [];
  const fits = (row: number, col: number, height: number, width: number): boolean => {
    if (row + height > g.rows || col + width > g.cols) return false;
    for (let r = row; r < row + height; r++)
      for (let c = col; c < col + width; c++)
        if (!g.cells[r * g.cols + c] || covered[r * g.cols + c]) return false;
    return true;
  };
  const mark = (t: PlacedTile, v: number): void => {
    for (let r = t.row; r < t.row + t.height; r++)
      for (let c = t.col; c < t.col + t.width; c++) covered[r * g.cols + c] = v;
  };
  const search = (small: number, large: number): boolean => {
    // The first uncovered cell in reading order can only be the top-left corner of its tile.
    let first = -1;
    for (let i = 0; i < g.cells.length; i++) {
      if (g.cells[i] && !covered[i]) {
        first = i;
        break;
      }
    }
    if (first < 0) return small === 0 && large === 0;
    const row = Math.floor(first / g.cols);
    const col = first % g.cols;
    const options: PlacedTile[] = [];
    if (small > 0) options.push({ kind: 'S', row, col, height: 2, width: 2 });
    if (large > 0) {
      options.push({ kind: 'L', row, col, height: 2, width: 3 });
      options.push({ kind: 'L', row, col, height: 3, width: 2 });
    }
    for (const t of options) {
      if (!fits(t.row, t.col, t.height, t.width)) continue;
      mark(t, 1);
      tiles.push(t);
      if (search(small - (t.kind === 'S' ? 1 : 0), large - (t.kind === 'L' ? 1 : 0))) return true;
      tiles.pop();
      mark(t, 0);
    }
    return false;
  };
  return search(2, 2) ? tiles : null;
}

/** Checks that a shape (already cropped to its bounding box) is a legal layout, saying which rule it breaks. */
export function checkShape(g: Grid): Result<PlacedTile[], LayoutErrorCode> {
  let count = 0;
  for (const v of g.cells) count += v;
  if (count !== LAYOUT_SQUARES) {
    return err(
      'knights.layout',
      `the layout has ${count} squares; the four tiles (${TILE_SET}) make exactly ${LAYOUT_SQUARES}`,
    );
  }
  // Only the border can be empty by mistake; an empty row or column inside splits the shape (reported below).
  const rowEmpty = (r: number) => !g.cells.subarray(r * g.cols, (r + 1) * g.cols).some((v) => v === 1);
  const colEmpty = (c: number) => {
    for (let r = 0; r < g.rows; r++) if (g.cells[r * g.cols + c]) return false;
    return true;
  };
  for (const r of [0, g.rows - 1]) {
    if (rowEmpty(r)) {
      return err(
        'knights.layout',
        `row ${g.rows - r} has no square: write the layout cropped to its bounding box`,
      );
    }
  }
  for (const c of [0, g.cols - 1]) {
    if (colEmpty(c)) {
      return err(
        'knights.layout',
        `column ${String.fromCharCode(97 + c)} has no square: write the layout cropped to its bounding box`,
      );
    }
  }
  const comps = components(g);
  if (comps.length > 1) {
    const compOf = new Int32Array(g.cells.length).fill(-1);
    comps.forEach((comp, k) => comp.forEach((i) => (compOf[i] = k)));
    for (let i = 0; i < g.cells.length; i++) {
      if (compOf[i] < 0) continue;
      const r = Math.floor(i / g.cols);
      const c = i % g.cols;
      for (const dc of [-1, 1]) {
        const r2 = r + 1;
        const c2 = c + dc;
        if (r2 >= g.rows || c2 < 0 || c2 >= g.cols) continue;
        const j = r2 * g.cols + c2;
        if (compOf[j] >= 0 && compOf[j] !== compOf[i]) {
          return err(
            'knights.layout',
            `squares ${cellName(g, r, c)} and ${cellName(g, r2, c2)} touch only at a corner: tiles must lie side to side, sharing a whole square edge`,
          );
        }
      }
    }
    return err(
      'knights.layout',
      `the layout falls apart into ${comps.length} separate pieces: all four tiles must form one edge-connected shape`,
    );
  }
  const tiling = findTiling(g);
  if (!tiling) return err('knights.layout', `the shape cannot be cut into the four tiles: ${TILE_SET}`);
  return ok(tiling);
}

/**
 * Parses tile placements: comma- or space-separated `S@<square>` (a small tile) and `L@<square>:h` or
 * `L@<square>:v` (a large tile lying 3 wide and 2 tall, or 2 wide and 3 tall); the square is the tile's
 * bottom-left square, in chess coordinates on any grid (`a1` bottom-left). The result is cropped to its
 * bounding box. Example, the standard board: `L@a1:h, S@d1, L@a3:h, S@d3`.
 */
export function gridFromTiles(text: string): Result<{ grid: Grid; tiles: PlacedTile[] }, LayoutErrorCode> {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .filter((p) => p.length > 0);
  const raw: Array<{ text: string; x: number; y: number; w: number; h: number; kind: TileKind }> = [];
  for (const part of parts) {
    const m = /^([SL])@([a-z])([1-9][0-9]?)(?::([hv]))?$/.exec(part);
    if (!m) {
      return err(
        'knights.layout',
        `"${part}" is not a tile placement: write S@<square> for a 2x2 tile or L@<square>:h / L@<square>:v for a 2x3 tile lying 3 wide or 3 tall, e.g. "L@a1:h, S@d1, L@a3:h, S@d3"`,
      );
    }
    const kind = m[1] as TileKind;
    if (kind === 'S' && m[4]) {
      return err(
        'knights.layout',
        `"${part}": a small tile is square and takes no orientation; write S@${m[2]}${m[3]}`,
      );
    }
    if (kind === 'L' && !m[4]) {
      return err(
        'knights.layout',
        `"${part}": a large tile needs an orientation: ${part}:h (3 wide, 2 tall) or ${part}:v (2 wide, 3 tall)`,
      );
    }
    const x = m[2].charCodeAt(0) - 97;
    const y = Number(m[3]) - 1;
    const [w, h] = kind === 'S' ? [2, 2] : m[4] === 'h' ? [3, 2] : [2, 3];
    raw.push({ text: part, x, y, w, h, kind });
  }
  const small = raw.filter((t) => t.kind === 'S').length;
  const large = raw.length - small;
  if (small !== 2 || large !== 2) {
    return err('knights.layout', `wrong tile set: a layout is ${TILE_SET}; got ${small} S and ${large} L`);
  }
  // Cells in (up, right) coordinates; a cell (x, y) is the grid cell (-y, x).
  const owner = new Map<string, number>();
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    for (let x = t.x; x < t.x + t.w; x++) {
      for (let y = t.y; y < t.y + t.h; y++) {
        const key = `${x},${y}`;
        const prev = owner.get(key);
        if (prev !== undefined) {
          return err(
            'knights.layout',
            `tiles ${prev + 1} (${raw[prev].text}) and ${i + 1} (${t.text}) overlap on ${columnLetter(x)}${y + 1}: tiles may not overlap`,
          );
        }
        owner.set(key, i);
      }
    }
  }
  const edgeTouch = (a: number, b: number): boolean => {
    for (const [key, o] of owner) {
      if (o !== a) continue;
      const [x, y] = key.split(',').map(Number);
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        if (owner.get(`${x + dx},${y + dy}`) === b) return true;
      }
    }
    return false;
  };
  const cornerTouch = (a: number, b: number): boolean => {
    for (const [key, o] of owner) {
      if (o !== a) continue;
      const [x, y] = key.split(',').map(Number);
      for (const [dx, dy] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ]) {
        if (owner.get(`${x + dx},${y + dy}`) === b) return true;
      }
    }
    return false;
  };
  const adjacent: number[][] = raw.map(() => []);
  for (let a = 0; a < raw.length; a++) {
    for (let b = a + 1; b < raw.length; b++) {
      if (edgeTouch(a, b)) {
        adjacent[a].push(b);
        adjacent[b].push(a);
      }
    }
  }
  for (let a = 0; a < raw.length; a++) {
    if (adjacent[a].length > 0) continue;
    const corner = raw.findIndex((_, b) => b !== a && cornerTouch(a, b));
    const name = `tile ${a + 1} (${raw[a].text})`;
    if (corner >= 0) {
      return err(
        'knights.layout',
        `${name} touches tile ${corner + 1} (${raw[corner].text}) only at a corner: tiles must lie side to side, sharing a whole square edge`,
      );
    }
    return err(
      'knights.layout',
      `${name} touches no other tile: every tile must lie side to side with another`,
    );
  }
  const seen = new Set([0]);
  const stack = [0];
  while (stack.length) {
    for (const b of adjacent[stack.pop()!]) {
      if (!seen.has(b)) {
        seen.add(b);
        stack.push(b);
      }
    }
  }
  if (seen.size < raw.length) {
    return err(
      'knights.layout',
      `the tiles form separate groups (${[...seen].map((i) => i + 1).join(', ')} apart from the rest): all four must form one connected shape`,
    );
  }
  const cells: Array<[number, number]> = [...owner.keys()].map((key) => {
    const [x, y] = key.split(',').map(Number);
    return [-y, x];
  });
  const grid = gridFromCells(cells);
  const maxY = Math.max(...raw.map((t) => t.y + t.h - 1));
  const minX = Math.min(...raw.map((t) => t.x));
  const tiles = raw.map((t) => ({
    kind: t.kind,
    row: maxY - (t.y + t.h - 1),
    col: t.x - minX,
    height: t.h,
    width: t.w,
  }));
  return ok({ grid, tiles });
}

/** Tile placements in the text form `gridFromTiles` reads, for a tiling of a grid. */
export function tilesToText(g: Grid, tiles: readonly PlacedTile[]): string {
  return tiles
    .map((t) => {
      const sq = cellName(g, t.row + t.height - 1, t.col);
      return t.kind === 'S' ? `S@${sq}` : `L@${sq}:${t.width === 3 ? 'h' : 'v'}`;
    })
    .join(', ');
}
