/**
 * The one-ply mobility heuristic: after each legal move, my knights' jumps minus the opponent's; a move that
 * leaves the opponent without a jump wins outright. Used by the `greedy` bot and by the levels in between.
 */
import type { Rng } from '@attila/core';
import { Board, MAX_MOVES, jumpCount as jumpsOf } from '@attila/knights';

const WIN = 1 << 20;

function jumpCount(board: Board, knights: number): number {
  return jumpsOf(board.jumps, knights, board.free());
}

/** The heuristic value of the position after a move, for the side that made it. */
export function mobilityAfter(board: Board, move: number): number {
  const me = board.side;
  board.makeMove(move);
  const mine = me === 0 ? board.romans : board.huns;
  const theirs = me === 0 ? board.huns : board.romans;
  const theirJumps = jumpCount(board, theirs);
  const placing = board.inPlacement();
  let value = jumpCount(board, mine) - theirJumps;
  if (!placing && theirJumps === 0) value = WIN;
  if (placing && !board.hasAnyMove()) value = WIN;
  board.unmakeMove(move);
  return value;
}

/** A move with the best one-ply mobility balance, ties broken at random; -1 when there is no move. */
export function greedyMove(board: Board, rng: Rng): number {
  const moves = new Int32Array(MAX_MOVES);
  const n = board.generateMoves(moves);
  if (n === 0) return -1;
  let best = -Infinity;
  let chosen: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = mobilityAfter(board, moves[i]);
    if (v > best) {
      best = v;
      chosen = [moves[i]];
    } else if (v === best) chosen.push(moves[i]);
  }
  return chosen[rng.int(chosen.length)];
}
