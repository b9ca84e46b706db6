/**
 * Glicko-2, step by step as in Glickman's "Example of the Glicko-2 system" (glicko.net, the 2022 revision):
 * one rating period for one player, from the results of that period's games. Pure arithmetic on plain
 * numbers; the choices about when a rating period starts, defaults and bounds live in `rate-game.ts`.
 */

/** Ratings on the Glicko scale (1500, RD 350) are this many times the Glicko-2 scale's (step 2). */
export const GLICKO2_SCALE = 173.7178;
const CENTRE = 1500;
/** The paper's convergence tolerance for the volatility (step 5). */
const EPSILON = 0.000001;
/**
 * The Illinois iteration converges in well under 20 steps for every input inside the bounds of
 * `rate-game.ts` (a property test counts them); this cap only keeps a bug from looping forever.
 */
const MAX_ITERATIONS = 200;

/** A player's Glicko-2 state on the Glicko scale (what people see): rating, RD, volatility σ. */
export interface GlickoState {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** One game of the period: the opponent's state before the period and the score (1 win, ½ draw, 0 loss). */
export interface GlickoResult {
  readonly opponent: GlickoState;
  readonly score: number;
}

export interface PeriodOptions {
  /** The system constant τ, which limits how fast the volatility changes (the paper's example: 0.5). */
  readonly tau: number;
  /**
   * Rating periods by which step 6 widens the deviation: the paper's 1 (each period is a span of time);
   * lichess's 0 (each game is its own period, and time is accounted for before the game).
   */
  readonly periods: number;
}

/** What one rating period did, and how many Illinois steps the volatility took (for tests and benchmarks). */
export interface PeriodOutcome extends GlickoState {
  readonly iterations: number;
}

export function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** The expected score against an opponent at `muJ` with deviation `phiJ` (Glicko-2 scale). */
export function expectedScore(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/** The expected score of `a` against `b`, both on the Glicko scale (the deviation of `b` widens it). */
export function expectedScoreAgainst(a: GlickoState, b: GlickoState): number {
  return expectedScore(
    (a.rating - CENTRE) / GLICKO2_SCALE,
    (b.rating - CENTRE) / GLICKO2_SCALE,
    b.deviation / GLICKO2_SCALE,
  );
}

/**
 * Step 5: the new volatility σ', the root of f by the Illinois variant of regula falsi, from the
 * bracket [A, B] the paper gives.
 */
function newVolatility(
  sigma: number,
  phi: number,
  v: number,
  delta: number,
  tau: number,
): { sigma: number; iterations: number } {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  let iterations = 0;
  while (Math.abs(B - A) > EPSILON && iterations < MAX_ITERATIONS) {
    iterations++;
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA = fA / 2;
    B = C;
    fB = fC;
  }
  return { sigma: Math.exp(A / 2), iterations };
}

/**
 * One rating period (steps 2 to 8). With no games only step 6 applies: the deviation widens by the
 * volatility for `periods` periods, rating and volatility unchanged.
 */
export function ratingPeriod(
  player: GlickoState,
  results: readonly GlickoResult[],
  options: PeriodOptions,
): PeriodOutcome {
  const mu = (player.rating - CENTRE) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    const widened = Math.sqrt(phi * phi + options.periods * sigma * sigma);
    return { ...player, deviation: widened * GLICKO2_SCALE, iterations: 0 };
  }
  // Steps 3 and 4: the estimated variance v and the improvement Δ.
  let information = 0;
  let improvement = 0;
  for (const r of results) {
    const muJ = (r.opponent.rating - CENTRE) / GLICKO2_SCALE;
    const phiJ = r.opponent.deviation / GLICKO2_SCALE;
    const gJ = g(phiJ);
    const e = expectedScore(mu, muJ, phiJ);
    information += gJ * gJ * e * (1 - e);
    improvement += gJ * (r.score - e);
  }
  const v = 1 / information;
  const delta = v * improvement;
  const volatility = newVolatility(sigma, phi, v, delta, options.tau);
  // Steps 6 and 7.
  const phiStar = Math.sqrt(phi * phi + options.periods * volatility.sigma * volatility.sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * improvement;
  // Step 8.
  return {
    rating: muNew * GLICKO2_SCALE + CENTRE,
    deviation: phiNew * GLICKO2_SCALE,
    volatility: volatility.sigma,
    iterations: volatility.iterations,
  };
}
