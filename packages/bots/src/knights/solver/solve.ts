/**
 * Root procedures over the search: the value alone with one move that keeps it (`solveQuick`), and the exact
 * value with the complete set of optimal moves (`solveExact`). Both take engine positions and a solver for
 * that position's layout (`solverFor` keeps one per layout, with its transposition table warm).
 */
import type { Layout, Position } from '@attila/knights';
import { popcount } from '@attila/knights';
import { KnightsSolver, MATE, scoreToValue, type SolverPosition } from './search.js';
import { valueToScore } from './score.js';

export interface QuickAnswer {
  /** +1 the side to move wins, -1 it loses, 0 the game is already over. */
  readonly value: number;
  /** A move that keeps the best result; null when there is no legal move. */
  readonly move: number | null;
  readonly nodes: number;
}

export interface ExactAnswer {
  /** +N wins in N plies, -N loses in N plies, 0 the game is over. */
  readonly value: number;
  /** Every move that keeps the value, as move codes. */
  readonly best: number[];
  readonly nodes: number;
}

const solvers = new Map<Layout, KnightsSolver>();

/** The shared solver of a layout (its table stays warm between calls). */
export function solverFor(layout: Layout, tableBits = 22): KnightsSolver {
  let s = solvers.get(layout);
  if (!s) {
    s = new KnightsSolver(
      { size: layout.size, jumps: layout.jumps, symmetries: layout.symmetries.map((sym) => sym.perm) },
      tableBits,
    );
    solvers.set(layout, s);
  }
  return s;
}

export function solverPosition(p: Position): SolverPosition {
  return { romans: p.romans, huns: p.huns, scorched: p.scorched, side: p.side };
}

export function solveQuick(solver: KnightsSolver, p: SolverPosition): QuickAnswer {
  const start = solver.nodes;
  const moves = solver.legalMoves(p);
  if (moves.length === 0) return { value: 0, move: null, nodes: 0 };
  const s = solver.score(p, -1, 1);
  let move = solver.rootMove;
  if (move < 0 || !moves.includes(move) || solver.scoreAfter(p, move, -1, 1) > 0 !== s > 0) {
    // The root answer came from a bound without a move: find one that keeps the result.
    move = moves[0];
    for (const mv of moves) {
      if (solver.scoreAfter(p, mv, -1, 1) > 0 === s > 0) {
        move = mv;
        break;
      }
    }
  }
  return { value: s > 0 ? 1 : -1, move, nodes: solver.nodes - start };
}

/**
 * The exact score (node-relative) by null-window tests, which share the table's bounds: first the quick win
 * (`quickWinFirst`, a near horizon: cheap, and most positions pass it), then `exactScoreFromLongestLoss`.
 * Halves the nodes of the value on positions just after placement (the optimal moves' proofs cost the same).
 */
export function exactScore(solver: KnightsSolver, p: SolverPosition): number {
  const quick = quickWinFirst(popcount(solver.all & ~(p.romans | p.huns | p.scorched)));
  if (quick > 0) {
    const t = solver.score(p, MATE - quick - 1, MATE - quick);
    if (t >= MATE - quick) return fasterWin(solver, p, t);
  }
  return exactScoreFromLongestLoss(solver, p);
}

/**
 * The exact score by the test sequence that starts at the longest loss (no quick-win test): the table's
 * verification recomputes values this way, by another sequence than the build's `valueScore`.
 */
export function exactScoreFromLongestLoss(solver: KnightsSolver, p: SolverPosition): number {
  // Every ply fills one free square, so a loss lasts at most `longest` plies (even, at most the free squares).
  // The first test asks for a score of at least that longest loss: failing, it proves a loss and bounds its
  // length at once (the win/loss test alone would leave the trivial bound, and cost as much); succeeding, its
  // fail-soft score is a win at least that fast, or (if negative) the longest loss or a win still to tell.
  const longest = popcount(solver.all & ~(p.romans | p.huns | p.scorched)) & ~1;
  const floor = -(MATE - longest);
  let bound = solver.score(p, floor - 1, floor);
  if (bound >= floor && bound < 0) {
    bound = solver.score(p, -1, 1);
    if (bound < 0) return floor;
  }
  // A win: null-window tests for a faster one, sharing the table's bounds.
  if (bound > 0) return fasterWin(solver, p, bound);
  // A loss: `bound` is an upper bound (the loss is at most that long); is it reached?
  for (;;) {
    const t = solver.score(p, bound - 1, bound);
    if (t >= bound) return bound;
    bound = t;
  }
}

/**
 * The exact score when the optimal moves are not wanted (the opening table's build). Most positions just after
 * placement are wins in 7 to 11 plies (76% of the first 2,750 of the table: 11% +7, 35% +9, 28% +11), and a
 * null-window test with a near horizon is far cheaper than one that must see the end of the board: at a win
 * in at most 11 plies of 14, the nodes two plies from the horizon are decided in bulk (bulk.ts), while
 * "at least the longest loss" searches nearly every line to the last free square (rank 11 of the table:
 * 436 k nodes against 1.7 M). So the first test asks for a win two plies shorter than the longest possible
 * one (`quickWinFirst`); when it holds, only faster wins are tried. Otherwise (slow wins and losses) the test
 * sequence is `exactScore`'s, except that where the first test leaves "the longest loss or a win" it asks for
 * ever slower wins (a win in 1, 3, 5, ... plies, skipping lengths the fail-soft bounds rule out) instead of the
 * win/loss test. The win/loss test fills the table with the moves that the per-move proofs of `solveExact`
 * reuse; without those proofs this order is cheaper (see README).
 */
export function valueScore(solver: KnightsSolver, p: SolverPosition): number {
  const free = popcount(solver.all & ~(p.romans | p.huns | p.scorched));
  const quick = quickWinFirst(free);
  if (quick > 0) {
    const t = solver.score(p, MATE - quick - 1, MATE - quick);
    if (t >= MATE - quick) return fasterWin(solver, p, t);
  }
  const longest = free & ~1;
  const floor = -(MATE - longest);
  let bound = solver.score(p, floor - 1, floor);
  if (bound >= floor && bound < 0) {
    for (let w = 1; ;) {
      const t = solver.score(p, MATE - w - 1, MATE - w);
      if (t >= MATE - w) {
        bound = t;
        break;
      }
      if (t < 0) return floor; // no win at all: the longest loss
      w = Math.max(w + 2, (MATE - t) | 1);
    }
  }
  if (bound > 0) return fasterWin(solver, p, bound);
  for (;;) {
    const t = solver.score(p, bound - 1, bound);
    if (t >= bound) return bound;
    bound = t;
  }
}

/**
 * The length of the win that `valueScore` tests first with `free` free squares: two plies short of the longest
 * possible win (the largest odd number up to `free`), or 0 (no such test) when that leaves less than a win in 3.
 * Measured on the first 80 positions of the table (14 free squares, shared table): 11 → 18.5 M nodes against
 * 25.5 M with no such test, 9 → 11.4 M against 9.2 M for 11 on the first 40, 13 → 12.4 M.
 */
export function quickWinFirst(free: number): number {
  const longestWin = (free - 1) | 1;
  return longestWin - 2 >= 3 ? longestWin - 2 : 0;
}

/** A win: `bound` is a lower bound of the score (a win); null-window tests for ever faster wins. */
function fasterWin(solver: KnightsSolver, p: SolverPosition, bound: number): number {
  for (;;) {
    const faster = bound + 2;
    if (faster >= MATE) return bound;
    const t = solver.score(p, faster - 1, faster);
    if (t < faster) return bound;
    bound = t;
  }
}

/** The rules page's value alone (0: the game is over), without the optimal moves' proofs `solveExact` adds. */
export function solveValue(solver: KnightsSolver, p: SolverPosition): number {
  if (solver.legalMoves(p).length === 0) return 0;
  return scoreToValue(exactScore(solver, p));
}

export function solveExact(solver: KnightsSolver, p: SolverPosition): ExactAnswer {
  const start = solver.nodes;
  const moves = solver.legalMoves(p);
  if (moves.length === 0) return { value: 0, best: [], nodes: 0 };
  const score = exactScore(solver, p);
  const best = moves.filter((mv) => solver.scoreAfter(p, mv, score - 1, score) >= score);
  return { value: scoreToValue(score), best, nodes: solver.nodes - start };
}

/** `solveExact` for a position whose value is already known (the opening table): only the optimal moves are
 * searched, one null-window test each. */
export function solveExactKnowing(solver: KnightsSolver, p: SolverPosition, value: number): ExactAnswer {
  const start = solver.nodes;
  const moves = solver.legalMoves(p);
  if (moves.length === 0) return { value: 0, best: [], nodes: 0 };
  const score = valueToScore(value);
  const best = moves.filter((mv) => solver.scoreAfter(p, mv, score - 1, score) >= score);
  return { value, best, nodes: solver.nodes - start };
}

/** The exact value of every legal move (for analysis), from the mover's side, as rules-page values. */
export function valuesOfMoves(
  solver: KnightsSolver,
  p: SolverPosition,
): Array<{ move: number; value: number }> {
  return solver.legalMoves(p).map((move) => {
    const c = solver.scoreAfter(p, move, -1, 1);
    const s = c > 0 ? solver.scoreAfter(p, move, 0, MATE + 1) : solver.scoreAfter(p, move, -MATE - 1, 0);
    return { move, value: scoreToValue(s) };
  });
}
