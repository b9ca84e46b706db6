/**
 * Every bot of both games, by game and name, weakest first: the one list from which the command line, the
 * server and the arena offer bots. Honest bots are asked through the core contract (`askBot`); the arena's
 * measuring bots, which read the whole state, are listed apart with their own type, so nothing that seats
 * bots against people can take one.
 */
import { randomBot, type GameKind, type HonestBot, type OmniscientBot } from '@attila/core';
import type { KnightsSettings, KnightsView } from '@attila/knights';
import type { NimSettings, NimView } from '@attila/nim';
import type { TribesSettings, TribesState, TribesView } from '@attila/tribes';
import { KNIGHTS_LEVELS } from './knights/levels.js';
import type { Budget } from './tribes/bot.js';
import {
  LEVEL_BUDGETS,
  honestTribesBot,
  measuringSearchers,
  omniscientTribesBot,
  tribesSearchers,
} from './tribes/levels.js';

interface GameTypes {
  readonly knights: { readonly settings: KnightsSettings; readonly view: KnightsView };
  readonly tribes: { readonly settings: TribesSettings; readonly view: TribesView };
  readonly nim: { readonly settings: NimSettings; readonly view: NimView };
}

/** An honest bot of game `G`. */
export type BotOf<G extends GameKind> = HonestBot<GameTypes[G]['settings'], GameTypes[G]['view']>;

/**
 * How a bot thinks for longer: `null`, it does not search; a `Budget`, its own (a level; the arena may
 * override it, `easy@50it`); `'run'`, the arena's run budget (`--budget`, else the search's default).
 */
export type BotBudget = Budget | 'run' | null;

export interface BotEntry<G extends GameKind> {
  readonly game: G;
  readonly name: string;
  readonly description: string;
  readonly budget: BotBudget;
  /** Offered at a server's tables (a search thinking for the arena's run budget is not). */
  readonly atTables: boolean;
  /** The bot, thinking for `budget` when one is given (a search), else as it always does. */
  make(budget?: Budget): BotOf<G>;
}

/** A measuring bot of the Tribes arena: reads the state, never seated against people. */
export interface MeasuringEntry {
  readonly game: 'tribes';
  readonly name: string;
  readonly description: string;
  readonly budget: 'run';
  make(budget?: Budget): OmniscientBot<TribesState>;
}

const RANDOM_DESCRIPTION = 'any legal move, each equally likely';

const knightsBots: readonly BotEntry<'knights'>[] = KNIGHTS_LEVELS.map((level) => ({
  game: 'knights',
  name: level.name,
  description: level.description,
  budget: null,
  atTables: true,
  make: () => level.bot,
}));

function tribesLevel(name: keyof typeof LEVEL_BUDGETS, description: string): BotEntry<'tribes'> {
  const bot = honestTribesBot(tribesSearchers[name]);
  return {
    game: 'tribes',
    name,
    description,
    budget: LEVEL_BUDGETS[name],
    atTables: true,
    make: (budget) => (budget ? honestTribesBot(tribesSearchers[name], budget) : bot),
  };
}

const greedy = honestTribesBot(tribesSearchers.greedy);
const tribesBots: readonly BotEntry<'tribes'>[] = [
  {
    game: 'tribes',
    name: 'random',
    description: RANDOM_DESCRIPTION,
    budget: null,
    atTables: true,
    make: () => randomBot,
  },
  {
    game: 'tribes',
    name: 'greedy',
    description: 'one turn ahead: the card, province and step 2 after which its standing is best',
    budget: null,
    atTables: true,
    make: () => greedy,
  },
  tribesLevel('easy', "a short search (ISMCTS) over greedy's best moves"),
  tribesLevel('medium', 'a longer search'),
  tribesLevel('hard', 'a long search over every move, in which its opponents cannot see its hand'),
  {
    game: 'tribes',
    name: 'ismcts',
    description: 'the search, for the budget the arena gives it (the command line: its default)',
    budget: 'run',
    atTables: false,
    make: (budget) => honestTribesBot(tribesSearchers.ismcts, budget),
  },
];

/** The honest bots of each game, weakest first. */
export const BOTS: { readonly [G in GameKind]: readonly BotEntry<G>[] } = {
  knights: knightsBots,
  tribes: tribesBots,
  // The seam's test game has no bots: its tables are for people.
  nim: [],
};

/** The Tribes arena's measuring bots. */
export const MEASURING_BOTS: readonly MeasuringEntry[] = [
  {
    game: 'tribes',
    name: 'cheating',
    description: 'searches the true state: every hand, every card laid face down, the deck order',
    budget: 'run',
    make: (budget) => omniscientTribesBot(measuringSearchers.cheating(), budget),
  },
  {
    game: 'tribes',
    name: 'peeking',
    description: 'sees every hand and card laid face down, but not the deck order',
    budget: 'run',
    make: (budget) => omniscientTribesBot(measuringSearchers.peeking(), budget),
  },
];

export function botNames(game: GameKind): string[] {
  return BOTS[game].map((b) => b.name);
}

/** The honest bot of `game` called `name`, or null. */
export function findBot<G extends GameKind>(game: G, name: string): BotEntry<G> | null {
  const entries: readonly BotEntry<G>[] = BOTS[game];
  return entries.find((b) => b.name === name) ?? null;
}

export function findMeasuringBot(name: string): MeasuringEntry | null {
  return MEASURING_BOTS.find((b) => b.name === name) ?? null;
}
