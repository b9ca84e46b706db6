/**
 * What one seat, or a spectator, may see (rules page, last section): the own hand, every hand's size, the
 * discard pile, the board, supply, tracks, scores and tiles, and in a conflict how many cards each player
 * laid (which ones only after the reveal). Never another hand, the draw pile's order or the seed.
 * A view also holds every public detail of the turn in progress, so a bot can rebuild a full state from it
 * (see determinize.ts). Per-tribe arrays follow `tribes` (scoring order).
 */
import type { GameResult, Viewer } from '@attila/core';
import { END_REASON_TEXT } from './engine.js';
import {
  EndReason,
  Phase,
  Tile,
  cardInfluence,
  centuryOf,
  peaceTilesLeft,
  type TribesState,
} from './state.js';
import type { TribesOptions } from './settings.js';
import { TRIBE_COUNT, TRIBES } from './tribes.js';

export type PhaseName = 'play' | 'influence' | 'commit' | 'over';
const PHASE_NAMES: PhaseName[] = ['play', 'influence', 'commit', 'over'];

export interface ProvinceView {
  readonly id: string;
  /** Markers per tribe. */
  readonly markers: number[];
  /** The century of its peace tile, or null. */
  readonly peace: number | null;
}

export interface ConflictView {
  readonly province: string;
  /** Cards laid face down by each seat so far; null for seats still to commit. */
  readonly committed: (number | null)[];
  /** The viewer's own laid cards per tribe (null for a spectator). */
  readonly own: number[] | null;
}

export interface LastConflictView {
  readonly province: string;
  /** Cards each seat laid, per tribe (public after the reveal). */
  readonly cards: number[][];
  readonly removed: string[];
}

export interface TribesView {
  readonly tribes: readonly string[];
  /** The seat looking, or null for a spectator. */
  readonly viewer: number | null;
  readonly players: number;
  readonly options: TribesOptions;
  readonly mapName: string;
  readonly firstPlayer: number;
  readonly turn: number;
  readonly active: number;
  /** The seat that must act, or null once the game is over. */
  readonly toAct: number | null;
  readonly phase: PhaseName;
  /** The century being played (4..7). */
  readonly century: number;
  /** The influence a card gives now, taken in step 2 (the century's value: 1 in the 4th ... 4 in the 7th). */
  readonly cardInfluence: number;
  readonly peaceTilesLeft: number[];
  readonly provinces: ProvinceView[];
  readonly supply: number[];
  readonly influence: number[][];
  readonly scores: number[];
  /** Action tiles each seat still has. */
  readonly tiles: { double: boolean; trade: boolean; influence: boolean }[];
  readonly tileUsedThisTurn: boolean;
  readonly handSizes: number[];
  /** The viewer's hand, cards per tribe; null for a spectator. */
  readonly hand: number[] | null;
  readonly drawPile: number;
  readonly discard: number[];
  /** The tribe of the card being resolved (steps 2-3), or null. */
  readonly card: string | null;
  readonly cardsLeftInTurn: number;
  readonly placedThisTurn: boolean;
  readonly turnsWithoutPlacement: number;
  /** Provinces that reached 5 markers with the current card and still have to be fought, in order. */
  readonly pendingConflicts: string[];
  readonly conflict: ConflictView | null;
  readonly lastConflict: LastConflictView | null;
  readonly result: GameResult | null;
}

export function gameResult(s: TribesState): GameResult | null {
  if (s.phase !== Phase.Over) return null;
  const scores = Array.from(s.scores);
  const best = Math.max(...scores);
  return {
    winners: scores.flatMap((v, i) => (v === best ? [i] : [])),
    scores,
    reason: END_REASON_TEXT[s.endReason as EndReason],
  };
}

function perTribe(a: ArrayLike<number>, base: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < TRIBE_COUNT; t++) out.push(a[base + t]);
  return out;
}

/** What every viewer of `s` sees alike: all of the view but whose it is, the hand and the own commitment. */
function sharedParts(s: TribesState) {
  const n = s.players;
  const seats = [...Array(n).keys()];
  const inConflict = s.phase === Phase.Commit;
  const map = s.map;
  return {
    seats,
    inConflict,
    provinces: map.provinces.map((p) => ({
      id: p.id,
      markers: perTribe(s.markers, p.index * TRIBE_COUNT),
      peace: s.peaceCentury[p.index] || null,
    })),
    supply: Array.from(s.supply),
    influence: seats.map((i) => perTribe(s.influence, i * TRIBE_COUNT)),
    scores: Array.from(s.scores),
    tiles: seats.map((i) => ({
      double: !(s.tilesUsed[i] & Tile.Double),
      trade: !(s.tilesUsed[i] & Tile.Trade),
      influence: !(s.tilesUsed[i] & Tile.Influence),
    })),
    peaceTilesLeft: peaceTilesLeft(s.peacePlaced),
    handSizes: Array.from(s.handSize),
    discard: Array.from(s.discard),
    pendingConflicts:
      s.phase === Phase.Over
        ? []
        : Array.from(
            s.conflicts.subarray(s.conflictIdx + (inConflict ? 1 : 0), s.conflictCount),
            (p) => map.provinces[p].id,
          ),
    committed: inConflict ? seats.map((i) => (s.commitCount[i] < 0 ? null : s.commitCount[i])) : null,
    lastConflict:
      s.lastConflict < 0
        ? null
        : {
            province: map.provinces[s.lastConflict].id,
            cards: seats.map((i) => perTribe(s.lastReveal, i * TRIBE_COUNT)),
            removed: TRIBES.filter((_, t) => (s.lastRemoved >> t) & 1),
          },
    result: gameResult(s),
  };
}

function assemble(s: TribesState, shared: ReturnType<typeof sharedParts>, viewer: Viewer): TribesView {
  const seat = viewer === 'spectator' ? null : viewer.seat;
  const map = s.map;
  return {
    tribes: TRIBES,
    viewer: seat,
    players: s.players,
    options: s.options,
    mapName: map.name,
    firstPlayer: s.firstPlayer,
    turn: s.turn,
    active: s.active,
    toAct: s.phase === Phase.Over ? null : s.toAct,
    phase: PHASE_NAMES[s.phase],
    century: centuryOf(s.peacePlaced),
    cardInfluence: cardInfluence(centuryOf(s.peacePlaced)),
    peaceTilesLeft: shared.peaceTilesLeft,
    provinces: shared.provinces,
    supply: shared.supply,
    influence: shared.influence,
    scores: shared.scores,
    tiles: shared.tiles,
    tileUsedThisTurn: s.tileThisTurn,
    handSizes: shared.handSizes,
    hand: seat === null ? null : perTribe(s.hands, seat * TRIBE_COUNT),
    drawPile: s.drawEnd - s.drawPos,
    discard: shared.discard,
    card: s.card >= 0 ? TRIBES[s.card] : null,
    cardsLeftInTurn: s.cardsLeft,
    placedThisTurn: s.placedThisTurn,
    turnsWithoutPlacement: s.idleTurns,
    pendingConflicts: shared.pendingConflicts,
    conflict:
      shared.inConflict && shared.committed
        ? {
            province: map.provinces[s.conflicts[s.conflictIdx]].id,
            committed: shared.committed,
            own: seat === null ? null : perTribe(s.committed, seat * TRIBE_COUNT),
          }
        : null,
    lastConflict: shared.lastConflict,
    result: shared.result,
  };
}

export function viewOf(s: TribesState, viewer: Viewer): TribesView {
  return assemble(s, sharedParts(s), viewer);
}

/**
 * The views of several viewers at once, each equal to `viewOf`'s: what they see alike is built once, and
 * is the same objects in each (a server serializes those once for all its audiences). Read-only.
 */
export function viewsOf(s: TribesState, viewers: readonly Viewer[]): TribesView[] {
  const shared = sharedParts(s);
  return viewers.map((viewer) => assemble(s, shared, viewer));
}
