/**
 * What the browser's solver worker does for a finished game's exact mistakes, timed in Node: random games on
 * the standard board (random legal moves), then the exact value of every position the worker takes (five
 * or more knights placed; earlier ones go to the server), from the last position back, with one fresh table
 * per game as a new worker has. Also the line of best play from the position after placement (the analysis
 * board's line). Wall-clock time; the machine may be shared.
 *
 *   npx tsx packages/web/bench/knights-game-values.ts [games=10] [seed=bench]
 */
import { Rng } from '@attila/core';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { slowInBrowser } from '../src/knights/analysis-speed.js';
import { bestLine, positionValue, solverOf } from '../src/knights/solver-tasks.js';

const games = Number(process.argv[2] ?? 10);
const rng = Rng.fromSeed(process.argv[3] ?? 'bench');

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0].toFixed(0)} ms, median ${s[s.length >> 1].toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms`;
};

const perGame: number[] = [];
const perPosition: number[] = [];
const lines: number[] = [];
for (let g = 0; g < games; g++) {
  const positions: Position[] = [Position.empty(STANDARD_LAYOUT, 'R')];
  for (;;) {
    const moves = positions[positions.length - 1].legalMoveCodes();
    if (moves.length === 0) break;
    positions.push(positions[positions.length - 1].playCode(moves[rng.int(moves.length)]));
  }
  const first = positions.find((p) => !slowInBrowser(p))!;
  // A new worker has an empty table.
  solverOf(first).table.clear();
  const fromLast = positions.filter((p) => !slowInBrowser(p)).reverse();
  const t0 = performance.now();
  for (const p of fromLast) {
    const t = performance.now();
    positionValue(p);
    perPosition.push(performance.now() - t);
  }
  perGame.push(performance.now() - t0);
  const afterPlacement = positions.find((p) => p.phase() !== 'placement')!;
  solverOf(first).table.clear();
  const t = performance.now();
  bestLine(afterPlacement);
  lines.push(performance.now() - t);
  console.log(
    `game ${g + 1}: ${positions.length - 1} plies, ${fromLast.length} positions in the worker (from ${first.toString()}), ${perGame[g].toFixed(0)} ms; line after placement ${lines[g].toFixed(0)} ms`,
  );
}
console.log(`a game's values (worker part): ${stats(perGame)}`);
console.log(`one position: ${stats(perPosition)}`);
console.log(`line of best play after placement: ${stats(lines)}`);
