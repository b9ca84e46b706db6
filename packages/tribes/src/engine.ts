/**
 * The rules: applying a move in place (turn flow, drawing, influence, conflicts, the end). Written for
 * speed (no allocation on the hot path when no event list is passed); moves are trusted here, the public
 * API checks them against `legalMoves` (legal.ts) first. Events, when collected, carry only public information.
 */
import type { Events } from './events.js';
import {
  MoveKind,
  moveCount,
  moveKind,
  moveProvince,
  moveSecondTribe,
  moveTribe,
  type MoveCode,
} from './moves.js';
import { scoreAll } from './scoring.js';
import { EndReason, Phase, Tile, cardInfluence, centuryOf, type TribesState } from './state.js';
import { HAND_SIZE, PEACE_TILES, PROVINCE_CAPACITY, TRIBE_COUNT, TRIBES, type TribeName } from './tribes.js';

export type { Events } from './events.js';

const T = TRIBE_COUNT;
const strength = new Int32Array(T);

function provinceId(s: TribesState, p: number): string {
  return s.map.provinces[p].id;
}

function cardList(counts: ArrayLike<number>, base: number): TribeName[] {
  const list: TribeName[] = [];
  for (let t = 0; t < T; t++) for (let k = 0; k < counts[base + t]; k++) list.push(TRIBES[t]);
  return list;
}

// ---------------------------------------------------------------------------------------------------------
// Turn flow

/** Deals nothing: starts the first turn of a freshly dealt state. */
export function startGame(s: TribesState, ev: Events): void {
  s.active = s.firstPlayer;
  startTurn(s, ev);
}

function startTurn(s: TribesState, ev: Events): void {
  s.turn++;
  s.tileThisTurn = false;
  s.placedThisTurn = false;
  s.cardsLeft = s.players === 2 ? 2 : 1;
  if (ev) ev.push({ type: 'turn-started', seat: s.active, turn: s.turn });
  beginCard(s, ev);
}

function beginCard(s: TribesState, ev: Events): void {
  s.cardsLeft--;
  s.card = -1;
  s.conflictCount = 0;
  s.conflictIdx = 0;
  if (s.handSize[s.active] === 0) {
    // Fine point 7: an empty hand when a card must be played ends the turn at once.
    if (ev) ev.push({ type: 'hand-empty', seat: s.active });
    endTurn(s, ev);
    return;
  }
  s.phase = Phase.Play;
}

function cardDone(s: TribesState, ev: Events): void {
  s.card = -1;
  if (s.cardsLeft > 0) beginCard(s, ev);
  else endTurn(s, ev);
}

function endTurn(s: TribesState, ev: Events): void {
  drawCards(s, s.active, HAND_SIZE - s.handSize[s.active], ev);
  s.idleTurns = s.placedThisTurn ? 0 : s.idleTurns + 1;
  if (ev) ev.push({ type: 'turn-ended', seat: s.active });
  let reason: EndReason = EndReason.None;
  for (let t = 0; t < T; t++) if (s.supply[t] === 0) reason = EndReason.SupplyEmpty;
  if (!reason && s.topReached) reason = EndReason.TrackTop;
  if (!reason && s.idleTurns >= s.players) reason = EndReason.NoPlacement;
  if (reason) {
    scoreAll(s, centuryOf(s.peacePlaced), true, ev);
    gameOver(s, reason, ev);
    return;
  }
  s.active = (s.active + 1) % s.players;
  startTurn(s, ev);
}

function gameOver(s: TribesState, reason: EndReason, ev: Events): void {
  s.phase = Phase.Over;
  s.endReason = reason;
  s.card = -1;
  if (ev) {
    const scores = Array.from(s.scores);
    const best = Math.max(...scores);
    ev.push({
      type: 'game-over',
      reason: END_REASON_TEXT[reason],
      scores,
      winners: scores.flatMap((v, i) => (v === best ? [i] : [])),
    });
  }
}

export const END_REASON_TEXT: Record<EndReason, string> = {
  [EndReason.None]: '',
  [EndReason.LastPeaceTile]: 'the last peace tile was placed',
  [EndReason.SupplyEmpty]: 'the last marker of a tribe was placed',
  [EndReason.TrackTop]: 'an influence marker reached the top of its track',
  [EndReason.NoPlacement]: 'a full round passed without a marker placed',
};

// ---------------------------------------------------------------------------------------------------------
// Cards

function reshuffle(s: TribesState, ev: Events): boolean {
  let k = 0;
  for (let t = 0; t < T; t++) for (let c = s.discard[t]; c > 0; c--) s.draw[k++] = t;
  if (k === 0) return false;
  s.discard.fill(0);
  for (let i = k - 1; i > 0; i--) {
    const j = s.rng.int(i + 1);
    const x = s.draw[i];
    s.draw[i] = s.draw[j];
    s.draw[j] = x;
  }
  s.drawPos = 0;
  s.drawEnd = k;
  if (ev) ev.push({ type: 'reshuffled', cards: k });
  return true;
}

/** Draws up to `count` cards, reshuffling the discard pile when the draw pile is empty (fine point 12). */
function drawCards(s: TribesState, seat: number, count: number, ev: Events): void {
  let drawn = 0;
  while (drawn < count) {
    if (s.drawPos === s.drawEnd && !reshuffle(s, ev)) break;
    s.hands[seat * T + s.draw[s.drawPos++]]++;
    drawn++;
  }
  s.handSize[seat] += drawn;
  if (ev && count > 0) ev.push({ type: 'cards-drawn', seat, count: drawn });
}

function addInfluence(
  s: TribesState,
  seat: number,
  tribe: number,
  amount: number,
  ev: Events,
  why: 'card' | 'tile',
): void {
  const i = seat * T + tribe;
  const from = s.influence[i];
  const top = s.options.influenceTrackTop;
  const to = Math.min(top, from + amount);
  s.influence[i] = to;
  if (to === top) s.topReached = true;
  if (ev) ev.push({ type: 'influence', seat, tribe: TRIBES[tribe], from, to, by: why });
}

// ---------------------------------------------------------------------------------------------------------
// Board

function place(s: TribesState, tribe: number, p: number, ev: Events, second: boolean): void {
  s.markers[p * T + tribe]++;
  s.supply[tribe]--;
  const total = ++s.total[p];
  const bit = 1 << p;
  if (!(s.presence[tribe] & bit)) {
    s.presence[tribe] |= bit;
    s.reach[tribe] |= s.map.adjacency[p];
  }
  s.placedThisTurn = true;
  if (total === PROVINCE_CAPACITY) {
    s.open &= ~bit;
    s.conflicts[s.conflictCount++] = p;
  }
  if (ev) {
    ev.push({
      type: 'marker-placed',
      seat: s.active,
      tribe: TRIBES[tribe],
      province: provinceId(s, p),
      markers: total,
      second,
    });
  }
}

function recomputeReach(s: TribesState, tribe: number): void {
  let reach = s.map.startMask;
  let mask = s.presence[tribe];
  reach |= mask;
  while (mask) {
    const low = mask & -mask;
    reach |= s.map.adjacency[31 - Math.clz32(low)];
    mask ^= low;
  }
  s.reach[tribe] = reach;
}

function nextConflict(s: TribesState, ev: Events): void {
  if (s.conflictIdx < s.conflictCount) {
    const p = s.conflicts[s.conflictIdx];
    s.phase = Phase.Commit;
    s.commitSeat = s.active;
    s.commitCount.fill(-1);
    if (ev) {
      const tribes: Partial<Record<TribeName, number>> = {};
      for (let t = 0; t < T; t++) if (s.markers[p * T + t]) tribes[TRIBES[t]] = s.markers[p * T + t];
      ev.push({ type: 'conflict-started', province: provinceId(s, p), markers: tribes });
    }
    return;
  }
  cardDone(s, ev);
}

function resolveConflict(s: TribesState, ev: Events): void {
  const p = s.conflicts[s.conflictIdx];
  const n = s.players;
  let present = 0;
  let min = 1 << 30;
  for (let t = 0; t < T; t++) {
    const m = s.markers[p * T + t];
    if (!m) continue;
    present |= 1 << t;
    let str = m;
    for (let seat = 0; seat < n; seat++) str += s.committed[seat * T + t];
    strength[t] = str;
    if (str < min) min = str;
  }
  let lose = 0;
  for (let t = 0; t < T; t++) if ((present >> t) & 1 && strength[t] === min) lose |= 1 << t;
  // Fine point 4: the option matters only when every tribe present ties for lowest.
  if (lose === present && s.options.allTiedConflict === 'removeNone') lose = 0;
  if (ev) {
    const strengths: Partial<Record<TribeName, number>> = {};
    for (let t = 0; t < T; t++) if ((present >> t) & 1) strengths[TRIBES[t]] = strength[t];
    const cards = [];
    for (let seat = 0; seat < n; seat++) cards.push(cardList(s.committed, seat * T));
    ev.push({ type: 'cards-revealed', province: provinceId(s, p), cards, strengths });
  }
  for (let t = 0; t < T; t++) {
    if (!((lose >> t) & 1)) continue;
    const k = s.markers[p * T + t];
    s.markers[p * T + t] = 0;
    s.total[p] -= k;
    s.supply[t] += k;
    s.presence[t] &= ~(1 << p);
    recomputeReach(s, t);
    if (ev) ev.push({ type: 'tribe-removed', province: provinceId(s, p), tribe: TRIBES[t], markers: k });
  }
  for (let i = 0; i < n * T; i++) {
    s.discard[i % T] += s.committed[i];
    s.lastReveal[i] = s.committed[i];
    s.committed[i] = 0;
  }
  s.lastConflict = p;
  s.lastRemoved = lose;
  const century = centuryOf(s.peacePlaced);
  s.peace |= 1 << p;
  s.open &= ~(1 << p);
  s.peaceCentury[p] = century;
  s.peacePlaced++;
  if (ev) ev.push({ type: 'peace-placed', province: provinceId(s, p), century });
  if (century !== centuryOf(s.peacePlaced) || s.peacePlaced === PEACE_TILES) {
    const last = s.peacePlaced === PEACE_TILES;
    scoreAll(s, century, last, ev);
    // Fine point 5: the 7th century's scoring is the final scoring; nothing more happens.
    if (last) {
      gameOver(s, EndReason.LastPeaceTile, ev);
      return;
    }
  }
  s.conflictIdx++;
  nextConflict(s, ev);
}

// ---------------------------------------------------------------------------------------------------------
// Applying a move

/** Applies a legal move for the seat to act. The move must come from `legalMoves` (not re-checked here). */
export function applyInPlace(s: TribesState, move: MoveCode, ev: Events = null): void {
  const a = s.active;
  switch (moveKind(move)) {
    case MoveKind.Play: {
      const t = moveTribe(move);
      s.hands[a * T + t]--;
      s.handSize[a]--;
      s.discard[t]++;
      s.card = t;
      if (ev) ev.push({ type: 'card-played', seat: a, tribe: TRIBES[t] });
      place(s, t, moveProvince(move), ev, false);
      s.phase = Phase.Influence;
      return;
    }
    case MoveKind.Influence:
      addInfluence(s, a, s.card, cardInfluence(centuryOf(s.peacePlaced)), ev, 'card');
      nextConflict(s, ev);
      return;
    case MoveKind.Second:
      place(s, s.card, moveProvince(move), ev, true);
      nextConflict(s, ev);
      return;
    case MoveKind.Commit: {
      const seat = s.commitSeat;
      let count = 0;
      for (let t = 0; t < T; t++) {
        const c = moveCount(move, t);
        if (!c) continue;
        s.hands[seat * T + t] -= c;
        s.committed[seat * T + t] += c;
        count += c;
      }
      s.handSize[seat] -= count;
      s.commitCount[seat] = count;
      if (ev) ev.push({ type: 'cards-committed', seat, count });
      s.commitSeat = (seat + 1) % s.players;
      if (s.commitSeat === a) resolveConflict(s, ev);
      return;
    }
    case MoveKind.Discard: {
      const t = moveTribe(move);
      // House rule: the hand is revealed, one card discarded, and the whole turn ends (fine point 7).
      if (ev) ev.push({ type: 'forced-discard', seat: a, hand: cardList(s.hands, a * T), tribe: TRIBES[t] });
      s.hands[a * T + t]--;
      s.handSize[a]--;
      s.discard[t]++;
      s.card = -1;
      endTurn(s, ev);
      return;
    }
    case MoveKind.Double:
      s.tilesUsed[a] |= Tile.Double;
      s.tileThisTurn = true;
      s.cardsLeft++;
      if (ev) ev.push({ type: 'tile-used', seat: a, tile: 'double' });
      return;
    case MoveKind.Trade: {
      s.tilesUsed[a] |= Tile.Trade;
      s.tileThisTurn = true;
      let count = 0;
      for (let t = 0; t < T; t++) {
        const c = moveCount(move, t);
        s.hands[a * T + t] -= c;
        s.discard[t] += c;
        count += c;
      }
      s.handSize[a] -= count;
      if (ev) {
        const discarded: TribeName[] = [];
        for (let t = 0; t < T; t++) for (let k = 0; k < moveCount(move, t); k++) discarded.push(TRIBES[t]);
        ev.push({ type: 'tile-used', seat: a, tile: 'trade', discarded });
      }
      // Fine point 8: discard first, then draw (a reshuffle may bring the traded cards back).
      drawCards(s, a, count, ev);
      return;
    }
    case MoveKind.TwoInfluence: {
      s.tilesUsed[a] |= Tile.Influence;
      s.tileThisTurn = true;
      const t1 = moveTribe(move);
      const t2 = moveSecondTribe(move);
      if (ev) ev.push({ type: 'tile-used', seat: a, tile: 'influence', tracks: [TRIBES[t1], TRIBES[t2]] });
      if (t1 === t2) addInfluence(s, a, t1, 2, ev, 'tile');
      else {
        addInfluence(s, a, t1, 1, ev, 'tile');
        addInfluence(s, a, t2, 1, ev, 'tile');
      }
      return;
    }
  }
}
