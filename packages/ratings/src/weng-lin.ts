/**
 * Weng and Lin's Bayesian approximation for a ranking of several players with the Bradley-Terry model over
 * every pair ("full pairing": Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12,
 * 2011, Algorithm 1; OpenSkill's `bradleyTerryFull`), for players who each play alone (no teams). Each pair
 * of players counts as one comparison: the one placed ahead won it, a tie is a draw (half a win). One
 * update per game, however many play; it depends on the places only, never on the seat order.
 */

export interface SkillBelief {
  /** The mean μ of the belief in a player's skill. */
  readonly mu: number;
  /** Its standard deviation σ. */
  readonly sigma: number;
}

export interface WengLinOptions {
  /** β: the spread of one game's performance around the skill (the luck of a single game). */
  readonly beta: number;
  /** κ: the least factor by which one game may shrink σ² (keeps σ positive). */
  readonly kappa: number;
  /**
   * γ: the share of a comparison's variance reduction that is taken, from the player's σ, the pair's c and
   * the number of players. Weng and Lin (and OpenSkill) damp it with σ/c; `dampedGamma` is that.
   */
  readonly gamma: (sigma: number, c: number, players: number) => number;
}

/** Weng and Lin's γ = σ/c, OpenSkill's default. */
export const dampedGamma = (sigma: number, c: number): number => sigma / c;

/** The chance that `a` finishes ahead of `b`: 1 / (1 + e^((μb − μa) / c)), c² = σa² + σb² + 2β². */
export function winChance(a: SkillBelief, b: SkillBelief, beta: number): number {
  const c = Math.sqrt(a.sigma * a.sigma + b.sigma * b.sigma + 2 * beta * beta);
  return 1 / (1 + Math.exp((b.mu - a.mu) / c));
}

/**
 * The beliefs after one game. `places[i]` is player i's place, lower is better, equal for a tie (1, 1, 3
 * or 0, 0, 1: only the order matters). Needs at least two players.
 */
export function bradleyTerryFull(
  players: readonly SkillBelief[],
  places: readonly number[],
  options: WengLinOptions,
): SkillBelief[] {
  const n = players.length;
  if (n < 2 || places.length !== n)
    throw new Error(`bradleyTerryFull: ${n} players and ${places.length} places`);
  return players.map((p, i) => {
    const variance = p.sigma * p.sigma;
    let omega = 0;
    let delta = 0;
    for (let q = 0; q < n; q++) {
      if (q === i) continue;
      const o = players[q];
      const c = Math.sqrt(variance + o.sigma * o.sigma + 2 * options.beta * options.beta);
      const chance = 1 / (1 + Math.exp((o.mu - p.mu) / c));
      const score = places[i] < places[q] ? 1 : places[i] === places[q] ? 0.5 : 0;
      const gamma = options.gamma(p.sigma, c, n);
      omega += (variance / c) * (score - chance);
      delta += ((gamma * variance) / (c * c)) * chance * (1 - chance);
    }
    return { mu: p.mu + omega, sigma: p.sigma * Math.sqrt(Math.max(1 - delta, options.kappa)) };
  });
}
