/**
 * Which side made each move of a Knights game, for the move list ("3. Romans d4-b5,d4"): the side to move
 * in the position before it, as the engine's position text says (never counted by turns here).
 */
import { readPosition, type Side } from '@attila/knights';
import { positionsOfGame } from './mistakes-view.js';

export function moversOf(start: string, moves: readonly string[]): Side[] {
  const positions = positionsOfGame(start, moves);
  return moves.map((_, i) => readPosition(positions[i])?.toMove ?? 'R');
}
