/**
 * Knights puzzles: a position where exactly one move (up to the board's symmetries) keeps the win, with its
 * main line — the winning side's moves and the defence's strongest-delaying answers to the end of the game.
 * This file is pure (no solver, no file system): the web app and the server follow a puzzle with it.
 *
 * The data file: a header line, then one puzzle a line, tab-separated: id, position, plies (3, 5, 7 or 9),
 * the main line (moves separated by spaces), and where it was found (`bots:<seed>:<game>` or
 * `server:<table id>`).
 */
import { err, ok, type Result } from '@attila/core';
import { moveToString, Position } from '@attila/knights';
import { canonicalKey, mapMove, symmetryBetween } from './symmetry.js';

export const PUZZLE_THEMES = [3, 5, 7, 9] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];
export const PUZZLE_FILE_HEADER = '# attila knights puzzles v1: id, position, plies, main line, source';

export interface KnightsPuzzle {
  readonly id: string;
  /** The position string; the side to move is the winning side (the player). */
  readonly position: string;
  /** The win's length in plies with best play: the theme. */
  readonly plies: PuzzleTheme;
  /** Winner, defence, winner, ... : `plies` moves, the last one ends the game. */
  readonly line: readonly string[];
  readonly source: string;
}

/** A stable id from the position up to symmetry: the same puzzle found twice gets the same id. */
export function puzzleId(p: Position): string {
  let h = 0x811c9dc5;
  const text = `${p.layout.shape}|${canonicalKey(p)}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36).padStart(7, '0');
}

export function formatPuzzle(z: KnightsPuzzle): string {
  return [z.id, z.position, String(z.plies), z.line.join(' '), z.source].join('\t');
}

export function formatPuzzleFile(puzzles: readonly KnightsPuzzle[]): string {
  return [PUZZLE_FILE_HEADER, ...puzzles.map(formatPuzzle)].join('\n') + '\n';
}

export type PuzzleFileErrorCode = 'knights.puzzles';

/** Reads a puzzle file; the error names the line and what is wrong with it. */
export function parsePuzzleFile(text: string): Result<KnightsPuzzle[], PuzzleFileErrorCode> {
  const lines = text.split('\n');
  if (lines[0] !== PUZZLE_FILE_HEADER) {
    return err('knights.puzzles', `a puzzle file starts with the line "${PUZZLE_FILE_HEADER}"`);
  }
  const out: KnightsPuzzle[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const bad = (what: string) => err('knights.puzzles', `puzzle file line ${i + 1}: ${what}`);
    const f = lines[i].split('\t');
    if (f.length !== 5) return bad(`expected 5 tab-separated fields, found ${f.length}`);
    const [id, position, pliesText, lineText, source] = f;
    const plies = Number(pliesText) as PuzzleTheme;
    if (!PUZZLE_THEMES.includes(plies)) return bad(`plies is 3, 5, 7 or 9, not "${pliesText}"`);
    const p = Position.parse(position);
    if (!p.ok) return bad(p.error.message);
    const line = lineText.split(' ');
    if (line.length !== plies) return bad(`the main line has ${line.length} moves, not ${plies}`);
    out.push({ id, position, plies, line, source });
  }
  return ok(out);
}

export type PuzzleStep =
  /** The move was the solution's; `reply` is the defence the site plays (null: the puzzle is solved). */
  | { readonly kind: 'correct'; readonly reply: number | null }
  /** Not the solution: the win is gone (the refutation is the solver's business). */
  | { readonly kind: 'wrong' };

/**
 * One attempt at a puzzle, following the main line in whatever orientation the player's moves take it: a
 * move is right when it leaves the position the line's move leaves, up to symmetry (the line is then
 * followed through that symmetry), and the move that ends the game is right whatever it is.
 */
export class PuzzleRun {
  /** The position on the board. */
  position: Position;
  /** Plies of the main line played so far. */
  ply = 0;
  private sym = 0;
  private linePosition: Position;
  private readonly codes: number[];

  constructor(readonly puzzle: KnightsPuzzle) {
    const start = Position.parse(puzzle.position);
    if (!start.ok) throw new Error(`puzzle ${puzzle.id}: ${start.error.message}`);
    this.position = start.value;
    this.linePosition = start.value;
    // The line is stored in notation; read it once into codes along the line's own positions.
    this.codes = [];
    let p = start.value;
    for (const text of puzzle.line) {
      const code = p.parseMove(text);
      if (!code.ok) throw new Error(`puzzle ${puzzle.id}: ${code.error.message}`);
      this.codes.push(code.value);
      p = p.playCode(code.value);
    }
  }

  get solved(): boolean {
    return this.ply >= this.codes.length;
  }

  /** The player's move (a legal move code of `position`). */
  play(move: number): PuzzleStep {
    if (this.solved || this.ply % 2 !== 0) throw new Error('PuzzleRun.play: not the player to move');
    const after = this.position.playCode(move);
    const lineAfter = this.linePosition.playCode(this.codes[this.ply]);
    const last = this.ply === this.codes.length - 1;
    if (last ? after.legalMoveCodes().length !== 0 : canonicalKey(after) !== canonicalKey(lineAfter)) {
      return { kind: 'wrong' };
    }
    if (!last) this.sym = symmetryBetween(lineAfter, after);
    this.position = after;
    this.linePosition = lineAfter;
    this.ply++;
    if (this.solved) return { kind: 'correct', reply: null };
    const reply = mapMove(after.layout, this.codes[this.ply], this.sym);
    this.position = this.position.playCode(reply);
    this.linePosition = this.linePosition.playCode(this.codes[this.ply]);
    this.ply++;
    return { kind: 'correct', reply };
  }

  /** The line's next winning move in the board's orientation (a hint; null once solved). */
  solution(): string | null {
    if (this.solved) return null;
    return moveToString(this.position.layout, mapMove(this.position.layout, this.codes[this.ply], this.sym));
  }
}
