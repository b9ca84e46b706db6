/**
 * Fits the weights of the learned 2-player evaluation (src/tribes/evaluation.ts) and writes them to
 * src/tribes/eval-weights.ts.
 *   npx tsx packages/bots/scripts/tribes-eval-fit.ts [games, default 4000] [--write]
 * Positions come from games between `greedy` players who play a random legal move 15% of the time (so that
 * the positions vary more than greedy's own lines); about one position in eight is kept, from a random seat's
 * side, labelled 1 if that seat won the game, 0 if it lost, 0.5 for a shared victory. For each century a
 * logistic regression without intercept (the features are differences, so a position and its mirror image
 * must get chances summing to 1) is fitted by Newton's method with a small L2 penalty. Deterministic: the same
 * game count gives the same weights. Prints the held-out log loss (every fifth position) of the fit and of the
 * hand-set judgement it replaced, logistic(standing / 3).
 */
import { writeFileSync } from 'node:fs';
import { Rng, unwrap } from '@attila/core';
import {
  MAX_MOVES,
  applyInPlace,
  centuryOf,
  createGame,
  legalMoveCodes,
  parseSettings,
} from '@attila/tribes';
import { FEATURE_COUNT, FEATURE_NAMES, evalFeatures } from '../src/tribes/eval-features.js';
import { greedyBot, honestMove } from '../src/tribes/index.js';
import { standing } from '../src/tribes/standing.js';

const games = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 4000);
const write = process.argv.includes('--write');
const RANDOM_MOVE = 0.15;
const KEEP = 0.12;
const L2 = 1e-3;

interface Sample {
  readonly x: number[];
  readonly standing: number;
  y: number;
}

const byCentury: Sample[][] = [[], [], [], []];
const moves = new Int32Array(MAX_MOVES);
const features = new Float64Array(FEATURE_COUNT);
for (let g = 0; g < games; g++) {
  const s = createGame(unwrap(parseSettings({ players: 2 })), `eval-fit/${g}`);
  const rng = Rng.fromSeed(`eval-fit-moves/${g}`);
  const kept: { seat: number; sample: Sample }[] = [];
  while (!s.over) {
    if (rng.nextFloat() < KEEP) {
      const seat = rng.int(2);
      evalFeatures(s, seat, features);
      const sample = { x: Array.from(features), standing: standing(s, seat), y: 0 };
      byCentury[centuryOf(s.peacePlaced) - 4].push(sample);
      kept.push({ seat, sample });
    }
    const move =
      rng.nextFloat() < RANDOM_MOVE
        ? moves[rng.int(legalMoveCodes(s, moves))]
        : honestMove(greedyBot, s, s.toAct, rng);
    applyInPlace(s, move);
  }
  const best = Math.max(s.scores[0], s.scores[1]);
  for (const { seat, sample } of kept)
    sample.y = s.scores[seat] < best ? 0 : s.scores[0] === s.scores[1] ? 0.5 : 1;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const dot = (w: readonly number[], x: readonly number[]) => w.reduce((a, wk, k) => a + wk * x[k], 0);

/** Newton's method on the mean log loss plus L2 / 2 * |w|^2. */
function fit(samples: readonly Sample[]): number[] {
  const d = FEATURE_COUNT;
  const w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const grad = w.map((wk) => L2 * wk);
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? L2 : 0)));
    for (const { x, y } of samples) {
      const p = sigmoid(dot(w, x));
      for (let i = 0; i < d; i++) {
        grad[i] += ((p - y) * x[i]) / samples.length;
        for (let j = 0; j < d; j++) hess[i][j] += (p * (1 - p) * x[i] * x[j]) / samples.length;
      }
    }
    const step = solve(hess, grad);
    for (let i = 0; i < d; i++) w[i] -= step[i];
  }
  return w;
}

/** Gaussian elimination with partial pivoting (the system is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = m[r][n];
    for (let k = r + 1; k < n; k++) v -= m[r][k] * x[k];
    x[r] = v / m[r][r];
  }
  return x;
}

const logLoss = (samples: readonly Sample[], p: (s: Sample) => number) =>
  -samples.reduce((a, s) => {
    const q = Math.min(1 - 1e-12, Math.max(1e-12, p(s)));
    return a + s.y * Math.log(q) + (1 - s.y) * Math.log(1 - q);
  }, 0) / samples.length;

const weights: number[][] = [];
console.log(
  `${games} games; per century: positions, held-out log loss of the fit / of logistic(standing / 3)`,
);
byCentury.forEach((samples, c) => {
  const train = samples.filter((_, i) => i % 5 !== 0);
  const test = samples.filter((_, i) => i % 5 === 0);
  const held = fit(train);
  const fitted = logLoss(test, (s) => sigmoid(dot(held, s.x)));
  const old = logLoss(test, (s) => sigmoid(s.standing / 3));
  const w = fit(samples);
  weights.push(w.map((v) => Number(v.toFixed(4))));
  console.log(
    `century ${c + 4}: ${samples.length} positions, ${fitted.toFixed(4)} / ${old.toFixed(4)}; weights ${FEATURE_NAMES.map((f, k) => `${f} ${w[k].toFixed(4)}`).join(', ')}`,
  );
});

if (write) {
  const file = new URL('../src/tribes/eval-weights.ts', import.meta.url);
  writeFileSync(
    file,
    `/**\n * Weights of the learned 2-player evaluation, per century (4th to 7th), in the order of FEATURE_NAMES\n * (${FEATURE_NAMES.join(', ')}). Written by \`npx tsx packages/bots/scripts/tribes-eval-fit.ts ${games} --write\`; do not edit.\n */\nexport const EVAL_WEIGHTS_2P: readonly (readonly number[])[] = ${JSON.stringify(weights)};\n`,
  );
  console.log(`wrote ${file.pathname}`);
}
