/**
 * Every legal layout, up to rotation and reflection: the four tiles are laid one by one, each new tile side
 * to side with those already down (any connected arrangement can be laid in such an order), and shapes are
 * merged by their canonical form at every step.
 */
import { canonicalShape, gridFromCells, type Grid } from './grid.js';

type Cell = readonly [number, number];

const SIZES: ReadonlyArray<{ kind: 'S' | 'L'; h: number; w: number }> = [
  { kind: 'S', h: 2, w: 2 },
  { kind: 'L', h: 2, w: 3 },
  { kind: 'L', h: 3, w: 2 },
];

function cellsOf(g: Grid): Cell[] {
  const out: Cell[] = [];
  for (let r = 0; r < g.rows; r++)
    for (let c = 0; c < g.cols; c++) if (g.cells[r * g.cols + c]) out.push([r, c]);
  return out;
}

let cached: readonly string[] | null = null;

/** The canonical shape strings of all legal layouts, sorted (computed once, in about a second). */
export function enumerateLayouts(): string[] {
  cached ??= search();
  return [...cached];
}

function search(): string[] {
  const seen = new Set<string>();
  const finished = new Set<string>();
  const visit = (cells: readonly Cell[], small: number, large: number): void => {
    const grid = gridFromCells(cells);
    const canon = canonicalShape(grid);
    if (small === 0 && large === 0) {
      finished.add(canon);
      return;
    }
    const key = `${canon}|${small}|${large}`;
    if (seen.has(key)) return;
    seen.add(key);
    const norm = cellsOf(grid);
    const taken = new Set(norm.map(([r, c]) => r * 64 + c));
    for (const size of SIZES) {
      if (size.kind === 'S' ? small === 0 : large === 0) continue;
      for (let top = -size.h; top <= grid.rows; top++) {
        for (let left = -size.w; left <= grid.cols; left++) {
          let overlaps = false;
          let touches = false;
          const tile: Cell[] = [];
          for (let r = top; r < top + size.h && !overlaps; r++) {
            for (let c = left; c < left + size.w; c++) {
              if (taken.has(r * 64 + c)) {
                overlaps = true;
                break;
              }
              if (
                taken.has((r - 1) * 64 + c) ||
                taken.has((r + 1) * 64 + c) ||
                taken.has(r * 64 + c - 1) ||
                taken.has(r * 64 + c + 1)
              )
                touches = true;
              tile.push([r, c]);
            }
          }
          if (overlaps || !touches) continue;
          visit([...norm, ...tile], small - (size.kind === 'S' ? 1 : 0), large - (size.kind === 'L' ? 1 : 0));
        }
      }
    }
  };
  for (const size of SIZES) {
    const tile: Cell[] = [];
    for (let r = 0; r < size.h; r++) for (let c = 0; c < size.w; c++) tile.push([r, c]);
    visit(tile, size.kind === 'S' ? 1 : 2, size.kind === 'L' ? 1 : 2);
  }
  return [...finished].sort();
}
