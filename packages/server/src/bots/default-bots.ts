/** The games this server hosts and their bots: the real engines and @attila/bots. */
import { tribesGame } from '@attila/tribes';
import { randomBot, type BotModule } from './catalog.js';

export const botModule: BotModule = {
  games: { tribes: tribesGame },
  bots: { tribes: { random: randomBot } },
};
