/**
 * ISMCTS iterations per second on mid-game positions for 2, 3 and 5 players.
 *   npx tsx packages/bots/bench/tribes-ismcts.ts [seconds per position, default 3] [positions, default 3]
 * A position is reached by greedy play until 4 of the 10 peace tiles are down (the middle of the game).
 * Two rates are printed: per wall-clock second, and per second of this process's CPU time. On a shared
 * machine the second is the fairer "per core" figure (the search is single-threaded).
 */
import { Rng, unwrap } from '@attila/core';
import {
  applyInPlace,
  createGame,
  determinizer,
  parseSettings,
  viewOf,
  type TribesState,
} from '@attila/tribes';
import { greedyBot, honestMove, search } from '../src/tribes/index.js';

const seconds = Number(process.argv[2] ?? 3);
const positions = Number(process.argv[3] ?? 3);

function midGame(players: number, seed: string): TribesState {
  const s = createGame(unwrap(parseSettings({ players })), seed);
  const rng = Rng.fromSeed(seed);
  while (!s.over && s.peacePlaced < 4) applyInPlace(s, honestMove(greedyBot, s, s.toAct, rng));
  // Only positions where the seat to act has a real choice.
  while (!s.over && s.phase !== 0) applyInPlace(s, honestMove(greedyBot, s, s.toAct, rng));
  return s;
}

// Warm up the JIT on one short search.
{
  const s = midGame(3, 'warm-up');
  const v = viewOf(s, { seat: s.toAct });
  const rng = Rng.fromSeed('warm');
  const d = determinizer(v, s.map);
  search(() => d.sample(rng), rng, { budget: { timeMs: 1000 } });
}

console.log(
  `ISMCTS on mid-game positions, ${seconds} s per position, ${positions} positions per player count`,
);
console.log('players  iterations  wall s  iterations/s (wall)  iterations/s (CPU)');
for (const players of [2, 3, 5]) {
  let iterations = 0;
  let wall = 0;
  let cpu = 0;
  for (let k = 0; k < positions; k++) {
    const s = midGame(players, `bench-${players}-${k}`);
    const view = viewOf(s, { seat: s.toAct });
    const rng = Rng.fromSeed(`bench-${k}`);
    const cpu0 = process.cpuUsage();
    const d = determinizer(view, s.map);
    search(() => d.sample(rng), rng, {
      budget: { timeMs: seconds * 1000 },
      onStats: (st) => {
        iterations += st.iterations;
        wall += st.elapsedMs / 1000;
      },
    });
    const used = process.cpuUsage(cpu0);
    cpu += (used.user + used.system) / 1e6;
  }
  console.log(
    `${String(players).padStart(7)}  ${String(iterations).padStart(10)}  ${wall.toFixed(1).padStart(6)}  ${(iterations / wall).toFixed(0).padStart(19)}  ${(iterations / cpu).toFixed(0).padStart(18)}`,
  );
}
