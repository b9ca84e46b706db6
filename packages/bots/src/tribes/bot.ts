/**
 * The Tribes bots' fast path: how a bot thinks on the engine's move codes. Front ends never call these; they
 * ask the bots through the core contract (levels.ts wraps them as `HonestBot` and `OmniscientBot`). An
 * honest search decides from its seat's view alone (`TribesView`): it never sees a state, so it cannot read
 * another hand or the deck order. Only the measuring searches read the full state.
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

/** A search that reads the whole state: for measurement only, never for people. */
export interface StateReadingBot {
  readonly name: string;
  choose(state: TribesState, rng: Rng, budget?: Budget): MoveCode;
}
