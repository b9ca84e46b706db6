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

  it('a welcome brings the moves it lists into the log, once each (issue 18, defect 6)', () => {
    const notice = (seq: number) => ({ seq, seat: seq % 2, events: [{ type: `e${seq}` }] });
    const welcome = (missed: ReturnType<typeof notice>[], seq: number): ServerMessage => ({
      type: 'welcome',
      table,
      seat: null,
      missed,
      snapshot: snap(seq),
      chat: [],
      serverTime: 0,
    });
    // A first hello (since 0): the whole game so far.
    let s = reduceLive(INITIAL_LIVE, welcome([notice(1), notice(2), notice(3)], 3));
    expect(s.notices.map((n) => n.seq)).toEqual([1, 2, 3]);
    // A reconnect after seq 2 was seen live but 3 was not acknowledged: 3 comes again, kept once.
    s = reduceLive(s, welcome([notice(3), notice(4)], 4));
    expect(s.notices.map((n) => n.seq)).toEqual([1, 2, 3, 4]);
    s = reduceLive(s, welcome([], 4));
    expect(s.notices.map((n) => n.seq)).toEqual([1, 2, 3, 4]);
  });

  it('after a takeback (a welcome on another line) the log is only what it lists; news drops moves taken back', () => {
    const notice = (seq: number, tag = '') => ({ seq, seat: seq % 2, events: [{ type: `e${seq}${tag}` }] });
    const on = (line: number) => ({ ...table, line }) as TableInfo;
    let s = reduceLive(INITIAL_LIVE, {
      type: 'welcome',
      table: on(0),
      seat: 0,
      missed: [notice(1), notice(2), notice(3)],
      snapshot: snap(3),
      chat: [],
      serverTime: 0,
    });
    s = reduceLive(s, { type: 'table', table: on(0), snapshot: snap(2) });
    expect(s.notices.map((n) => n.seq)).toEqual([1, 2]);
    s = reduceLive(s, {
      type: 'welcome',
      table: on(1),
      seat: 0,
      missed: [notice(1), notice(2, 'b'), notice(3, 'b')],
      snapshot: snap(3),
      chat: [],
      serverTime: 0,
    });
    expect(s.notices).toEqual([notice(1), notice(2, 'b'), notice(3, 'b')]);
  });
});
