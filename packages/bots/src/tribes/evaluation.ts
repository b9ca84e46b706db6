/**
 * The learned evaluation of a cut-off playout with 2 players: the chance that a seat wins, as a logistic of
 * the features of eval-features.ts with weights per century. The weights come from
 * `scripts/tribes-eval-fit.ts` (logistic regression on positions of games between `greedy` players with some
 * random moves, labelled by who won). The hand-set standing it replaces, logistic(standing / 3), judged the
 * same positions badly (held-out log loss 0.70 to 0.92 against 0.47 to 0.69 for the fit: far too sure, and
 * blind to how safe a lead on a track is), and the search with it won about 5 points more often against
 * `greedy` (README).
 */
import { centuryOf, type TribesState } from '@attila/tribes';
import { evalFeatures, FEATURE_COUNT } from './eval-features.js';
import { EVAL_WEIGHTS_2P } from './eval-weights.js';

const features = new Float64Array(FEATURE_COUNT);

/** The win probability of `seat` in a 2-player position that is not over. */
export function winChance2p(s: TribesState, seat: number): number {
  const w = EVAL_WEIGHTS_2P[centuryOf(s.peacePlaced) - 4];
  evalFeatures(s, seat, features);
  let z = 0;
  for (let k = 0; k < FEATURE_COUNT; k++) z += w[k] * features[k];
  return 1 / (1 + Math.exp(-z));
}
