import { PLACEMENT, Position, STANDARD_LAYOUT } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { bookMove, standardOpeningBook } from './book.js';

describe('the shipped opening book of the standard board', () => {
  const book = standardOpeningBook();

  it('says the empty board is lost for the side that places first (a second-player win)', () => {
    const root = book.lookup(Position.empty(STANDARD_LAYOUT, 'R'));
    expect(root?.value).toBe(-1);
  });

  it('is a closed proof tree: every losing entry answers all placements, every winning one gives a lost position', () => {
    let checked = 0;
    for (const [position, entry] of book.entries()) {
      const children = position.legalMoveCodes().map((m) => position.playCode(m));
      const lastPlacement = !children[0]?.toBoard().inPlacement();
      if (entry.value < 0) {
        // Every placement of the losing side leads to a position the book proves won for the other side.
        for (const c of children) if (!lastPlacement) expect(book.lookup(c)?.value).toBe(1);
      } else {
        const c = position.playCode(PLACEMENT | entry.square);
        expect(position.legalMoveCodes()).toContain(PLACEMENT | entry.square);
        if (c.toBoard().inPlacement()) expect(book.lookup(c)?.value).toBe(-1);
      }
      checked++;
    }
    expect(checked).toBe(book.size);
  });

  it('gives the perfect bot its placement, in the orientation of the position asked', () => {
    const afterB2 = Position.empty(STANDARD_LAYOUT, 'R').playCode(
      PLACEMENT | STANDARD_LAYOUT.squareIndex('b2'),
    );
    const reply = bookMove(afterB2);
    expect(reply).not.toBeNull();
    // b2 is the mirror image of b3, answered by c3 in the book: here the mirrored square, c2.
    expect(STANDARD_LAYOUT.names[reply! & 31]).toBe('c2');
  });
});
