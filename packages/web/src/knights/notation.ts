/**
 * Reading the Knights notation the engine speaks (docs/rules/knights.md, "Notation"): the position string
 * and the move strings. This is only spelling — which moves are legal always comes from the engine.
 */
export type Cell = 'free' | 'scorched' | 'R' | 'H' | 'gap';
export type Side = 'R' | 'H';

export interface Square {
  readonly name: string;
  /** 0 = top row of the bounding box, as drawn. */
  readonly row: number;
  readonly col: number;
  readonly cell: Cell;
}

export interface Position {
  readonly rows: number;
  readonly cols: number;
  readonly squares: readonly Square[];
  readonly toMove: Side;
}

export type KnightsMove =
  | { readonly kind: 'place'; readonly to: string }
  | { readonly kind: 'move'; readonly from: string; readonly to: string; readonly scorch: string };

const CELLS: Record<string, Cell> = { '.': 'free', '#': 'scorched', R: 'R', H: 'H', _: 'gap' };

export function squareName(row: number, col: number, rows: number): string {
  return `${String.fromCharCode(97 + col)}${rows - row}`;
}

/** Returns null for a string that is not a position (the caller shows the raw text instead). */
export function parsePosition(text: string): Position | null {
  const m = /^([.#RH_/]+) ([RH])$/.exec(text.trim());
  if (!m) return null;
  const lines = m[1].split('/');
  const cols = lines[0].length;
  if (cols === 0 || lines.some((l) => l.length !== cols)) return null;
  const rows = lines.length;
  const squares: Square[] = [];
  lines.forEach((line, row) =>
    [...line].forEach((ch, col) =>
      squares.push({ name: squareName(row, col, rows), row, col, cell: CELLS[ch] }),
    ),
  );
  return { rows, cols, squares, toMove: m[2] as Side };
}

export function parseMove(text: string): KnightsMove | null {
  const place = /^([a-z]\d+)$/.exec(text);
  if (place) return { kind: 'place', to: place[1] };
  const move = /^([a-z]\d+)-([a-z]\d+),([a-z]\d+)$/.exec(text);
  if (move) return { kind: 'move', from: move[1], to: move[2], scorch: move[3] };
  return null;
}

export function formatMove(m: KnightsMove): string {
  return m.kind === 'place' ? m.to : `${m.from}-${m.to},${m.scorch}`;
}
