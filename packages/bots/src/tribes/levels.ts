/**
 * The bots people meet, by name, and the adapters the server and the arena use. Every bot here is honest:
 * the adapters turn a state into the seat's view before the bot sees anything.
 */
import type { Rng } from '@attila/core';
import {
  formatMove,
  viewOf,
  type MoveCode,
  type TribesMap,
  type TribesState,
  type TribesView,
} from '@attila/tribes';
import type { Budget, TribesBot } from './bot.js';
import { greedyBot } from './greedy.js';
import { randomBot } from './random.js';
import { ismctsBot } from './search-bots.js';

/** Iteration budgets (deterministic for a given seed) of the levels offered to people. */
export const LEVEL_BUDGETS = {
  easy: { iterations: 200 },
  medium: { iterations: 1500 },
  hard: { iterations: 6000 },
} as const satisfies Record<string, Budget>;

export const tribesBots = {
  random: randomBot,
  greedy: greedyBot,
  easy: ismctsBot('easy', LEVEL_BUDGETS.easy),
  medium: ismctsBot('medium', LEVEL_BUDGETS.medium),
  hard: ismctsBot('hard', LEVEL_BUDGETS.hard),
  ismcts: ismctsBot('ismcts'),
} as const satisfies Record<string, TribesBot>;

export type TribesBotName = keyof typeof tribesBots;
export const TRIBES_BOT_NAMES = Object.keys(tribesBots) as TribesBotName[];

export function isTribesBotName(name: string): name is TribesBotName {
  return Object.hasOwn(tribesBots, name);
}

/** A move in notation for the viewer of `view` (the seat to act). */
export function chooseTribesMove(
  bot: TribesBotName,
  view: TribesView,
  map: TribesMap,
  rng: Rng,
  budget?: Budget,
): string {
  return formatMove(map, tribesBots[bot].choose(view, map, rng, budget));
}

/** A bot's move code for `seat` in a full state; the bot itself only receives the seat's view. */
export function honestMove(
  bot: TribesBot,
  state: TribesState,
  seat: number,
  rng: Rng,
  budget?: Budget,
): MoveCode {
  return bot.choose(viewOf(state, { seat }), state.map, rng, budget);
}

/**
 * The bots in the shape of the server's bot catalog (`BotFn` in packages/server/src/bots/catalog.ts):
 * `(game, state, seat, rng) => move text`. The state is reduced to the seat's view at once.
 */
export const tribesBotFns: Readonly<
  Record<Exclude<TribesBotName, 'ismcts'>, (game: unknown, state: unknown, seat: number, rng: Rng) => string>
> = Object.fromEntries(
  TRIBES_BOT_NAMES.filter((name) => name !== 'ismcts').map((name) => [
    name,
    (_game: unknown, state: unknown, seat: number, rng: Rng) => {
      const s = state as TribesState;
      return formatMove(s.map, honestMove(tribesBots[name], s, seat, rng));
    },
  ]),
) as never;
