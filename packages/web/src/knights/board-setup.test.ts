import { describe, expect, it } from 'vitest';
import { checkSetup, cleared, emptyPosition, shapeOf, withSideToMove, withSquare } from './board-setup.js';

const EMPTY = '...../...../...../..... R';

function problemOf(position: string): string | null {
  const check = checkSetup(position);
  return check.ok ? null : check.problem.kind;
}

describe('setting up a position on the analysis board', () => {
  it('starts from the empty board of a preset or of a drawn shape', () => {
    expect(emptyPosition('standard', 'R')).toBe(EMPTY);
    expect(emptyPosition('...../...../...../.....', 'H')).toBe('...../...../...../..... H');
    expect(emptyPosition('no such layout', 'R')).toBeNull();
  });

  it('puts a knight or a scorch on a square, and a second click takes it off', () => {
    const one = withSquare(EMPTY, 'a1', 'R')!;
    expect(one).toBe('...../...../...../R.... R');
    expect(withSquare(one, 'a1', 'R')).toBe(EMPTY);
    expect(withSquare(one, 'a1', 'H')).toBe('...../...../...../H.... R');
    expect(withSquare(EMPTY, 'e4', 'scorched')).toBe('....#/...../...../..... R');
    expect(withSquare(one, 'a1', 'free')).toBe(EMPTY);
    expect(withSquare(EMPTY, 'f1', 'R')).toBeNull();
  });

  it('never puts anything on a gap of the layout', () => {
    expect(withSquare('R#_/.H. H', 'c2', 'R')).toBeNull();
  });

  it('chooses the side to move, clears the board and keeps the shape', () => {
    expect(withSideToMove(EMPTY, 'H')).toBe('...../...../...../..... H');
    expect(cleared('RH#../...../..R../H.... H')).toBe('...../...../...../..... H');
    expect(shapeOf('RH#_/..._ R')).toBe('..._/..._');
  });
});

describe('the engine judges a setup (rules page: Setup, Notation, impossible placement positions)', () => {
  const cases: ReadonlyArray<readonly [string, string, string | null]> = [
    ['the empty board', EMPTY, null],
    ['one Roman placed, the Huns to place', '...../...../...../R.... H', null],
    ['all six placed, scorched squares allowed', 'RRR##/HHH../...../..... R', null],
    ['a fourth Roman knight', 'RRRR./HHH../...../..... R', 'too-many'],
    [
      'a scorched square while knights are still placed',
      '#..../...../...../R.... H',
      'scorched-in-placement',
    ],
    ['the Romans to place with one knight more than the Huns', '...../...../...../R.... R', 'turn'],
    ['a knight with no move during placement (no-trap rule)', 'R..../..H../.H.../..... R', 'trapped'],
    ['a layout the tiles cannot make', '....../...../...../..... R', 'row-length'],
    ['not a position at all', 'hello', 'form'],
    ['a cell that is not one', '...../...../..X../..... R', 'cell'],
    ['a side that is not one', '...../...../...../..... X', 'side'],
    ['a shape the four tiles do not make', '.../.../... R', 'layout'],
  ];
  it.each(cases)('%s', (_name, position, problem) => expect(problemOf(position)).toBe(problem));

  it('gives the legal moves of a legal setup', () => {
    const check = checkSetup('...../...../...../R.... H');
    expect(check.ok && check.facts.legalMoves.length).toBeGreaterThan(10);
    expect(check.ok && check.facts.phase).toBe('placement');
  });
});
