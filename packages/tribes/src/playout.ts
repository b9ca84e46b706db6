/** Random play on the fast path: the base of random bots, benchmarks and search playouts. */
import type { Rng } from '@attila/core';
import { applyInPlace } from './engine.js';
import { MAX_MOVES, legalMoveCodes } from './legal.js';
import type { MoveCode } from './moves.js';
import { Phase, type TribesState } from './state.js';

const buffer = new Int32Array(MAX_MOVES);

/** A uniformly random legal move for the seat to act, or -1 when the game is over. */
export function randomMove(s: TribesState, rng: Rng): MoveCode {
  const n = legalMoveCodes(s, buffer);
  return n === 0 ? -1 : buffer[rng.int(n)];
}

/** Plays uniformly random moves in place until the game ends; returns the number of moves made. */
export function randomPlayout(s: TribesState, rng: Rng): number {
  let moves = 0;
  while (s.phase !== Phase.Over) {
    const n = legalMoveCodes(s, buffer);
    applyInPlace(s, buffer[n === 1 ? 0 : rng.int(n)]);
    moves++;
  }
  return moves;
}
