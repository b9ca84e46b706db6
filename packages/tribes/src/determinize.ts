/**
 * A full state from one seat's view plus a guess of what that seat cannot see: the other hands, the cards
 * others laid face down in the current conflict, and the draw pile's order. The guess is uniform over the
 * unseen cards (those not in the viewer's hand, the viewer's laid cards or the discard pile) given the hand
 * sizes, the pile size and that laid cards must belong to tribes in the conflict (unless bluffing is on).
 * This is what information-set search samples from; views of the result equal the view it came from.
 */
import { Rng } from '@attila/core';
import type { TribesMap } from './map.js';
import { END_REASON_TEXT } from './engine.js';
import { EndReason, Phase, Tile, TribesState, type Phase as PhaseT } from './state.js';
import { CARDS_PER_TRIBE, DECK_SIZE, TRIBE_COUNT, tribeIndex } from './tribes.js';
import type { TribesView } from './view.js';

const T = TRIBE_COUNT;
const PHASES: Record<TribesView['phase'], PhaseT> = {
  play: Phase.Play,
  influence: Phase.Influence,
  commit: Phase.Commit,
  over: Phase.Over,
};

const indexCache = new WeakMap<TribesMap, Map<string, number>>();

function indexOf(map: TribesMap): Map<string, number> {
  let index = indexCache.get(map);
  if (!index) {
    index = new Map(map.provinces.map((p) => [p.id, p.index]));
    indexCache.set(map, index);
  }
  return index;
}

/**
 * Draws states from one view, again and again. Everything that does not depend on the random draws (the board,
 * tracks, scores, the viewer's cards, the unseen cards before the draws) is worked out once, when it is built.
 */
export interface Determinizer {
  /**
   * A sample, drawn with the same calls on `rng` and equal field by field to `determinize(view, map, rng)`.
   * It is the same state object every time, overwritten by the next call: a search that plays each sample out
   * in place and keeps none saves building one per iteration.
   */
  sample(rng: Rng): TribesState;
}

interface Plan {
  readonly template: TribesState;
  /** The unseen cards, `poolSize` of them, in the order determinize has always built them (by tribe). */
  readonly pool: Uint8Array;
  readonly poolSize: number;
  /** A bit per tribe that other seats' face-down cards may belong to, and how many pool cards have one. */
  readonly eligible: number;
  readonly fits: number;
  /** Seats and counts of the face-down cards others laid, in seat order. */
  readonly laidSeats: readonly number[];
  readonly laidCounts: readonly number[];
  /** Seats whose hands are drawn, in seat order. */
  readonly drawnSeats: readonly number[];
}

function planOf(view: TribesView, map: TribesMap): Plan {
  const n = view.players;
  const index = indexOf(map);
  const provinceAt = (id: string): number => {
    const p = index.get(id);
    if (p === undefined) throw new Error(`determinize: the view names province "${id}", not on this map`);
    return p;
  };
  const me = view.viewer;
  // A placeholder generator: each sample reseeds it from its first draw.
  const s = new TribesState(map, view.options, n, Rng.fromWords(1, 0, 0, 0));
  // The board.
  for (const pv of view.provinces) {
    const p = provinceAt(pv.id);
    for (let t = 0; t < T; t++) {
      const k = pv.markers[t];
      s.markers[p * T + t] = k;
      s.total[p] += k;
      if (k) s.presence[t] |= 1 << p;
    }
    if (pv.peace !== null) {
      s.peace |= 1 << p;
      s.peaceCentury[p] = pv.peace;
    }
    if (s.total[p] >= 5 || pv.peace !== null) s.open &= ~(1 << p);
  }
  for (let t = 0; t < T; t++) {
    let reach = map.startMask | s.presence[t];
    for (let p = 0; p < map.provinces.length; p++) if ((s.presence[t] >> p) & 1) reach |= map.adjacency[p];
    s.reach[t] = reach;
    s.supply[t] = view.supply[t];
    s.discard[t] = view.discard[t];
  }
  s.peacePlaced = 10 - view.peaceTilesLeft.reduce((a, b) => a + b, 0);
  // Players and the turn.
  for (let i = 0; i < n; i++) {
    for (let t = 0; t < T; t++) s.influence[i * T + t] = view.influence[i][t];
    s.scores[i] = view.scores[i];
    const tiles = view.tiles[i];
    s.tilesUsed[i] =
      (tiles.double ? 0 : Tile.Double) |
      (tiles.trade ? 0 : Tile.Trade) |
      (tiles.influence ? 0 : Tile.Influence);
    s.handSize[i] = view.handSizes[i];
  }
  s.topReached = view.influence.some((row) => row.some((v) => v >= view.options.influenceTrackTop));
  s.tileThisTurn = view.tileUsedThisTurn;
  s.firstPlayer = view.firstPlayer;
  s.active = view.active;
  s.turn = view.turn;
  s.phase = PHASES[view.phase];
  s.card = view.card === null ? -1 : tribeIndex(view.card);
  s.cardsLeft = view.cardsLeftInTurn;
  s.placedThisTurn = view.placedThisTurn;
  s.idleTurns = view.turnsWithoutPlacement;
  const queue = view.conflict ? [view.conflict.province, ...view.pendingConflicts] : view.pendingConflicts;
  queue.forEach((id, i) => (s.conflicts[i] = provinceAt(id)));
  s.conflictCount = queue.length;
  s.conflictIdx = 0;
  if (view.conflict && view.toAct !== null) {
    s.commitSeat = view.toAct;
    view.conflict.committed.forEach((c, i) => (s.commitCount[i] = c === null ? -1 : c));
  }
  if (view.lastConflict) {
    s.lastConflict = provinceAt(view.lastConflict.province);
    view.lastConflict.cards.forEach((row, i) => row.forEach((c, t) => (s.lastReveal[i * T + t] = c)));
    for (const name of view.lastConflict.removed) s.lastRemoved |= 1 << tribeIndex(name);
  }
  if (view.result) {
    const reason = Object.entries(END_REASON_TEXT).find(([, text]) => text === view.result!.reason);
    s.endReason = Number(reason?.[0] ?? EndReason.LastPeaceTile) as EndReason;
  }
  // The cards: what the viewer knows, then the unseen ones at random.
  const unseen = new Array<number>(T).fill(CARDS_PER_TRIBE);
  for (let t = 0; t < T; t++) unseen[t] -= view.discard[t];
  if (me !== null) {
    for (let t = 0; t < T; t++) {
      s.hands[me * T + t] = view.hand![t];
      unseen[t] -= view.hand![t];
      if (view.conflict?.own) {
        s.committed[me * T + t] = view.conflict.own[t];
        unseen[t] -= view.conflict.own[t];
      }
    }
  }
  const pool = new Uint8Array(DECK_SIZE);
  let poolSize = 0;
  for (let t = 0; t < T; t++) for (let k = 0; k < unseen[t]; k++) pool[poolSize++] = t;
  let eligible = 0;
  const laidSeats: number[] = [];
  const laidCounts: number[] = [];
  if (view.conflict) {
    const p = provinceAt(view.conflict.province);
    for (let t = 0; t < T; t++)
      if (view.options.conflictBluffCards || s.markers[p * T + t] > 0) eligible |= 1 << t;
    view.conflict.committed.forEach((c, i) => {
      if (i === me || c === null || c === 0) return;
      laidSeats.push(i);
      laidCounts.push(c);
    });
  }
  // Each face-down card takes one eligible card from the pool, so the draws fail exactly when they need more.
  let fits = 0;
  for (let k = 0; k < poolSize; k++) if ((eligible >> pool[k]) & 1) fits++;
  const laid = laidCounts.reduce((a, b) => a + b, 0);
  if (laid > fits) throw new Error('determinize: the view is inconsistent (no card fits)');
  const drawnSeats: number[] = [];
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    if (i === me) continue;
    drawnSeats.push(i);
    drawn += view.handSizes[i];
  }
  if (poolSize - laid - drawn !== view.drawPile)
    throw new Error('determinize: the view is inconsistent (card count)');
  s.drawPos = 0;
  s.drawEnd = view.drawPile;
  return { template: s, pool, poolSize, eligible, fits, laidSeats, laidCounts, drawnSeats };
}

/** One sample into `s` (the template itself, or a state of the same shape), with scratch space `pool`. */
function fill(plan: Plan, s: TribesState, pool: Uint8Array, rng: Rng): TribesState {
  const { template, eligible } = plan;
  if (s !== template) s.copyFrom(template);
  s.rng.reseed(rng.nextU32());
  pool.set(plan.pool);
  let size = plan.poolSize;
  // Each take removes one eligible card, so their count falls by one per take.
  let fits = plan.fits;
  for (let j = 0; j < plan.laidSeats.length; j++) {
    const row = plan.laidSeats[j] * T;
    for (let k = plan.laidCounts[j]; k > 0; k--) {
      // The r-th eligible card in pool order, then the last card moves into its place.
      let r = rng.int(fits--);
      let i = 0;
      for (; ; i++) if (((eligible >> pool[i]) & 1) === 1 && r-- === 0) break;
      s.committed[row + pool[i]]++;
      pool[i] = pool[--size];
    }
  }
  rng.shuffle(pool, size);
  let next = 0;
  for (const i of plan.drawnSeats) {
    const row = i * T;
    for (let k = s.handSize[i]; k > 0; k--) s.hands[row + pool[next++]]++;
  }
  for (let k = 0; next < size; k++) s.draw[k] = pool[next++];
  return s;
}

export function determinizer(view: TribesView, map: TribesMap): Determinizer {
  const plan = planOf(view, map);
  const scratch = plan.template.clone();
  const pool = new Uint8Array(DECK_SIZE);
  return { sample: (rng) => fill(plan, scratch, pool, rng) };
}

/** A fresh sample (see `Determinizer`; the module comment says what it guesses). */
export function determinize(view: TribesView, map: TribesMap, rng: Rng): TribesState {
  const plan = planOf(view, map);
  return fill(plan, plan.template, new Uint8Array(DECK_SIZE), rng);
}
