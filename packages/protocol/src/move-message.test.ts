import { describe, expect, it } from 'vitest';
import { clientMessageSchema, LIMITS } from './index.js';
import { plainMoveMessage } from './move-message.js';

/** Values at and around every rule of the move message's schema, and things that are not moves at all. */
const CASES: unknown[] = [
  { type: 'move', seq: 0, move: 'a' },
  { type: 'move', seq: 7, move: 'a1-b3', ref: 'r1' },
  { type: 'move', seq: 7, move: 'a1-b3', line: 2, ref: '' },
  { type: 'move', seq: 7, move: 'x'.repeat(LIMITS.moveChars) },
  { type: 'move', seq: 7, move: 'x'.repeat(LIMITS.moveChars + 1) },
  { type: 'move', seq: 7, move: '' },
  { type: 'move', seq: -1, move: 'a' },
  { type: 'move', seq: 1.5, move: 'a' },
  { type: 'move', seq: 2 ** 53, move: 'a' },
  { type: 'move', seq: '3', move: 'a' },
  { type: 'move', move: 'a' },
  { type: 'move', seq: 3 },
  { type: 'move', seq: 3, move: 5 },
  { type: 'move', seq: 3, move: 'a', line: -1 },
  { type: 'move', seq: 3, move: 'a', line: 0.5 },
  { type: 'move', seq: 3, move: 'a', line: null },
  { type: 'move', seq: 3, move: 'a', ref: 'r'.repeat(64) },
  { type: 'move', seq: 3, move: 'a', ref: 'r'.repeat(65) },
  { type: 'move', seq: 3, move: 'a', ref: 7 },
  { type: 'move', seq: 3, move: 'a', extra: true },
  JSON.parse('{"type":"move","seq":3,"move":"a","__proto__":{"x":1}}'),
  { type: 'Move', seq: 3, move: 'a' },
  { type: 'chat', text: 'hi' },
  { type: 'ping' },
  [{ type: 'move', seq: 3, move: 'a' }],
  null,
  'move',
  42,
];

describe('a move message read without the schema', () => {
  it.each(CASES.map((c) => [JSON.stringify(c), c]))('agrees with the schema: %s', (_, value) => {
    const plain = plainMoveMessage(value);
    const schema = clientMessageSchema.safeParse(value);
    // Never accepts what the schema refuses, and accepts it as the same message.
    if (plain) {
      expect(schema.success).toBe(true);
      expect(plain).toEqual(schema.data);
    }
    // Every valid move of these shapes is read plainly (the schema is left for refusals and other types).
    if (schema.success && schema.data.type === 'move') expect(plain).not.toBeNull();
  });

  it('refuses nothing itself: what it does not take, it leaves to the schema', () => {
    expect(plainMoveMessage({ type: 'move', seq: 3, move: 'a', extra: true })).toBeNull();
    expect(plainMoveMessage({ type: 'move', seq: 3, move: 'a' })).toEqual({
      type: 'move',
      seq: 3,
      move: 'a',
    });
  });
});
