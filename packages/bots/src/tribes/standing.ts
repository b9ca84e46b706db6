/**
 * A static judgement of a position for one seat, in points: its score plus what it would score if the
 * tribes were scored now, minus the same for its best rival. Influence where it leads or can take the lead,
 * and markers of tribes it leads, raise it; so does knocking out a rival's tribe.
 */
import { TRIBE_COUNT, scoreTribe, type TribesState } from '@attila/tribes';

const points = new Int32Array(8);

export function standing(s: TribesState, seat: number): number {
  const n = s.players;
  points.fill(0);
  for (let t = 0; t < TRIBE_COUNT; t++) scoreTribe(s, t, points);
  // A scoring not yet made is worth less than points in hand, and more so the more scorings remain.
  const weight = s.over ? 0 : 0.8;
  let rival = -Infinity;
  for (let i = 0; i < n; i++) {
    if (i === seat) continue;
    const v = s.scores[i] + weight * points[i];
    if (v > rival) rival = v;
  }
  return s.scores[seat] + weight * points[seat] - rival;
}
