/** A 3×4 board (12 squares) for tests: the whole opening table of six knights on it builds in seconds. */
import type { SolverGeometry } from '../solver/geometry.js';

export const TINY_ROWS = 3;
export const TINY_COLS = 4;
export const TINY_SHAPE = '..../..../....';

const at = (r: number, c: number) => r * TINY_COLS + c;

function jumpsOf(): number[] {
  const out: number[] = [];
  for (let r = 0; r < TINY_ROWS; r++) {
    for (let c = 0; c < TINY_COLS; c++) {
      let m = 0;
      for (const [dr, dc] of [
        [1, 2],
        [2, 1],
        [-1, 2],
        [-2, 1],
        [1, -2],
        [2, -1],
        [-1, -2],
        [-2, -1],
      ]) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr >= 0 && rr < TINY_ROWS && cc >= 0 && cc < TINY_COLS) m |= 1 << at(rr, cc);
      }
      out.push(m);
    }
  }
  return out;
}

function symmetry(f: (r: number, c: number) => [number, number]): number[] {
  const perm: number[] = [];
  for (let r = 0; r < TINY_ROWS; r++) for (let c = 0; c < TINY_COLS; c++) perm.push(at(...f(r, c)));
  return perm;
}

export const TINY_GEOMETRY: SolverGeometry = {
  size: TINY_ROWS * TINY_COLS,
  jumps: jumpsOf(),
  symmetries: [
    symmetry((r, c) => [r, TINY_COLS - 1 - c]),
    symmetry((r, c) => [TINY_ROWS - 1 - r, c]),
    symmetry((r, c) => [TINY_ROWS - 1 - r, TINY_COLS - 1 - c]),
  ],
};
