import { popcount, Rng, unwrap } from '@attila/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyInPlace } from './engine.js';
import { MAX_MOVES, legalMoveCodes } from './legal.js';
import { parseSettings, type TribesOptions } from './settings.js';
import { createGame } from './setup.js';
import type { TribesState } from './state.js';
import { cardCensus } from './testkit.js';
import { MARKERS_PER_TRIBE, TRIBE_COUNT } from './tribes.js';

const optionsArb: fc.Arbitrary<TribesOptions> = fc.record({
  conflictBluffCards: fc.boolean(),
  allTiedConflict: fc.constantFrom('removeAll' as const, 'removeNone' as const),
  tieRounding: fc.constantFrom('down' as const, 'up' as const),
  twoPlayerSecondGap: fc.integer({ min: 0, max: 4 }),
  influenceTrackTop: fc.constantFrom(22, 22, 12),
});

export const gameArb = fc.record({
  players: fc.integer({ min: 2, max: 5 }),
  options: optionsArb,
  seed: fc.string({ maxLength: 12 }),
  moveSeed: fc.integer(),
});

interface Prev {
  scores: Int32Array;
  influence: Uint8Array;
}

/**
 * Every invariant the rules imply, as the first violation found (or null); plain checks rather than
 * `expect` so that thousands of games stay fast. `peaceful` remembers each peaceful province's markers.
 */
function violation(s: TribesState, prev: Prev, peaceful: Map<number, string>): string | null {
  const P = s.map.provinces.length;
  const census = cardCensus(s);
  if (census.some((c) => c !== 9)) return `cards per tribe ${census.join(',')}`;
  for (let t = 0; t < TRIBE_COUNT; t++) {
    let onBoard = 0;
    for (let p = 0; p < P; p++) onBoard += s.markers[p * TRIBE_COUNT + t];
    if (onBoard + s.supply[t] !== MARKERS_PER_TRIBE)
      return `tribe ${t}: ${onBoard} on board + ${s.supply[t]} in supply`;
  }
  if (s.peacePlaced > 10 || popcount(s.peace) !== s.peacePlaced)
    return `peace tiles: ${s.peacePlaced} placed`;
  for (let p = 0; p < P; p++) {
    let sum = 0;
    for (let t = 0; t < TRIBE_COUNT; t++) sum += s.markers[p * TRIBE_COUNT + t];
    if (s.total[p] !== sum || sum > 5) return `province ${p} holds ${sum} (total ${s.total[p]})`;
    if (!s.map.provinces[p].playable && sum > 0) return `closed province ${p} holds markers`;
    if ((s.peace >> p) & 1) {
      const now = Array.from(s.markers.subarray(p * TRIBE_COUNT, (p + 1) * TRIBE_COUNT)).join();
      const then = peaceful.get(p);
      if (then === undefined) peaceful.set(p, now);
      else if (now !== then) return `peaceful province ${p} changed from ${then} to ${now}`;
    }
  }
  for (let seat = 0; seat < s.players; seat++) {
    if (s.scores[seat] < prev.scores[seat]) return `seat ${seat}'s score went down`;
    let cards = 0;
    for (let t = 0; t < TRIBE_COUNT; t++) {
      const i = seat * TRIBE_COUNT + t;
      if (s.influence[i] < prev.influence[i]) return `seat ${seat}'s influence on ${t} went down`;
      if (s.influence[i] > s.options.influenceTrackTop) return `influence above the top`;
      cards += s.hands[i];
    }
    if (s.handSize[seat] !== cards || cards > 6)
      return `seat ${seat} holds ${cards} cards (size ${s.handSize[seat]})`;
  }
  return null;
}

describe('properties over random games', () => {
  it(
    'cards (54), markers (20 per tribe) and peace tiles (10) are accounted for; no province above 5 or touched after peace; scores and influence never decrease',
    { tags: ['slow'] },
    () => {
      const buffer = new Int32Array(MAX_MOVES);
      fc.assert(
        fc.property(gameArb, ({ players, options, seed, moveSeed }) => {
          const s = createGame(unwrap(parseSettings({ players, options })), seed);
          const rng = Rng.fromSeed(moveSeed);
          const peaceful = new Map<number, string>();
          let prev: Prev = { scores: s.scores.slice(), influence: s.influence.slice() };
          let moves = 0;
          while (!s.over) {
            const n = legalMoveCodes(s, buffer);
            if (n === 0) throw new Error('no legal move in a running game');
            applyInPlace(s, buffer[rng.int(n)]);
            const broken = violation(s, prev, peaceful);
            if (broken) throw new Error(`after move ${moves + 1}: ${broken}`);
            prev = { scores: s.scores.slice(), influence: s.influence.slice() };
            if (++moves > 5000) throw new Error('the game does not end');
          }
          expect(legalMoveCodes(s, buffer)).toBe(0);
        }),
        { numRuns: 2000 },
      );
    },
  );
});
