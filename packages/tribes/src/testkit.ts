/**
 * Helpers for the engine's tests: build a game with chosen options, put markers and hands in place while
 * keeping every card and marker accounted for, and play moves by their notation.
 */
import { unwrap, type GameEvent } from '@attila/core';
import { applyInPlace } from './engine.js';
import { legalMoveCodes, MAX_MOVES } from './legal.js';
import { playMove } from './game.js';
import { provinceIndex } from './map.js';
import { formatMove } from './notation.js';
import { parseSettings, type TribesOptions } from './settings.js';
import { createGame } from './setup.js';
import type { TribesState } from './state.js';
import { CARDS_PER_TRIBE, TRIBE_COUNT, TRIBES, tribeIndex } from './tribes.js';

export function newGame(
  players: number,
  options: Partial<TribesOptions> = {},
  extra: { firstPlayer?: number; deck?: string[]; seed?: string } = {},
): TribesState {
  const settings = unwrap(
    parseSettings({ players, firstPlayer: extra.firstPlayer ?? 0, options, deck: extra.deck }),
  );
  return createGame(settings, extra.seed ?? 'test');
}

export function pid(s: TribesState, id: string): number {
  const p = provinceIndex(s.map, id);
  if (p < 0) throw new Error(`no province ${id}`);
  return p;
}

export function tid(name: string): number {
  const t = tribeIndex(name);
  if (t < 0) throw new Error(`no tribe ${name}`);
  return t;
}

/** Puts markers straight from the supply (no conflict is triggered; at most 4 per province). */
export function put(s: TribesState, province: string, tribe: string, count = 1): void {
  const p = pid(s, province);
  const t = tid(tribe);
  s.markers[p * TRIBE_COUNT + t] += count;
  s.total[p] += count;
  s.supply[t] -= count;
  s.presence[t] |= 1 << p;
  s.reach[t] |= s.map.adjacency[p] | (1 << p);
  if (s.total[p] >= 5) throw new Error('put: use moves to reach 5 markers');
}

/** Marks a province peaceful (as if its conflict had been fought) without scoring. */
export function makePeaceful(s: TribesState, province: string, century = 4): void {
  const p = pid(s, province);
  s.peace |= 1 << p;
  s.open &= ~(1 << p);
  s.peaceCentury[p] = century;
  s.peacePlaced++;
}

function cardsIn(list: readonly string[]): number[] {
  const counts = new Array<number>(TRIBE_COUNT).fill(0);
  for (const c of list) counts[tid(c)]++;
  return counts;
}

/** Makes a hand exactly `cards`, swapping cards with the draw pile (then the discard pile); `top` orders the pile. */
export function setHand(
  s: TribesState,
  seat: number,
  cards: readonly string[],
  top: readonly string[] = [],
): void {
  const pile = Array.from(s.draw.subarray(s.drawPos, s.drawEnd));
  for (let t = 0; t < TRIBE_COUNT; t++)
    for (let k = 0; k < s.hands[seat * TRIBE_COUNT + t]; k++) pile.push(t);
  s.hands.fill(0, seat * TRIBE_COUNT, seat * TRIBE_COUNT + TRIBE_COUNT);
  const take = (t: number) => {
    const i = pile.indexOf(t);
    if (i >= 0) pile.splice(i, 1);
    else if (s.discard[t] > 0) s.discard[t]--;
    else throw new Error(`setHand: no ${TRIBES[t]} left in the draw or discard pile`);
  };
  const want = cardsIn(cards);
  for (let t = 0; t < TRIBE_COUNT; t++) for (let k = 0; k < want[t]; k++) take(t);
  s.hands.set(want, seat * TRIBE_COUNT);
  s.handSize[seat] = cards.length;
  const first: number[] = [];
  for (const c of top) {
    const i = pile.indexOf(tid(c));
    if (i < 0) throw new Error(`setHand: no ${c} in the draw pile for its top`);
    first.push(pile.splice(i, 1)[0]);
  }
  const order = [...first, ...pile];
  s.draw.set(order, 0);
  s.drawPos = 0;
  s.drawEnd = order.length;
}

/** Moves the whole draw pile to the discard pile except the given top cards (for reshuffle tests). */
export function emptyDrawPile(s: TribesState, keep: readonly string[] = []): void {
  const pile = Array.from(s.draw.subarray(s.drawPos, s.drawEnd));
  const kept: number[] = [];
  for (const c of keep) kept.push(pile.splice(pile.indexOf(tid(c)), 1)[0]);
  for (const t of pile) s.discard[t]++;
  s.draw.set(kept, 0);
  s.drawPos = 0;
  s.drawEnd = kept.length;
}

/** Plays moves by notation for whoever must act; throws on a refused move. Returns all events. */
export function play(s: TribesState, ...moves: string[]): { state: TribesState; events: GameEvent[] } {
  let state = s;
  const events: GameEvent[] = [];
  for (const move of moves) {
    const r = playMove(state, state.toAct, move);
    if (!r.ok) throw new Error(`${move}: ${r.error.message}`);
    state = r.value.state;
    events.push(...r.value.events);
  }
  return { state, events };
}

export function legal(s: TribesState): string[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = legalMoveCodes(s, buf);
  return Array.from(buf.subarray(0, n), (m) => formatMove(s.map, m));
}

/** Playable-card moves only (no tiles), for placement tests. */
export function placements(s: TribesState, tribe: string): string[] {
  return legal(s)
    .filter((m) => m.startsWith(`play ${tribe} `))
    .map((m) => m.split(' ')[2])
    .sort();
}

export function hand(s: TribesState, seat: number): number[] {
  return Array.from(s.hands.subarray(seat * TRIBE_COUNT, seat * TRIBE_COUNT + TRIBE_COUNT));
}

/** Every card of every tribe: hands, draw pile, discard pile, laid in a conflict. */
export function cardCensus(s: TribesState): number[] {
  const counts = Array.from(s.discard);
  for (let i = 0; i < s.players * TRIBE_COUNT; i++) counts[i % TRIBE_COUNT] += s.hands[i] + s.committed[i];
  for (let i = s.drawPos; i < s.drawEnd; i++) counts[s.draw[i]]++;
  return counts;
}

export const FULL_DECK = CARDS_PER_TRIBE;
export { applyInPlace };
