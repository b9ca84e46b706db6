import { replayMoves, unwrap, type Result } from '@attila/core';
import { knightsGame as knightsModule } from '@attila/knights';
import { tribesGame } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { decide, type Change, type DecideContext, type TableCommand, type TableNow } from './commands.js';
import type { AnyGame } from './games.js';
import { mayAbort, rankResigned, takebacksAllowed } from './live-play.js';
import { botFor } from './seating.js';
import { NO_PLAY, type StoredPlay, type StoredSeat, type StoredTable } from './storage/types.js';
import { hashToken } from './tokens.js';

const knightsGame: AnyGame = knightsModule;

const ctx: DecideContext = {
  now: 10_000,
  newToken: () => ({ token: 'tok-new', hash: hashToken('tok-new') }),
  newSeed: () => 'seed-2',
  newTableId: () => 'rematch-1',
};

const person = (seat: number): StoredSeat => ({
  seat,
  name: `P${seat}`,
  kind: 'human',
  bot: null,
  tokenHash: hashToken(`tok-${seat}`),
  controller: 'human',
});
const bot = (seat: number, name = 'easy'): StoredSeat => ({
  seat,
  name,
  kind: 'bot',
  bot: name,
  tokenHash: null,
  controller: 'bot',
});

/** A game being played after `moves` (each the first legal move of the seat to act), as decide sees it. */
function playing(
  kind: 'knights' | 'tribes',
  game: AnyGame,
  settingsJson: Record<string, unknown>,
  seats: StoredSeat[],
  count: number,
  patch: Partial<StoredTable> = {},
): TableNow {
  const settings = unwrap(game.parseSettings(settingsJson));
  let state = unwrap(game.setup(settings, 'seed'));
  const moves: string[] = [];
  const history = [];
  for (let i = 0; i < count; i++) {
    const seat = game.toAct(state)[0];
    const move = game.legalMoves(state, seat)[0];
    history.push({ seat, events: [], toActBefore: game.toAct(state) });
    state = unwrap(game.play(state, seat, move)).state;
    moves.push(move);
  }
  const meta: StoredTable = {
    id: 't1',
    game: kind,
    settings: game.settingsToJson(settings),
    seed: 'seed',
    rulesVersion: game.rulesVersion,
    listed: true,
    clockSettings: null,
    takeover: null,
    status: 'playing',
    createdAt: new Date(0).toISOString(),
    startedAt: new Date(0).toISOString(),
    finishedAt: null,
    result: null,
    clock: null,
    seats,
    ...patch,
  };
  return { game, meta, state, history, moves };
}

const knights = (count: number, patch: Partial<StoredTable> = {}, seats = [person(0), person(1)]) =>
  playing('knights', knightsGame, {}, seats, count, patch);
const tribes = (seats: StoredSeat[], patch: Partial<StoredTable> = {}) =>
  playing('tribes', tribesGame, { players: seats.length }, seats, 0, patch);

const withPlay = (t: TableNow, play: Partial<StoredPlay>): TableNow => ({
  ...t,
  meta: { ...t.meta, play: { ...NO_PLAY, ...play } },
});

const by = (seat: number) => ({ seat, token: `tok-${seat}` });
const run = (t: TableNow, command: TableCommand): Result<Change> => decide(t, command, ctx);
const refusal = (r: Result<Change>) => (r.ok ? null : r.error.code);

describe('resign', () => {
  it('Knights: the resigning seat loses and the opponent wins at once', () => {
    const change = unwrap(run(knights(1), { kind: 'resign', ...by(0) }));
    expect(change).toMatchObject({
      kind: 'table',
      meta: { status: 'finished', result: { winners: [1], resigned: [0], reason: 'seat 0 resigned' } },
    });
  });

  it('Tribes with 3 people: the seat is played on by a bot (take-over bot or greedy) and cannot be reclaimed', () => {
    const t = tribes([person(0), person(1), person(2)]);
    const change = unwrap(run(t, { kind: 'resign', ...by(1) }));
    expect(change).toMatchObject({
      kind: 'seats',
      seats: [{ seat: 1, controller: 'bot' }],
      meta: { status: 'playing', play: { resigned: [1] } },
    });
    if (change.kind !== 'seats') throw new Error('seats');
    expect(botFor(change.meta, 1)).toBe('greedy');
    expect(botFor({ ...change.meta, takeover: 'medium' }, 1)).toBe('medium');
    const after = { ...t, meta: change.meta };
    expect(refusal(run(after, { kind: 'reclaim', ...by(1) }))).toBe('reclaim.resigned');
    expect(refusal(run(after, { kind: 'resign', ...by(1) }))).toBe('resign.already');
  });

  it('Tribes: when only one seat is left in the game it wins; when no person is left the bots do', () => {
    const three = withPlay(tribes([person(0), person(1), person(2)]), { resigned: [0] });
    expect(unwrap(run(three, { kind: 'resign', ...by(2) }))).toMatchObject({
      kind: 'table',
      meta: { status: 'finished', result: { winners: [1], resigned: [0, 2] } },
    });
    const withBots = tribes([person(0), bot(1), bot(2)]);
    expect(unwrap(run(withBots, { kind: 'resign', ...by(0) }))).toMatchObject({
      meta: { status: 'finished', result: { winners: [1, 2], resigned: [0] } },
    });
  });

  it('Tribes: a resigned seat ranks last at the end, whatever its score', () => {
    const play = { ...NO_PLAY, resigned: [0] };
    expect(rankResigned({ winners: [0], scores: [30, 20, 25] }, play, 3)).toEqual({
      winners: [2],
      scores: [30, 20, 25],
      resigned: [0],
    });
    expect(rankResigned({ winners: [0, 1], scores: [30, 30, 25] }, play, 3).winners).toEqual([1]);
  });

  it('refused before the start, after the end, and with a wrong token', () => {
    expect(refusal(run(knights(0, { status: 'open' }), { kind: 'resign', ...by(0) }))).toBe(
      'resign.not-playing',
    );
    expect(refusal(run(knights(0, { status: 'finished' }), { kind: 'resign', ...by(0) }))).toBe(
      'resign.not-playing',
    );
    expect(refusal(run(knights(0), { kind: 'resign', seat: 0, token: 'tok-1' }))).toBe('auth.token');
  });
});

describe('abort', () => {
  it('before every seat has moved: finished with no winner, marked aborted (ratings skip it)', () => {
    for (const moves of [0, 1]) {
      expect(unwrap(run(knights(moves), { kind: 'abort', ...by(1) }))).toMatchObject({
        kind: 'table',
        meta: { status: 'finished', result: { winners: [], reason: 'aborted', aborted: true } },
      });
    }
  });

  it('refused once each seat has moved, and when the game is not being played', () => {
    expect(refusal(run(knights(2), { kind: 'abort', ...by(0) }))).toBe('abort.moved');
    expect(refusal(run(knights(0, { status: 'finished' }), { kind: 'abort', ...by(0) }))).toBe(
      'abort.not-playing',
    );
    expect(refusal(run(knights(0), { kind: 'abort', seat: 1, token: 'wrong-token-1234' }))).toBe(
      'auth.token',
    );
  });

  it("never an event's game, by either seat, moved or not: it counts in the event's standings", () => {
    for (const moves of [0, 1]) {
      for (const seat of [0, 1]) {
        const refused = run(knights(moves, { event: 'spring-swiss' }), { kind: 'abort', ...by(seat) });
        expect(refusal(refused)).toBe('abort.event');
        expect(refused.ok ? '' : refused.error.message).toMatch(/resign instead/);
      }
    }
  });
});

describe('takeback by agreement (Knights)', () => {
  it('asked: waits for the opponent; accepted: the game is its moves before the asker’s last, on a new line', () => {
    const t = knights(3);
    const asker = t.history[2].seat;
    const asked = unwrap(run(t, { kind: 'takeback', ...by(asker) }));
    expect(asked).toMatchObject({ kind: 'table', meta: { play: { takeback: { seat: asker, seq: 3 } } } });
    const waiting = { ...t, meta: asked.kind === 'table' ? asked.meta : t.meta };
    const accepted = unwrap(run(waiting, { kind: 'takeback-answer', ...by(1 - asker), answer: 'accept' }));
    expect(accepted).toMatchObject({
      kind: 'takeback',
      keep: 2,
      seq: 3,
      meta: { play: { line: 1, takeback: null } },
    });
    // The game is reproducible from settings, seed and the moves kept.
    if (accepted.kind !== 'takeback') throw new Error('takeback');
    const replay = unwrap(
      replayMoves(knightsGame, unwrap(knightsGame.parseSettings({})), 'seed', t.moves.slice(0, 2)),
    );
    expect(accepted.next).toEqual(replay.states[2]);
  });

  it('asking when it is your turn again takes back the reply too (your last move and everything after)', () => {
    const t = knights(4);
    const seat = t.history[2].seat;
    expect(t.history[3].seat).not.toBe(seat);
    const asked = unwrap(run(t, { kind: 'takeback', ...by(seat) }));
    const waiting = { ...t, meta: asked.kind === 'table' ? asked.meta : t.meta };
    expect(
      unwrap(run(waiting, { kind: 'takeback-answer', ...by(1 - seat), answer: 'accept' })),
    ).toMatchObject({
      kind: 'takeback',
      keep: 2,
    });
  });

  it('against a bot the takeback is at once; a refusal clears the request; a move clears it too', () => {
    const vsBot = knights(2, {}, [person(0), bot(1, 'easy')]);
    expect(unwrap(run(vsBot, { kind: 'takeback', ...by(0) }))).toMatchObject({ kind: 'takeback', keep: 0 });
    const t = withPlay(knights(1), { takeback: { seat: 0, seq: 1 } });
    expect(unwrap(run(t, { kind: 'takeback-answer', ...by(1), answer: 'refuse' }))).toMatchObject({
      kind: 'table',
      meta: { play: { takeback: null, noTakebacks: [] } },
    });
    const move = knightsGame.legalMoves(t.state, 1)[0];
    expect(unwrap(run(t, { kind: 'move', ...by(1), seq: 1, move }))).toMatchObject({
      kind: 'move',
      patch: { play: { takeback: null } },
    });
  });

  it('"never": the request is refused, and every later one is refused at once without asking', () => {
    const t = withPlay(knights(1), { takeback: { seat: 0, seq: 1 } });
    const never = unwrap(run(t, { kind: 'takeback-answer', ...by(1), answer: 'never' }));
    expect(never).toMatchObject({ meta: { play: { takeback: null, noTakebacks: [1] } } });
    const after = { ...t, meta: never.kind === 'table' ? never.meta : t.meta };
    const r = run(after, { kind: 'takeback', ...by(0) });
    expect(refusal(r)).toBe('takeback.refused-for-good');
    expect(!r.ok && r.error.message).toBe('seat 1 refuses every takeback in this game');
  });

  it('every refusal: no move yet, one pending, none pending, your own request, game over, Tribes', () => {
    expect(refusal(run(knights(1), { kind: 'takeback', ...by(1) }))).toBe('takeback.no-move');
    const pending = withPlay(knights(1), { takeback: { seat: 0, seq: 1 } });
    expect(refusal(run(pending, { kind: 'takeback', ...by(0) }))).toBe('takeback.pending');
    expect(refusal(run(pending, { kind: 'takeback-answer', ...by(0), answer: 'accept' }))).toBe(
      'takeback.own',
    );
    expect(refusal(run(knights(1), { kind: 'takeback-answer', ...by(1), answer: 'accept' }))).toBe(
      'takeback.none',
    );
    expect(refusal(run(knights(1), { kind: 'takeback-answer', ...by(1), answer: 'refuse' }))).toBe(
      'takeback.none',
    );
    const over = knights(1, { status: 'finished' });
    expect(refusal(run(over, { kind: 'takeback', ...by(0) }))).toBe('takeback.not-playing');
    expect(refusal(run(over, { kind: 'takeback-answer', ...by(1), answer: 'accept' }))).toBe(
      'takeback.not-playing',
    );
    const t = tribes([person(0), person(1), person(2)]);
    expect(refusal(run(t, { kind: 'takeback', ...by(0) }))).toBe('takeback.game');
    expect(refusal(run(t, { kind: 'takeback-answer', ...by(0), answer: 'never' }))).toBe('takeback.game');
  });

  it("not in an event's games, asked by either seat: every move counts in the standings", () => {
    const inEvent = knights(3, { event: 'spring-swiss' });
    for (const seat of [0, 1]) {
      expect(refusal(run(inEvent, { kind: 'takeback', ...by(seat) }))).toBe('takeback.event');
    }
    expect(takebacksAllowed(knightsGame, inEvent.meta)).toBe(false);
    expect(takebacksAllowed(knightsGame, knights(3).meta)).toBe(true);
  });

  it('a move decided on an earlier line is stale even at the same seq', () => {
    const t = withPlay(knights(0), { line: 1 });
    const move = knightsGame.legalMoves(t.state, 0)[0];
    expect(refusal(run(t, { kind: 'move', ...by(0), seq: 0, move, line: 0 }))).toBe('move.stale');
    expect(refusal(run(t, { kind: 'bot-move', seat: 0, seq: 0, move, line: 0 }))).toBe('move.stale');
    expect(run(t, { kind: 'move', ...by(0), seq: 0, move, line: 1 }).ok).toBe(true);
  });
});

describe('rematch', () => {
  const over = (seats = [person(0), person(1)]) =>
    knights(2, { status: 'finished', result: { winners: [0] } }, seats);

  it('shows who accepted; once every person has, a started table with the sides swapped and a new seed', () => {
    const first = unwrap(run(over(), { kind: 'rematch', ...by(1), accept: true }));
    expect(first).toMatchObject({
      kind: 'table',
      meta: { play: { rematch: { accepted: [1], table: null } } },
    });
    const t = { ...over(), meta: first.kind === 'table' ? first.meta : over().meta };
    const both = unwrap(run(t, { kind: 'rematch', ...by(0), accept: true }));
    expect(both).toMatchObject({
      kind: 'rematch',
      meta: { play: { rematch: { accepted: [0, 1], table: 'rematch-1', seats: [1, 0] } } },
      table: {
        id: 'rematch-1',
        seed: 'seed-2',
        status: 'playing',
        result: null,
        seats: [
          { seat: 0, name: 'P1', tokenHash: hashToken('tok-1') },
          { seat: 1, name: 'P0', tokenHash: hashToken('tok-0') },
        ],
      },
    });
  });

  it("an event's game's rematch is a game of its own, not the event's: it may be aborted", () => {
    const inEvent = knights(2, { status: 'finished', result: { winners: [0] }, event: 'spring-swiss' });
    const asked = unwrap(run(inEvent, { kind: 'rematch', ...by(1), accept: true }));
    const t = { ...inEvent, meta: asked.kind === 'table' ? asked.meta : inEvent.meta };
    const both = unwrap(run(t, { kind: 'rematch', ...by(0), accept: true }));
    const table = both.kind === 'rematch' ? both.table : null;
    expect(table?.event).toBeUndefined();
    expect(mayAbort({ meta: table!, history: [] }).ok).toBe(true);
  });

  it('bots stay bots and need not accept', () => {
    const change = unwrap(run(over([person(0), bot(1)]), { kind: 'rematch', ...by(0), accept: true }));
    expect(change).toMatchObject({
      kind: 'rematch',
      table: { seats: [bot(0), { ...person(0), seat: 1 }] },
    });
  });

  it('declining calls it off: later answers are refused with who declined', () => {
    const declined = unwrap(run(over(), { kind: 'rematch', ...by(0), accept: false }));
    const t = { ...over(), meta: declined.kind === 'table' ? declined.meta : over().meta };
    const r = run(t, { kind: 'rematch', ...by(1), accept: true });
    expect(refusal(r)).toBe('rematch.declined');
    expect(!r.ok && r.error.message).toBe('seat 0 declined the rematch: it is off');
  });

  it('refused before the end, for a table closed before it started, and once it is on', () => {
    expect(refusal(run(knights(1), { kind: 'rematch', ...by(0), accept: true }))).toBe(
      'rematch.not-finished',
    );
    const closed = knights(0, { status: 'finished', startedAt: null });
    expect(refusal(run(closed, { kind: 'rematch', ...by(0), accept: true }))).toBe('rematch.never-started');
    const on = withPlay(over(), {
      rematch: { accepted: [0, 1], declinedBy: null, table: 'x', seats: [1, 0] },
    });
    expect(refusal(run(on, { kind: 'rematch', ...by(0), accept: true }))).toBe('rematch.started');
  });
});
