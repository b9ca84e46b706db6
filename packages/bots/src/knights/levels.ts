/**
 * The Knights bots by strength, as honest bots of the core contract: `random`, `greedy` (one-ply mobility),
 * `perfect` (the solver), and levels in between for people, each a mixture: with some chance a weaker move,
 * else the stronger one. Knights has no hidden information, so the view shows the whole position; the bots
 * read it back into the engine's fast types and think in move codes.
 */
import { randomBot, seatView, type HonestBot, type Rng } from '@attila/core';
import {
  knightsGame,
  moveToString,
  Position,
  SIDE_LETTERS,
  type KnightsSettings,
  type KnightsState,
  type KnightsView,
} from '@attila/knights';
import { greedyMove } from './greedy.js';
import { perfectMove } from './perfect.js';

export type KnightsBot = HonestBot<KnightsSettings, KnightsView>;

/** The position a view shows (its own notation, which the engine wrote). */
function positionOf(view: KnightsView): Position {
  const p = Position.parse(view.position);
  if (!p.ok) throw new Error(`a Knights view holds an unreadable position: ${p.error.message}`);
  return p.value;
}

/** A bot that picks a move code on the engine's types. Throws on a finished game (a caller bug). */
function codeBot(name: string, choose: (position: Position, rng: Rng) => number): KnightsBot {
  return {
    sees: 'seat',
    choose: (seen, rng) => {
      const position = positionOf(seen.view);
      const move = choose(position, rng);
      if (move < 0) throw new Error(`${name} bot: no legal move in ${position.toString()}`);
      return moveToString(position.layout, move);
    },
  };
}

export const greedyKnightsBot = codeBot('greedy', (p, rng) => greedyMove(p.toBoard(), rng));
export const perfectKnightsBot = codeBot('perfect', perfectMove);

/** Plays `weak` with probability `chance`, else `strong`. */
export function mixture<S, V>(
  strong: HonestBot<S, V>,
  weak: HonestBot<S, V>,
  chance: number,
): HonestBot<S, V> {
  return {
    sees: 'seat',
    choose: (seen, rng) => (rng.nextFloat() < chance ? weak : strong).choose(seen, rng),
  };
}

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
    bot: mixture(greedyKnightsBot, randomBot, 0.4),
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

/**
 * A bot's move (in notation) in a bare position, asked through the contract as a table would ask it: for
 * studies and tests that play from positions rather than from a game's start.
 */
export function knightsBotMove(bot: KnightsBot, position: Position, rng: Rng): string {
  const settings: KnightsSettings = {
    layout: position.layout,
    layoutName: position.layout.shape,
    first: SIDE_LETTERS[position.side],
  };
  const state: KnightsState = { settings, position, lastMove: null, plies: 0 };
  return bot.choose(seatView(knightsGame, settings, state, position.side), rng);
}
