/** The games this server hosts and their bots: the real engines and the registry of @attila/bots (tables' bots). */
import { BOTS, type BotEntry } from '@attila/bots';
import type { AnyHonestBot, GameKind } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { nimGame } from '@attila/nim';
import { tribesGame } from '@attila/tribes';
import type { BotModule } from './catalog.js';

/** The bots offered at tables, by name. */
function atTables<G extends GameKind>(entries: readonly BotEntry<G>[]): Record<string, AnyHonestBot> {
  return Object.fromEntries(entries.filter((e) => e.atTables).map((e) => [e.name, e.make()]));
}

export const botModule: BotModule = {
  games: { knights: knightsGame, tribes: tribesGame, nim: nimGame },
  bots: { knights: atTables(BOTS.knights), tribes: atTables(BOTS.tribes) },
};
