/**
 * A bot module for tests of what a bot thread shows a bot: the real Tribes engine, with a bot that answers
 * with what it was shown (its seat and its view's hand) instead of a move. The pool hands that text back
 * as the bot's "move", so a test reads what the bot saw through the real thread.
 */
import type { AnyHonestBot } from '@attila/core';
import { tribesGame, type TribesView } from '@attila/tribes';
import type { BotModule } from '../bots/catalog.js';

const mirror: AnyHonestBot = {
  sees: 'seat',
  choose(seen) {
    const view = seen.view as TribesView;
    return JSON.stringify({ seat: seen.seat, hand: view.hand, legal: seen.legalMoves });
  },
};

export const botModule: BotModule = {
  games: { tribes: tribesGame },
  bots: { tribes: { mirror } },
};
