/**
 * The length of the game on the empty standard board with best play (the winner hurrying, the loser delaying):
 * null-window tests of the solver from the empty board, through the placement phase, starting from the
 * longest possible loss (every ply fills one of the 20 squares) and closing in. Prints each test as it ends.
 * One core; took about 14 minutes on the shared machine.
 *
 *   npx tsx packages/bots/bench/knights-length.ts
 */
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { KnightsSolver, MATE, scoreToValue } from '../src/knights/solver/search.js';
import { solverPosition } from '../src/knights/solver/solve.js';

const l = STANDARD_LAYOUT;
const solver = new KnightsSolver(
  { size: l.size, jumps: l.jumps, symmetries: l.symmetries.map((s) => s.perm) },
  23,
);
const p = solverPosition(Position.empty(l, 'R'));
const started = Date.now();
// The first player is known to lose (the opening book's proof), so the tests close in on the loss's length.
let bound = -(MATE - l.size);
for (;;) {
  const t = solver.score(p, bound - 1, bound);
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  const verdict = t >= bound ? 'yes' : `no, at most ${-scoreToValue(t)} plies`;
  console.log(
    `${secs} s: does the first player last ${-scoreToValue(bound)} plies? ${verdict} (${solver.nodes} nodes)`,
  );
  if (t >= bound) break;
  bound = t;
}
const v = scoreToValue(bound);
console.log(
  `empty standard board: value ${v} for the first player (the second player wins after ${-v} plies)`,
);
