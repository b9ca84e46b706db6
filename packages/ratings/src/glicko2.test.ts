import { describe, expect, it } from 'vitest';
import { expectedScoreAgainst, ratingPeriod, type GlickoState } from './glicko2.js';

const paperPlayer: GlickoState = { rating: 1500, deviation: 200, volatility: 0.06 };
const paperGames = [
  { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
  { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
  { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
];

describe('Glicko-2 as in Glickman\'s "Example of the Glicko-2 system"', () => {
  it("reproduces the paper's worked example (τ = 0.5): r' 1464.06, RD' 151.52, σ' 0.05999", () => {
    const out = ratingPeriod(paperPlayer, paperGames, { tau: 0.5, periods: 1 });
    // The paper rounds μ' to -0.2069 before converting; unrounded it is 1464.0507.
    expect(Math.abs(out.rating - 1464.06)).toBeLessThan(0.015);
    expect(out.deviation).toBeCloseTo(151.52, 2);
    // The paper prints σ' cut to 0.05999; it is 0.0599960.
    expect(Math.abs(out.volatility - 0.05999)).toBeLessThan(0.00001);
    expect(out.volatility).toBeCloseTo(0.059996, 6);
    // The Illinois iteration needs only a handful of steps here.
    expect(out.iterations).toBeLessThan(10);
  });

  it('a period without games only widens the deviation (step 6): sqrt(φ² + σ²)', () => {
    const out = ratingPeriod(paperPlayer, [], { tau: 0.5, periods: 1 });
    expect(out.rating).toBe(1500);
    expect(out.volatility).toBe(0.06);
    expect(out.deviation).toBeCloseTo(Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2), 9);
  });

  it('step 6 with zero periods (each game its own period) leaves only the games to narrow the deviation', () => {
    const one = ratingPeriod(paperPlayer, paperGames, { tau: 0.5, periods: 1 });
    const zero = ratingPeriod(paperPlayer, paperGames, { tau: 0.5, periods: 0 });
    expect(zero.deviation).toBeLessThan(one.deviation);
  });

  it('the volatility rises after a surprising result and falls after an expected one', () => {
    const settled: GlickoState = { rating: 1500, deviation: 50, volatility: 0.06 };
    const strong = { rating: 2100, deviation: 50, volatility: 0.06 };
    const weak = { rating: 900, deviation: 50, volatility: 0.06 };
    const upset = ratingPeriod(settled, [{ opponent: strong, score: 1 }], { tau: 0.75, periods: 0 });
    const expected = ratingPeriod(settled, [{ opponent: weak, score: 1 }], { tau: 0.75, periods: 0 });
    expect(upset.volatility).toBeGreaterThan(0.06);
    expect(expected.volatility).toBeLessThan(0.06);
  });

  it('expected scores of two players add up to one only when their deviations are equal', () => {
    const a = { rating: 1600, deviation: 80, volatility: 0.06 };
    const b = { rating: 1450, deviation: 80, volatility: 0.06 };
    expect(expectedScoreAgainst(a, b) + expectedScoreAgainst(b, a)).toBeCloseTo(1, 12);
    expect(expectedScoreAgainst(a, b)).toBeGreaterThan(0.5);
  });
});
