/** The table's news after a move goes out when the move ends the time the game can be aborted. */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../moves.js';
import { endsAbortTime } from './move.js';

const moves = (...seats: number[]): HistoryEntry[] =>
  seats.map((seat) => ({ seat, events: [], toActBefore: [seat] }));

describe('the last seat’s first move ends the abort time', () => {
  it('two seats: the second seat’s first move does, no other', () => {
    expect(endsAbortTime(moves(0), 0, 2)).toBe(false);
    expect(endsAbortTime(moves(0, 1), 1, 2)).toBe(true);
    expect(endsAbortTime(moves(0, 1, 0), 0, 2)).toBe(false);
    expect(endsAbortTime(moves(0, 1, 0, 1), 1, 2)).toBe(false);
  });

  it('three seats, in any order, a seat moving twice before the others', () => {
    expect(endsAbortTime(moves(2, 2), 2, 3)).toBe(false);
    expect(endsAbortTime(moves(2, 2, 0), 0, 3)).toBe(false);
    expect(endsAbortTime(moves(2, 2, 0, 1), 1, 3)).toBe(true);
    expect(endsAbortTime(moves(2, 2, 0, 1, 1), 1, 3)).toBe(false);
  });
});
