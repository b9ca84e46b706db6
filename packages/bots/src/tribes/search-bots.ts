/**
 * The search bots. `ismcts` samples the hidden cards from its seat's view (determinizer); `cheating` searches
 * the true state itself, seeing every hand and the deck order, and exists only to measure what honesty costs.
 */
import type { Rng } from '@attila/core';
import {
  DOUBLE_MOVE,
  determinizer,
  viewOf,
  type MoveCode,
  type TribesMap,
  type TribesState,
  type TribesView,
} from '@attila/tribes';
import type { Budget, StateReadingBot, TribesBot } from './bot.js';
import { rankMoves } from './greedy.js';
import { search, type SearchStats } from './ismcts.js';

/**
 * The root moves: greedy's best few, plus the Double Turn in step 2 (greedy never rates it: its one-turn
 * look sees no gain in a tile whose card comes later).
 */
function rootMovesOf(
  view: TribesView,
  ranked: readonly { move: MoveCode }[],
  width: number = ROOT_WIDTH,
): MoveCode[] {
  const moves = ranked.slice(0, width).map((r) => r.move);
  const seat = view.viewer!;
  if (view.phase === 'influence' && view.tiles[seat].double && !view.tileUsedThisTurn)
    moves.push(DOUBLE_MOVE);
  return moves;
}

export const DEFAULT_BUDGET: Budget = { iterations: 2000 };
/** How many of greedy's best moves the search chooses among at the root. */
export const ROOT_WIDTH = 6;

/** Points below greedy's best move that cost a root move one reward unit of progressive bias. */
const BIAS_POINTS = 10;
const BIAS_WEIGHT = 0.5;

/** Progressive bias from greedy's values: moves it rates worse start behind, by up to `BIAS_WEIGHT`. */
function rootBiasOf(
  ranked: readonly { move: MoveCode; value: number }[],
  width: number = ROOT_WIDTH,
): Map<MoveCode, number> {
  const bias = new Map<MoveCode, number>();
  if (BIAS_WEIGHT <= 0 || ranked.length === 0) return bias;
  const best = ranked[0].value;
  for (const r of ranked.slice(0, width))
    bias.set(r.move, BIAS_WEIGHT * Math.max(-1, (r.value - best) / BIAS_POINTS));
  return bias;
}

/**
 * The view as the other seats see the game: the same public information, without the seat's hand and its own
 * face-down cards. Its samples guess the searcher's cards too, as its opponents must.
 */
export function publicViewOf(view: TribesView): TribesView {
  return {
    ...view,
    viewer: null,
    hand: null,
    conflict: view.conflict ? { ...view.conflict, own: null } : null,
  };
}

export interface IsmctsOptions {
  /**
   * Teach the opponents' decisions in the tree from samples drawn from public information (the searcher's own
   * cards guessed too), and the searcher's from its own view, half the iterations each (`search`'s
   * `publicSample`). Without it every sample holds the searcher's true hand, so the deeper the tree the more
   * its opponents play as if they saw that hand.
   */
  readonly publicOpponents?: boolean;
  /** How many of greedy's best moves to choose among at the root (default `ROOT_WIDTH`). */
  readonly rootWidth?: number;
}

export function ismctsBot(
  name = 'ismcts',
  fixed?: Budget,
  onStats?: (s: SearchStats) => void,
  options: IsmctsOptions = {},
): TribesBot {
  return {
    name,
    choose(view: TribesView, map: TribesMap, rng: Rng, budget?: Budget) {
      if (view.viewer === null || view.toAct !== view.viewer) {
        throw new Error(`${name} bot: the viewer is not the seat to act`);
      }
      // The search looks only at the few moves a one-turn judgement rates best: in a 2-player turn there
      // are hundreds of card, province and step-2 combinations, too many to sample each well in a second.
      const ranked = rankMoves(view, map, rng);
      // One reused sample state: the search plays each sample out in place and keeps none past the next.
      const sampler = determinizer(view, map);
      const pubSampler = options.publicOpponents ? determinizer(publicViewOf(view), map) : null;
      const width = options.rootWidth ?? ROOT_WIDTH;
      return search(() => sampler.sample(rng), rng, {
        budget: budget ?? fixed ?? DEFAULT_BUDGET,
        publicSample: pubSampler ? () => pubSampler.sample(rng) : undefined,
        rootMoves: rootMovesOf(view, ranked, width),
        rootBias: rootBiasOf(ranked, width),
        onStats,
      });
    },
  };
}

/**
 * The search's verdict on a decision, from the seat's view alone: its statistics at the root (each move's
 * visits and mean reward, the most visited first), with `also` searched besides the usual candidates (a
 * game review asks about the move a player actually made).
 */
export function searchDecision(
  view: TribesView,
  map: TribesMap,
  rng: Rng,
  budget: Budget,
  also: readonly MoveCode[] = [],
): SearchStats {
  const ranked = rankMoves(view, map, rng);
  const rootMoves = rootMovesOf(view, ranked);
  for (const move of also) if (!rootMoves.includes(move)) rootMoves.push(move);
  const sampler = determinizer(view, map);
  let stats: SearchStats | null = null;
  const chosen = search(() => sampler.sample(rng), rng, {
    budget,
    rootMoves,
    rootBias: rootBiasOf(ranked),
    // Every candidate gets its share of the budget: the review compares their values, not only the winner.
    earlyStop: false,
    onStats: (s) => (stats = s),
  });
  const result: SearchStats = stats!;
  // A forced move is searched not at all; its value is the only one there is.
  return result.root.length ? result : { ...result, root: [{ move: chosen, visits: 0, mean: NaN }] };
}

/**
 * The cheating bot's samples: the true state itself, generator included, copied each time into one reused
 * state (what a fresh `clone()` per iteration gives, without its allocations).
 */
export function trueStateSampler(state: TribesState): () => TribesState {
  const scratch = state.clone();
  return () => {
    scratch.copyFrom(state);
    scratch.rng.copyFrom(state.rng);
    return scratch;
  };
}

/**
 * The peeking bot's samples: the true state with every hand and face-down card as they are, but the draw pile
 * in a random order and a new generator for reshuffles: what a player who sees the other hands but not the
 * deck would know. Each sample shuffles the pile from its sorted order, so its true order cannot reach the search.
 */
export function peekingSampler(state: TribesState, rng: Rng): () => TribesState {
  const scratch = state.clone();
  const pile = scratch.draw.subarray(state.drawPos, state.drawEnd);
  const sorted = pile.slice().sort();
  return () => {
    scratch.copyFrom(state);
    pile.set(sorted);
    rng.shuffle(pile);
    scratch.rng.reseed(rng.nextU32());
    return scratch;
  };
}

/** A search bot that reads the state, through `samplerOf`; arena only. */
function omniscientBot(
  name: string,
  samplerOf: (state: TribesState, rng: Rng) => () => TribesState,
  fixed?: Budget,
): StateReadingBot {
  return {
    name,
    choose(state: TribesState, rng: Rng, budget?: Budget) {
      const view = viewOf(state, { seat: state.toAct });
      const ranked = rankMoves(view, state.map, rng);
      return search(samplerOf(state, rng), rng, {
        budget: budget ?? fixed ?? DEFAULT_BUDGET,
        rootMoves: rootMovesOf(view, ranked),
        rootBias: rootBiasOf(ranked),
      });
    },
  };
}

/** Sees everything: every hand, every card laid face down, the deck order and every reshuffle to come. */
export function cheatingBot(name = 'cheating', fixed?: Budget): StateReadingBot {
  return omniscientBot(name, trueStateSampler, fixed);
}

/**
 * Sees every hand and every card laid face down, but not the deck order (a diagnostic: with `cheating` and
 * the honest bot it splits what hidden cards are worth into the hands and the deck).
 */
export function peekingBot(name = 'peeking', fixed?: Budget): StateReadingBot {
  return omniscientBot(name, peekingSampler, fixed);
}
