/**
 * Weng and Lin's Bayesian approximation for a ranking of several players, with the Plackett-Luce model
 * (Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011, Algorithm 4), for
 * players who each play alone (no teams), ties included as in OpenSkill (openskill.js and openskill.py):
 * a tie group of A players shares its place and each of its terms counts 1/A. One update per game, however
 * many play; the update depends on the ranks only, never on the seat order.
 */

export interface SkillBelief {
  /** The mean μ of the belief in a player's skill. */
  readonly mu: number;
  /** Its standard deviation σ. */
  readonly sigma: number;
}

export interface PlackettLuceOptions {
  /** β: the spread of one game's performance around the skill (the luck of a single game). */
  readonly beta: number;
  /** κ: the least factor by which one game may shrink σ² (keeps σ positive). */
  readonly kappa: number;
}

/**
 * The beliefs after one game. `ranks[i]` is player i's place, lower is better, equal for a tie (1, 1, 3 or
 * 0, 0, 1: only the order matters). Needs at least two players.
 */
export function plackettLuce(
  players: readonly SkillBelief[],
  ranks: readonly number[],
  options: PlackettLuceOptions,
): SkillBelief[] {
  const n = players.length;
  if (n < 2 || ranks.length !== n) throw new Error(`plackettLuce: ${n} players and ${ranks.length} ranks`);
  const c = Math.sqrt(players.reduce((s, p) => s + p.sigma * p.sigma + options.beta * options.beta, 0));
  // exp(μ/c), shifted by the best μ so that no term overflows; every use is a ratio of these.
  const top = Math.max(...players.map((p) => p.mu));
  const strength = players.map((p) => Math.exp((p.mu - top) / c));
  // C_q: the strengths of everyone placed at or below q; A_q: the size of q's tie group.
  const atOrBelow = ranks.map((rq) => ranks.reduce((s, ri, i) => (ri >= rq ? s + strength[i] : s), 0));
  const tied = ranks.map((rq) => ranks.filter((ri) => ri === rq).length);
  return players.map((p, i) => {
    let omega = 0;
    let delta = 0;
    for (let q = 0; q < n; q++) {
      if (ranks[q] > ranks[i]) continue;
      const share = strength[i] / atOrBelow[q];
      omega += ((i === q ? 1 : 0) - share) / tied[q];
      delta += (share * (1 - share)) / tied[q];
    }
    const variance = p.sigma * p.sigma;
    const gamma = p.sigma / c;
    const muNew = p.mu + (variance / c) * omega;
    const shrink = Math.max(1 - gamma * (variance / (c * c)) * delta, options.kappa);
    return { mu: muNew, sigma: p.sigma * Math.sqrt(shrink) };
  });
}

/**
 * The chance that `a` finishes ahead of `b` in a game of the two alone, by the same model: the Bradley-Terry
 * form of Plackett-Luce with c² = σa² + σb² + 2β².
 */
export function winChance(a: SkillBelief, b: SkillBelief, beta: number): number {
  const c = Math.sqrt(a.sigma * a.sigma + b.sigma * b.sigma + 2 * beta * beta);
  return 1 / (1 + Math.exp((b.mu - a.mu) / c));
}
