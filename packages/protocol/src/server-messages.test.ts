import { describe, expect, it } from 'vitest';
import { parseHostLine } from './bot-lines.js';
import { parseChallengeMessage, parsePoolEvent, parseServerMessage } from './server-messages.js';

const table = {
  id: 'abcdefgh12',
  game: 'knights',
  settings: {},
  rulesVersion: '1',
  playerCount: 2,
  listed: true,
  rated: false,
  status: 'playing',
  seats: [0, 1].map((seat) => ({
    seat,
    name: `p${seat}`,
    kind: 'human',
    holder: 'account',
    bot: null,
    controller: 'human',
    connected: 1,
  })),
  clock: null,
  takeover: null,
  seq: 1,
  line: 0,
  play: { takeback: null, noTakebacks: [], resigned: [], rematch: null },
  abortable: true,
  takebacks: true,
  result: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const snapshot = { seq: 1, view: { any: 'view' }, toAct: [1], legalMoves: ['a1'], clock: null, result: null };

describe('server messages are parsed at the edge, not cast', () => {
  it('a welcome and an update parse, the engine view kept as sent and fields a newer server adds kept', () => {
    const welcome = {
      type: 'welcome',
      table,
      seat: 1,
      missed: null,
      snapshot,
      chat: [],
      serverTime: 5,
      later: 1,
    };
    const parsed = parseServerMessage(JSON.stringify(welcome));
    expect(parsed).toEqual({ ok: true, value: welcome });
    const update = { type: 'update', seq: 1, seat: 0, events: [{ type: 'placed', to: 'a1' }], snapshot };
    expect(parseServerMessage(JSON.stringify(update))).toEqual({ ok: true, value: update });
  });

  it('refuses text that is not JSON, and a message off its shape, saying where', () => {
    const notJson = parseServerMessage('{"type":');
    expect(notJson.ok || notJson.error.code).toBe('wire.json');
    const noSeats = parseServerMessage(
      JSON.stringify({ type: 'table', table: { ...table, seats: 'x' }, snapshot }),
    );
    expect(noSeats.ok).toBe(false);
    if (!noSeats.ok) {
      expect(noSeats.error.code).toBe('wire.invalid');
      expect(noSeats.error.message).toContain('table.seats');
    }
    const eventWithoutType = { type: 'update', seq: 1, seat: 0, events: [{ to: 'a1' }], snapshot };
    expect(parseServerMessage(JSON.stringify(eventWithoutType)).ok).toBe(false);
    expect(parseServerMessage(JSON.stringify({ type: 'shout' })).ok).toBe(false);
    expect(parseServerMessage(JSON.stringify({ type: 'ack', ref: null, seq: '3' })).ok).toBe(false);
  });

  it('a challenge, a pool event and a host line parse; a wrong one is refused', () => {
    const challenge = {
      id: 'c1',
      game: 'tribes',
      settings: {},
      clock: null,
      rated: false,
      from: 'ann',
      seats: [{ seat: 0, name: 'ann', answer: 'accepted', challenger: true, reason: null }],
      status: 'pending',
      createdAt: 1,
      expiresAt: 2,
      table: null,
      seat: 0,
      token: null,
    };
    expect(parseChallengeMessage(JSON.stringify({ type: 'challenge', challenge })).ok).toBe(true);
    expect(
      parseChallengeMessage(JSON.stringify({ type: 'challenge', challenge: { ...challenge, game: 'chess' } }))
        .ok,
    ).toBe(false);
    expect(parsePoolEvent(JSON.stringify({ type: 'paired', table: 't', seat: 1 })).ok).toBe(true);
    expect(parsePoolEvent(JSON.stringify({ type: 'paired', table: 't' })).ok).toBe(false);
    const turn = { type: 'turn', table: 't', seq: 0, seat: 1, view: {}, legal: ['a1'], clockMs: null };
    expect(parseHostLine(JSON.stringify(turn))).toEqual({ ok: true, value: turn });
    expect(parseHostLine(JSON.stringify({ ...turn, seq: -1 })).ok).toBe(false);
  });
});
