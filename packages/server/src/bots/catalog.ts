/**
 * A bot module names the games a bot thread can replay and the bots it can run for each. The server loads
 * one (by URL) in the main thread for the bot names and in every bot thread to think. Its bots are honest
 * bots of the core contract (`HonestBot`): the compiler refuses a bot that reads states, and a bot thread
 * shows each bot only its seat's view and legal moves (`askBot`).
 */
import type { AnyHonestBot } from '@attila/core';
import type { GameRegistry } from '../games.js';
import type { GameKind } from '@attila/protocol';

export interface BotModule {
  readonly games: GameRegistry;
  readonly bots: Partial<Record<GameKind, Readonly<Record<string, AnyHonestBot>>>>;
}

export function botNames(module: BotModule): Partial<Record<GameKind, readonly string[]>> {
  const out: Partial<Record<GameKind, readonly string[]>> = {};
  for (const [game, bots] of Object.entries(module.bots)) out[game as GameKind] = Object.keys(bots ?? {});
  return out;
}

export async function loadBotModule(url: string): Promise<BotModule> {
  const m = (await import(url)) as { botModule?: BotModule };
  if (!m.botModule) throw new Error(`${url} exports no "botModule"`);
  return m.botModule;
}
