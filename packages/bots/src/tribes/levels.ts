/**
 * The Tribes bots by name, as the core contract has them: honest bots shown only their seat's view (and the
 * table's map, from the settings), and the arena's measuring bots, which read the state and are typed apart.
 */
import type { HonestBot, OmniscientBot, Rng } from '@attila/core';
import {
  formatMove,
  viewOf,
  type MoveCode,
  type TribesSettings,
  type TribesState,
  type TribesView,
} from '@attila/tribes';
import type { Budget, StateReadingBot, TribesBot } from './bot.js';
import { greedyBot } from './greedy.js';
import { cheatingBot, ismctsBot, peekingBot } from './search-bots.js';

export type TribesHonestBot = HonestBot<TribesSettings, TribesView>;

/** Iteration budgets (deterministic for a given seed) of the levels offered to people. */
export const LEVEL_BUDGETS = {
  easy: { iterations: 50 },
  medium: { iterations: 1500 },
  hard: { iterations: 12000 },
} as const satisfies Record<string, Budget>;

/** The searching bots behind the names (the random bot is core's, for every game). */
export const tribesSearchers = {
  greedy: greedyBot,
  easy: ismctsBot('easy', LEVEL_BUDGETS.easy),
  medium: ismctsBot('medium', LEVEL_BUDGETS.medium),
  // Half of hard's iterations teach its opponents' replies from public information (search-bots.ts).
  // Hard also chooses among every move greedy rates, not only its best six (README, "Levels that climb").
  hard: ismctsBot('hard', LEVEL_BUDGETS.hard, undefined, { publicOpponents: true, rootWidth: Infinity }),
  ismcts: ismctsBot('ismcts'),
} as const satisfies Record<string, TribesBot>;

/** A fast-path bot asked through the contract; `budget` (when given) replaces the bot's own. */
export function honestTribesBot(bot: TribesBot, budget?: Budget): TribesHonestBot {
  return {
    sees: 'seat',
    choose: (seen, rng) => {
      const map = seen.settings.map;
      return formatMove(map, bot.choose(seen.view, map, rng, budget));
    },
  };
}

/** A state-reading search as the contract's omniscient bot (arena only). */
export function omniscientTribesBot(bot: StateReadingBot, budget?: Budget): OmniscientBot<TribesState> {
  return {
    sees: 'everything',
    choose: (state, _seat, rng) => formatMove(state.map, bot.choose(state, rng, budget)),
  };
}

/** The measuring bots of the arena, by name. */
export const measuringSearchers = { cheating: cheatingBot, peeking: peekingBot } as const;

/**
 * A fast-path bot's move code for `seat` in a full state; the bot itself only receives the seat's view. For
 * the bots' own tests and studies, which play millions of moves in place.
 */
export function honestMove(
  bot: TribesBot,
  state: TribesState,
  seat: number,
  rng: Rng,
  budget?: Budget,
): MoveCode {
  return bot.choose(viewOf(state, { seat }), state.map, rng, budget);
}
