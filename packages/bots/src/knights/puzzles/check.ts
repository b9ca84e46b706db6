/**
 * The puzzle checker: for each puzzle, that its first winning move is unique up to symmetry, that its main
 * line is the one `find.ts` defines (each of the winner's moves the only one keeping the win, each defence a
 * strongest-delaying one, the last move ending the game), and that its solution tree is complete: every
 * defence, at every defending turn, has a winning answer, played out to the end of the game. The defences are
 * enumerated by the engine's own move generator; the solver only proposes the answers, and each answer is
 * proved by the same walk down to positions where the defence cannot move. Where the layout's tablebase is
 * built (`attila knights tablebase build`), each puzzle's value is re-checked against it too.
 */
import { Position } from '@attila/knights';
import { solveExact, solverFor, solverPosition } from '../solver/solve.js';
import { movePhaseOracle } from '../tablebase/oracle.js';
import { winningMoves } from './find.js';
import { puzzleId, PuzzleRun, type KnightsPuzzle } from './puzzle.js';
import { canonicalKey, moveClasses } from './symmetry.js';

export interface PuzzleCheck {
  readonly id: string;
  readonly problems: string[];
  /** Distinct positions (up to symmetry) of the solution tree that were walked. */
  readonly treePositions: number;
}

/** Whether the side to move at `p` wins within `plies` plies whatever the defence (proved to the end). */
function provesWin(p: Position, plies: number, memo: Map<string, boolean>, first?: number): boolean {
  const key = `${canonicalKey(p)}|${plies}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  if (plies >= 1) {
    const exact = solveExact(solverFor(p.layout), solverPosition(p));
    // Try the main line's move first, then the solver's optimal moves.
    const answers = first === undefined ? exact.best : [first, ...exact.best];
    result = answers.some((m) => {
      const after = p.playCode(m);
      const defences = after.legalMoveCodes();
      if (defences.length === 0) return true;
      return plies >= 3 && defences.every((d) => provesWin(after.playCode(d), plies - 2, memo));
    });
  }
  memo.set(key, result);
  return result;
}

export function checkPuzzle(z: KnightsPuzzle): PuzzleCheck {
  const problems: string[] = [];
  const done = (treePositions = 0): PuzzleCheck => ({ id: z.id, problems, treePositions });
  const parsed = Position.parse(z.position);
  if (!parsed.ok) {
    problems.push(parsed.error.message);
    return done();
  }
  const start = parsed.value;
  if (start.phase() !== 'turns') problems.push('the position is not in the move phase');
  if (puzzleId(start) !== z.id) problems.push(`the id should be ${puzzleId(start)}`);
  const value = solveExact(solverFor(start.layout), solverPosition(start)).value;
  if (value !== z.plies) problems.push(`the solver values the position ${value}, not +${z.plies}`);
  // Where the layout's tablebase is built, it is asked too (an answer found independently of the solver).
  const fromTablebase = movePhaseOracle()?.value(start) ?? null;
  if (fromTablebase !== null && fromTablebase !== z.plies)
    problems.push(`the tablebase values the position ${fromTablebase}, not +${z.plies}`);
  const roots = moveClasses(start, winningMoves(start));
  if (roots.length !== 1) problems.push(`${roots.length} first moves keep the win up to symmetry, not one`);
  let run: PuzzleRun;
  try {
    run = new PuzzleRun(z);
  } catch (e) {
    problems.push((e as Error).message);
    return done();
  }
  // The main line, move by move, in the line's own orientation.
  let p = start;
  const codes: number[] = [];
  for (let i = 0; i < z.line.length; i++) {
    const code = p.parseMove(z.line[i]);
    if (!code.ok) return (problems.push(code.error.message), done());
    codes.push(code.value);
    const after = p.playCode(code.value);
    const last = i === z.line.length - 1;
    if (i % 2 === 0 && !last) {
      const classes = moveClasses(p, winningMoves(p));
      if (classes.length !== 1 || !classes[0].includes(code.value)) {
        problems.push(`ply ${i + 1} (${z.line[i]}): not the one move keeping the win`);
      }
    }
    if (i % 2 === 1) {
      const best = solveExact(solverFor(p.layout), solverPosition(p)).best;
      if (!best.includes(code.value)) problems.push(`ply ${i + 1} (${z.line[i]}): not a longest defence`);
    }
    if (last !== (after.legalMoveCodes().length === 0)) {
      problems.push(last ? 'the main line does not end the game' : `the game ends early, at ply ${i + 1}`);
    }
    p = after;
  }
  // Following the line as a player would must solve it.
  for (let i = 0; i < codes.length && !run.solved; i += 2) {
    if (run.play(codes[i]).kind !== 'correct') {
      problems.push(`following the main line fails at ply ${i + 1}`);
      break;
    }
  }
  const memo = new Map<string, boolean>();
  if (!provesWin(start, z.plies, memo, codes[0])) problems.push('the solution tree is incomplete');
  return done(memo.size);
}

/** Every puzzle checked, and the ids and positions (up to symmetry) that occur twice. */
export function checkPuzzles(puzzles: readonly KnightsPuzzle[]): {
  checks: PuzzleCheck[];
  duplicates: string[];
} {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const z of puzzles) {
    const p = Position.parse(z.position);
    const key = p.ok ? `${p.value.layout.shape}|${canonicalKey(p.value)}` : z.position;
    const other = seen.get(key) ?? seen.get(`id:${z.id}`);
    if (other !== undefined) duplicates.push(`${z.id} repeats ${other}`);
    seen.set(key, z.id);
    seen.set(`id:${z.id}`, z.id);
  }
  return { checks: puzzles.map(checkPuzzle), duplicates };
}
