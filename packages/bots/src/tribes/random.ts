/** The `random` bot: a uniformly random legal move, from the seat's own view. */
import type { Rng } from '@attila/core';
import { determinize, randomMove, type TribesMap, type TribesView } from '@attila/tribes';
import type { TribesBot } from './bot.js';

export const randomBot: TribesBot = {
  name: 'random',
  choose(view: TribesView, map: TribesMap, rng: Rng) {
    // The seat's own legal moves depend only on what it sees; any consistent guess of the rest will do.
    const move = randomMove(determinize(view, map, rng), rng);
    if (move < 0) throw new Error('random bot: no legal move (is the game over?)');
    return move;
  },
};
