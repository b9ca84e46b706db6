/**
 * The search bots. `ismcts` samples the hidden cards from its seat's view (determinize); `cheating` searches
 * the true state itself, seeing every hand and the deck order, and exists only to measure what honesty costs.
 */
import type { Rng } from '@attila/core';
import { determinize, type TribesMap, type TribesState, type TribesView } from '@attila/tribes';
import type { Budget, OmniscientBot, TribesBot } from './bot.js';
import { search, type SearchStats } from './ismcts.js';

export const DEFAULT_BUDGET: Budget = { iterations: 2000 };

export function ismctsBot(name = 'ismcts', fixed?: Budget, onStats?: (s: SearchStats) => void): TribesBot {
  return {
    name,
    choose(view: TribesView, map: TribesMap, rng: Rng, budget?: Budget) {
      if (view.viewer === null || view.toAct !== view.viewer) {
        throw new Error(`${name} bot: the viewer is not the seat to act`);
      }
      return search(() => determinize(view, map, rng), rng, {
        budget: budget ?? fixed ?? DEFAULT_BUDGET,
        onStats,
      });
    },
  };
}

export function cheatingBot(name = 'cheating', fixed?: Budget): OmniscientBot {
  return {
    name,
    omniscient: true,
    choose(state: TribesState, rng: Rng, budget?: Budget) {
      return search(() => state.clone(), rng, { budget: budget ?? fixed ?? DEFAULT_BUDGET });
    },
  };
}
