import { Rng, unwrap } from '@attila/core';
import { Board, Position, STANDARD_LAYOUT, PRESET_LAYOUTS } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { botNames, findBot } from '../registry.js';
import { greedyMove, mobilityAfter } from './greedy.js';
import { KNIGHTS_LEVELS, knightsBotMove } from './levels.js';
import { perfectMove } from './perfect.js';
import { randomPlayedPosition } from './solver/positions.test-support.js';
import { solveQuick, solverFor, solverPosition } from './solver/solve.js';

function lateStart(rng: Rng, turns: number): Position {
  return randomPlayedPosition(rng, turns, () => {
    const layout = PRESET_LAYOUTS[rng.int(PRESET_LAYOUTS.length)].layout;
    return new Board(layout, 0);
  });
}

describe('Knights bots', () => {
  it('every level is offered by name and plays only legal moves to the end of a game', () => {
    expect(botNames('knights')).toEqual(KNIGHTS_LEVELS.map((l) => l.name));
    const rng = Rng.fromSeed('levels');
    for (const level of KNIGHTS_LEVELS) {
      let p = lateStart(rng, 4);
      while (p.winner() === null) {
        const m = knightsBotMove(findBot('knights', level.name)!.make(), p, rng);
        expect(p.legalMoves()).toContain(m);
        p = unwrap(p.play(m));
      }
    }
  });

  it('greedy takes a move that leaves the opponent no jump when there is one', () => {
    const p = Position.parse('R#.H#/#.H##/#.#R#/##R#H R');
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const board = p.value.toBoard();
    const m = greedyMove(board, Rng.fromSeed('g'));
    expect(mobilityAfter(board, m)).toBe(1 << 20);
  });

  it('perfect keeps every won position won, whatever the opponent plays', () => {
    const rng = Rng.fromSeed('perfect-keeps');
    let won = 0;
    for (let g = 0; g < 30; g++) {
      let p = lateStart(rng, 5);
      const perfectSide = p.side;
      let wasWon = false;
      while (p.winner() === null) {
        if (p.side === perfectSide) {
          if (solveQuick(solverFor(p.layout), solverPosition(p)).value > 0) wasWon = true;
          p = p.playCode(perfectMove(p, rng));
        } else p = p.playCode(p.toBoard().randomMove(rng));
      }
      if (wasWon) {
        won++;
        expect(p.winner()).toBe(perfectSide === 0 ? 'R' : 'H');
      }
    }
    expect(won).toBeGreaterThan(5);
  });

  it('perfect, when lost, plays a move that makes the loss as long as possible', () => {
    const p = Position.parse('R..H./..H##/#.#R#/.R#.H H');
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const m = perfectMove(p.value, Rng.fromSeed('x'));
    // Known from the solver tests: -6, and d4-b3 with these scorches are the longest losses.
    expect(['d4-b3,a3', 'd4-b3,b2', 'd4-b3,b4', 'd4-b3,c4', 'd4-b3,d1', 'd4-b3,e4']).toContain(
      p.value.layout.names[m & 31] +
        '-' +
        p.value.layout.names[(m >>> 5) & 31] +
        ',' +
        p.value.layout.names[(m >>> 10) & 31],
    );
    expect(STANDARD_LAYOUT).toBe(p.value.layout);
  });
});
