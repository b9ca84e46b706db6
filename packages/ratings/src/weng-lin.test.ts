import { describe, expect, it } from 'vitest';
import { bradleyTerryFull, dampedGamma, winChance, type SkillBelief } from './weng-lin.js';

// openskill.js's own defaults (μ 25, σ 25/3, β 25/6, κ 0.0001), with which its model tests
// (src/models/__tests__/bradley-terry-full.test.ts, tau not applied) print the values below.
const fresh: SkillBelief = { mu: 25, sigma: 25 / 3 };
const openskill = { beta: 25 / 6, kappa: 0.0001, gamma: dampedGamma };

function expectBeliefs(actual: SkillBelief[], expected: [number, number][]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((b, i) => {
    expect(b.mu).toBeCloseTo(expected[i][0], 10);
    expect(b.sigma).toBeCloseTo(expected[i][1], 10);
  });
}

describe('Weng-Lin Bradley-Terry (full pairing) matches openskill.js on its own test cases', () => {
  it('2 players, first beats second', () => {
    expectBeliefs(bradleyTerryFull([fresh, fresh], [0, 1], openskill), [
      [27.63523138347365, 8.065506316323548],
      [22.36476861652635, 8.065506316323548],
    ]);
  });

  it('3 players in order', () => {
    expectBeliefs(bradleyTerryFull([fresh, fresh, fresh], [0, 1, 2], openskill), [
      [30.2704627669473, 7.788474807872566],
      [25.0, 7.788474807872566],
      [19.7295372330527, 7.788474807872566],
    ]);
  });

  it('4 players in order', () => {
    expectBeliefs(bradleyTerryFull([fresh, fresh, fresh, fresh], [0, 1, 2, 3], openskill), [
      [32.90569415042095, 7.5012190693964005],
      [27.63523138347365, 7.5012190693964005],
      [22.36476861652635, 7.5012190693964005],
      [17.09430584957905, 7.5012190693964005],
    ]);
  });

  it('5 players in order', () => {
    expectBeliefs(bradleyTerryFull([fresh, fresh, fresh, fresh, fresh], [0, 1, 2, 3, 4], openskill), [
      [35.5409255338946, 7.202515895247076],
      [30.2704627669473, 7.202515895247076],
      [25.0, 7.202515895247076],
      [19.729537233052703, 7.202515895247076],
      [14.4590744661054, 7.202515895247076],
    ]);
  });
});

describe("openskill.js's tests with its custom γ = 1/k", () => {
  const oneOverK = { ...openskill, gamma: (_s: number, _c: number, k: number) => 1 / k };
  it('2 players', () => {
    expectBeliefs(bradleyTerryFull([fresh, fresh], [0, 1], oneOverK), [
      [27.63523138347365, 8.122328620674137],
      [22.36476861652635, 8.122328620674137],
    ]);
  });
  it('5 players', () => {
    const out = bradleyTerryFull([fresh, fresh, fresh, fresh, fresh], [0, 1, 2, 3, 4], oneOverK);
    expect(out[0].mu).toBeCloseTo(35.5409255338946, 10);
    for (const b of out) expect(b.sigma).toBeCloseTo(7.993052538854532, 10);
  });
});

describe('ties', () => {
  it('a 2-player tie between equals changes no mean', () => {
    const [a, b] = bradleyTerryFull([fresh, fresh], [0, 0], openskill);
    expect(a.mu).toBeCloseTo(25, 12);
    expect(b.mu).toBeCloseTo(25, 12);
    expect(a.sigma).toBeLessThan(fresh.sigma);
  });

  it('a tie moves the stronger down and the weaker up', () => {
    const [s, w] = bradleyTerryFull(
      [
        { mu: 35, sigma: 8 },
        { mu: 15, sigma: 8 },
      ],
      [0, 0],
      openskill,
    );
    expect(s.mu).toBeLessThan(35);
    expect(w.mu).toBeGreaterThan(15);
  });

  it('a tie for first is worth more than a lone third place (Plackett-Luce ties get this wrong)', () => {
    const out = bradleyTerryFull([fresh, fresh, fresh, fresh, fresh], [0, 3, 3, 2, 0], openskill);
    expect(out[0].mu).toBeGreaterThan(out[3].mu);
    expect(out[3].mu).toBeCloseTo(25, 12);
  });

  it('players tied with each other and equal before the game are equal after it', () => {
    const out = bradleyTerryFull([fresh, fresh, fresh, fresh, fresh], [0, 1, 1, 1, 4], openskill);
    expect(out[1].mu).toBeCloseTo(out[2].mu, 12);
    expect(out[2].mu).toBeCloseTo(out[3].mu, 12);
    expect(out[0].mu).toBeGreaterThan(out[1].mu);
    expect(out[3].mu).toBeGreaterThan(out[4].mu);
  });

  it('an all-way tie between equals changes no mean', () => {
    const out = bradleyTerryFull([fresh, fresh, fresh], [2, 2, 2], openskill);
    for (const b of out) expect(b.mu).toBeCloseTo(25, 12);
  });
});

describe('the update depends on the ranks, not on seat order or the scale of the ranks', () => {
  const players: SkillBelief[] = [
    { mu: 1500, sigma: 350 },
    { mu: 1720, sigma: 80 },
    { mu: 1390, sigma: 150 },
    { mu: 1610, sigma: 60 },
  ];
  const options = { beta: 122.8, kappa: 0.0001, gamma: dampedGamma };

  it('reversing the seats reverses the output', () => {
    const ranks = [2, 0, 3, 0];
    const forward = bradleyTerryFull(players, ranks, options);
    const backward = bradleyTerryFull([...players].reverse(), [...ranks].reverse(), options).reverse();
    backward.forEach((b, i) => {
      expect(b.mu).toBeCloseTo(forward[i].mu, 9);
      expect(b.sigma).toBeCloseTo(forward[i].sigma, 9);
    });
  });

  it('ranks 1, 1, 3 mean the same as 0, 0, 1', () => {
    const a = bradleyTerryFull(players.slice(0, 3), [1, 1, 3], options);
    const b = bradleyTerryFull(players.slice(0, 3), [0, 0, 1], options);
    a.forEach((x, i) => expect(x.mu).toBeCloseTo(b[i].mu, 12));
  });
});

describe('winChance', () => {
  it('is one half between equals and favours the higher mean', () => {
    expect(winChance(fresh, fresh, 25 / 6)).toBeCloseTo(0.5, 12);
    expect(winChance({ mu: 30, sigma: 2 }, { mu: 20, sigma: 2 }, 25 / 6)).toBeGreaterThan(0.75);
  });
});
