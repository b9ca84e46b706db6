import { unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { Position } from './position.js';
import { STANDARD_LAYOUT } from './presets.js';

function refused(text: string): string {
  const r = Position.parse(text);
  if (r.ok) throw new Error(`expected "${text}" to be refused`);
  expect(r.error.code).toBe('knights.position');
  return r.error.message;
}

describe('position notation', () => {
  it('the empty standard board with the Romans to place first', () => {
    const p = Position.empty(STANDARD_LAYOUT);
    expect(p.toString()).toBe('...../...../...../..... R');
    expect(unwrap(Position.parse('...../...../...../..... R')).equals(p)).toBe(true);
  });

  it('prints back every legal position identically', () => {
    for (const text of [
      '...../...../...../..... H',
      'R..../..H../...H./.R... R',
      'R..H./..H../...R./.R..H R',
      'R##H#/#.H#./#R#R./#.##H R',
      '__..__/__..__/R.H..R/..H..R/__.H__/__..__ H',
      '..R.__/..H.__/__.#.H/__H..#/__R.R. H',
      '........../.......... R',
    ]) {
      expect(unwrap(Position.parse(text)).toString()).toBe(text);
    }
  });

  it('reads squares from a1 at the bottom left', () => {
    const p = unwrap(Position.parse('....H/...../...../R.... H'));
    expect(p.knightSquares('R')).toEqual(['a1']);
    expect(p.knightSquares('H')).toEqual(['e4']);
    expect(p.sideToMove).toBe('H');
  });

  describe('every malformed or impossible string is refused with the reason', () => {
    it('missing side to move or extra parts', () => {
      expect(refused('...../...../...../.....')).toMatch(/a space, and the side to move/);
      expect(refused('...../...../...../..... R extra')).toMatch(/the side to move/);
      expect(refused('')).toMatch(/the side to move/);
    });
    it('a side to move other than R or H', () => {
      expect(refused('...../...../...../..... X')).toMatch(/"R" \(Romans\) or "H" \(Huns\), not "X"/);
      expect(refused('...../...../...../..... r')).toMatch(/not "r"/);
    });
    it('wrong row lengths', () => {
      expect(refused('...../..../...../..... R')).toMatch(/row 2 from the top has 4 cells but row 1 has 5/);
      expect(refused('...../...../...../....../ R')).toMatch(
        /row 4 from the top has 6|row 5 from the top is empty/,
      );
    });
    it('bad characters', () => {
      expect(refused('...../..x../...../..... R')).toMatch(
        /"x" in row 2 from the top is not a cell: use "." free, "#" scorched, "R" Roman knight, "H" Hun knight, "_" no square/,
      );
      expect(refused('...../..r../...../..... R')).toMatch(/"r" in row 2/);
    });
    it('a shape that is not a legal layout', () => {
      expect(refused('...../...../..... R')).toMatch(/not a legal layout: the layout has 15 squares/);
      expect(refused('.._......../.._........ R')).toMatch(/not a legal layout: .*separate pieces/);
      expect(refused('..________/..________/__......../__........ R')).toMatch(/only at a corner/);
      expect(refused('....__/....._/....._/...... R')).toMatch(/cannot be cut into the four tiles/);
      expect(refused('_____/...../...../...../..... R')).toMatch(/row 5 has no square/);
    });
    it('more than 3 knights a side', () => {
      expect(refused('RRRR./HHH##/#####/##### H')).toMatch(/4 Roman knights; each side has 3/);
      expect(refused('R.HHH/H..../...../..... R')).toMatch(/4 Hun knights/);
    });
    it('a placement-phase position with scorched squares', () => {
      expect(refused('R..../..H../...#./..... R')).toMatch(/still being placed, and nothing is scorched/);
    });
    it('a placement-phase position with the wrong side to move', () => {
      // Two Romans and one Hun: only the Huns can be placing now.
      expect(refused('R..../..H../...../.R... R')).toMatch(/cannot be the Romans' turn/);
      expect(refused('R..../..H../..R../.R... H')).toMatch(
        /3 Roman and 1 Hun knights are placed, so it cannot be the Huns' turn/,
      );
      expect(Position.parse('R..../..H../...../.R... H').ok).toBe(true);
      expect(Position.parse('R..../..H../...../..... R').ok).toBe(true);
      expect(Position.parse('R..../..H../...../..... H').ok).toBe(true);
    });
    it('a placement-phase position where a knight has no move (the no-trap rule makes it impossible)', () => {
      expect(refused('R..../..H../.H.../..... R')).toMatch(/no-trap placement rule.*knight on a4 has none/);
    });
  });
});

describe('position identity', () => {
  it('two positions are equal only when the knights, scorched squares and side to move all agree', () => {
    const base = 'R##H#/#.H#./#R#R./#.##H R';
    const p = unwrap(Position.parse(base));
    expect(unwrap(Position.parse(base)).equals(p)).toBe(true);
    for (const other of [
      'R##H#/#.H#./#R#R./#.##H H', // the side to move
      'R#.H#/#.H#./#R#R./#.##H R', // a scorched square
      'R##H#/#H.#./#R#R./#.##H R', // a Hun elsewhere
      'R##H#/#.H#./#R#.R/#.##H R', // a Roman elsewhere
    ])
      expect(unwrap(Position.parse(other)).equals(p), other).toBe(false);
  });

  it('a row with no cells is refused, naming the row', () => {
    expect(refused('...../ R')).toMatch(/row 2 from the top is empty/);
  });

  it('legal moves are listed in sorted order', () => {
    const moves = unwrap(Position.parse('R##H#/#.H#./#R#R./#.##H R')).legalMoves();
    expect(moves.length).toBeGreaterThan(1);
    expect(moves).toEqual([...moves].sort());
  });
});
