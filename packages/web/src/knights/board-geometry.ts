/** Where the board's squares are drawn (SVG units) and which square a point on the screen falls on. */
import type { BoardSquare } from '@attila/knights';

/** A square's side, and the margin on the left and below for the coordinates. */
export const S = 100;
export const PAD = 28;

export const squareX = (s: BoardSquare) => PAD + s.col * S;
export const squareY = (s: BoardSquare) => s.row * S;

/** Screen coordinates to the board's own (the SVG may be letterboxed inside its box). */
export function toBoard(svg: SVGSVGElement, clientX: number, clientY: number): [number, number] {
  const m = svg.getScreenCTM();
  if (!m) return [NaN, NaN];
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/** The square (not a gap) under a point on the screen, or null. */
export function squareAt(
  svg: SVGSVGElement | null,
  squares: readonly BoardSquare[],
  clientX: number,
  clientY: number,
): string | null {
  if (!svg) return null;
  const [ux, uy] = toBoard(svg, clientX, clientY);
  const col = Math.floor((ux - PAD) / S);
  const row = Math.floor(uy / S);
  const sq = squares.find((s) => s.row === row && s.col === col && s.cell !== 'gap');
  return sq ? sq.name : null;
}
