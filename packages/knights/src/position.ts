/**
 * The immutable position: a layout, where the knights stand, which squares are scorched and whose turn it
 * is. Parses and prints the notation of the rules page, lists legal moves in notation and checks and plays
 * untrusted moves, saying why a refused one is illegal. Search code uses `Board` instead.
 */
import { err, ok, type Result } from '@attila/core';
import { popcount } from './bits.js';
import { Board, KNIGHTS_PER_SIDE, MAX_MOVES, type SideIndex } from './board.js';
import type { Grid } from './grid.js';
import { layoutFromGrid, type Layout } from './layout.js';
import { encodeParsedMove, moveToString, parseMoveText, type MoveErrorCode } from './notation.js';
import { describePositionProblem, type PositionProblem } from './position-problems.js';
import type { Side } from './side.js';

export type { Side } from './side.js';
export type Phase = 'placement' | 'turns' | 'over';
export type PositionErrorCode = 'knights.position';

export const SIDE_LETTERS: readonly Side[] = ['R', 'H'];
export const SIDE_NAMES = ['Romans', 'Huns'] as const;
const KNIGHT_NAMES = ['Roman', 'Hun'] as const;

export function sideIndex(side: Side): SideIndex {
  return side === 'R' ? 0 : 1;
}

export class Position {
  private constructor(
    readonly layout: Layout,
    readonly romans: number,
    readonly huns: number,
    readonly scorched: number,
    /** 0 Romans, 1 Huns. */
    readonly side: SideIndex,
  ) {}

  /** The empty board of a layout, with `first` to place first. */
  static empty(layout: Layout, first: Side = 'R'): Position {
    return new Position(layout, 0, 0, 0, sideIndex(first));
  }

  /** A snapshot of a board (trusted: the board came from legal play or a parsed position). */
  static fromBoard(board: Board): Position {
    return new Position(board.layout, board.romans, board.huns, board.scorched, board.side);
  }

  /** A fresh mutable board in this position. */
  toBoard(): Board {
    const b = new Board(this.layout, this.side);
    b.romans = this.romans;
    b.huns = this.huns;
    b.scorched = this.scorched;
    return b;
  }

  /** Reads a position such as `...../..R../...../..... H`; refuses malformed and impossible ones. */
  static parse(text: string): Result<Position, PositionErrorCode> {
    const read = Position.examine(text);
    return read.ok ? read : err('knights.position', describePositionProblem(text, read.problem));
  }

  /** Like `parse`, with what is wrong as data (for a screen that says it in the player's language). */
  static examine(
    text: string,
  ):
    | { readonly ok: true; readonly value: Position }
    | { readonly ok: false; readonly problem: PositionProblem } {
    const bad = (problem: PositionProblem) => ({ ok: false, problem }) as const;
    const parts = text.trim().split(/\s+/);
    if (parts.length !== 2 || parts[0] === '') return bad({ kind: 'form' });
    const [board, sideText] = parts;
    if (sideText !== 'R' && sideText !== 'H') return bad({ kind: 'side', found: sideText });
    const rows = board.split('/');
    const cols = rows[0].length;
    for (let r = 0; r < rows.length; r++) {
      if (rows[r].length === 0) return bad({ kind: 'row-empty', row: r + 1 });
      if (rows[r].length !== cols) {
        return bad({ kind: 'row-length', row: r + 1, cells: rows[r].length, first: cols });
      }
      const c = /[^.#RH_]/.exec(rows[r]);
      if (c) return bad({ kind: 'cell', cell: c[0], row: r + 1 });
    }
    const cells = new Uint8Array(rows.length * cols);
    rows.forEach((row, r) => {
      for (let c = 0; c < cols; c++) cells[r * cols + c] = row[c] === '_' ? 0 : 1;
    });
    const grid: Grid = { rows: rows.length, cols, cells };
    const layout = layoutFromGrid(grid);
    if (!layout.ok) return bad({ kind: 'layout', detail: layout.error.message });
    let romans = 0;
    let huns = 0;
    let scorched = 0;
    rows.forEach((row, r) => {
      for (let c = 0; c < cols; c++) {
        const bit = row[c] === '_' ? 0 : 1 << layout.value.indexAt(r, c);
        if (row[c] === 'R') romans |= bit;
        else if (row[c] === 'H') huns |= bit;
        else if (row[c] === '#') scorched |= bit;
      }
    });
    const side = sideIndex(sideText);
    const counts = [popcount(romans), popcount(huns)];
    for (const s of [0, 1] as const) {
      if (counts[s] > KNIGHTS_PER_SIDE) {
        return bad({ kind: 'too-many', side: SIDE_LETTERS[s], count: counts[s], most: KNIGHTS_PER_SIDE });
      }
    }
    const position = new Position(layout.value, romans, huns, scorched, side);
    if (counts[0] < KNIGHTS_PER_SIDE || counts[1] < KNIGHTS_PER_SIDE) {
      const placed = { romans: counts[0], huns: counts[1] };
      if (scorched !== 0) return bad({ kind: 'scorched-in-placement', ...placed });
      // Placement alternates from the first player: the side to move has as many knights as the other, or one fewer.
      const other = 1 - side;
      if (counts[side] !== counts[other] && counts[side] !== counts[other] - 1) {
        return bad({ kind: 'turn', side: sideText, ...placed });
      }
      const trapped = position.trappedKnights();
      if (trapped.length > 0) return bad({ kind: 'trapped', squares: trapped });
    }
    return ok(position);
  }

  toString(): string {
    const { layout } = this;
    const rows: string[] = [];
    for (let r = 0; r < layout.rows; r++) {
      let line = '';
      for (let c = 0; c < layout.cols; c++) {
        const i = layout.indexAt(r, c);
        if (i < 0) line += '_';
        else {
          const b = 1 << i;
          line += this.romans & b ? 'R' : this.huns & b ? 'H' : this.scorched & b ? '#' : '.';
        }
      }
      rows.push(line);
    }
    return `${rows.join('/')} ${SIDE_LETTERS[this.side]}`;
  }

  get sideToMove(): Side {
    return SIDE_LETTERS[this.side];
  }

  free(): number {
    return this.layout.all & ~(this.romans | this.huns | this.scorched);
  }

  /** `placement` while fewer than six knights are on the board, `over` when the side to move cannot act. */
  phase(): Phase {
    const b = this.toBoard();
    if (!b.hasAnyMove()) return 'over';
    return b.inPlacement() ? 'placement' : 'turns';
  }

  /** The winner once the game is over (the side to move cannot move or place, and loses), else null. */
  winner(): Side | null {
    return this.toBoard().hasAnyMove() ? null : SIDE_LETTERS[1 - this.side];
  }

  /** Squares of knights (either side) that have no jump to a free square. */
  trappedKnights(): string[] {
    const free = this.free();
    const out: string[] = [];
    for (let ks = this.romans | this.huns; ks !== 0; ks &= ks - 1) {
      const k = 31 - Math.clz32(ks & -ks);
      if ((this.layout.jumps[k] & free) === 0) out.push(this.layout.names[k]);
    }
    return out;
  }

  knightSquares(side: Side): string[] {
    return this.layout.maskNames(side === 'R' ? this.romans : this.huns);
  }

  /** The legal moves as integers (see `Board`). */
  legalMoveCodes(): number[] {
    const buf = new Int32Array(MAX_MOVES);
    const n = this.toBoard().generateMoves(buf);
    return Array.from(buf.subarray(0, n));
  }

  /** The legal moves in notation, sorted as plain strings. */
  legalMoves(): string[] {
    return this.legalMoveCodes()
      .map((m) => moveToString(this.layout, m))
      .sort();
  }

  /** Plays a move known to be legal (from `legalMoveCodes` or a board). */
  playCode(move: number): Position {
    const b = this.toBoard();
    b.makeMove(move);
    return Position.fromBoard(b);
  }

  /** Reads and checks a move; the error says what is wrong with it. */
  parseMove(text: string): Result<number, MoveErrorCode> {
    const { layout } = this;
    const board = this.toBoard();
    const names = layout.names;
    const me = KNIGHT_NAMES[this.side];
    if (!board.hasAnyMove()) {
      return err(
        'knights.move.game-over',
        `the game is over: the ${SIDE_NAMES[this.side]} cannot ${board.inPlacement() ? 'place a knight' : 'move'} and have lost`,
      );
    }
    const parsed = parseMoveText(layout, text);
    if (!parsed.ok) return parsed;
    const m = parsed.value;
    const occupant = (sq: number): string | null => {
      const b = 1 << sq;
      if (this.romans & b) return `holds a Roman knight`;
      if (this.huns & b) return `holds a Hun knight`;
      if (this.scorched & b) return `is scorched`;
      return null;
    };
    if (board.inPlacement()) {
      if (m.kind !== 'placement') {
        return err(
          'knights.move.placing',
          `the knights are still being placed: name the free square for the next ${me} knight, e.g. "c2"`,
        );
      }
      const sq = m.square;
      const occ = occupant(sq);
      if (occ) return err('knights.move.place-taken', `${names[sq]} ${occ}: place a knight on a free square`);
      const free = this.free() & ~(1 << sq);
      if ((layout.jumps[sq] & free) === 0) {
        return err(
          'knights.move.trap',
          `a knight on ${names[sq]} would have no move (no-trap placement rule)`,
        );
      }
      for (let ks = this.romans | this.huns; ks !== 0; ks &= ks - 1) {
        const k = 31 - Math.clz32(ks & -ks);
        if ((layout.jumps[k] & free) === 0) {
          const whose = this.romans & (1 << k) ? 'Roman' : 'Hun';
          return err(
            'knights.move.trap-other',
            `a knight on ${names[sq]} would leave the ${whose} knight on ${names[k]} without a move (no-trap placement rule)`,
          );
        }
      }
      return ok(encodeParsedMove(m));
    }
    if (m.kind !== 'turn') {
      return err(
        'knights.move.moving',
        `all knights are placed: a turn is a knight's jump and a square to scorch, written "from-to,scorch", e.g. "b1-c3,d4"`,
      );
    }
    const mine = board.mine();
    if ((mine & (1 << m.from)) === 0) {
      return err(
        'knights.move.not-your-knight',
        `there is no ${me} knight on ${names[m.from]}; the ${SIDE_NAMES[this.side]} to move have knights on ${layout.maskNames(mine).join(', ')}`,
      );
    }
    if ((layout.jumps[m.from] & (1 << m.to)) === 0) {
      return err(
        'knights.move.not-a-jump',
        `${names[m.from]} to ${names[m.to]} is not a knight's jump (two squares one way and one to the side)`,
      );
    }
    const occTo = occupant(m.to);
    if (occTo) return err('knights.move.land-taken', `the knight cannot land on ${names[m.to]}: it ${occTo}`);
    if (m.scorch === m.to) {
      return err(
        'knights.move.scorch-landing',
        `${names[m.to]} cannot be scorched: the knight has just landed there`,
      );
    }
    if (m.scorch !== m.from) {
      const occS = occupant(m.scorch);
      if (occS)
        return err(
          'knights.move.scorch-taken',
          `${names[m.scorch]} cannot be scorched: it ${occS}; scorch a free square`,
        );
    }
    return ok(encodeParsedMove(m));
  }

  /** Checks and plays a move in notation. */
  play(text: string): Result<Position, MoveErrorCode> {
    const m = this.parseMove(text);
    return m.ok ? ok(this.playCode(m.value)) : m;
  }

  equals(other: Position): boolean {
    return (
      this.layout === other.layout &&
      this.romans === other.romans &&
      this.huns === other.huns &&
      this.scorched === other.scorched &&
      this.side === other.side
    );
  }
}
