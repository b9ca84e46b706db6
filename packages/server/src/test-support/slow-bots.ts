/** A bot module for the pool's tests: the real games, with a Knights bot that thinks for 120 ms of CPU. */
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { randomBot, type BotFn, type BotModule } from '../bots/catalog.js';

export const SLOW_MS = 120;

const slow: BotFn = (game, state, seat, rng) => {
  const until = Date.now() + SLOW_MS;
  while (Date.now() < until) {
    // Busy, as a search is: the worker thread can do nothing else meanwhile.
  }
  return randomBot(game, state, seat, rng);
};

export const botModule: BotModule = {
  games: { knights: knightsGame, tribes: tribesGame },
  bots: { knights: { slow, random: randomBot }, tribes: { random: randomBot } },
};
