/** A bot module for the pool's tests: the real games, with a Knights bot that thinks for 120 ms of CPU. */
import { randomBot, type AnyHonestBot } from '@attila/core';
import { knightsGame } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import type { BotModule } from '../bots/catalog.js';

export const SLOW_MS = 120;

const slow: AnyHonestBot = {
  sees: 'seat',
  choose(seen, rng) {
    const until = Date.now() + SLOW_MS;
    while (Date.now() < until) {
      // Busy, as a search is: the worker thread can do nothing else meanwhile.
    }
    return randomBot.choose(seen, rng);
  },
};

export const botModule: BotModule = {
  games: { knights: knightsGame, tribes: tribesGame },
  bots: { knights: { slow, random: randomBot }, tribes: { random: randomBot } },
};
