/** The games this server hosts and their bots: the real engines and @attila/bots. */
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { randomBot, type BotModule } from './catalog.js';

export const botModule: BotModule = {
  games: { knights: knightsGame, tribes: tribesGame },
  bots: { knights: { random: randomBot }, tribes: { random: randomBot } },
};
