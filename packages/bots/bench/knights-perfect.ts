/**
 * The perfect bot never lets a won game go: games of `perfect` against every other bot, on every preset
 * layout, from random positions a few random turns after a random placement (so that every move is solved in
 * milliseconds). Whenever the perfect bot is to move in a position the solver calls won, it must win the game.
 *
 *   npx tsx packages/bots/bench/knights-perfect.ts [games=1000] [seed=perfect]
 */
import { Rng, unwrap } from '@attila/core';
import { Board, Position, PRESET_LAYOUTS } from '@attila/knights';
import {
  KNIGHTS_LEVELS,
  knightsBotMove,
  perfectMove,
  solveQuick,
  solverFor,
  solverPosition,
} from '../src/knights/index.js';
import { randomPlayedPosition } from '../src/knights/solver/positions.test-support.js';

const games = Number(process.argv[2] ?? 1000);
const rng = Rng.fromSeed(process.argv[3] ?? 'perfect');
const opponents = KNIGHTS_LEVELS.filter((l) => l.name !== 'perfect');

function start(randomTurns: number): Position {
  return randomPlayedPosition(rng, randomTurns, () => {
    const layout = PRESET_LAYOUTS[rng.int(PRESET_LAYOUTS.length)].layout;
    return new Board(layout, rng.int(2) as 0 | 1);
  });
}

let fromWon = 0;
let lostFromWon = 0;
let perfectWins = 0;
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  const opponent = opponents[g % opponents.length];
  let p = start(3 + rng.int(3));
  const perfectSide = rng.int(2);
  let wasWon = false;
  while (p.winner() === null) {
    let move: number;
    if (p.side === perfectSide) {
      const q = solveQuick(solverFor(p.layout), solverPosition(p));
      if (q.value > 0) wasWon = true;
      move = perfectMove(p, rng);
    } else move = unwrap(p.parseMove(knightsBotMove(opponent.bot, p, rng)));
    p = p.playCode(move);
  }
  const won = p.winner() === (perfectSide === 0 ? 'R' : 'H');
  if (won) perfectWins++;
  if (wasWon) {
    fromWon++;
    if (!won) {
      lostFromWon++;
      console.log(`LOST FROM A WON POSITION: game ${g} against ${opponent.name}, final ${p.toString()}`);
    }
  }
}
console.log(
  `${games} games: perfect won ${perfectWins}; it was to move in a won position in ${fromWon} games and lost ${lostFromWon} of them (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
);
if (lostFromWon > 0) process.exit(1);
