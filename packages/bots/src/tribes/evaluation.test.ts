import { describe, expect, it } from 'vitest';
import { FEATURE_COUNT, evalFeatures } from './eval-features.js';
import { EVAL_WEIGHTS_2P } from './eval-weights.js';
import { winChance2p } from './evaluation.js';
import { estimatedRewards } from './rollout.js';
import { randomGame } from './testkit.js';

describe('learned 2-player evaluation', () => {
  const positions = Array.from({ length: 40 }, (_, k) => randomGame(2, `eval-${k}`, 10 + 3 * k)).filter(
    (s) => !s.over,
  );

  it('has one weight per feature for each of the four centuries', () => {
    expect(EVAL_WEIGHTS_2P).toHaveLength(4);
    for (const w of EVAL_WEIGHTS_2P) expect(w).toHaveLength(FEATURE_COUNT);
  });

  it("judges a position and its mirror image alike: one seat's features are the other's negated", () => {
    const a = new Float64Array(FEATURE_COUNT);
    const b = new Float64Array(FEATURE_COUNT);
    expect(positions.length).toBeGreaterThan(25);
    for (const s of positions) {
      evalFeatures(s, 0, a);
      evalFeatures(s, 1, b);
      for (let k = 0; k < FEATURE_COUNT; k++) expect(a[k]).toBeCloseTo(-b[k], 12);
      expect(winChance2p(s, 0) + winChance2p(s, 1)).toBeCloseTo(1, 12);
    }
  });

  it('gives cut-off playouts chances in (0, 1) that sum to 1', () => {
    const out = new Float64Array(2);
    for (const s of positions) {
      estimatedRewards(s, out, 3);
      expect(out[0]).toBeGreaterThan(0);
      expect(out[0]).toBeLessThan(1);
      expect(out[0] + out[1]).toBeCloseTo(1, 12);
    }
  });

  it('rates a seat higher the more points it has, other things equal', () => {
    const s = positions.find((p) => p.peacePlaced >= 1);
    expect(s).toBeDefined();
    const before = winChance2p(s!, 0);
    s!.scores[0] += 10;
    expect(winChance2p(s!, 0)).toBeGreaterThan(before);
  });
});
