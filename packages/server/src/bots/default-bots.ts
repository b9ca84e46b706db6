/** The games this server hosts and their bots: the real engines and @attila/bots (honest bots only). */
import { KNIGHTS_LEVELS, levelBot, tribesBotFns } from '@attila/bots';
import type { KnightsState } from '@attila/knights';
import { knightsGame } from '@attila/knights';
import { nimGame } from '@attila/nim';
import { tribesGame } from '@attila/tribes';
import type { BotFn, BotModule } from './catalog.js';

const knightsBots: Record<string, BotFn> = Object.fromEntries(
  KNIGHTS_LEVELS.map((level) => {
    const choose = levelBot(level);
    const fn: BotFn = (_game, state, _seat, rng) => choose((state as KnightsState).position, rng);
    return [level.name, fn];
  }),
);

export const botModule: BotModule = {
  games: { knights: knightsGame, tribes: tribesGame, nim: nimGame },
  bots: { knights: knightsBots, tribes: tribesBotFns },
};
