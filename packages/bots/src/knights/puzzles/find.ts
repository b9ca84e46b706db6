/**
 * Whether a position is a puzzle, by the exact solver: the side to move wins in 3, 5, 7 or 9 plies, exactly
 * one of its moves (up to symmetry) keeps the win, and so on along the main line — at each of the winner's
 * turns before the last, one move up to symmetry keeps the win; the defence plays its strongest-delaying
 * move (the longest loss; the first in notation order among equals, so the line does not depend on the
 * solver's move order); the winner's last move ends the game (any such move is accepted there).
 */
import { moveToString, Position } from '@attila/knights';
import { exactScore, solverFor, solverPosition, solveExact } from '../solver/solve.js';
import { MATE } from '../solver/search.js';
import { moveClasses } from './symmetry.js';
import { puzzleId, PUZZLE_THEMES, type KnightsPuzzle, type PuzzleTheme } from './puzzle.js';

const LONGEST = PUZZLE_THEMES[PUZZLE_THEMES.length - 1];

/** The moves of `p` that keep its win (any length), by the solver's win/loss test. */
export function winningMoves(p: Position): number[] {
  const solver = solverFor(p.layout);
  const sp = solverPosition(p);
  return solver.legalMoves(sp).filter((m) => solver.scoreAfter(sp, m, -1, 1) > 0);
}

/** The one winning answer up to symmetry (a representative), or null when there are none or several. */
export function uniqueWin(p: Position): number | null {
  const classes = moveClasses(p, winningMoves(p));
  return classes.length === 1 ? classes[0][0] : null;
}

/** The defence's strongest-delaying move: the longest loss, the first in notation among equals. */
export function strongestDefence(p: Position): number {
  const { best } = solveExact(solverFor(p.layout), solverPosition(p));
  const named = best.map((m) => ({ m, s: moveToString(p.layout, m) }));
  named.sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : 0));
  return named[0].m;
}

/** The puzzle at `p` (found in `source`), or null when it is not one. */
export function puzzleAt(p: Position, source: string): KnightsPuzzle | null {
  if (p.phase() !== 'turns') return null;
  const solver = solverFor(p.layout);
  const sp = solverPosition(p);
  // A cheap first test: a win in at most 9 plies (and not in 1)?
  if (solver.score(sp, MATE - LONGEST - 1, MATE - LONGEST) < MATE - LONGEST) return null;
  const plies = MATE - exactScore(solver, sp);
  if (!(PUZZLE_THEMES as readonly number[]).includes(plies)) return null;
  const line: string[] = [];
  let cur = p;
  for (let left = plies; left > 0; left -= 2) {
    let move: number | null;
    if (left === 1) {
      move = cur.legalMoveCodes().find((m) => cur.playCode(m).legalMoveCodes().length === 0) ?? null;
    } else move = uniqueWin(cur);
    if (move === null) return null;
    line.push(moveToString(p.layout, move));
    cur = cur.playCode(move);
    if (left === 1) break;
    const defence = strongestDefence(cur);
    line.push(moveToString(p.layout, defence));
    cur = cur.playCode(defence);
  }
  return { id: puzzleId(p), position: p.toString(), plies: plies as PuzzleTheme, line, source };
}
