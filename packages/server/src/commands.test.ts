import { unwrap } from '@attila/core';
import { knightsGame as knights } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import { decide, type DecideContext, type TableNow } from './commands.js';
import type { AnyGame } from './games.js';
import type { StoredTable } from './storage/types.js';
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
