import { describe, expect, it } from 'vitest';
import type { ServerMessage, Snapshot, TableInfo } from '@attila/protocol';
import { INITIAL_LIVE, reduceLive } from './connection.js';

const table = { id: 'abcdefgh', game: 'knights', seats: [] } as unknown as TableInfo;
const snap = (seq: number): Snapshot => ({
  seq,
  view: { seq },
  toAct: [0],
  legalMoves: [],
  clock: null,
  result: null,
});

describe('the live table reducer', () => {
  it('takes the welcome, then applies newer updates and logs their events', () => {
    let s = reduceLive(INITIAL_LIVE, {
      type: 'welcome',
      table,
      seat: 1,
      missed: null,
      snapshot: snap(3),
      chat: [],
      serverTime: 0,
    });
    expect(s.status).toBe('open');
    expect(s.seat).toBe(1);
    s = reduceLive(s, { type: 'update', seq: 4, seat: 0, events: [{ type: 'x' }], snapshot: snap(4) });
    expect(s.snapshot?.seq).toBe(4);
    expect(s.notices).toEqual([{ seq: 4, seat: 0, events: [{ type: 'x' }] }]);
  });

  it('ignores an update older than what it already shows (a reconnect can replay one)', () => {
    const s = reduceLive(
      { ...INITIAL_LIVE, snapshot: snap(5) },
      { type: 'update', seq: 5, seat: 0, events: [], snapshot: snap(5) },
    );
    expect(s.notices).toEqual([]);
  });

  it('shows a refusal until the next update clears it', () => {
    const refused: ServerMessage = { type: 'error', code: 'move.illegal', message: 'no', ref: 'm1' };
    let s = reduceLive({ ...INITIAL_LIVE, snapshot: snap(1) }, refused);
    expect(s.error?.code).toBe('move.illegal');
    s = reduceLive(s, { type: 'update', seq: 2, seat: 1, events: [], snapshot: snap(2) });
    expect(s.error).toBeNull();
  });
});
