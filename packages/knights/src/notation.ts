/**
 * Moves in the notation of the rules page: a placement is a square (`c2`); a turn is `b1-c3,d4` (knight from
 * b1 to c3, then scorch d4). Only the syntax and the squares' existence are checked here; legality is the
 * position's business.
 */
import { err, ok, type Result } from '@attila/core';
import { isPlacement, moveFrom, moveScorch, moveTo, placementMove, turnMove } from './board.js';
import type { Layout } from './layout.js';

export type MoveErrorCode = 'knights.move';

export type ParsedMove =
  | { readonly kind: 'placement'; readonly square: number }
  | { readonly kind: 'turn'; readonly from: number; readonly to: number; readonly scorch: number };

export function moveToString(layout: Layout, move: number): string {
  const n = layout.names;
  if (isPlacement(move)) return n[moveTo(move)];
  return `${n[moveFrom(move)]}-${n[moveTo(move)]},${n[moveScorch(move)]}`;
}

export function encodeParsedMove(m: ParsedMove): number {
  return m.kind === 'placement' ? placementMove(m.square) : turnMove(m.from, m.to, m.scorch);
}

function square(layout: Layout, name: string): Result<number, MoveErrorCode> {
  const i = layout.squareIndex(name);
  if (i >= 0) return ok(i);
  return err(
    'knights.move',
    `${name} is not a square of this board (columns a-${String.fromCharCode(96 + layout.cols)}, rows 1-${layout.rows}${layout.rows * layout.cols > layout.size ? ', and not on a gap' : ''})`,
  );
}

const SQUARE = '[a-z][1-9][0-9]?';
const PLACEMENT_RE = new RegExp(`^${SQUARE}$`);
const TURN_RE = new RegExp(`^(${SQUARE})-(${SQUARE}),(${SQUARE})$`);

/** A move as the squares its text names (before they are looked up on a board). */
export type MoveSquares =
  | { readonly kind: 'place'; readonly to: string }
  | { readonly kind: 'move'; readonly from: string; readonly to: string; readonly scorch: string };

/** Reads a move's syntax: the one reader of the move notation; says what is malformed and how moves are written. */
export function readMoveSquares(text: string): Result<MoveSquares, MoveErrorCode> {
  const t = text.trim();
  if (PLACEMENT_RE.test(t)) return ok({ kind: 'place', to: t });
  const m = TURN_RE.exec(t);
  if (m) return ok({ kind: 'move', from: m[1], to: m[2], scorch: m[3] });
  return err(
    'knights.move',
    `"${text}" is not a move: a placement is a square such as "c2", a turn is "from-to,scorch" such as "b1-c3,d4"`,
  );
}

/** The text of a move given by its squares. */
export function moveSquaresText(m: MoveSquares): string {
  return m.kind === 'place' ? m.to : `${m.from}-${m.to},${m.scorch}`;
}

/** Reads a move's text on `layout`; says what is malformed and how moves are written. */
export function parseMoveText(layout: Layout, text: string): Result<ParsedMove, MoveErrorCode> {
  const read = readMoveSquares(text);
  if (!read.ok) return read;
  const m = read.value;
  if (m.kind === 'place') {
    const s = square(layout, m.to);
    return s.ok ? ok({ kind: 'placement', square: s.value }) : s;
  }
  const from = square(layout, m.from);
  if (!from.ok) return from;
  const to = square(layout, m.to);
  if (!to.ok) return to;
  const scorch = square(layout, m.scorch);
  if (!scorch.ok) return scorch;
  return ok({ kind: 'turn', from: from.value, to: to.value, scorch: scorch.value });
}
