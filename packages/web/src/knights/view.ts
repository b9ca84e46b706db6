/**
 * What the web app reads from a Knights view (the engine's JSON for a viewer). Only the fields it draws;
 * the position string carries the board, so nothing else about the rules is needed here.
 */
import type { Side } from './notation.js';

export interface KnightsScreenView {
  readonly position: string;
  readonly lastMove: string | null;
  readonly winner: Side | null;
  readonly placement: boolean;
  /** The four tiles (top-left cell and size), to draw their edges. */
  readonly tiles: readonly {
    readonly row: number;
    readonly col: number;
    readonly height: number;
    readonly width: number;
  }[];
}

export function readKnightsView(view: unknown): KnightsScreenView | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Record<string, unknown>;
  if (typeof v.position !== 'string') return null;
  const last = v.lastMove;
  const winner = v.winner;
  return {
    position: v.position,
    lastMove: typeof last === 'string' ? last : null,
    winner: winner === 'R' || winner === 'H' ? winner : null,
    placement: v.phase === 'placement',
    tiles: readTiles(v.layout),
  };
}

export const SIDES: readonly Side[] = ['R', 'H'];
export const seatOfSide = (s: Side): number => (s === 'R' ? 0 : 1);
export const sideOfSeat = (seat: number): Side => (seat === 0 ? 'R' : 'H');

function readTiles(layout: unknown): KnightsScreenView['tiles'] {
  const tiles = (layout as { tiles?: unknown } | undefined)?.tiles;
  if (!Array.isArray(tiles)) return [];
  return tiles.filter(
    (t): t is { row: number; col: number; height: number; width: number } =>
      typeof t === 'object' &&
      t !== null &&
      ['row', 'col', 'height', 'width'].every((k) => typeof (t as Record<string, unknown>)[k] === 'number'),
  );
}

export type Stage = 'idle' | 'from' | 'scorch';

/** The hint for where the player is in entering a move: pick a knight, choose its landing, scorch. */
export function stageHint(stage: Stage): string {
  return stage === 'from'
    ? 'knights.hint.land'
    : stage === 'scorch'
      ? 'knights.hint.scorch'
      : 'knights.hint.pick';
}
