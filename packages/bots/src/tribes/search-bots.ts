/**
 * The search bots. `ismcts` samples the hidden cards from its seat's view (determinize); `cheating` searches
 * the true state itself, seeing every hand and the deck order, and exists only to measure what honesty costs.
 */
import type { Rng } from '@attila/core';
import { determinize, viewOf, type TribesMap, type TribesState, type TribesView } from '@attila/tribes';
import type { Budget, OmniscientBot, TribesBot } from './bot.js';
import { rankMoves } from './greedy.js';
import { search, type SearchStats } from './ismcts.js';

export const DEFAULT_BUDGET: Budget = { iterations: 2000 };
/** How many of greedy's best moves the search chooses among at the root. */
export const ROOT_WIDTH = 6;

export function ismctsBot(name = 'ismcts', fixed?: Budget, onStats?: (s: SearchStats) => void): TribesBot {
  return {
    name,
    choose(view: TribesView, map: TribesMap, rng: Rng, budget?: Budget) {
      if (view.viewer === null || view.toAct !== view.viewer) {
        throw new Error(`${name} bot: the viewer is not the seat to act`);
      }
      // The search looks only at the few moves a one-turn judgement rates best: in a 2-player turn there
      // are hundreds of card, province and step-2 combinations, too many to sample each well in a second.
      const ranked = rankMoves(view, map, rng);
      return search(() => determinize(view, map, rng), rng, {
        budget: budget ?? fixed ?? DEFAULT_BUDGET,
        rootMoves: ranked.slice(0, ROOT_WIDTH).map((r) => r.move),
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
      const ranked = rankMoves(viewOf(state, { seat: state.toAct }), state.map, rng);
      return search(() => state.clone(), rng, {
        budget: budget ?? fixed ?? DEFAULT_BUDGET,
        rootMoves: ranked.slice(0, ROOT_WIDTH).map((r) => r.move),
      });
    },
  };
}
