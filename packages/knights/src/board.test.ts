import { Rng, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { popcount } from './bits.js';
import { Board, MAX_MOVES } from './board.js';
import { enumerateLayouts } from './enumerate.js';
import { layoutFromShape } from './layout.js';
import { perft } from './perft.js';
import { Position } from './position.js';
import { PRESET_LAYOUTS } from './presets.js';

/** Boards met along random games on random layouts. */
function* randomBoards(seed: string, games: number): Generator<Board> {
  const rng = Rng.fromSeed(seed);
  const shapes = enumerateLayouts();
  for (let g = 0; g < games; g++) {
    const b = new Board(unwrap(layoutFromShape(rng.pick(shapes))), rng.int(2) as 0 | 1);
    for (;;) {
      yield b;
      const m = b.randomMove(rng);
      if (m < 0) break;
      b.makeMove(m);
    }
  }
}

describe('the fast board', () => {
  it(
    'unmakeMove undoes makeMove exactly; counts agree with generation; random moves are legal',
    { tags: ['slow'] },
    () => {
      const moves = new Int32Array(MAX_MOVES);
      const rng = Rng.fromSeed('random-move');
      for (const b of randomBoards('make-unmake', 60)) {
        const before = b.key();
        const n = b.generateMoves(moves);
        expect(n).toBe(b.countMoves());
        expect(n > 0).toBe(b.hasAnyMove());
        expect(new Set(moves.subarray(0, n)).size).toBe(n);
        for (let i = 0; i < n; i++) {
          b.makeMove(moves[i]);
          expect(popcount(b.romans & b.huns) + popcount((b.romans | b.huns) & b.scorched)).toBe(0);
          b.unmakeMove(moves[i]);
          expect(b.key()).toBe(before);
        }
        if (n > 0) expect(Array.from(moves.subarray(0, n))).toContain(b.randomMove(rng));
        else expect(b.randomMove(rng)).toBe(-1);
      }
    },
  );

  it('key() and setKey() round-trip the whole state', { tags: ['slow'] }, () => {
    for (const b of randomBoards('keys', 30)) {
      const copy = new Board(b.layout);
      copy.setKey(b.key());
      expect([copy.romans, copy.huns, copy.scorched, copy.side]).toEqual([
        b.romans,
        b.huns,
        b.scorched,
        b.side,
      ]);
      expect(b.key()).toBeLessThan(2 ** 41);
      const clone = b.clone();
      expect(clone.key()).toBe(b.key());
    }
  });

  it('positions print and parse back identically', { tags: ['slow'] }, () => {
    for (const b of randomBoards('print', 30)) {
      const p = Position.fromBoard(b);
      if (!b.inPlacement() || b.hasAnyMove()) {
        const again = unwrap(Position.parse(p.toString()));
        expect(again.equals(p)).toBe(true);
        expect(again.toString()).toBe(p.toString());
      }
    }
  });

  it('symmetric positions have the same perft (the symmetries are those of the game)', () => {
    const rng = Rng.fromSeed('symmetry');
    for (const { layout } of PRESET_LAYOUTS) {
      const b = new Board(layout, 0);
      for (let i = 0; i < 8; i++) b.makeMove(b.randomMove(rng));
      const expected = perft(b, 2);
      for (const s of layout.symmetries) {
        const t = new Board(layout, b.side);
        t.romans = s.mapMask(b.romans);
        t.huns = s.mapMask(b.huns);
        t.scorched = s.mapMask(b.scorched);
        expect(perft(t, 2)).toBe(expected);
      }
    }
  });
});
