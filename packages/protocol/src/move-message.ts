/**
 * The move message read without zod: moves are most of what sockets send, and running the whole
 * discriminated union's schema on each was a visible part of a move's CPU. `plainMoveMessage` only ever
 * says yes to a value `clientMessageSchema` accepts as the same move (move-message.test.ts checks this
 * against the schema); anything else — every refusal, every doubt — goes to the schema, which decides and
 * words the error. So what is accepted and refused, and how, is the schema's alone.
 */
import { LIMITS } from './limits.js';

export interface MoveMessage {
  readonly type: 'move';
  readonly seq: number;
  readonly move: string;
  readonly line?: number;
  readonly ref?: string;
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** `value` as a move message when it surely is a valid one; null: ask the schema. */
export function plainMoveMessage(value: unknown): MoveMessage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const m = value as Record<string, unknown>;
  if (m.type !== 'move') return null;
  for (const key in m) {
    if (key !== 'type' && key !== 'seq' && key !== 'move' && key !== 'line' && key !== 'ref') return null;
  }
  const { seq, move, line, ref } = m;
  if (!isCount(seq)) return null;
  if (typeof move !== 'string' || move.length < 1 || move.length > LIMITS.moveChars) return null;
  if ('line' in m && !isCount(line)) return null;
  if ('ref' in m && (typeof ref !== 'string' || ref.length > 64)) return null;
  // Every key was checked: the parsed object is the message (no copy).
  return m as unknown as MoveMessage;
}
