/**
 * Weights of the learned 2-player evaluation, per century (4th to 7th), in the order of FEATURE_NAMES
 * (score, pending, leads, active). Written by `npx tsx packages/bots/scripts/tribes-eval-fit.ts 4000 --write`; do not edit.
 */
export const EVAL_WEIGHTS_2P: readonly (readonly number[])[] = [
  [0, 0.0196, 0.0879, 0.0408],
  [0.0847, 0.0043, 0.1134, 0.0729],
  [0.0841, 0.0067, 0.1098, 0.1163],
  [0.1173, 0.0245, 0.0794, 0.2028],
];
