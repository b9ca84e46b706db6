import { unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import {
  examinePosition,
  formatMove,
  positionAfter,
  readMove,
  readPosition,
  seatOfSide,
  sideOfSeat,
} from './client.js';
import { Position } from './position.js';
import { describePositionProblem } from './position-problems.js';
import { knightsGame } from './game.js';

describe('knights notation', () => {
  it('reads the empty standard board and a gap layout', () => {
    const p = readPosition('...../...../...../..... R')!;
    expect(p.rows).toBe(4);
    expect(p.cols).toBe(5);
    expect(p.squares.find((s) => s.row === 3 && s.col === 0)!.name).toBe('a1');
    expect(p.squares.find((s) => s.row === 0 && s.col === 4)!.name).toBe('e4');
    const q = readPosition('R#_/.H. H')!;
    expect(q.squares.map((s) => s.cell)).toEqual(['R', 'scorched', 'gap', 'free', 'H', 'free']);
    expect(q.toMove).toBe('H');
  });
  it('refuses text that is not a position or a move', () => {
    expect(readPosition('abc R')).toBeNull();
    expect(readPosition('../... R')).toBeNull();
    expect(readMove('a1-b3')).toBeNull();
    expect(readMove('a1-b3,c1')).toEqual({ kind: 'move', from: 'a1', to: 'b3', scorch: 'c1' });
    expect(readMove('c2')).toEqual({ kind: 'place', to: 'c2' });
  });
});

describe('the client module', () => {
  it('reads and writes every legal move of a game the same way the engine does', () => {
    let state = unwrap(knightsGame.setup(unwrap(knightsGame.parseSettings({})), 's'));
    for (let ply = 0; ply < 14 && !knightsGame.result(state); ply++) {
      const seat = knightsGame.toAct(state)[0];
      const legal = knightsGame.legalMoves(state, seat);
      for (const m of legal) expect(formatMove(readMove(m)!)).toBe(m);
      const phase = knightsGame.view(state, 'spectator').phase;
      const played = knightsGame.play(state, seat, legal[ply % legal.length]);
      if (!played.ok) throw new Error(played.error.message);
      const e = played.value.events[0];
      expect(e.type !== 'game-over' && e.side).toBe(sideOfSeat(seat));
      expect(e.type).toBe(phase === 'placement' ? 'placed' : 'moved');
      state = played.value.state;
      expect(readPosition(knightsGame.view(state, 'spectator').position)?.toMove).toBe(
        knightsGame.view(state, 'spectator').sideToMove,
      );
    }
  });
  it('seat 0 plays the Romans, seat 1 the Huns', () => {
    expect(sideOfSeat(0)).toBe('R');
    expect(sideOfSeat(1)).toBe('H');
    expect(seatOfSide('H')).toBe(1);
  });
});

describe('a position given as text (the analysis board)', () => {
  it('is read by the engine: legal moves, phase, winner', () => {
    const read = examinePosition('R..H./..H##/#.#R#/.R#.H H');
    expect(read.ok && read.value.phase).toBe('turns');
    expect(read.ok && read.value.legalMoves).toEqual(
      unwrap(Position.parse('R..H./..H##/#.#R#/.R#.H H')).legalMoves(),
    );
    expect(read.ok && read.value.winner).toBeNull();
  });
  it('says what is wrong as data, with the same words as the engine', () => {
    const text = 'RRRR./HHH../...../..... R';
    const read = examinePosition(text);
    expect(read.ok ? null : read.problem).toEqual({ kind: 'too-many', side: 'R', count: 4, most: 3 });
    const parsed = Position.parse(text);
    expect(!parsed.ok && !read.ok && parsed.error.message).toBe(
      describePositionProblem(text, read.ok ? { kind: 'form' } : read.problem),
    );
  });
  it('plays a legal move and refuses an illegal one', () => {
    expect(positionAfter('...../...../...../..... R', 'c2')).toBe('...../...../..R../..... H');
    expect(positionAfter('...../...../...../..... R', 'a1-b3,c1')).toBeNull();
    expect(positionAfter('nonsense', 'c2')).toBeNull();
  });
});
