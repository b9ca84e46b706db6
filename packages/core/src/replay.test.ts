import { describe, expect, it } from 'vitest';
import { nimGame } from './nim.test-support.js';
import { formatRecordedMove, parseRecordedMove, playRecordedMoves, replayMoves } from './replay.js';
import { unwrap } from './result.js';

describe('recorded moves', () => {
  it('omit the seat when only that seat could act, and round-trip', () => {
    expect(formatRecordedMove(1, 'c2', [1])).toBe('c2');
    expect(parseRecordedMove('c2', [1])).toEqual({ ok: true, value: { seat: 1, move: 'c2' } });
  });
  it('name the seat when several could act', () => {
    const text = formatRecordedMove(2, 'commit', [0, 2]);
    expect(text).toBe('2:commit');
    expect(parseRecordedMove(text, [0, 2])).toEqual({ ok: true, value: { seat: 2, move: 'commit' } });
  });
  it('refuse an ambiguous move without a seat', () => {
    const r = parseRecordedMove('commit', [0, 2]);
    expect(!r.ok && r.error.code).toBe('replay.seat');
    expect(!r.ok && r.error.message).toMatch(/seats 0, 2/);
  });
});

describe('the replay loop', () => {
  const settings = { pile: 9 };
  const moves = ['2', '3', '1', '1'];

  it('replays from the setup, every state and event, each move re-checked', () => {
    const r = unwrap(replayMoves(nimGame, settings, 'r', moves));
    expect(r.states.map((s) => s.pile)).toEqual([9, 7, 4, 3, 2]);
    expect(r.events[1]).toEqual([{ type: 'took', seat: 1, stones: 3 }]);
  });

  it('advances a kept state by new moves to the state a whole replay gives', () => {
    const whole = unwrap(replayMoves(nimGame, settings, 'r', moves));
    const start = unwrap(nimGame.setup(settings, 'r'));
    const first = unwrap(playRecordedMoves(nimGame, start, moves.slice(0, 2)));
    const rest = unwrap(playRecordedMoves(nimGame, first.state, moves.slice(2), 2));
    expect(rest.state).toEqual(whole.states.at(-1));
    expect([...first.played, ...rest.played].map((p) => [p.seat, p.toActBefore, p.events])).toEqual(
      whole.events.map((e, i) => [i % 2, [i % 2], e]),
    );
  });

  it('names a refused move by its number in the whole game, and the engine says why', () => {
    const start = unwrap(nimGame.setup(settings, 'r'));
    const r = playRecordedMoves(nimGame, start, ['1', '7'], 5);
    expect(!r.ok && r.error).toEqual({
      code: 'nim.move',
      message: 'move 7 ("7"): take 1 to 3 stones, not "7"',
    });
    const seat = playRecordedMoves(nimGame, start, ['0:1', '0:1']);
    expect(!seat.ok && seat.error.code).toBe('nim.turn');
    expect(start.pile).toBe(9);
  });
});
