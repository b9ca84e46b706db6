/**
 * What a screen needs from Nim: the view and event types, the moves as a number of stones with the one reader
 * and writer of the notation, and the choices the legal moves offer.
 */
import { readTake, takeText } from './game.js';

export type { NimView, NimEvent, NimSettings } from './game.js';

/** The stones each legal move takes, smallest first. */
export function takeChoices(legal: readonly string[]): number[] {
  return legal.flatMap((m) => {
    const read = readTake(m);
    return read.ok ? [read.value] : [];
  });
}

/** The move that takes `count` stones. */
export const takeMove: (count: number) => string = takeText;
