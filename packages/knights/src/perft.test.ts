/**
 * The engine against a deliberately simple, independent generator: positions as grids of characters, squares
 * as (row, col) pairs, moves as text, no bitboards and no shared code beyond the notation on the rules page.
 */
import { Rng, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { enumerateLayouts } from './enumerate.js';
import { perft } from './perft.js';
import { Position } from './position.js';

interface RefPosition {
  cells: string[][];
  side: 'R' | 'H';
}

const OFFSETS = [
  [-2, -1],
  [-2, 1],
  [-1, -2],
  [-1, 2],
  [1, -2],
  [1, 2],
  [2, -1],
  [2, 1],
];

function refParse(text: string): RefPosition {
  const [board, side] = text.split(' ');
  return { cells: board.split('/').map((row) => [...row]), side: side as 'R' | 'H' };
}

function refPrint(p: RefPosition): string {
  return `${p.cells.map((row) => row.join('')).join('/')} ${p.side}`;
}

function refName(p: RefPosition, r: number, c: number): string {
  return `${String.fromCharCode(97 + c)}${p.cells.length - r}`;
}

function onBoard(p: RefPosition, r: number, c: number): boolean {
  return r >= 0 && r < p.cells.length && c >= 0 && c < p.cells[0].length && p.cells[r][c] !== '_';
}

function refTargets(p: RefPosition, r: number, c: number): Array<[number, number]> {
  return OFFSETS.map(([dr, dc]) => [r + dr, c + dc] as [number, number]).filter(
    ([r2, c2]) => onBoard(p, r2, c2) && p.cells[r2][c2] === '.',
  );
}

function squaresWith(p: RefPosition, what: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  p.cells.forEach((row, r) => row.forEach((cell, c) => cell === what && out.push([r, c])));
  return out;
}

/** Every legal move with the position it leads to. */
function refChildren(p: RefPosition): Array<{ move: string; next: RefPosition }> {
  const other = p.side === 'R' ? 'H' : 'R';
  const out: Array<{ move: string; next: RefPosition }> = [];
  const placing = squaresWith(p, 'R').length < 3 || squaresWith(p, 'H').length < 3;
  if (placing) {
    for (const [r, c] of squaresWith(p, '.')) {
      const next = { cells: p.cells.map((row) => [...row]), side: other as 'R' | 'H' };
      next.cells[r][c] = p.side;
      const knights = [...squaresWith(next, 'R'), ...squaresWith(next, 'H')];
      if (knights.every(([kr, kc]) => refTargets(next, kr, kc).length > 0)) {
        out.push({ move: refName(p, r, c), next });
      }
    }
    return out;
  }
  for (const [r, c] of squaresWith(p, p.side)) {
    for (const [r2, c2] of refTargets(p, r, c)) {
      const moved = p.cells.map((row) => [...row]);
      moved[r][c] = '.';
      moved[r2][c2] = p.side;
      const afterJump = { cells: moved, side: other as 'R' | 'H' };
      for (const [sr, sc] of squaresWith(afterJump, '.')) {
        const next = { cells: moved.map((row) => [...row]), side: other as 'R' | 'H' };
        next.cells[sr][sc] = '#';
        out.push({ move: `${refName(p, r, c)}-${refName(p, r2, c2)},${refName(p, sr, sc)}`, next });
      }
    }
  }
  return out;
}

function refPerft(p: RefPosition, depth: number): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const child of refChildren(p)) n += refPerft(child.next, depth - 1);
  return n;
}

function enginePerft(text: string, depth: number, bulk = true): number {
  return perft(unwrap(Position.parse(text)).toBoard(), depth, bulk);
}

const EMPTY_STANDARD = '...../...../...../..... R';

describe('perft against the simple reference generator', () => {
  it('from the empty standard board, depths 1 to 4', { tags: ['slow'] }, () => {
    const ref = refParse(EMPTY_STANDARD);
    const counts = [1, 2, 3, 4].map((d) => enginePerft(EMPTY_STANDARD, d));
    expect(counts).toEqual([1, 2, 3, 4].map((d) => refPerft(ref, d)));
    // Stable figures, also written in the README: 20 x 19 x 18 x 17 less the placements the no-trap rule forbids.
    expect(counts).toEqual([20, 380, 6816, 114456]);
  });

  it('with and without bulk counting at the leaves', () => {
    for (let d = 0; d <= 4; d++)
      expect(enginePerft(EMPTY_STANDARD, d, false)).toBe(enginePerft(EMPTY_STANDARD, d));
  });

  it('from the empty board of other layouts, Huns first', () => {
    for (const shape of [
      '........../..........',
      '__..__/__..__/....../....../__..__/__..__',
      '...../...../.._../_..../_..__',
      '.._____/.._____/_...___/_...___/___..._/___..._/_____../_____..',
    ]) {
      const text = `${shape} H`;
      for (const d of [1, 2, 3])
        expect(enginePerft(text, d), `${text} depth ${d}`).toBe(refPerft(refParse(text), d));
    }
  });

  it('in hand-written positions of both phases', () => {
    const cases: Array<[string, number]> = [
      ['R..../..H../...H./.R... R', 3], // placement, crossing into the turns
      ['R..H./..H../...R./.R... H', 3], // the last placement, then turns
      ['R..H./..H../...R./.R..H R', 2], // first turn of the game
      ['R.#H#/#.H#./.R.R./#.#.H H', 2],
      ['R##H#/#.H#./#R#R./#.##H R', 3],
      ['..R.__/..H.__/__.#.H/__H..#/__R.R. H', 2], // a non-rectangular board mid-game
    ];
    for (const [text, depth] of cases) {
      for (let d = 1; d <= depth; d++)
        expect(enginePerft(text, d), `${text} depth ${d}`).toBe(refPerft(refParse(text), d));
    }
  });

  it(
    'in positions reached by random play of the reference generator on random layouts',
    { tags: ['slow'] },
    () => {
      const rng = Rng.fromSeed('perft-midgame');
      const shapes = enumerateLayouts();
      for (let game = 0; game < 12; game++) {
        let p = refParse(`${rng.pick(shapes)} ${rng.pick(['R', 'H'])}`);
        const plies = 4 + rng.int(10);
        for (let i = 0; i < plies; i++) {
          const children = refChildren(p);
          if (children.length === 0) break;
          p = rng.pick(children).next;
        }
        const text = refPrint(p);
        const depth = squaresWith(p, '.').length > 10 ? 1 : 2;
        expect(enginePerft(text, depth), text).toBe(refPerft(p, depth));
      }
    },
  );
});

describe('legal move lists against the reference generator, through whole games', () => {
  it('on every preset-like and random layout, move by move, until the game ends', { tags: ['slow'] }, () => {
    const rng = Rng.fromSeed('whole-games');
    const shapes = enumerateLayouts();
    for (let game = 0; game < 24; game++) {
      let ref = refParse(`${rng.pick(shapes)} ${rng.pick(['R', 'H'])}`);
      let pos = unwrap(Position.parse(refPrint(ref)));
      for (;;) {
        const children = refChildren(ref);
        expect(pos.legalMoves()).toEqual(children.map((c) => c.move).sort());
        if (children.length === 0) {
          // The side to move cannot act: it has lost.
          expect(pos.winner()).toBe(ref.side === 'R' ? 'H' : 'R');
          break;
        }
        const pick = rng.pick(children);
        pos = unwrap(pos.play(pick.move));
        ref = pick.next;
        expect(pos.toString()).toBe(refPrint(ref));
      }
    }
  });
});
