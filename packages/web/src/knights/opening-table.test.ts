import { describe, expect, it } from 'vitest';
import { standardOpeningTable } from '@attila/bots';
import { moveToString, PLACEMENT, Position, STANDARD_LAYOUT } from '@attila/knights';
import { emptyPosition } from './board-setup.js';
import { tableAnswer } from './opening-table.js';

const table = standardOpeningTable()!;

/** Positions with five knights placed (the Huns to place), from the table's own ranks. */
function fiveKnights(keep: (p: Position) => boolean): Position {
  for (let r = 0; r < table.space.count(5); r++) {
    const [mover, other] = table.space.unrank(5, r);
    const b = Position.empty(STANDARD_LAYOUT, 'H').toBoard();
    [b.huns, b.romans] = [mover, other];
    const p = Position.fromBoard(b);
    if (keep(p)) return p;
  }
  throw new Error('no such position in the shipped table');
}

describe("the page's opening table answer", () => {
  it('gives every placement of a covered position its table value, named by the move it is', () => {
    const p = fiveKnights((q) => table.knownPlacementValues(q) !== null);
    const answer = tableAnswer(table, p)!;
    expect(answer.complete).toBe(true);
    expect(answer.verdicts.map((v) => v.move).sort()).toEqual(p.legalMoves().sort());
    const values = table.knownPlacementValues(p)!;
    for (const { square, value } of values) {
      const move = moveToString(p.layout, PLACEMENT | square);
      expect(answer.verdicts.find((v) => v.move === move)).toEqual({ move, value, exact: true });
    }
  });

  it('covers every placement position: the shipped table is complete (issue 29)', () => {
    // Every fifth rank of the five-knight layer, each answered in full.
    for (let r = 0; r < table.space.count(5); r += 5) {
      const [mover, other] = table.space.unrank(5, r);
      const b = Position.empty(STANDARD_LAYOUT, 'H').toBoard();
      [b.huns, b.romans] = [mover, other];
      const p = Position.fromBoard(b);
      const answer = tableAnswer(table, p)!;
      expect(answer.complete).toBe(true);
      expect(answer.verdicts.length).toBe(p.legalMoves().length);
    }
  });

  it('knows nothing of the move phase or of other boards', () => {
    for (const text of ['R..H./..H##/#.#R#/.R#.H H', emptyPosition('cross', 'R')!]) {
      const p = Position.parse(text);
      expect(p.ok).toBe(true);
      if (p.ok) expect(tableAnswer(table, p.value)).toBe(null);
    }
  });
});
