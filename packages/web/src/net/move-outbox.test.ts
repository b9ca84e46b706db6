import { describe, expect, it } from 'vitest';
import {
  EMPTY_OUTBOX,
  queueMove,
  settle,
  silence,
  SILENT_ROUNDS,
  type MoveMessage,
  type Outbox,
} from './move-outbox.js';

const move = (ref: string, seq = 3): MoveMessage => ({ type: 'move', seq, move: 'a1', line: 0, ref });

describe('the move outbox: a move is kept until the server answers it', () => {
  it('keeps one move at a time: a second is not queued while the first is pending', () => {
    const box = queueMove(EMPTY_OUTBOX, move('m1'));
    expect(box?.pending).toEqual(move('m1'));
    expect(queueMove(box as Outbox, move('m2'))).toBeNull();
  });

  it("is settled by the ack or the error carrying its ref, and by nothing else (another ref, another move's news)", () => {
    const box = queueMove(EMPTY_OUTBOX, move('m1')) as Outbox;
    expect(settle(box, { type: 'ack', ref: 'm0', seq: 4 })).toBeNull();
    expect(settle(box, { type: 'error', ref: null, code: 'x', message: 'y' })).toBeNull();
    expect(settle(box, { type: 'pong', ref: 'm1', serverTime: 0 })).toBeNull();
    expect(settle(box, { type: 'ack', ref: 'm1', seq: 4 })).toEqual({
      box: EMPTY_OUTBOX,
      status: { kind: 'none' },
    });
    expect(settle(box, { type: 'error', ref: 'm1', code: 'move.stale', message: 'refresh' })).toEqual({
      box: EMPTY_OUTBOX,
      status: { kind: 'refused', move: 'a1', code: 'move.stale', message: 'refresh' },
    });
    expect(settle(EMPTY_OUTBOX, { type: 'ack', ref: 'm1', seq: 4 })).toBeNull();
  });

  it(`resends after each silent wait, the same message, and gives up after ${SILENT_ROUNDS}`, () => {
    let box = queueMove(EMPTY_OUTBOX, move('m1')) as Outbox;
    for (let i = 1; i < SILENT_ROUNDS; i++) {
      const s = silence(box);
      expect(s.next).toBe('resend');
      expect(s.box.pending).toEqual(move('m1'));
      box = s.box;
    }
    expect(silence(box)).toEqual({ box: EMPTY_OUTBOX, next: 'give-up' });
    expect(silence(EMPTY_OUTBOX).next).toBe('nothing');
  });
});
