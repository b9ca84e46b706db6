import { describe, expect, it } from 'vitest';
import { formatRecordedMove, parseRecordedMove } from './replay.js';

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
