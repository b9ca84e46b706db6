/**
 * Century scoring: for each tribe, the players ranked by influence share first place (one point per marker
 * of the tribe on the board) and second place (one point per province holding it), by the tie rules of
 * the rules page and the two-player second-place gap.
 */
import { popcount } from '@attila/core';
import type { Events } from './engine.js';
import type { ScoringPlace, TribeScoring } from './events.js';
import type { TribesState } from './state.js';
import { MARKERS_PER_TRIBE, TRIBE_COUNT, TRIBES } from './tribes.js';

function share(total: number, k: number, up: boolean): number {
  return up ? Math.ceil(total / k) : Math.floor(total / k);
}

/** The ranking on one tribe's track and what each place is worth; one scratch record, reused (a hot path for bots). */
interface Ranking {
  best: number;
  bestCount: number;
  second: number;
  secondCount: number;
  /** Markers on the board and provinces held: the worth of first and second place. */
  markers: number;
  provinces: number;
  leaderGets: number;
  secondGets: number;
  /** Two players: whether the second is close enough to the leader to score. */
  inReach: boolean;
}

const ranking: Ranking = {
  best: 0,
  bestCount: 0,
  second: 0,
  secondCount: 0,
  markers: 0,
  provinces: 0,
  leaderGets: 0,
  secondGets: 0,
  inReach: true,
};

function rank(s: TribesState, tribe: number): Ranking {
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
  const first = MARKERS_PER_TRIBE - s.supply[tribe];
  const provinces = popcount(s.presence[tribe]);
  const up = s.options.tieRounding === 'up';
  let leaderGets: number;
  let secondGets = 0;
  const inReach = n !== 2 || best - second <= s.options.twoPlayerSecondGap;
  if (bestCount > 1) leaderGets = share(first + provinces, bestCount, up);
  else if (secondCount === 0) leaderGets = first + provinces;
  else {
    leaderGets = first;
    if (inReach) secondGets = share(provinces, secondCount, up);
  }
  const r = ranking;
  r.best = best;
  r.bestCount = bestCount;
  r.second = second;
  r.secondCount = secondCount;
  r.markers = first;
  r.provinces = provinces;
  r.leaderGets = leaderGets;
  r.secondGets = secondGets;
  r.inReach = inReach;
  return r;
}

function pointsOf(r: Ranking, v: number): number {
  if (v === 0) return 0;
  if (v === r.best) return r.leaderGets;
  return v === r.second ? r.secondGets : 0;
}

function placeOf(r: Ranking, v: number): ScoringPlace {
  if (v === 0) return 'no-influence';
  if (v === r.best) return r.bestCount > 1 ? 'tied-first' : r.secondCount === 0 ? 'alone' : 'first';
  if (v === r.second) return r.inReach ? 'second' : 'second-out-of-reach';
  return 'behind';
}

/** Adds the points of `tribe` for each seat into `points`. */
export function scoreTribe(s: TribesState, tribe: number, points: Int32Array): void {
  const r = rank(s, tribe);
  if (r.bestCount === 0) return;
  for (let seat = 0; seat < s.players; seat++) {
    points[seat] += pointsOf(r, s.influence[seat * TRIBE_COUNT + tribe]);
  }
}

/** One tribe's scoring with everything behind it, read from the state of this moment. */
export function explainTribe(s: TribesState, tribe: number): TribeScoring {
  const r = rank(s, tribe);
  const influence = Array.from({ length: s.players }, (_, seat) => s.influence[seat * TRIBE_COUNT + tribe]);
  return {
    tribe: TRIBES[tribe],
    markers: r.markers,
    provinces: r.provinces,
    influence,
    places: influence.map((v) => placeOf(r, v)),
    points: influence.map((v) => pointsOf(r, v)),
  };
}

const totalScratch = new Int32Array(8);

/** Scores all six tribes in order and adds the points to the scores. */
export function scoreAll(s: TribesState, century: number, final: boolean, ev: Events): void {
  const n = s.players;
  if (!ev) {
    const total = totalScratch.fill(0);
    for (let t = 0; t < TRIBE_COUNT; t++) scoreTribe(s, t, total);
    for (let seat = 0; seat < n; seat++) s.scores[seat] += total[seat];
    return;
  }
  const breakdown = TRIBES.map((_, t) => explainTribe(s, t));
  const points = Array.from({ length: n }, (_, seat) => breakdown.reduce((a, b) => a + b.points[seat], 0));
  for (let seat = 0; seat < n; seat++) s.scores[seat] += points[seat];
  ev.push({
    type: 'century-scored',
    century,
    final,
    points,
    byTribe: Object.fromEntries(breakdown.map((b) => [b.tribe, b.points])),
    scores: Array.from(s.scores),
    breakdown,
  });
}
