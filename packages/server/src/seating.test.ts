import { describe, expect, it } from 'vitest';
import {
  botFor,
  doublySeated,
  everySeatTaken,
  joinedSeat,
  leftSeat,
  reclaimedSeat,
  recordOf,
  seatOfPlayer,
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
    expect(first).toEqual({ ok: true, value: { ...human(1), name: 'ann', tokenHash: 'hash', player: null } });
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

  it('one player takes one seat: a second join by the same account, guest or bot account is refused', () => {
    const ann = { id: 'p-ann', kind: 'account' } as const;
    const bot = { id: 'p-bot', kind: 'bot-account' } as const;
    const t = table([
      { ...human(0, 'h0'), player: ann },
      human(1),
      { ...human(2, 'h2'), player: bot },
      human(3),
    ]);
    for (const [who, seat] of [
      [ann, 1],
      [ann, 3],
      [ann, undefined],
      [bot, 3],
      [bot, 1],
    ] as const) {
      const again = joinedSeat(t, 'x', seat, 'h', who);
      expect(!again.ok && again.error.code, `${who.id} at ${seat}`).toBe('join.already-seated');
    }
    const refused = joinedSeat(t, 'x', 3, 'h', bot);
    expect(!refused.ok && refused.error.message).toMatch(/already sit at seat 2/);
    // Someone else, or a client without a session (nobody to recognise), still sits down.
    expect(joinedSeat(t, 'x', 3, 'h', { id: 'p-cy', kind: 'guest' }).ok).toBe(true);
    expect(joinedSeat(t, 'x', 3, 'h', null).ok).toBe(true);
    // A seat its player left before the start is free again, also for them.
    const left = table([{ ...human(0), player: null }, human(1)]);
    expect(joinedSeat(left, 'x', 1, 'h', ann).ok).toBe(true);
    expect(seatOfPlayer(t, ann)).toBe(0);
    expect(doublySeated(t)).toBeNull();
    expect(
      doublySeated(
        table([
          { ...human(0, 'h0'), player: ann },
          { ...human(1, 'h1'), player: ann },
        ]),
      ),
    ).toEqual(ann);
  });

  it('leaving frees the seat before the start, hands it to the takeover bot during the game', () => {
    const seats = [human(0, 'h0'), human(1, 'h1')];
    expect(leftSeat(table(seats), 0)).toEqual({ ok: true, value: { ...human(0), name: null, player: null } });
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
