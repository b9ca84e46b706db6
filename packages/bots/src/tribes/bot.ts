/**
 * What a Tribes bot is. An honest bot decides from its seat's view alone (`TribesView`): it never sees a
 * state, so it cannot read another hand or the deck order. Only the measuring `cheating` bot is given the
 * full state, and it is kept apart (`OmniscientBot`) so it cannot be mistaken for an honest one.
 */
import type { Rng } from '@attila/core';
import type { MoveCode, TribesMap, TribesState, TribesView } from '@attila/tribes';

/** How long a search may think: a number of iterations, a time in milliseconds, or both (whichever ends first). */
export interface Budget {
  readonly iterations?: number;
  readonly timeMs?: number;
}

export interface TribesBot {
  readonly name: string;
  /** A legal move for the viewer, who must be the seat to act; only `rng` supplies chance. */
  choose(view: TribesView, map: TribesMap, rng: Rng, budget?: Budget): MoveCode;
}

/** A bot that reads the whole state: for measurement only, never for people. */
export interface OmniscientBot {
  readonly name: string;
  readonly omniscient: true;
  choose(state: TribesState, rng: Rng, budget?: Budget): MoveCode;
}

export type AnyTribesBot = TribesBot | OmniscientBot;

export function isOmniscient(bot: AnyTribesBot): bot is OmniscientBot {
  return 'omniscient' in bot && bot.omniscient;
}
