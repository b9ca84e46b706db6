import { ok, unwrap } from '@attila/core';
import { knightsGame as knights } from '@attila/knights';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from './games.js';
import { checkMove, repeatedMove, replayStored, type GameLog } from './moves.js';
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

describe('checkMove: refusals say which seat, and the clock and the take-over bot are checked', () => {
  const first = (log: GameLog) => knightsGame.legalMoves(log.state, 0)[0];
  const refusal = (log: GameLog, req: { seat: number; token: string | null; seq: number }, now = 0) => {
    const r = checkMove(log, { ...req, move: first(log) }, now);
    return r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`;
  };

  it('names the seat and who is to act', () => {
    const log = knightsLog();
    expect(refusal(log, { seat: 5, token: TOKENS[0], seq: 0 })).toMatch(/^move\.seat: .*seat 5/);
    expect(refusal(log, { seat: 0, token: TOKENS[1], seq: 0 })).toMatch(/^auth\.token: .*seat 0/);
    expect(refusal(log, { seat: 1, token: TOKENS[1], seq: 0 })).toMatch(
      /^move\.not-your-turn: .*seat 1.*to act: seat 0/,
    );
    expect(refusal(log, { seat: 0, token: null, seq: 0 })).toMatch(/^move\.not-bot: .*seat 0/);
    expect(refusal(log, { seat: 0, token: TOKENS[0], seq: 3 })).toMatch(/^move\.stale: .*at move 0, not 3/);
    expect(refusal(knightsLog('open'), { seat: 0, token: TOKENS[0], seq: 0 })).toMatch(
      /^move\.not-playing: /,
    );
  });

  it("refuses the player's own move while the take-over bot plays the seat, and takes the bot's", () => {
    const log = knightsLog();
    const seats = log.meta.seats.map((s) => (s.seat === 0 ? { ...s, controller: 'bot' as const } : s));
    const taken = {
      ...log,
      meta: { ...log.meta, seats },
      botFor: (n: number) => (n === 0 ? 'greedy' : null),
    };
    expect(refusal(taken, { seat: 0, token: TOKENS[0], seq: 0 })).toMatch(/^move\.bot-controlled: .*reclaim/);
    expect(refusal(taken, { seat: 0, token: null, seq: 0 })).toBe('accepted');
  });

  it("refuses a person's move once their time ran out; a bot playing the seat is not flagged", () => {
    const log = knightsLog();
    const clocked = {
      ...log,
      meta: {
        ...log.meta,
        clockSettings: { mode: 'game' as const, initialMs: 60_000, incrementMs: 0 },
        clock: { remainingMs: [1000, 1000], running: [0], since: 0 },
      },
    };
    expect(refusal(clocked, { seat: 0, token: TOKENS[0], seq: 0 }, 500)).toBe('accepted');
    expect(refusal(clocked, { seat: 0, token: TOKENS[0], seq: 0 }, 5000)).toMatch(
      /^clock\.flagged: .*seat 0/,
    );
    const seats = clocked.meta.seats.map((s) => (s.seat === 0 ? { ...s, controller: 'bot' as const } : s));
    const byBot = { ...clocked, meta: { ...clocked.meta, seats }, botFor: () => 'greedy' };
    expect(refusal(byBot, { seat: 0, token: null, seq: 0 }, 5000)).toBe('accepted');
  });

  it('runs the clock on: the mover gets the increment-less remainder, the next seat starts', () => {
    const log = knightsLog();
    const clocked = {
      ...log,
      meta: {
        ...log.meta,
        clockSettings: { mode: 'game' as const, initialMs: 60_000, incrementMs: 0 },
        clock: { remainingMs: [1000, 1000], running: [0], since: 0 },
      },
    };
    const r = checkMove(clocked, { seat: 0, token: TOKENS[0], seq: 0, move: first(log) }, 400);
    expect(r.ok && r.value.clock).toMatchObject({ remainingMs: [600, 1000], running: [1], since: 400 });
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

  it('replays a tail of stored moves (after a catch-up), numbering from its first move', () => {
    const log = knightsLog();
    const seat = knightsGame.toAct(log.state)[0];
    const move = knightsGame.legalMoves(log.state, seat)[0];
    const after = unwrap(knightsGame.play(log.state, seat, move)).state;
    const next = knightsGame.toAct(after)[0];
    const tail = [{ seq: 2, seat: next, move: 'z9', at: 0 }];
    expect(() => replayStored(knightsGame, 't1', after, tail)).toThrow(/stored move 2/);
  });

  it('throws on a stored move the engine refuses (storage and engine disagree)', () => {
    const log = knightsLog();
    expect(() =>
      replayStored(knightsGame, 't1', log.state, [{ seq: 1, seat: 0, move: 'z9', at: 0 }]),
    ).toThrow(/stored move 1/);
  });
});

/**
 * A game with simultaneous choices, as the server may host one (core's GameModule allows several seats to
 * act at once): each round every one of three seats picks a word, in any order; a round ends when all
 * have picked. Only what `checkMove` uses of a module is given.
 */
interface Rounds {
  readonly picked: readonly (string | null)[];
}
const roundsGame = {
  toAct: (s: Rounds) => s.picked.flatMap((p, seat) => (p === null ? [seat] : [])),
  play: (s: Rounds, seat: number, move: string) => {
    const picked = s.picked.map((p, i) => (i === seat ? move : p));
    const next = picked.every((p) => p !== null) ? picked.map(() => null) : picked;
    return ok({ state: { picked: next }, events: [{ type: 'picked', seat }] });
  },
  result: () => null,
} as unknown as AnyGame;

function roundsLog(): GameLog & { history: GameLog['history'][number][]; moves: string[] } {
  const log = knightsLog();
  const meta = {
    ...log.meta,
    seats: [0, 1, 2].map((seat) => ({ ...log.meta.seats[0], seat, tokenHash: hashToken(`t${seat}`) })),
  };
  return {
    game: roundsGame,
    meta,
    state: { picked: [null, null, null] },
    history: [],
    moves: [],
    botFor: () => null,
  };
}

/** Plays `seat`'s pick decided now, as the table stores it: the state and who could act move on. */
function pick(log: ReturnType<typeof roundsLog>, seat: number) {
  const r = unwrap(checkMove(log, { seat, token: `t${seat}`, seq: log.history.length, move: 'w' }, 0));
  log.history.push({ seat, events: r.events, toActBefore: r.toActBefore });
  log.moves.push(r.recorded);
  return { ...log, state: r.next };
}

describe('checkMove in a simultaneous phase: a late move is current while only others acted since', () => {
  const late = (log: GameLog, seat: number, seq: number) => {
    const r = checkMove(log, { seat, token: `t${seat}`, seq, move: 'late' }, 0);
    return r.ok ? `accepted as ${r.value.recorded}` : r.error.code;
  };

  it('accepts a move decided before two other seats picked (it was to act all along)', () => {
    let log = pick(roundsLog(), 0);
    expect(late(log, 2, 0)).toBe('accepted as 2:late');
    log = pick(log, 1);
    // Now the only seat to act: recorded without its seat.
    expect(late(log, 2, 0)).toBe('accepted as late');
    expect(late(log, 2, 1)).toBe('accepted as late');
  });

  it('refuses as stale a move decided before the seat itself moved (a new round: it is to act again)', () => {
    let log = roundsLog();
    log = pick(pick(pick(log, 0), 1), 2);
    expect(roundsGame.toAct(log.state)).toEqual([0, 1, 2]);
    expect(late(log, 0, 0)).toBe('move.stale');
    expect(late(log, 2, 1)).toBe('move.stale');
  });

  it('refuses as stale a move decided before a move made while the seat was not to act', () => {
    let log = roundsLog();
    // Seat 2 picks first; seat 0 picks while seat 2 is done; seat 1 ends the round.
    log = pick(pick(pick(log, 2), 0), 1);
    expect(log.history[1].toActBefore).toEqual([0, 1]);
    // Decided at move 1 (seat 2 had picked: it could not act), sent now in the new round.
    expect(late(log, 2, 1)).toBe('move.stale');
    expect(late(log, 2, 3)).toBe('accepted as 2:late');
  });

  it('refuses a move number from the future', () => {
    const log = pick(roundsLog(), 0);
    expect(late(log, 1, 2)).toBe('move.stale');
  });
});

describe('repeatedMove: a move sent again is recognised by seat, token, number, line and text', () => {
  function stored(log: ReturnType<typeof roundsLog>) {
    return { meta: log.meta, history: log.history, moves: log.moves };
  }
  it("is the stored move's number for the same pick, also after others moved on", () => {
    let log = roundsLog();
    log = pick(pick(log, 1), 0);
    expect(repeatedMove(stored(log), { seat: 1, token: 't1', seq: 0, move: 'w' })).toBe(1);
    expect(repeatedMove(stored(log), { seat: 0, token: 't0', seq: 0, move: 'w' })).toBe(2);
    expect(repeatedMove(stored(log), { seat: 0, token: 't0', seq: 1, move: 'w', line: 0 })).toBe(2);
  });
  it('is null for another move, another token, another line, or a seat that has not moved', () => {
    let log = roundsLog();
    log = pick(pick(log, 1), 0);
    const s = stored(log);
    expect(repeatedMove(s, { seat: 1, token: 't1', seq: 0, move: 'other' })).toBeNull();
    expect(repeatedMove(s, { seat: 1, token: 't0', seq: 0, move: 'w' })).toBeNull();
    expect(repeatedMove(s, { seat: 1, token: 't1', seq: 0, move: 'w', line: 1 })).toBeNull();
    expect(repeatedMove(s, { seat: 2, token: 't2', seq: 0, move: 'w' })).toBeNull();
    expect(repeatedMove(s, { seat: 9, token: 't2', seq: 0, move: 'w' })).toBeNull();
    // Decided after its own move: not that move.
    expect(repeatedMove(s, { seat: 1, token: 't1', seq: 1, move: 'w' })).toBeNull();
  });
  it('is null when the seat could not act between the number and its move', () => {
    let log = roundsLog();
    // Seat 2 picks, then 0 and 1 end the round, then seat 2 picks again in the next.
    log = pick(pick(pick(pick(log, 2), 0), 1), 2);
    const s = stored(log);
    // Decided at 1 (seat 2 done for the round): its pick at 3 came after a move it could not act at.
    expect(repeatedMove(s, { seat: 2, token: 't2', seq: 1, move: 'w' })).toBeNull();
    expect(repeatedMove(s, { seat: 2, token: 't2', seq: 3, move: 'w' })).toBe(4);
  });
});
