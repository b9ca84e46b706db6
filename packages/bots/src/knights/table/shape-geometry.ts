/**
 * A board's geometry from its shape (position-string form, rows top to bottom, `.` a square, `_` a gap), as
 * the data file's header names it: squares in reading order (the engine's `Layout` numbers them so), knight
 * jumps, and the rotations and reflections mapping the shape onto itself. Lets the verify command read a
 * table of any board, including the small boards of the tests that are not legal tile layouts.
 */
import type { SolverGeometry } from '../solver/geometry.js';

const KNIGHT_JUMPS = [
  [1, 2],
  [2, 1],
  [-1, 2],
  [-2, 1],
  [1, -2],
  [2, -1],
  [-1, -2],
  [-2, -1],
];

export function shapeGeometry(shape: string): SolverGeometry {
  const rows = shape.split('/');
  const height = rows.length;
  const width = rows[0].length;
  const index = new Map<number, number>();
  const cells: Array<[number, number]> = [];
  rows.forEach((row, r) => {
    if (row.length !== width || /[^._]/.test(row)) throw new Error(`not a board shape: "${shape}"`);
    [...row].forEach((ch, c) => {
      if (ch !== '.') return;
      index.set(r * width + c, cells.length);
      cells.push([r, c]);
    });
  });
  const at = (r: number, c: number) =>
    r < 0 || r >= height || c < 0 || c >= width ? -1 : (index.get(r * width + c) ?? -1);
  const jumps = cells.map(([r, c]) =>
    KNIGHT_JUMPS.reduce((m, [dr, dc]) => (at(r + dr, c + dc) >= 0 ? m | (1 << at(r + dr, c + dc)) : m), 0),
  );
  const h = height - 1;
  const w = width - 1;
  const transforms: Array<(r: number, c: number) => [number, number]> = [
    (r, c) => [r, w - c],
    (r, c) => [h - r, c],
    (r, c) => [h - r, w - c],
  ];
  if (height === width) {
    transforms.push(
      (r, c) => [c, r],
      (r, c) => [w - c, h - r],
      (r, c) => [c, h - r],
      (r, c) => [w - c, r],
    );
  }
  const symmetries = transforms
    .map((f) => cells.map(([r, c]) => at(...f(r, c))))
    .filter((perm) => perm.every((i) => i >= 0));
  return { size: cells.length, jumps, symmetries };
}
