/** Summaries with 95% confidence intervals, for arena results. */

const Z95 = 1.959964;

export interface Interval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** The mean of a proportion-like sample (values in [0, 1]) with a Wilson score interval, which stays inside [0, 1]. */
export function rateInterval(values: readonly number[]): Interval {
  const n = values.length;
  if (n === 0) return { mean: NaN, low: NaN, high: NaN };
  const p = values.reduce((a, b) => a + b, 0) / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return {
    mean: p,
    low: p === 0 ? 0 : Math.max(0, centre - half),
    high: p === 1 ? 1 : Math.min(1, centre + half),
  };
}

/** The mean with a normal-approximation interval (sample standard deviation). */
export function meanInterval(values: readonly number[]): Interval {
  const n = values.length;
  if (n === 0) return { mean: NaN, low: NaN, high: NaN };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { mean, low: mean, high: mean };
  const variance = values.reduce((a, v) => a + (v - mean) * (v - mean), 0) / (n - 1);
  const half = Z95 * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}
