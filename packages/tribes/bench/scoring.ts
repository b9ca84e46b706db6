/**
 * Scoring a track, the bots' evaluation hot path (`scoreTribe`, six per evaluated position): calls per second of
 * CPU time over 2,000 positions sampled from random 3-player games. One core.
 * Run: npx tsx packages/tribes/bench/scoring.ts [CPU seconds, default 3]
 */
import { Rng, unwrap } from '@attila/core';
import {
  MAX_MOVES,
  applyInPlace,
  createGame,
  legalMoveCodes,
  parseSettings,
  scoreTribe,
  type TribesState,
} from '../src/index.js';
const seconds = Number(process.argv[2] ?? 3);
const rng = Rng.fromSeed('score');
const states: TribesState[] = [];
const buf = new Int32Array(MAX_MOVES);
for (let g = 0; states.length < 2000; g++) {
  const s = createGame(unwrap(parseSettings({ players: 3 })), `g${g}`);
  while (!s.over) {
    const n = legalMoveCodes(s, buf);
    applyInPlace(s, buf[rng.int(n)]);
    if (rng.int(10) === 0) states.push(s.clone());
  }
}
const points = new Int32Array(8);
let count = 0;
const t0 = process.cpuUsage().user;
while ((process.cpuUsage().user - t0) / 1e6 < seconds) {
  for (const s of states) for (let t = 0; t < 6; t++) scoreTribe(s, t, points);
  count += states.length * 6;
}
const cpu = (process.cpuUsage().user - t0) / 1e6;
// The sum is printed so that the work cannot be optimised away.
console.log(
  `scoreTribe: ${Math.round(count / cpu).toLocaleString('en-US')} calls/s (CPU); checksum ${points[0]}`,
);
