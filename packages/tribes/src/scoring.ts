/**
 * Century scoring: for each tribe, the players ranked by influence share first place (one point per marker
 * of the tribe on the board) and second place (one point per province holding it), by the tie rules of
 * the rules page and the two-player second-place gap.
 */
import { popcount } from '@attila/core';
import type { Events } from './engine.js';
import type { TribesState } from './state.js';
import { MARKERS_PER_TRIBE, TRIBE_COUNT, TRIBES } from './tribes.js';

function share(total: number, k: number, up: boolean): number {
  return up ? Math.ceil(total / k) : Math.floor(total / k);
}

/** Adds the points of `tribe` for each seat into `points`. */
export function scoreTribe(s: TribesState, tribe: number, points: Int32Array): void {
  const n = s.players;
  let best = 0;
  let bestCount = 0;
  let second = 0;
  let secondCount = 0;
  for (let seat = 0; seat < n; seat++) {
    const v = s.influence[seat * TRIBE_COUNT + tribe];
    if (v === 0) continue;
    if (v > best) {
      second = best;
      secondCount = bestCount;
      best = v;
      bestCount = 1;
    } else if (v === best) bestCount++;
    else if (v > second) {
      second = v;
      secondCount = 1;
    } else if (v === second) secondCount++;
  }
  if (bestCount === 0) return;
  const first = MARKERS_PER_TRIBE - s.supply[tribe];
  const provinces = popcount(s.presence[tribe]);
  const up = s.options.tieRounding === 'up';
  let leaderGets: number;
  let secondGets = 0;
  if (bestCount > 1) leaderGets = share(first + provinces, bestCount, up);
  else if (secondCount === 0) leaderGets = first + provinces;
  else {
    leaderGets = first;
    const inReach = n !== 2 || best - second <= s.options.twoPlayerSecondGap;
    if (inReach) secondGets = share(provinces, secondCount, up);
  }
  for (let seat = 0; seat < n; seat++) {
    const v = s.influence[seat * TRIBE_COUNT + tribe];
    if (v === 0) continue;
    if (v === best) points[seat] += leaderGets;
    else if (v === second) points[seat] += secondGets;
  }
}

const totalScratch = new Int32Array(8);
const tribeScratch = new Int32Array(8);

/** Scores all six tribes in order and adds the points to the scores. */
export function scoreAll(s: TribesState, century: number, final: boolean, ev: Events): void {
  const n = s.players;
  const total = totalScratch.fill(0);
  const byTribe: Record<string, number[]> | null = ev ? {} : null;
  const tribePoints = tribeScratch;
  for (let t = 0; t < TRIBE_COUNT; t++) {
    tribePoints.fill(0);
    scoreTribe(s, t, tribePoints);
    for (let seat = 0; seat < n; seat++) total[seat] += tribePoints[seat];
    if (byTribe) byTribe[TRIBES[t]] = Array.from(tribePoints.subarray(0, n));
  }
  for (let seat = 0; seat < n; seat++) s.scores[seat] += total[seat];
  if (ev) {
    ev.push({
      type: 'century-scored',
      century,
      final,
      points: Array.from(total.subarray(0, n)),
      byTribe,
      scores: Array.from(s.scores),
    });
  }
}
