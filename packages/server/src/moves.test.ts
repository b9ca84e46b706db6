import { unwrap } from '@attila/core';
import { knightsGame as knights } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from './games.js';
import { checkMove, replayStored, type GameLog } from './moves.js';
import type { StoredTable } from './storage/types.js';
import { hashToken } from './tokens.js';

/** Seen as the server sees every game: through the module's interface only. */
const knightsGame: AnyGame = knights;
const TOKENS = ['token-of-seat-0', 'token-of-seat-1'];

function knightsLog(status: StoredTable['status'] = 'playing'): GameLog {
  const settings = unwrap(knightsGame.parseSettings({}));
  const meta: StoredTable = {
    id: 't1',
    game: 'knights',
    settings: knightsGame.settingsToJson(settings),
    seed: 'seed',
    rulesVersion: '1',
    listed: false,
    clockSettings: null,
    takeover: null,
    status,
    createdAt: new Date(0).toISOString(),
    startedAt: null,
    finishedAt: null,
    result: null,
    clock: null,
    seats: TOKENS.map((t, seat) => ({
      seat,
      name: `p${seat}`,
      kind: 'human' as const,
      bot: null,
      tokenHash: hashToken(t),
      controller: 'human' as const,
    })),
  };
  return {
    game: knightsGame,
    meta,
    state: unwrap(knightsGame.setup(settings, 'seed')),
    history: [],
    botFor: () => null,
  };
}

describe('checkMove: what a table refuses before anything is stored', () => {
  it('accepts a legal move by the seat to act with its token, and leaves the state as it was', () => {
    const log = knightsLog();
    const before = JSON.stringify(log.state);
    const move = knightsGame.legalMoves(log.state, 0)[0];
    const r = checkMove(log, { seat: 0, token: TOKENS[0], seq: 0, move }, 0);
    expect(r.ok && r.value.recorded).toBe(move);
    expect(JSON.stringify(log.state)).toBe(before);
  });

  it.each([
    ['a wrong token', { seat: 0, token: TOKENS[1], seq: 0 }, 'auth.token'],
    ['a seat that does not exist', { seat: 5, token: TOKENS[0], seq: 0 }, 'move.seat'],
    ['a seat not to act', { seat: 1, token: TOKENS[1], seq: 0 }, 'move.not-your-turn'],
    ['a stale move number', { seat: 0, token: TOKENS[0], seq: 3 }, 'move.stale'],
    ['a bot move for a seat its player holds', { seat: 0, token: null, seq: 0 }, 'move.not-bot'],
  ])('refuses %s', (_, req, code) => {
    const log = knightsLog();
    const move = knightsGame.legalMoves(log.state, 0)[0];
    const r = checkMove(log, { ...req, move }, 0);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });

  it('refuses moves before the start and after the end, saying which', () => {
    const move = knightsGame.legalMoves(knightsLog().state, 0)[0];
    for (const status of ['open', 'finished'] as const) {
      const r = checkMove(knightsLog(status), { seat: 0, token: TOKENS[0], seq: 0, move }, 0);
      expect(r.ok ? '' : r.error.message).toMatch(status === 'open' ? /not started/ : /over/);
    }
  });

  it("passes the engine's refusal of an illegal move through", () => {
    const r = checkMove(knightsLog(), { seat: 0, token: TOKENS[0], seq: 0, move: 'z9' }, 0);
    expect(r.ok).toBe(false);
  });
});

describe('replayStored', () => {
  it('replays stored moves to the same state as playing them', () => {
    const log = knightsLog();
    let state = log.state;
    const stored = [];
    for (let seq = 1; seq <= 4; seq++) {
      const seat = knightsGame.toAct(state)[0];
      const move = knightsGame.legalMoves(state, seat)[0];
      stored.push({ seq, seat, move, at: 0 });
      state = unwrap(knightsGame.play(state, seat, move)).state;
    }
    const replayed = replayStored(knightsGame, 't1', log.state, stored);
    expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(state));
    expect(replayed.entries.map((e) => e.seat)).toEqual(stored.map((m) => m.seat));
  });

  it('throws on a stored move the engine refuses (storage and engine disagree)', () => {
    const log = knightsLog();
    expect(() =>
      replayStored(knightsGame, 't1', log.state, [{ seq: 1, seat: 0, move: 'z9', at: 0 }]),
    ).toThrow(/stored move 1/);
  });
});
