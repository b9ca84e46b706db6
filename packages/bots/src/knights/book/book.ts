/**
 * The opening book: placement-phase positions of the standard board whose value the solver has proven, each
 * with the placement to play (for the winner, a winning placement; for the loser, the placement whose win is
 * hardest to find, i.e. the one the proof search took longest to refute). The data file `standard.book` is
 * written by `build.ts` and read once, lazily. Positions are matched up to the layout's symmetries.
 *
 * File format: `#` comment lines, then one entry a line: `<position> <value> <placement> <nodes>`, where
 * value is +1 (the side to place wins) or -1, and nodes the search effort the proof took.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLACEMENT, Position, STANDARD_LAYOUT, type Layout } from '@attila/knights';

export const STANDARD_BOOK_FILE = fileURLToPath(new URL('./standard.book', import.meta.url));

export interface BookEntry {
  /** +1 the side to place wins, -1 it loses. */
  readonly value: number;
  /** The placement square, in the orientation of the position the entry was stored under. */
  readonly square: number;
  readonly nodes: number;
}

/** A position's key, the same for every position equal to it up to a symmetry; and that symmetry's index. */
export function canonicalKey(layout: Layout, romans: number, huns: number, side: number): [string, number] {
  let best = '';
  let bestSym = 0;
  layout.symmetries.forEach((sym, i) => {
    const k = `${sym.mapMask(romans)},${sym.mapMask(huns)},${side}`;
    if (i === 0 || k < best) {
      best = k;
      bestSym = i;
    }
  });
  return [best, bestSym];
}

export class OpeningBook {
  private readonly byKey = new Map<string, BookEntry>();

  constructor(readonly layout: Layout) {}

  get size(): number {
    return this.byKey.size;
  }

  /** Every entry, as a position in the canonical orientation. */
  *entries(): Generator<[Position, BookEntry]> {
    for (const [key, entry] of this.byKey) {
      const [romans, huns, side] = key.split(',').map(Number);
      const b = Position.empty(this.layout, side === 0 ? 'R' : 'H').toBoard();
      b.romans = romans;
      b.huns = huns;
      yield [Position.fromBoard(b), entry];
    }
  }

  /** Records a proven position (any orientation). */
  add(position: Position, value: number, square: number, nodes: number): void {
    const [key, sym] = canonicalKey(this.layout, position.romans, position.huns, position.side);
    const perm = this.layout.symmetries[sym].perm;
    this.byKey.set(key, { value, square: perm[square], nodes });
  }

  /** The proven value and placement of a position, in the position's own orientation, or null. */
  lookup(position: Position): BookEntry | null {
    const [key, sym] = canonicalKey(this.layout, position.romans, position.huns, position.side);
    const e = this.byKey.get(key);
    if (!e) return null;
    const perm = this.layout.symmetries[sym].perm;
    const square = perm.indexOf(e.square);
    return { ...e, square };
  }

  static parse(layout: Layout, text: string): OpeningBook {
    const book = new OpeningBook(layout);
    text.split('\n').forEach((line, i) => {
      const t = line.trim();
      if (t === '' || t.startsWith('#')) return;
      const [board, side, value, square, nodes] = t.split(/\s+/);
      const p = Position.parse(`${board} ${side}`);
      const sq = layout.squareIndex(square ?? '');
      if (!p.ok || p.value.layout !== layout || sq < 0 || (value !== '+1' && value !== '-1')) {
        throw new Error(`opening book line ${i + 1} is malformed: "${t}"`);
      }
      book.add(p.value, Number(value), sq, Number(nodes ?? 0));
    });
    return book;
  }

  static load(layout: Layout, file: string): OpeningBook {
    return existsSync(file) ? OpeningBook.parse(layout, readFileSync(file, 'utf8')) : new OpeningBook(layout);
  }
}

let standardBook: OpeningBook | null = null;

/** The shipped book of the standard layout. */
export function standardOpeningBook(): OpeningBook {
  standardBook ??= OpeningBook.load(STANDARD_LAYOUT, STANDARD_BOOK_FILE);
  return standardBook;
}

/** The book's placement for this position (standard layout only), as a move code, or null. */
export function bookMove(position: Position): number | null {
  if (position.layout !== STANDARD_LAYOUT || !position.toBoard().inPlacement()) return null;
  const e = standardOpeningBook().lookup(position);
  return e === null ? null : PLACEMENT | e.square;
}
