import { unwrap } from '@attila/core';
import { knightsGame as knights, Position } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { decide, type DecideContext, type TableNow } from './commands.js';
import type { AnyGame } from './games.js';
import { playOf, type StoredTable } from './storage/types.js';
import { hashToken } from './tokens.js';

const game: AnyGame = knights;
const settings = unwrap(game.parseSettings({}));

function table(patch: Partial<StoredTable> = {}): TableNow {
  const meta: StoredTable = {
    id: 't1',
    game: 'knights',
    settings: game.settingsToJson(settings),
    seed: 'seed',
    rulesVersion: '1',
    listed: true,
    clockSettings: { mode: 'move', moveMs: 5000 },
    takeover: null,
    status: 'open',
    createdAt: new Date(0).toISOString(),
    startedAt: null,
    finishedAt: null,
    result: null,
    clock: null,
    seats: [
      { seat: 0, name: 'A', kind: 'human', bot: null, tokenHash: hashToken('tok-0'), controller: 'human' },
      { seat: 1, name: null, kind: 'human', bot: null, tokenHash: null, controller: 'human' },
    ],
    ...patch,
  };
  return { game, meta, state: unwrap(game.setup(settings, 'seed')), history: [], moves: [] };
}

const ctx: DecideContext = {
  now: 10_000,
  newToken: () => ({ token: 'tok-1', hash: hashToken('tok-1') }),
  newSeed: () => 'seed-2',
  newTableId: () => 'table-2',
};

describe('decide: each command as the one change to store', () => {
  it('the last seat joined and the start are one change (a full table is never stored open)', () => {
    const change = unwrap(decide(table(), { kind: 'join', name: 'B' }, ctx));
    expect(change).toMatchObject({
      kind: 'seats',
      seats: [{ seat: 1, name: 'B', tokenHash: hashToken('tok-1') }],
      patch: { status: 'playing', clock: { running: [0], since: 10_000 } },
      outcome: { seat: 1, token: 'tok-1' },
      meta: { status: 'playing' },
    });
  });

  it('a refused command is a failure with its code, and nothing to store', () => {
    const playing = table({ status: 'playing' });
    expect(decide(playing, { kind: 'join', name: 'B' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'join.started' },
    });
    expect(decide(playing, { kind: 'chat', seat: 0, token: 'wrong', text: 'hi' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'auth.token' },
    });
  });

  it('the clock: nothing before the time is up; then, without a take-over bot, the others win', () => {
    const clock = { remainingMs: [5000, 5000], running: [0], since: 0 };
    const playing = table({ status: 'playing', clock });
    expect(unwrap(decide(playing, { kind: 'clock' }, { ...ctx, now: 4000 }))).toEqual({ kind: 'none' });
    expect(unwrap(decide(playing, { kind: 'clock' }, ctx))).toMatchObject({
      kind: 'table',
      patch: { status: 'finished', result: { winners: [1] } },
      meta: { status: 'finished', clock: { running: [] } },
    });
    const withBot = table({ status: 'playing', clock, takeover: 'random' });
    expect(unwrap(decide(withBot, { kind: 'clock' }, ctx))).toMatchObject({
      kind: 'seats',
      seats: [{ seat: 0, controller: 'bot' }],
    });
  });

  it("a failed bot plays its seat's first legal move", () => {
    const t = table({
      status: 'playing',
      seats: table().meta.seats.map((s) => ({ ...s, controller: 'bot' })),
    });
    const withBots = { ...t, meta: { ...t.meta, takeover: 'random' } };
    const change = unwrap(decide(withBots, { kind: 'bot-move', seat: 0, seq: 0, move: null }, ctx));
    expect(change).toMatchObject({ kind: 'move', byBot: true, move: { seq: 1, seat: 0 } });
    expect(change.kind === 'move' && change.move.move).toBe(game.legalMoves(t.state, 0)[0]);
  });
});

/** A table both seats hold (tokens tok-0 and tok-1), started by the last join: status and clock as stored. */
function started(patch: Partial<StoredTable> = {}): TableNow {
  const open = table(patch);
  const joined = unwrap(decide(open, { kind: 'join', name: 'B' }, ctx));
  if (joined.kind !== 'seats') throw new Error(`a join is a change of seats, not ${joined.kind}`);
  return { ...open, meta: joined.meta };
}

/** The Huns (seat 1) to move with one move left: it traps the Romans and ends the game (rules.test.ts). */
function lastMove(meta: Partial<StoredTable> = {}): TableNow {
  const t = started(meta);
  const position = unwrap(Position.parse('R#H#H/.####/#####/R#H#R H'));
  return { ...t, state: { settings, position, lastMove: null, plies: 20 }, moves: [], history: [] };
}

const move0 = () => game.legalMoves(started().state, 0)[0];

describe("decide a person's move (the rules of the move are moves.ts's)", () => {
  it('the seat holder moves: the next move is stored with its seat and time, the clock passes on', () => {
    const t = started();
    const change = unwrap(decide(t, { kind: 'move', seat: 0, token: 'tok-0', seq: 0, move: move0() }, ctx));
    expect(change).toMatchObject({
      kind: 'move',
      byBot: false,
      move: { seq: 1, seat: 0, move: move0(), at: 10_000 },
      patch: { clock: { running: [1], since: 10_000 } },
      meta: { status: 'playing', clock: { running: [1] } },
    });
    if (change.kind !== 'move') throw new Error('a move');
    expect(change.patch).not.toHaveProperty('status');
    expect(change.patch).not.toHaveProperty('play');
  });

  it('a move without a clock stores no clock and nothing else about the table', () => {
    const t = started({ clockSettings: null });
    const change = unwrap(decide(t, { kind: 'move', seat: 0, token: 'tok-0', seq: 0, move: move0() }, ctx));
    expect(change).toMatchObject({ kind: 'move', patch: {} });
    if (change.kind === 'move') expect(change.patch).toEqual({});
  });

  it('a move decided before a takeback (on an older line) is stale; on the current line it is played', () => {
    const t = started();
    const meta: StoredTable = { ...t.meta, play: { ...playOf(t.meta), line: 1 } };
    const on = (line: number) =>
      decide({ ...t, meta }, { kind: 'move', seat: 0, token: 'tok-0', seq: 0, move: move0(), line }, ctx);
    expect(on(0)).toMatchObject({ ok: false, error: { code: 'move.stale' } });
    expect(unwrap(on(1))).toMatchObject({ kind: 'move', move: { seq: 1 } });
  });

  it("another seat's token, or a seat not to move, is refused", () => {
    const t = started();
    expect(decide(t, { kind: 'move', seat: 0, token: 'tok-1', seq: 0, move: move0() }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'auth.token' },
    });
    expect(decide(t, { kind: 'move', seat: 1, token: 'tok-1', seq: 0, move: move0() }, ctx)).toMatchObject({
      ok: false,
    });
  });

  it('a move answers a takeback request still waiting: the request is dropped with the move', () => {
    const t = started();
    const meta: StoredTable = { ...t.meta, play: { ...playOf(t.meta), takeback: { seat: 1, seq: 0 } } };
    const change = unwrap(
      decide({ ...t, meta }, { kind: 'move', seat: 0, token: 'tok-0', seq: 0, move: move0() }, ctx),
    );
    expect(change).toMatchObject({
      patch: { play: { takeback: null, line: 0 } },
      meta: { play: { takeback: null } },
    });
  });

  it('the move that ends the game finishes the table: result, finish time, the clock stopped', () => {
    const t = lastMove();
    const change = unwrap(
      decide(t, { kind: 'move', seat: 1, token: 'tok-1', seq: 0, move: 'c4-a3,c4' }, ctx),
    );
    expect(change).toMatchObject({
      kind: 'move',
      patch: {
        status: 'finished',
        result: { winners: [1] },
        finishedAt: new Date(10_000).toISOString(),
        clock: { running: [] },
      },
      meta: { status: 'finished', result: { winners: [1] } },
    });
  });

  it('a seat that resigned never wins: the engine winner resigned, the best of the others wins', () => {
    const t = lastMove();
    const meta: StoredTable = { ...t.meta, play: { ...playOf(t.meta), resigned: [1] } };
    const change = unwrap(
      decide({ ...t, meta }, { kind: 'move', seat: 1, token: 'tok-1', seq: 0, move: 'c4-a3,c4' }, ctx),
    );
    expect(change).toMatchObject({ patch: { status: 'finished', result: { winners: [], resigned: [1] } } });
  });

  it('a bot with no move to make (not its turn) is refused, not given a move', () => {
    const t = started({ takeover: 'random' });
    expect(decide(t, { kind: 'bot-move', seat: 1, seq: 0, move: null }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'move.not-your-turn', message: 'seat 1 has no move to make' },
    });
  });
});

describe('decide the seats: join, leave, reclaim', () => {
  it('a joiner that brings its own token holds the seat with it; a seat left open stays open', () => {
    const three = table({
      seats: [...table().meta.seats, { ...table().meta.seats[1], seat: 2 }],
    });
    const change = unwrap(decide(three, { kind: 'join', name: 'B', token: 'own' }, ctx));
    expect(change).toMatchObject({
      kind: 'seats',
      seats: [{ seat: 1, name: 'B', tokenHash: hashToken('own'), player: null }],
      outcome: { seat: 1, token: 'own' },
      meta: { status: 'open' },
    });
    if (change.kind === 'seats') expect(change.patch).toEqual({});
  });

  it('leaving an open table frees the seat; only its token may leave it', () => {
    const t = table();
    expect(unwrap(decide(t, { kind: 'leave', seat: 0, token: 'tok-0' }, ctx))).toMatchObject({
      kind: 'seats',
      seats: [{ seat: 0, name: null, tokenHash: null }],
      patch: {},
      outcome: null,
    });
    expect(decide(t, { kind: 'leave', seat: 0, token: 'tok-1' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'auth.token', message: 'the token does not hold seat 0' },
    });
    expect(decide(t, { kind: 'leave', seat: 1, token: 'tok-1' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'auth.token' },
    });
  });

  it('leaving a game in progress with no take-over bot is refused', () => {
    expect(decide(started(), { kind: 'leave', seat: 0, token: 'tok-0' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'leave.no-takeover' },
    });
  });

  it('a seat taken over by the bot is reclaimed by its token, with the grace time on its clock', () => {
    const t = started({ takeover: 'random' });
    const seats = t.meta.seats.map((s) => (s.seat === 0 ? { ...s, controller: 'bot' as const } : s));
    const away = { ...t, meta: { ...t.meta, seats } };
    const change = unwrap(decide(away, { kind: 'reclaim', seat: 0, token: 'tok-0' }, ctx));
    expect(change).toMatchObject({
      kind: 'seats',
      seats: [{ seat: 0, controller: 'human' }],
      meta: { seats: [{ controller: 'human' }, { controller: 'human' }] },
    });
    if (change.kind === 'seats') expect(change.patch.clock).toBeDefined();
    expect(decide(away, { kind: 'reclaim', seat: 0, token: 'tok-1' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'auth.token' },
    });
    const noClock = { ...away, meta: { ...away.meta, clock: null } };
    const plain = unwrap(decide(noClock, { kind: 'reclaim', seat: 0, token: 'tok-0' }, ctx));
    if (plain.kind === 'seats') expect(plain.patch).toEqual({});
    expect(decide(t, { kind: 'reclaim', seat: 0, token: 'tok-0' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'reclaim.not-taken' },
    });
  });
});

describe('decide chat, vacation, start and close', () => {
  it("a chat line carries the seat's name and the time; a seat with no name is called by its number", () => {
    expect(unwrap(decide(table(), { kind: 'chat', seat: 0, token: 'tok-0', text: 'hi' }, ctx))).toEqual({
      kind: 'chat',
      chat: { seat: 0, name: 'A', text: 'hi', at: new Date(10_000).toISOString() },
    });
    const nameless = table({ seats: table().meta.seats.map((s) => ({ ...s, name: null })) });
    expect(
      unwrap(decide(nameless, { kind: 'chat', seat: 0, token: 'tok-0', text: 'hi' }, ctx)),
    ).toMatchObject({
      chat: { name: 'seat 0' },
    });
  });

  it('vacation: only on a correspondence clock, only by the seat holder', () => {
    const days = started({ clockSettings: { mode: 'days', days: 3 } });
    const change = unwrap(decide(days, { kind: 'vacation', seat: 0, token: 'tok-0', away: true }, ctx));
    expect(change).toMatchObject({ kind: 'table', patch: { clock: { vacation: {} } } });
    if (change.kind === 'table') expect(change.meta.clock).toEqual(change.patch.clock);
    expect(decide(days, { kind: 'vacation', seat: 0, token: 'tok-1', away: true }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'auth.token' },
    });
    expect(decide(started(), { kind: 'vacation', seat: 0, token: 'tok-0', away: true }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'vacation.not-correspondence' },
    });
  });

  it('start: a table with every seat taken starts now, its clock running for the side to act', () => {
    const full = table({ seats: started().meta.seats });
    expect(unwrap(decide(full, { kind: 'start' }, ctx))).toMatchObject({
      kind: 'table',
      patch: {
        status: 'playing',
        startedAt: new Date(10_000).toISOString(),
        clock: { running: [0], since: 10_000, remainingMs: [5000, 5000] },
      },
      meta: { status: 'playing' },
    });
    const noClock = { ...full, meta: { ...full.meta, clockSettings: null } };
    expect(unwrap(decide(noClock, { kind: 'start' }, ctx))).toMatchObject({ patch: { clock: null } });
  });

  it('start: nothing while a seat is free, nor once the game is under way', () => {
    expect(unwrap(decide(table(), { kind: 'start' }, ctx))).toEqual({ kind: 'none' });
    expect(unwrap(decide(started(), { kind: 'start' }, ctx))).toEqual({ kind: 'none' });
  });

  it('close: a table that has not started ends with no winner and the reason; a started one is refused', () => {
    expect(unwrap(decide(table(), { kind: 'close', reason: 'nobody came' }, ctx))).toEqual({
      kind: 'table',
      patch: {
        status: 'finished',
        result: { winners: [], reason: 'nobody came' },
        finishedAt: new Date(10_000).toISOString(),
      },
      meta: expect.objectContaining({ status: 'finished' }),
    });
    expect(decide(started(), { kind: 'close', reason: 'x' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'close.started' },
    });
  });

  it('the clock: a table not playing, or playing without a clock, has nothing to time', () => {
    expect(unwrap(decide(table(), { kind: 'clock' }, ctx))).toEqual({ kind: 'none' });
    expect(unwrap(decide(started({ clockSettings: null }), { kind: 'clock' }, ctx))).toEqual({
      kind: 'none',
    });
  });
});

describe('decide resign, abort, takeback and rematch: the seat holder only, each to its rule', () => {
  const seat0 = { seat: 0, token: 'tok-0' } as const;
  const wrong = { seat: 0, token: 'tok-1' } as const;

  it("with another seat's token each is refused and nothing is changed", () => {
    const t = started();
    for (const command of [
      { kind: 'resign', ...wrong },
      { kind: 'abort', ...wrong },
      { kind: 'takeback', ...wrong },
      { kind: 'takeback-answer', ...wrong, answer: 'never' },
      { kind: 'rematch', ...wrong, accept: true },
    ] as const)
      expect(decide(t, command, ctx), command.kind).toMatchObject({
        ok: false,
        error: { code: 'auth.token' },
      });
  });

  it('with the seat token each goes to its own rule', () => {
    const t = started();
    expect(unwrap(decide(t, { kind: 'resign', ...seat0 }, ctx))).toMatchObject({
      kind: 'table',
      patch: { status: 'finished', result: { winners: [1] } },
    });
    expect(unwrap(decide(t, { kind: 'abort', ...seat0 }, ctx))).toMatchObject({
      kind: 'table',
      patch: { status: 'finished', result: { winners: [], aborted: true } },
    });
    expect(decide(t, { kind: 'takeback', ...seat0 }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'takeback.no-move' },
    });
    expect(unwrap(decide(t, { kind: 'takeback-answer', ...seat0, answer: 'never' }, ctx))).toMatchObject({
      patch: { play: { noTakebacks: [0] } },
    });
    expect(decide(t, { kind: 'rematch', ...seat0, accept: true }, ctx)).toMatchObject({ ok: false });
  });
});
