/**
 * Knights bots behind one simple interface, so that every front end (command line, server) can offer them by
 * name. A bot sees the whole position (Knights has no hidden information) and returns a legal move in
 * notation; all its randomness comes from the `Rng` it is given.
 */
import type { Rng } from '@attila/core';
import { moveToString, type Position } from '@attila/knights';
import { KNIGHTS_LEVELS, levelBot } from './levels.js';

export type KnightsBot = (position: Position, rng: Rng) => string;

/** Any legal move, each equally likely. Throws on a finished game (a caller bug: there is no move to make). */
export const randomKnightsBot: KnightsBot = (position, rng) => {
  const move = position.toBoard().randomMove(rng);
  if (move < 0) throw new Error(`randomKnightsBot: no legal move in ${position.toString()}`);
  return moveToString(position.layout, move);
};

/** The bots by name (`attila knights play --bot <name>`), weakest first: random, the levels, perfect. */
export const knightsBots: Record<string, KnightsBot> = {
  random: randomKnightsBot,
  ...Object.fromEntries(KNIGHTS_LEVELS.filter((l) => l.name !== 'random').map((l) => [l.name, levelBot(l)])),
};
