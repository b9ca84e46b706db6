import { describe, expect, it } from 'vitest';
import {
  botFor,
  everySeatTaken,
  joinedSeat,
  leftSeat,
  reclaimedSeat,
  recordOf,
  timeOut,
  watchedSeats,
} from './seating.js';
import type { StoredSeat, StoredTable } from './storage/types.js';

const human = (seat: number, tokenHash: string | null = null): StoredSeat => ({
  seat,
  name: tokenHash ? `p${seat}` : null,
  kind: 'human',
  bot: null,
  tokenHash,
  controller: 'human',
});
const bot = (seat: number): StoredSeat => ({
  seat,
  name: null,
  kind: 'bot',
  bot: 'greedy',
  tokenHash: null,
  controller: 'bot',
});

function table(seats: StoredSeat[], patch: Partial<StoredTable> = {}): StoredTable {
  return {
    id: 't1',
    game: 'tribes',
    settings: { players: seats.length },
    seed: 's',
    rulesVersion: '1',
    listed: true,
    clockSettings: null,
    takeover: 'greedy',
    status: 'open',
    createdAt: '2026-11-30T00:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    result: null,
    clock: null,
    seats,
    ...patch,
  };
}

describe('seating: who may sit where', () => {
  it('a new player takes the first free human seat, or the one asked for if it is free', () => {
    const t = table([human(0, 'h0'), human(1), bot(2), human(3)]);
    const first = joinedSeat(t, 'ann', undefined, 'hash');
    expect(first).toEqual({ ok: true, value: { ...human(1), name: 'ann', tokenHash: 'hash' } });
    const asked = joinedSeat(t, 'bob', 3, 'hash');
    expect(asked.ok && asked.value.seat).toBe(3);
  });

  it('joining is refused, saying why, at a started or full table and for a taken or bot seat', () => {
    const open = table([human(0, 'h0'), human(1), bot(2)]);
    const codes = [
      joinedSeat({ ...open, status: 'playing' }, 'x', undefined, 'h'),
      joinedSeat(table([human(0, 'h0'), bot(1)]), 'x', undefined, 'h'),
      joinedSeat(open, 'x', 0, 'h'),
      joinedSeat(open, 'x', 2, 'h'),
    ].map((r) => (r.ok ? 'ok' : r.error.code));
    expect(codes).toEqual(['join.started', 'join.full', 'join.seat', 'join.seat']);
    const taken = joinedSeat(open, 'x', 0, 'h');
    expect(!taken.ok && taken.error.message).toMatch(/free seats: 1/);
    expect(everySeatTaken(open)).toBe(false);
    expect(everySeatTaken(table([human(0, 'h0'), bot(1)]))).toBe(true);
  });

  it('leaving frees the seat before the start, hands it to the takeover bot during the game', () => {
    const seats = [human(0, 'h0'), human(1, 'h1')];
    expect(leftSeat(table(seats), 0)).toEqual({ ok: true, value: { ...human(0), name: null } });
    const playing = table(seats, { status: 'playing' });
    expect(leftSeat(playing, 1)).toEqual({ ok: true, value: { ...human(1, 'h1'), controller: 'bot' } });
    const noTakeover = leftSeat({ ...playing, takeover: null }, 1);
    expect(!noTakeover.ok && noTakeover.error.code).toBe('leave.no-takeover');
    const over = leftSeat({ ...playing, status: 'finished' }, 1);
    expect(!over.ok && over.error.code).toBe('leave.finished');
  });

  it('a player reclaims a seat the bot took over, only while the game is on', () => {
    const left = { ...human(1, 'h1'), controller: 'bot' as const };
    const playing = table([human(0, 'h0'), left], { status: 'playing' });
    expect(reclaimedSeat(playing, 1)).toEqual({ ok: true, value: human(1, 'h1') });
    const own = reclaimedSeat(playing, 0);
    expect(!own.ok && own.error.code).toBe('reclaim.not-taken');
    const over = reclaimedSeat({ ...playing, status: 'finished' }, 1);
    expect(!over.ok && over.error.code).toBe('reclaim.not-playing');
  });

  it('a seat that resigned stays with its bot: reclaiming it is refused, saying why', () => {
    const left = { ...human(1, 'h1'), controller: 'bot' as const };
    const play = { takeback: null, noTakebacks: [], resigned: [1], rematch: null, line: 0 };
    const resigned = table([human(0, 'h0'), left], { status: 'playing', play });
    const r = reclaimedSeat(resigned, 1);
    expect(r.ok ? 'reclaimed' : `${r.error.code}: ${r.error.message}`).toMatch(
      /^reclaim\.resigned: .*resigned/,
    );
  });

  it('bot seats play their bot, left seats the takeover bot; only seats people play have a clock', () => {
    const t = table([human(0, 'h0'), { ...human(1, 'h1'), controller: 'bot' }, bot(2)], { takeover: 'hard' });
    expect([0, 1, 2].map((seat) => botFor(t, seat))).toEqual([null, 'hard', 'greedy']);
    expect(watchedSeats(t)).toEqual([0]);
  });

  it('out of time: the takeover bot plays on, or without one the other seats win and the clock stops', () => {
    const clock = { remainingMs: [5000, 100], running: [1], since: 1000 };
    const t = table([human(0, 'h0'), human(1, 'h1')], { status: 'playing', clock });
    expect(timeOut(t, clock, [1], 2000)).toEqual({
      kind: 'takeover',
      seats: [{ ...human(1, 'h1'), controller: 'bot' }],
    });
    const lost = timeOut({ ...t, takeover: null }, clock, [1], 2000);
    expect(lost).toEqual({
      kind: 'lost',
      result: { winners: [0], reason: 'seat 1 ran out of time' },
      finishedAt: new Date(2000).toISOString(),
      clock: { remainingMs: [5000, 0], running: [], since: 2000 },
    });
  });

  it('a record names bots and people, and keeps the moves', () => {
    const r = recordOf(table([human(0, 'h0'), bot(1)]), ['a', 'b']);
    expect(r.players).toEqual([
      { name: 'p0', kind: 'human' },
      { name: 'bot 1', kind: 'bot', bot: 'greedy' },
    ]);
    expect(r.moves).toEqual(['a', 'b']);
  });
});
