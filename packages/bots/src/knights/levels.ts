/**
 * The Knights bots by strength, as honest bots of the core contract: `random`, `greedy` (one-ply mobility),
 * `perfect` (the solver), and levels in between for people, each a mixture: with some chance a weaker move,
 * else the stronger one. Knights has no hidden information, so the view shows the whole position; the bots
 * read it back into the engine's fast types and think in move codes.
 */
import { randomBot } from '@attila/core';
import { perfectMove } from './perfect.js';
import {
  codeBot,
  easyKnightsBot,
  greedyKnightsBot,
  knightsBotMove,
  mixture,
  type KnightsBot,
} from './plain-bots.js';

export { greedyKnightsBot, knightsBotMove, mixture, type KnightsBot };

export const perfectKnightsBot = codeBot('perfect', perfectMove);

export interface KnightsLevel {
  readonly name: string;
  readonly description: string;
  readonly bot: KnightsBot;
}

export const KNIGHTS_LEVELS: readonly KnightsLevel[] = [
  { name: 'random', description: 'any legal move, each equally likely', bot: randomBot },
  {
    name: 'easy',
    description: 'the mobility move, but a random one 40% of the time',
    bot: easyKnightsBot,
  },
  {
    name: 'greedy',
    description: 'one ply: the move that leaves it the most jumps and the opponent the fewest',
    bot: greedyKnightsBot,
  },
  {
    name: 'medium',
    description: 'the perfect move, but the mobility move 50% of the time',
    bot: mixture(perfectKnightsBot, greedyKnightsBot, 0.5),
  },
  {
    name: 'hard',
    description: 'the perfect move, but the mobility move 15% of the time',
    bot: mixture(perfectKnightsBot, greedyKnightsBot, 0.15),
  },
  {
    name: 'perfect',
    description: 'never lets a won game go; when lost, makes the loss as long as possible',
    bot: perfectKnightsBot,
  },
];
