/**
 * A bot module names the games a bot thread can replay and the bots it can run for each. The server loads
 * one (by URL) in the main thread for the bot names and in every bot thread to think.
 */
import { err, ok, type Rng, type Result } from '@attila/core';
import type { AnyGame, GameRegistry } from '../games.js';
import type { GameName } from '@attila/protocol';

/** A bot: a move for `seat` in `state`, using only `rng` for chance. */
export type BotFn = (game: AnyGame, state: unknown, seat: number, rng: Rng) => Result<string> | string;

export interface BotModule {
  readonly games: GameRegistry;
  readonly bots: Partial<Record<GameName, Readonly<Record<string, BotFn>>>>;
}

/** Plays a uniformly random legal move of any game. */
export const randomBot: BotFn = (game, state, seat, rng) => {
  const legal = game.legalMoves(state, seat);
  return legal.length ? ok(rng.pick(legal)) : err('bot.no-move', `seat ${seat} has no legal move`);
};

export function botNames(module: BotModule): Partial<Record<GameName, readonly string[]>> {
  const out: Partial<Record<GameName, readonly string[]>> = {};
  for (const [game, bots] of Object.entries(module.bots)) out[game as GameName] = Object.keys(bots ?? {});
  return out;
}

export async function loadBotModule(url: string): Promise<BotModule> {
  const m = (await import(url)) as { botModule?: BotModule };
  if (!m.botModule) throw new Error(`${url} exports no "botModule"`);
  return m.botModule;
}
