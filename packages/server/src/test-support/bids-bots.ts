/** The bot module of the server tests: the bids fixture game, with the generic random bot. */
import { randomBot } from '@attila/core';
import type { BotModule } from '../bots/catalog.js';
import { bidsGame } from './bids-game.js';

export const botModule: BotModule = { games: { tribes: bidsGame }, bots: { tribes: { random: randomBot } } };
