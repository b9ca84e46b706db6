/**
 * The full game state, compact and mutable: typed arrays, bitmasks over provinces, and cards as counts per
 * tribe (a hand's order never matters, and fine point 12 makes the discard pile's order irrelevant too).
 * The public API treats states as immutable values by cloning before each move; bots use `applyInPlace`
 * on their own clones. Per-tribe arrays are indexed `seat * 6 + tribe` or `province * 6 + tribe`.
 */
import type { Rng } from '@attila/core';
import type { TribesMap } from './map.js';
import type { TribesOptions } from './settings.js';
import { DECK_SIZE, MARKERS_PER_TRIBE, TRIBE_COUNT } from './tribes.js';

export const Phase = {
  /** The active player plays a card (or, with no playable card, discards one). */
  Play: 0,
  /** Step 2: influence, or a second marker of the card's tribe. */
  Influence: 1,
  /** A conflict: `commitSeat` lays cards face down. */
  Commit: 2,
  Over: 3,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

export const EndReason = { None: 0, LastPeaceTile: 1, SupplyEmpty: 2, TrackTop: 3, NoPlacement: 4 } as const;
export type EndReason = (typeof EndReason)[keyof typeof EndReason];

export const Tile = { Double: 1, Trade: 2, Influence: 4 } as const;

export class TribesState {
  readonly map: TribesMap;
  readonly options: TribesOptions;
  readonly players: number;
  rng: Rng;

  /** Cards in each hand, per tribe, and the hand sizes. */
  hands: Uint8Array;
  handSize: Uint8Array;
  /** The draw pile: cards draw[drawPos .. drawEnd), top first. */
  draw: Uint8Array;
  drawPos = 0;
  drawEnd = 0;
  /** The discard pile, per tribe. */
  discard: Uint8Array;

  /** Markers per province and tribe, markers per province, provinces holding each tribe. */
  markers: Uint8Array;
  total: Uint8Array;
  presence: Int32Array;
  /** Where each tribe may be placed before excluding closed provinces: start provinces, its own and their neighbours. */
  reach: Int32Array;
  supply: Uint8Array;
  /** Provinces still open to markers: playable, no peace tile, fewer than 5 markers. */
  open = 0;
  peace = 0;
  /** The century (4..7) of each province's peace tile, or 0. */
  peaceCentury: Uint8Array;
  peacePlaced = 0;

  influence: Uint8Array;
  scores: Int32Array;
  /** Used action tiles per seat, a mask of `Tile` bits. */
  tilesUsed: Uint8Array;
  tileThisTurn = false;

  firstPlayer = 0;
  active = 0;
  turn = 0;
  phase: Phase = Phase.Play;
  /** The tribe of the card being resolved, or -1. */
  card = -1;
  /** Cards still to play this turn after the current one (two-player turns, Double Turn). */
  cardsLeft = 0;
  placedThisTurn = false;
  /** Consecutive turns that ended without a marker placed (fine point 7). */
  idleTurns = 0;
  topReached = false;

  /** Provinces that reached 5 with the current card, in order; `conflictIdx` is the one being fought. */
  conflicts: Int8Array;
  conflictCount = 0;
  conflictIdx = 0;
  commitSeat = 0;
  /** Cards laid face down in the current conflict, and how many (-1: not yet committed). */
  committed: Uint8Array;
  commitCount: Int8Array;

  /** The last revealed conflict: its province (-1 if none yet), the cards each seat laid, the tribes removed. */
  lastConflict = -1;
  lastReveal: Uint8Array;
  lastRemoved = 0;

  endReason: EndReason = EndReason.None;

  constructor(map: TribesMap, options: TribesOptions, players: number, rng: Rng, from?: TribesState) {
    this.map = map;
    this.options = options;
    this.players = players;
    this.rng = rng;
    const provinces = map.provinces.length;
    if (from) {
      // Copying field by field (not Object.assign) keeps one object shape: clone is on the bots' hot path.
      this.hands = from.hands.slice();
      this.handSize = from.handSize.slice();
      this.draw = from.draw.slice();
      this.drawPos = from.drawPos;
      this.drawEnd = from.drawEnd;
      this.discard = from.discard.slice();
      this.markers = from.markers.slice();
      this.total = from.total.slice();
      this.presence = from.presence.slice();
      this.reach = from.reach.slice();
      this.supply = from.supply.slice();
      this.open = from.open;
      this.peace = from.peace;
      this.peaceCentury = from.peaceCentury.slice();
      this.peacePlaced = from.peacePlaced;
      this.influence = from.influence.slice();
      this.scores = from.scores.slice();
      this.tilesUsed = from.tilesUsed.slice();
      this.tileThisTurn = from.tileThisTurn;
      this.firstPlayer = from.firstPlayer;
      this.active = from.active;
      this.turn = from.turn;
      this.phase = from.phase;
      this.card = from.card;
      this.cardsLeft = from.cardsLeft;
      this.placedThisTurn = from.placedThisTurn;
      this.idleTurns = from.idleTurns;
      this.topReached = from.topReached;
      this.conflicts = from.conflicts.slice();
      this.conflictCount = from.conflictCount;
      this.conflictIdx = from.conflictIdx;
      this.commitSeat = from.commitSeat;
      this.committed = from.committed.slice();
      this.commitCount = from.commitCount.slice();
      this.lastConflict = from.lastConflict;
      this.lastReveal = from.lastReveal.slice();
      this.lastRemoved = from.lastRemoved;
      this.endReason = from.endReason;
      return;
    }
    this.hands = new Uint8Array(players * TRIBE_COUNT);
    this.handSize = new Uint8Array(players);
    this.draw = new Uint8Array(DECK_SIZE);
    this.discard = new Uint8Array(TRIBE_COUNT);
    this.markers = new Uint8Array(provinces * TRIBE_COUNT);
    this.total = new Uint8Array(provinces);
    this.presence = new Int32Array(TRIBE_COUNT);
    this.reach = new Int32Array(TRIBE_COUNT).fill(map.startMask);
    this.supply = new Uint8Array(TRIBE_COUNT).fill(MARKERS_PER_TRIBE);
    this.open = map.playableMask;
    this.peaceCentury = new Uint8Array(provinces);
    this.influence = new Uint8Array(players * TRIBE_COUNT);
    this.scores = new Int32Array(players);
    this.tilesUsed = new Uint8Array(players);
    this.conflicts = new Int8Array(2);
    this.committed = new Uint8Array(players * TRIBE_COUNT);
    this.commitCount = new Int8Array(players).fill(-1);
    this.lastReveal = new Uint8Array(players * TRIBE_COUNT);
  }

  /** The seat that must act, or -1 when the game is over. */
  get toAct(): number {
    if (this.phase === Phase.Over) return -1;
    return this.phase === Phase.Commit ? this.commitSeat : this.active;
  }

  get over(): boolean {
    return this.phase === Phase.Over;
  }

  /**
   * Makes this state equal to `from` (same map, options and players) without allocating, except for the
   * generator, which stays this state's own and keeps its position. It lists the same fields as the copying
   * constructor above: a sampler reuses one state per search iteration. (The constructor does not call this:
   * fresh arrays filled and then overwritten made `clone`, which greedy calls for every move it weighs, about
   * 15% slower than `slice`.)
   */
  copyFrom(from: TribesState): void {
    this.hands.set(from.hands);
    this.handSize.set(from.handSize);
    this.draw.set(from.draw);
    this.drawPos = from.drawPos;
    this.drawEnd = from.drawEnd;
    this.discard.set(from.discard);
    this.markers.set(from.markers);
    this.total.set(from.total);
    this.presence.set(from.presence);
    this.reach.set(from.reach);
    this.supply.set(from.supply);
    this.open = from.open;
    this.peace = from.peace;
    this.peaceCentury.set(from.peaceCentury);
    this.peacePlaced = from.peacePlaced;
    this.influence.set(from.influence);
    this.scores.set(from.scores);
    this.tilesUsed.set(from.tilesUsed);
    this.tileThisTurn = from.tileThisTurn;
    this.firstPlayer = from.firstPlayer;
    this.active = from.active;
    this.turn = from.turn;
    this.phase = from.phase;
    this.card = from.card;
    this.cardsLeft = from.cardsLeft;
    this.placedThisTurn = from.placedThisTurn;
    this.idleTurns = from.idleTurns;
    this.topReached = from.topReached;
    this.conflicts.set(from.conflicts);
    this.conflictCount = from.conflictCount;
    this.conflictIdx = from.conflictIdx;
    this.commitSeat = from.commitSeat;
    this.committed.set(from.committed);
    this.commitCount.set(from.commitCount);
    this.lastConflict = from.lastConflict;
    this.lastReveal.set(from.lastReveal);
    this.lastRemoved = from.lastRemoved;
    this.endReason = from.endReason;
  }

  clone(): TribesState {
    return new TribesState(this.map, this.options, this.players, this.rng.clone(), this);
  }
}

/** The century (4..7) whose peace tiles are being placed, given how many have been placed (0..10). */
export function centuryOf(peacePlaced: number): number {
  return peacePlaced < 1 ? 4 : peacePlaced < 3 ? 5 : peacePlaced < 6 ? 6 : 7;
}

/** The influence a card gives when taken in `century` (4th: 1, 5th: 2, 6th: 3, 7th: 4). */
export function cardInfluence(century: number): number {
  return century - 3;
}

/** The centuries of the track, each with its peace tiles (4th: 1 ... 7th: 4; 10 in all). */
export const CENTURIES: readonly { readonly century: number; readonly peaceTiles: number }[] = [
  { century: 4, peaceTiles: 1 },
  { century: 5, peaceTiles: 2 },
  { century: 6, peaceTiles: 3 },
  { century: 7, peaceTiles: 4 },
];

/** Peace tiles still on the 4th..7th centuries. */
export function peaceTilesLeft(peacePlaced: number): number[] {
  let before = 0;
  return CENTURIES.map(({ peaceTiles }) => {
    const left = Math.max(0, Math.min(peaceTiles, before + peaceTiles - peacePlaced));
    before += peaceTiles;
    return left;
  });
}
