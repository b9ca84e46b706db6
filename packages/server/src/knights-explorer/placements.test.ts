import { describe, expect, it } from 'vitest';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import { countsByMove, explorerKey, placementsOf } from './placements.js';

const at = (text: string) => {
  const p = Position.parse(text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

const START = Position.empty(STANDARD_LAYOUT, 'R');

/** The squares of a move list mirrored left to right on the 5-column board (a1 <-> e1). */
const mirrored = (moves: readonly string[]) =>
  moves.map((m) => m.replace(/[a-e]/g, (c) => String.fromCharCode(0x65 - (c.charCodeAt(0) - 0x61))));

/** A whole game from these first moves: then the last legal move each time to the end (a legal game). */
function wholeGame(start: readonly string[]): string[] {
  let p = START;
  const moves: string[] = [];
  for (;;) {
    const m = moves.length < start.length ? start[moves.length] : p.legalMoves().at(-1);
    if (m === undefined || p.winner() !== null) return moves;
    const next = p.play(m);
    if (!next.ok) throw new Error(next.error.message);
    moves.push(m);
    p = next.value;
  }
}

/** The first six moves of a legal game (the last legal placement each time). */
const OPENING = wholeGame([]).slice(0, 6);

describe('opening explorer keys (positions up to the board symmetries)', () => {
  it('a position, its mirror images and its rotation share one key; swapped sides do not', () => {
    const a = at('R..../...../...../..... H');
    const mirror = at('....R/...../...../..... H');
    const rotated = at('...../...../...../....R H');
    expect(explorerKey(mirror)).toBe(explorerKey(a));
    expect(explorerKey(rotated)).toBe(explorerKey(a));
    // Another square, or the same squares with the sides swapped or the other side to move, is another key.
    expect(explorerKey(at('.R.../...../...../..... H'))).not.toBe(explorerKey(a));
    const two = at('R.H../...../...../..... R');
    expect(explorerKey(at('..H.R/...../...../..... R'))).toBe(explorerKey(two));
    expect(explorerKey(at('H.R../...../...../..... R'))).not.toBe(explorerKey(two));
  });

  it('a game and its mirrored game count the same placements from the same positions', () => {
    const game = wholeGame(OPENING);
    const result = { winners: [0], reason: 'test' };
    const straight = placementsOf({ settings: {}, seed: 's', moves: game, result });
    const mirror = placementsOf({ settings: {}, seed: 's', moves: wholeGame(mirrored(OPENING)), result });
    expect(straight).toHaveLength(6);
    expect(mirror.map((p) => [p.position, p.placed])).toEqual(straight.map((p) => [p.position, p.placed]));
  });

  it("a placement is won when the placing side's seat is among the winners", () => {
    const game = wholeGame(OPENING);
    const romansWon = placementsOf({
      settings: {},
      seed: 's',
      moves: game,
      result: { winners: [0], reason: 'x' },
    });
    // Romans place first (plies 0, 2, 4), the Huns second.
    expect(romansWon.map((p) => p.won)).toEqual([true, false, true, false, true, false]);
    const first = placementsOf({
      settings: { first: 'H' },
      seed: 's',
      moves: game,
      result: { winners: [0], reason: 'x' },
    });
    expect(first.map((p) => p.won)).toEqual([false, true, false, true, false, true]);
  });

  it('counts only the standard board, and only placements; a game cut short counts what it placed', () => {
    const moves = wholeGame(OPENING);
    expect(placementsOf({ settings: { layout: 'cross' }, seed: 's', moves, result: null })).toEqual([]);
    expect(placementsOf({ settings: {}, seed: 's', moves: ['a1', 'zz'], result: null })).toEqual([]);
    const resigned = placementsOf({
      settings: {},
      seed: 's',
      moves: moves.slice(0, 3),
      result: { winners: [1], reason: 'resigned' },
    });
    expect(resigned.map((p) => p.won)).toEqual([false, true, false]);
  });

  it('symmetric placements of a symmetric position share their counts; others count nothing', () => {
    const byPlaced = new Map([[explorerKey(at('R..../...../...../..... H')), { games: 3, wins: 1 }]]);
    const rows = countsByMove(START, byPlaced);
    expect(rows).toHaveLength(20);
    const counted = rows
      .filter((r) => r.games > 0)
      .map((r) => r.move)
      .sort();
    // The four corners are one square up to symmetry.
    expect(counted).toEqual(['a1', 'a4', 'e1', 'e4']);
    expect(rows.find((r) => r.move === 'a1')).toEqual({ move: 'a1', games: 3, wins: 1 });
  });
});
