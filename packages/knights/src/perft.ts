/**
 * perft: the number of legal move sequences of a given number of plies (a placement and a whole turn are one
 * ply each), the standard check that move generation is right, and a speed measure.
 */
import { Board, MAX_MOVES } from './board.js';

const buffers: Int32Array[] = [];

function buffer(ply: number): Int32Array {
  while (buffers.length <= ply) buffers.push(new Int32Array(MAX_MOVES));
  return buffers[ply];
}

/**
 * Counts the move sequences of `depth` plies from the board's position. With `bulk` (the default), the last
 * ply is counted without being played, as chess programs do; either way the board is left unchanged.
 */
export function perft(board: Board, depth: number, bulk = true): number {
  return walk(board, depth, 0, bulk);
}

function walk(board: Board, depth: number, ply: number, bulk: boolean): number {
  if (depth === 0) return 1;
  if (bulk && depth === 1) return board.countMoves();
  const moves = buffer(ply);
  const n = board.generateMoves(moves);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = moves[i];
    board.makeMove(m);
    total += depth === 1 ? 1 : walk(board, depth - 1, ply + 1, bulk);
    board.unmakeMove(m);
  }
  return total;
}

/** perft split by first move (the move's code and its count), to find where two generators disagree. */
export function perftDivide(board: Board, depth: number): Array<{ move: number; count: number }> {
  if (depth < 1) return [];
  const moves = new Int32Array(MAX_MOVES);
  const n = board.generateMoves(moves);
  const out: Array<{ move: number; count: number }> = [];
  for (let i = 0; i < n; i++) {
    board.makeMove(moves[i]);
    out.push({ move: moves[i], count: perft(board, depth - 1) });
    board.unmakeMove(moves[i]);
  }
  return out;
}
