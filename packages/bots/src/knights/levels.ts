/**
 * The Knights bots by strength: `random`, `greedy` (one-ply mobility), `perfect` (the solver), and levels in
 * between for people, each a mixture: with some chance a weaker move, else the stronger one.
 */
import type { Rng } from '@attila/core';
import { moveToString, type Position } from '@attila/knights';
import { greedyMove } from './greedy.js';
import { perfectMove } from './perfect.js';

export type MoveChooser = (position: Position, rng: Rng) => number;

export const randomChooser: MoveChooser = (p, rng) => p.toBoard().randomMove(rng);
export const greedyChooser: MoveChooser = (p, rng) => greedyMove(p.toBoard(), rng);
export const perfectChooser: MoveChooser = perfectMove;

/** Plays `weak` with probability `chance`, else `strong`. */
export function mixture(strong: MoveChooser, weak: MoveChooser, chance: number): MoveChooser {
  return (p, rng) => (rng.nextFloat() < chance ? weak(p, rng) : strong(p, rng));
}

export interface KnightsLevel {
  readonly name: string;
  readonly description: string;
  readonly choose: MoveChooser;
}

export const KNIGHTS_LEVELS: readonly KnightsLevel[] = [
  { name: 'random', description: 'any legal move, each equally likely', choose: randomChooser },
  {
    name: 'easy',
    description: 'the mobility move, but a random one 40% of the time',
    choose: mixture(greedyChooser, randomChooser, 0.4),
  },
  {
    name: 'greedy',
    description: 'one ply: the move that leaves it the most jumps and the opponent the fewest',
    choose: greedyChooser,
  },
  {
    name: 'medium',
    description: 'the perfect move, but the mobility move 50% of the time',
    choose: mixture(perfectChooser, greedyChooser, 0.5),
  },
  {
    name: 'hard',
    description: 'the perfect move, but the mobility move 15% of the time',
    choose: mixture(perfectChooser, greedyChooser, 0.15),
  },
  {
    name: 'perfect',
    description: 'never lets a won game go; when lost, makes the loss as long as possible',
    choose: perfectChooser,
  },
];

/** A level's chooser as a bot that answers in notation. Throws on a finished game (a caller bug). */
export function levelBot(level: KnightsLevel): (position: Position, rng: Rng) => string {
  return (position, rng) => {
    const move = level.choose(position, rng);
    if (move < 0) throw new Error(`${level.name} bot: no legal move in ${position.toString()}`);
    return moveToString(position.layout, move);
  };
}
