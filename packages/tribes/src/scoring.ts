/**
 * Century scoring: for each tribe, the players ranked by influence share first place (one point per marker
 * of the tribe on the board) and second place (one point per province holding it), by the tie rules of
 * the rules page and the two-player second-place gap.
 */
import { popcount } from '@attila/core';
import type { Events } from './events.js';
import type { ScoringPlace, TribeScoring } from './events.js';
import type { TribesState } from './state.js';
import { MARKERS_PER_TRIBE, TRIBE_COUNT, TRIBES } from './tribes.js';

function share(total: number, k: number, up: boolean): number {
  return up ? Math.ceil(total / k) : Math.floor(total / k);
}

const markersOf = (s: TribesState, tribe: number): number => MARKERS_PER_TRIBE - s.supply[tribe];
const provincesOf = (s: TribesState, tribe: number): number => popcount(s.presence[tribe]);
/** Whether second place scores: always, except with two players further behind than the gap allows. */
const inReach = (s: TribesState, best: number, second: number): boolean =>
  s.players !== 2 || best - second <= s.options.twoPlayerSecondGap;

/** Each seat's place on a ranked track (the explanation of a scoring), into `places`. */
function placesOn(
  s: TribesState,
  tribe: number,
  places: ScoringPlace[],
  best: number,
  bestCount: number,
  second: number,
  secondCount: number,
): void {
  for (let seat = 0; seat < s.players; seat++) {
    const v = s.influence[seat * TRIBE_COUNT + tribe];
    if (v === 0) places[seat] = 'no-influence';
    else if (v === best) places[seat] = bestCount > 1 ? 'tied-first' : secondCount === 0 ? 'alone' : 'first';
    else if (v === second) places[seat] = inReach(s, best, second) ? 'second' : 'second-out-of-reach';
    else places[seat] = 'behind';
  }
}

/**
 * The one scoring of a tribe's track: adds the points of `tribe` for each seat into `points` and, when `places`
 * is given, writes each seat's place there (the explanation). Locals only and an early exit for an empty
 * track: bots score tracks at every evaluated position.
 */
export function scoreTribe(
  s: TribesState,
  tribe: number,
  points: Int32Array,
  places: ScoringPlace[] | null = null,
): void {
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
  if (places) placesOn(s, tribe, places, best, bestCount, second, secondCount);
  if (bestCount === 0) return;
  const first = markersOf(s, tribe);
  const provinces = provincesOf(s, tribe);
  const up = s.options.tieRounding === 'up';
  let leaderGets: number;
  let secondGets = 0;
  if (bestCount > 1) leaderGets = share(first + provinces, bestCount, up);
  else if (secondCount === 0) leaderGets = first + provinces;
  else {
    leaderGets = first;
    if (inReach(s, best, second)) secondGets = share(provinces, secondCount, up);
  }
  for (let seat = 0; seat < n; seat++) {
    const v = s.influence[seat * TRIBE_COUNT + tribe];
    if (v === 0) continue;
    if (v === best) points[seat] += leaderGets;
    else if (v === second) points[seat] += secondGets;
  }
}

/** One tribe's scoring with everything behind it, read from the state of this moment. */
export function explainTribe(s: TribesState, tribe: number): TribeScoring {
  const points = new Int32Array(s.players);
  const places: ScoringPlace[] = [];
  scoreTribe(s, tribe, points, places);
  return {
    tribe: TRIBES[tribe],
    markers: markersOf(s, tribe),
    provinces: provincesOf(s, tribe),
    influence: Array.from({ length: s.players }, (_, seat) => s.influence[seat * TRIBE_COUNT + tribe]),
    places,
    points: Array.from(points),
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
