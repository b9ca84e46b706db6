/**
 * Answering from a tablebase file: a move-phase position's value, and every legal move's value (one byte
 * read per child). Tablebases are looked up in one folder (`useTablebaseDir`; the server's data folder or
 * the command's `--dir`), one file per layout, opened when first needed and kept open.
 */
import { existsSync } from 'node:fs';
import { MAX_MOVES, type Board, type Layout, type Position } from '@attila/knights';
import { childOf, type SolverPosition } from '../solver/score.js';
import { layoutGeometry, valueAfter } from '../table/table.js';
import { TablebaseFile } from './file.js';
import { installMovePhaseOracle } from './oracle.js';
import { DEFAULT_TABLEBASE_DIR, tablebaseFileIn } from './make.js';
import { TablebaseSpace } from './space.js';

let dir = DEFAULT_TABLEBASE_DIR;
const open = new Map<Layout, TablebaseFile>();
const spaces = new Map<Layout, TablebaseSpace>();

/** Where tablebases are looked for (closes the ones opened from the previous folder). */
export function useTablebaseDir(folder: string): void {
  if (folder === dir) return;
  dir = folder;
  for (const tb of open.values()) tb.close();
  open.clear();
}

export function tablebaseDir(): string {
  return dir;
}

export function tablebaseSpaceFor(layout: Layout): TablebaseSpace {
  let sp = spaces.get(layout);
  if (!sp) {
    sp = new TablebaseSpace(layoutGeometry(layout));
    spaces.set(layout, sp);
  }
  return sp;
}

/** The layout's tablebase when its file is in the folder (a damaged file is an error), else null. */
export function tablebaseFor(layout: Layout): TablebaseFile | null {
  const known = open.get(layout);
  if (known) return known;
  const file = tablebaseFileIn(dir, layout);
  if (!existsSync(file)) return null;
  const tb = TablebaseFile.open(file, tablebaseSpaceFor(layout), layout.shape);
  open.set(layout, tb);
  return tb;
}

/** Forgets an open tablebase (its file was replaced). */
export function forgetTablebase(layout: Layout): void {
  open.get(layout)?.close();
  open.delete(layout);
}

/** The value of a move-phase position (side to move's view), or null outside the move phase. */
export function tablebaseValue(tb: TablebaseFile, p: SolverPosition): number | null {
  const [mover, other] = p.side === 0 ? [p.romans, p.huns] : [p.huns, p.romans];
  return tb.value(mover, other, p.scorched);
}

/** The value of each of the given moves of a position for the mover (null: a child outside the tablebase). */
export function tablebaseValuesOf(
  tb: TablebaseFile,
  p: SolverPosition,
  moves: ArrayLike<number>,
): Array<{ move: number; value: number }> | null {
  const out: Array<{ move: number; value: number }> = [];
  for (let i = 0; i < moves.length; i++) {
    const child = tablebaseValue(tb, childOf(p, moves[i]));
    if (child === null) return null;
    out.push({ move: moves[i], value: valueAfter(child) });
  }
  return out;
}

/** Every legal move of a move-phase position with its value for the mover, or null outside the move phase. */
export function tablebaseMoveValues(
  tb: TablebaseFile,
  position: Position,
): Array<{ move: number; value: number }> | null {
  if (position.phase() !== 'turns') return null;
  const board: Board = position.toBoard();
  const moves = new Int32Array(MAX_MOVES);
  const n = board.generateMoves(moves);
  return tablebaseValuesOf(tb, position, moves.subarray(0, n));
}

/** Of a position of the move phase, the layout's tablebase when built. */
function tablebaseOf(position: Position): TablebaseFile | null {
  return position.phase() === 'turns' ? tablebaseFor(position.layout) : null;
}

installMovePhaseOracle({
  value: (position) => {
    const tb = tablebaseOf(position);
    return tb === null ? null : tablebaseValue(tb, position);
  },
  moveValues: (position) => {
    const tb = tablebaseOf(position);
    return tb === null ? null : tablebaseMoveValues(tb, position);
  },
});
