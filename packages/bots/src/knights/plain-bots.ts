/**
 * The Knights bots that need neither the solver's opening book nor Node (the book is read from a file): the
 * mobility bot, the mixtures built on it, and asking a bot in a bare position. The web app's lessons play the
 * `easy` level in the browser from here (`@attila/bots/knights-plain`); `levels.ts` adds the solver's levels.
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

export type KnightsBot = HonestBot<KnightsSettings, KnightsView>;

/** The position a view shows (its own notation, which the engine wrote). */
function positionOf(view: KnightsView): Position {
  const p = Position.parse(view.position);
  if (!p.ok) throw new Error(`a Knights view holds an unreadable position: ${p.error.message}`);
  return p.value;
}

/** A bot that picks a move code on the engine's types. Throws on a finished game (a caller bug). */
export function codeBot(name: string, choose: (position: Position, rng: Rng) => number): KnightsBot {
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

/** The `easy` level: the mobility move, but a random one 40% of the time. */
export const easyKnightsBot: KnightsBot = mixture(greedyKnightsBot, randomBot, 0.4);

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
