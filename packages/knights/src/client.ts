/**
 * What a screen needs from Knights, in one place (as chessops' compat module serves chessground): the view
 * and event types, the moves as squares with their one reader and writer, the board drawn from the position
 * string, and the rule facts a screen shows (which seat plays which side). A screen never reads move or
 * position text itself.
 */
import { moveSquaresText, readMoveSquares, type MoveSquares } from './notation.js';
import type { PositionProblem } from './position-problems.js';
import { Position, SIDE_LETTERS, type Phase, type Side } from './position.js';

export type { KnightsView, KnightsEvent } from './game.js';
export type { Side, Phase } from './position.js';

/** A move as the squares it names: a placement, or a knight's jump and the square it scorches. */
export type KnightsMove = MoveSquares;

/** A move's squares, or null for text that is not a move (the engine's legal moves always are). */
export function readMove(text: string): KnightsMove | null {
  const read = readMoveSquares(text);
  return read.ok ? read.value : null;
}

/** The notation of a move. */
export const formatMove: (m: KnightsMove) => string = moveSquaresText;

export type Cell = 'free' | 'scorched' | 'R' | 'H' | 'gap';

export interface BoardSquare {
  readonly name: string;
  /** 0 = top row of the bounding box, as drawn. */
  readonly row: number;
  readonly col: number;
  readonly cell: Cell;
}

/** A position laid out for drawing: every cell of the bounding box, gaps included. */
export interface BoardDrawing {
  readonly rows: number;
  readonly cols: number;
  readonly squares: readonly BoardSquare[];
  readonly toMove: Side;
}

const CELLS: Readonly<Record<string, Cell>> = { '.': 'free', '#': 'scorched', R: 'R', H: 'H', _: 'gap' };

/** The name of the square at `row` (0 = top) and `col` of a board `rows` high: `a1` is bottom left. */
export function squareName(row: number, col: number, rows: number): string {
  return `${String.fromCharCode(97 + col)}${rows - row}`;
}

/**
 * The cells of a position string (rules page, "Notation") for drawing, or null for text that is not one.
 * Only the spelling is read: which moves are legal always comes from the engine.
 */
export function readPosition(text: string): BoardDrawing | null {
  const m = /^([.#RH_/]+) ([RH])$/.exec(text.trim());
  if (!m) return null;
  const lines = m[1].split('/');
  const cols = lines[0].length;
  if (cols === 0 || lines.some((l) => l.length !== cols)) return null;
  const rows = lines.length;
  const toMove = SIDE_LETTERS.find((s) => s === m[2]);
  if (!toMove) return null;
  const squares: BoardSquare[] = [];
  lines.forEach((line, row) =>
    [...line].forEach((ch, col) =>
      squares.push({ name: squareName(row, col, rows), row, col, cell: CELLS[ch] }),
    ),
  );
  return { rows, cols, squares, toMove };
}

/** Seat 0 plays the Romans, seat 1 the Huns. */
export function sideOfSeat(seat: number): Side {
  return SIDE_LETTERS[seat === 0 ? 0 : 1];
}

export function seatOfSide(side: Side): number {
  return SIDE_LETTERS.indexOf(side);
}

export function otherSide(side: Side): Side {
  return side === 'R' ? 'H' : 'R';
}

export type { PositionProblem } from './position-problems.js';

/** What a screen shows of a position it was given as text (the analysis board): the engine's reading. */
export interface PositionFacts {
  /** The position as the engine writes it. */
  readonly position: string;
  readonly toMove: Side;
  readonly phase: Phase;
  /** The winner once the side to move cannot act, else null. */
  readonly winner: Side | null;
  /** The legal moves, sorted as plain strings (empty when the game is over). */
  readonly legalMoves: readonly string[];
}

/** The engine's reading of a position string, or what is wrong with it (as data, for any language). */
export function examinePosition(
  text: string,
):
  | { readonly ok: true; readonly value: PositionFacts }
  | { readonly ok: false; readonly problem: PositionProblem } {
  const read = Position.examine(text);
  if (!read.ok) return read;
  const p = read.value;
  return {
    ok: true,
    value: {
      position: p.toString(),
      toMove: p.sideToMove,
      phase: p.phase(),
      winner: p.winner(),
      legalMoves: p.legalMoves(),
    },
  };
}

/** The position after a legal move, or null when the text is not a position or the move not legal there. */
export function positionAfter(position: string, move: string): string | null {
  const p = Position.parse(position);
  if (!p.ok) return null;
  const next = p.value.play(move);
  return next.ok ? next.value.toString() : null;
}
