/**
 * Moves in the notation of the rules page: a placement is a square (`c2`); a turn is `b1-c3,d4` (knight from
 * b1 to c3, then scorch d4). Only the syntax and the squares' existence are checked here; legality is the
 * position's business.
 */
import { err, ok, type Result } from '@attila/core';
import { isPlacement, moveFrom, moveScorch, moveTo, placementMove, turnMove } from './board.js';
import type { Layout } from './layout.js';

/**
 * Why a Knights move is refused, one code per refusal, so a screen or a test can tell them apart without
 * reading the message. The syntax and the squares are this module's; the rest are the position's.
 */
export const KNIGHTS_MOVE_ERROR_CODES = [
  /** The text is neither a placement nor a turn. */
  'knights.move.syntax',
  /** A named square is not on this board (off the tiles or on a gap). */
  'knights.move.square',
  /** The side to move has no move left: the game is over. */
  'knights.move.game-over',
  /** A turn was given while the knights are still being placed. */
  'knights.move.placing',
  /** A placement was given once all knights are placed. */
  'knights.move.moving',
  /** The placement square holds a knight or is scorched. */
  'knights.move.place-taken',
  /** The placed knight would have no move (no-trap placement rule). */
  'knights.move.trap',
  /** The placement would leave another knight without a move (no-trap placement rule). */
  'knights.move.trap-other',
  /** The turn's first square holds no knight of the side to move. */
  'knights.move.not-your-knight',
  /** From and to are not a knight's jump apart. */
  'knights.move.not-a-jump',
  /** The landing square holds a knight or is scorched. */
  'knights.move.land-taken',
  /** The scorched square is the one just landed on. */
  'knights.move.scorch-landing',
  /** The scorched square holds a knight or is already scorched. */
  'knights.move.scorch-taken',
] as const;

export type MoveErrorCode = (typeof KNIGHTS_MOVE_ERROR_CODES)[number];

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
    'knights.move.square',
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
    'knights.move.syntax',
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
