/**
 * Features of a 2-player position for one seat, for the learned cut-off evaluation (see evaluation.ts). Each is
 * the seat's figure minus its rival's, so that a position and its mirror image get opposite values.
 */
import { MARKERS_PER_TRIBE, TRIBE_COUNT, scoreTribe, type TribesState } from '@attila/tribes';

export const FEATURE_NAMES = ['score', 'pending', 'leads', 'active'] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

const points = new Int32Array(8);

/** Writes the features of `s` for `seat` (2 players) into `out`. */
export function evalFeatures(s: TribesState, seat: number, out: Float64Array): void {
  const rival = 1 - seat;
  points.fill(0);
  for (let t = 0; t < TRIBE_COUNT; t++) scoreTribe(s, t, points);
  let leads = 0;
  for (let t = 0; t < TRIBE_COUNT; t++) {
    const margin = s.influence[seat * TRIBE_COUNT + t] - s.influence[rival * TRIBE_COUNT + t];
    leads += Math.tanh(margin / 3) * (MARKERS_PER_TRIBE - s.supply[t]);
  }
  out[0] = s.scores[seat] - s.scores[rival];
  out[1] = points[seat] - points[rival];
  out[2] = leads;
  out[3] = s.active === seat ? 1 : -1;
}
