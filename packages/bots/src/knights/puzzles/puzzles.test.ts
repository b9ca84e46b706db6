import { describe, expect, it } from 'vitest';
import { moveToString, Position } from '@attila/knights';
import { checkPuzzle, checkPuzzles } from './check.js';
import { puzzleAt } from './find.js';
import { standardPuzzles } from './load.js';
import { botGame, PuzzleMiner } from './mine.js';
import { formatPuzzleFile, parsePuzzleFile, PuzzleRun, type KnightsPuzzle } from './puzzle.js';
import { mapMove, mapPosition, moveClasses } from './symmetry.js';

const shipped = standardPuzzles();
/** Every 40th shipped puzzle, and every puzzle longer than 5 plies (few, and the costliest trees). */
const sample = shipped.filter((z, i) => i % 40 === 0 || z.plies > 5);

describe('the shipped puzzle set', () => {
  it('has at least 1,000 puzzles of every theme (win in 3, 5, 7, 9 plies), no id twice', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(shipped.map((z) => z.plies))).toEqual(new Set([3, 5, 7, 9]));
    expect(new Set(shipped.map((z) => z.id)).size).toBe(shipped.length);
  });

  it('a sample: one first move up to symmetry keeps the win, and the solution tree is complete', () => {
    const { checks, duplicates } = checkPuzzles(sample);
    expect(duplicates).toEqual([]);
    expect(checks.filter((c) => c.problems.length > 0)).toEqual([]);
    expect(checks.every((c) => c.treePositions > 0)).toBe(true);
  });

  it('the file format reads back what it writes', () => {
    const text = formatPuzzleFile(sample);
    expect(parsePuzzleFile(text)).toEqual({ ok: true, value: sample });
    expect(parsePuzzleFile(text.replace('\t3\t', '\t4\t')).ok).toBe(false);
    expect(parsePuzzleFile('not a puzzle file').ok).toBe(false);
  });
});

const parse = (text: string): Position => {
  const p = Position.parse(text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const code = (p: Position, move: string): number => {
  const m = p.parseMove(move);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
};

describe('the checker finds broken puzzles', () => {
  const z = shipped.find((p) => p.plies === 5) as KnightsPuzzle;
  it('a wrong theme; a defence that is not the longest', () => {
    expect(checkPuzzle({ ...z, plies: 3, line: z.line.slice(0, 3) }).problems.length).toBeGreaterThan(0);
    const afterFirst = parse(z.position).playCode(code(parse(z.position), z.line[0]));
    const others = afterFirst.legalMoves().filter((m) => m !== z.line[1]);
    // Some other defence loses sooner: the line with it is refused.
    const refused = others.some(
      (other) => checkPuzzle({ ...z, line: [z.line[0], other, ...z.line.slice(2)] }).problems.length > 0,
    );
    expect(refused).toBe(true);
  });
  it('a position that is not a puzzle (the defence to move: it loses)', () => {
    const start = parse(z.position);
    const defence = start.playCode(code(start, z.line[0]));
    expect(puzzleAt(defence, 'test')).toBeNull();
    expect(checkPuzzle({ ...z, position: defence.toString() }).problems.join(' ')).toMatch(
      /values the position/,
    );
  });
});

describe('following a puzzle (PuzzleRun)', () => {
  it('the main line solves it; any other first move is wrong (the first winning move is unique)', () => {
    const z = shipped[0];
    const start = parse(z.position);
    const solution = start.playCode(code(start, z.line[0])).toString();
    for (const m of start.legalMoveCodes()) {
      if (start.playCode(m).toString() === solution) continue;
      expect(new PuzzleRun(z).play(m).kind).toBe('wrong');
    }
    const run = new PuzzleRun(z);
    for (let i = 0; i < z.line.length; i += 2) {
      expect(run.solution()).toBe(z.line[i]);
      expect(run.play(code(run.position, z.line[i])).kind).toBe('correct');
    }
    expect(run.solved).toBe(true);
  });

  it('a puzzle turned by a symmetry of the board is the same puzzle: the turned line solves it', () => {
    const z = shipped.find((p) => p.plies >= 5) as KnightsPuzzle;
    const start = parse(z.position);
    const sym = start.layout.symmetries.length - 1;
    expect(sym).toBeGreaterThan(0);
    const turned: string[] = [];
    let p = start;
    for (const move of z.line) {
      const m = code(p, move);
      turned.push(moveToString(start.layout, mapMove(start.layout, m, sym)));
      p = p.playCode(m);
    }
    const image = mapPosition(start, sym);
    expect(image.toString()).not.toBe(start.toString());
    const t = { ...z, position: image.toString(), line: turned };
    expect(checkPuzzle(t).problems).toEqual([]);
    // Moves leaving positions equal up to symmetry are one answer.
    expect(moveClasses(image, [code(image, turned[0])])).toHaveLength(1);
  });
});

describe('mining', () => {
  it('bot games are reproducible from the seed, and so are the puzzles found in them', () => {
    const a = botGame('test', 3).positions.map(String);
    expect(botGame('test', 3).positions.map(String)).toEqual(a);
    expect(botGame('test', 4).positions.map(String)).not.toEqual(a);
    const mine = () => {
      const m = new PuzzleMiner();
      for (let i = 0; i < 12; i++) m.add(botGame('test', i));
      return m.puzzles;
    };
    const first = mine();
    expect(mine()).toEqual(first);
    expect(checkPuzzles(first).checks.every((c) => c.problems.length === 0)).toBe(true);
  });
});
