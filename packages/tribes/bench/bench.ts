/**
 * Tribes engine speed, one core: random full games per second (2, 3 and 5 players, fast path: create,
 * then uniformly random legal moves in place until the end), legal-move generation per second over
 * positions sampled from random games, and for comparison the text API, clone and determinize.
 * Run: npx tsx packages/tribes/bench/bench.ts [seconds per figure, default 3]
 */
import { Rng, unwrap } from '@attila/core';
import {
  MAX_MOVES,
  applyInPlace,
  createGame,
  determinize,
  legalMoveCodes,
  parseSettings,
  randomPlayout,
  tribesGame,
  viewOf,
  type TribesState,
} from '../src/index.js';

const seconds = Number(process.argv[2] ?? 3);

function measure(label: string, unit: string, batch: (i: number) => number): number {
  const until = performance.now() + seconds * 1000;
  let count = 0;
  let i = 0;
  const start = performance.now();
  while (performance.now() < until) count += batch(i++);
  const rate = (count / (performance.now() - start)) * 1000;
  console.log(`${label.padEnd(44)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} ${unit}/s`);
  return rate;
}

const settingsFor = (players: number) => unwrap(parseSettings({ players }));

// Warm up the JIT.
for (let g = 0; g < 2000; g++) randomPlayout(createGame(settingsFor(3), `w${g}`), Rng.fromSeed(g));

for (const players of [2, 3, 5]) {
  const settings = settingsFor(players);
  const rng = Rng.fromSeed(players);
  let moves = 0;
  let games = 0;
  measure(`random full games, ${players} players`, 'games', (i) => {
    for (let k = 0; k < 100; k++) moves += randomPlayout(createGame(settings, `g${i}.${k}`), rng);
    games += 100;
    return 100;
  });
  console.log(`${''.padEnd(44)} (${(moves / games).toFixed(0)} decisions per game)`);
}

// Positions from random 3-player games, every decision point.
const positions: TribesState[] = [];
{
  const settings = settingsFor(3);
  const rng = Rng.fromSeed('positions');
  const buffer = new Int32Array(MAX_MOVES);
  for (let g = 0; positions.length < 20000; g++) {
    const s = createGame(settings, `p${g}`);
    while (!s.over) {
      positions.push(s.clone());
      applyInPlace(s, buffer[rng.int(legalMoveCodes(s, buffer))]);
    }
  }
}
const buffer = new Int32Array(MAX_MOVES);
let generated = 0;
let runs = 0;
measure('legal-move generation, 3 players', 'positions', () => {
  for (const s of positions) generated += legalMoveCodes(s, buffer);
  runs++;
  return positions.length;
});
console.log(
  `${''.padEnd(44)} (${(generated / runs / positions.length).toFixed(1)} legal moves per position on average)`,
);
measure('clone, 3 players', 'states', () => {
  for (let k = 0; k < 1000; k++) positions[k].clone();
  return 1000;
});
{
  const rng = Rng.fromSeed('d');
  measure('view + determinize, 3 players', 'states', () => {
    for (let k = 0; k < 200; k++)
      determinize(viewOf(positions[k], { seat: positions[k].toAct }), positions[k].map, rng);
    return 200;
  });
}
{
  const settings = settingsFor(3);
  measure('random full games via the text API, 3 players', 'games', (i) => {
    const rng = Rng.fromSeed(i);
    let s = unwrap(tribesGame.setup(settings, `t${i}`));
    while (!s.over) {
      const seat = s.toAct;
      s = unwrap(tribesGame.play(s, seat, rng.pick(tribesGame.legalMoves(s, seat)))).state;
    }
    return 1;
  });
}
