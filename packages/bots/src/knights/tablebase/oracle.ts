/**
 * Where pure code (the Perfect bot, the puzzle checker) asks for a move-phase position's exact values
 * without depending on the file system: the Node side (`lookup.ts`, loaded with `@attila/bots`) installs
 * the tablebase lookup here; in a browser nothing is installed and the callers search instead.
 */
import type { Position } from '@attila/knights';

export interface MovePhaseOracle {
  /** The position's value (rules page notation), or null when no tablebase knows it. */
  value(position: Position): number | null;
  /** Every legal move with its value for the mover, or null when no tablebase knows the position. */
  moveValues(position: Position): Array<{ move: number; value: number }> | null;
}

let installed: MovePhaseOracle | null = null;

export function installMovePhaseOracle(oracle: MovePhaseOracle | null): void {
  installed = oracle;
}

export function movePhaseOracle(): MovePhaseOracle | null {
  return installed;
}
