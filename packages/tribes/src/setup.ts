/**
 * The starting state: the first player (if random) and then the deck order come from the seed, in that
 * order; the seed's generator then serves every later reshuffle. Dealing gives each seat in seat order
 * 6 cards at a time from the top (fine point 1).
 */
import { Rng } from '@attila/core';
import type { Events } from './events.js';
import { startGame } from './engine.js';
import type { TribesSettings } from './settings.js';
import { TribesState } from './state.js';
import { CARDS_PER_TRIBE, DECK_SIZE, HAND_SIZE, TRIBE_COUNT } from './tribes.js';

export function createGame(settings: TribesSettings, seed: string, ev: Events = null): TribesState {
  const rng = Rng.fromSeed(seed);
  const s = new TribesState(settings.map, settings.options, settings.players, rng);
  s.firstPlayer = settings.firstPlayer === 'random' ? rng.int(settings.players) : settings.firstPlayer;
  if (settings.deck) s.draw.set(settings.deck);
  else {
    for (let i = 0; i < DECK_SIZE; i++) s.draw[i] = Math.floor(i / CARDS_PER_TRIBE);
    for (let i = DECK_SIZE - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const x = s.draw[i];
      s.draw[i] = s.draw[j];
      s.draw[j] = x;
    }
  }
  s.drawPos = 0;
  s.drawEnd = DECK_SIZE;
  for (let seat = 0; seat < settings.players; seat++) {
    for (let k = 0; k < HAND_SIZE; k++) s.hands[seat * TRIBE_COUNT + s.draw[s.drawPos++]]++;
    s.handSize[seat] = HAND_SIZE;
  }
  startGame(s, ev);
  return s;
}
