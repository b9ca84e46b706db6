/**
 * determinize.ts as it was before the determinizer (commit f2c3582), kept verbatim as the reference that the
 * faster sampler must match draw for draw and field by field.
 */
import { Rng } from '@attila/core';
import type { TribesMap } from './map.js';
import { END_REASON_TEXT } from './engine.js';
import { EndReason, Phase, Tile, TribesState, type Phase as PhaseT } from './state.js';
import { CARDS_PER_TRIBE, TRIBE_COUNT, tribeIndex } from './tribes.js';
import type { TribesView } from './view.js';

const T = TRIBE_COUNT;
const PHASES: Record<TribesView['phase'], PhaseT> = {
  play: Phase.Play,
  influence: Phase.Influence,
  commit: Phase.Commit,
  over: Phase.Over,
};

function takeRandom(pool: number[], rng: Rng, accept: (tribe: number) => boolean): number {
  const candidates: number[] = [];
  for (let i = 0; i < pool.length; i++) if (accept(pool[i])) candidates.push(i);
  if (candidates.length === 0) throw new Error('determinize: the view is inconsistent (no card fits)');
  const i = candidates[rng.int(candidates.length)];
  const tribe = pool[i];
  pool[i] = pool[pool.length - 1];
  pool.pop();
  return tribe;
}

const indexCache = new WeakMap<TribesMap, Map<string, number>>();

function indexOf(map: TribesMap): Map<string, number> {
  let index = indexCache.get(map);
  if (!index) {
    index = new Map(map.provinces.map((p) => [p.id, p.index]));
    indexCache.set(map, index);
  }
  return index;
}

export function referenceDeterminize(view: TribesView, map: TribesMap, rng: Rng): TribesState {
  const n = view.players;
  const index = indexOf(map);
  const provinceAt = (id: string): number => {
    const p = index.get(id);
    if (p === undefined) throw new Error(`determinize: the view names province "${id}", not on this map`);
    return p;
  };
  const me = view.viewer;
  const s = new TribesState(map, view.options, n, Rng.fromSeed(rng.nextU32()));
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
  const pool: number[] = [];
  for (let t = 0; t < T; t++) for (let k = 0; k < unseen[t]; k++) pool.push(t);
  if (view.conflict) {
    const p = provinceAt(view.conflict.province);
    const eligible = (t: number) => view.options.conflictBluffCards || s.markers[p * T + t] > 0;
    view.conflict.committed.forEach((c, i) => {
      if (i === me || c === null) return;
      for (let k = 0; k < c; k++) s.committed[i * T + takeRandom(pool, rng, eligible)]++;
    });
  }
  rng.shuffle(pool);
  let next = 0;
  for (let i = 0; i < n; i++) {
    if (i === me) continue;
    for (let k = 0; k < view.handSizes[i]; k++) s.hands[i * T + pool[next++]]++;
  }
  if (pool.length - next !== view.drawPile)
    throw new Error('determinize: the view is inconsistent (card count)');
  for (let k = 0; next < pool.length; k++) s.draw[k] = pool[next++];
  s.drawPos = 0;
  s.drawEnd = view.drawPile;
  return s;
}
