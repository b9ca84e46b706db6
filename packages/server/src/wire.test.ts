import { Rng, unwrap } from '@attila/core';
import { knightsGame as knights } from '@attila/knights';
import { tribesGame as tribes } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@attila/core';
import type { AnyGame } from './games.js';
import type { StoredTable } from './storage/types.js';
import {
  ackMessage,
  chatMessage,
  encode,
  errorMessage,
  pongMessage,
  tableInfo,
  tableMessage,
  updateMessage,
  updateTexts,
  viewJson,
  welcomeMessage,
  type GameNow,
} from './wire.js';

function meta(game: 'knights' | 'tribes', seats: number, status: StoredTable['status']): StoredTable {
  return {
    id: 't1',
    game,
    settings: {},
    seed: 'seed',
    rulesVersion: '1',
    listed: true,
    clockSettings: { mode: 'game', initialMs: 60_000, incrementMs: 1000 },
    takeover: null,
    status,
    createdAt: new Date(0).toISOString(),
    startedAt: null,
    finishedAt: null,
    result: null,
    clock: { remainingMs: Array.from({ length: seats }, () => 60_000), running: [0], since: 1000 },
    seats: Array.from({ length: seats }, (_, seat) => ({
      seat,
      name: `p${seat}`,
      kind: 'human' as const,
      bot: null,
      tokenHash: null,
      controller: 'human' as const,
    })),
  };
}

/** A game played at random for `plies` moves: every position on the way, with the events of each move. */
function positions(game: AnyGame, settings: unknown, seats: number, plies: number) {
  const rng = Rng.fromSeed('wire');
  let state = unwrap(game.setup(settings, 'seed'));
  const out: { g: GameNow; seat: number; events: readonly GameEvent[] }[] = [];
  for (let seq = 1; seq <= plies && !game.result(state); seq++) {
    const seat = rng.pick([...game.toAct(state)]);
    const played = unwrap(game.play(state, seat, rng.pick([...game.legalMoves(state, seat)])));
    state = played.state;
    const m = meta(game === knights ? 'knights' : 'tribes', seats, 'playing');
    out.push({ g: { game, meta: m, state, seq, now: 5000 }, seat, events: played.events });
  }
  return out;
}

const cases: [string, AnyGame, unknown, number][] = [
  ['Knights (one view for everyone)', knights, unwrap(knights.parseSettings({})), 2],
  ['Tribes (hidden hands: a view per seat)', tribes, unwrap(tribes.parseSettings({ players: 3 })), 3],
];

describe('a view serialized with its shared fields once (viewJson)', () => {
  it('is exactly JSON.stringify, whatever the view holds, and reuses the text of an object seen before', () => {
    const board = { cells: [1, 2, { a: null }], name: 'b' };
    const views: unknown[] = [
      { board, mine: [1], gone: undefined, f: () => 1, n: null, s: 'x"y', when: new Date(0) },
      { mine: [2], board, 10: 'ten', 2: 'two', nested: { deep: [board] } },
      [board, 1],
      'text',
      null,
      7,
      new Date(0),
      { toJSON: () => 'custom' },
      Object.assign(Object.create(null) as object, { board }),
    ];
    const fragments = new Map<object, string>();
    for (const view of views) expect(viewJson(view, fragments)).toBe(JSON.stringify(view));
    // The shared board was serialized once: its text is the one kept.
    expect(fragments.get(board)).toBe(JSON.stringify(board));
  });
});

describe('the wire form of each server message is the typed message, encoded in one place', () => {
  for (const [name, game, settings, seats] of cases) {
    it(`${name}: the fast update text of every audience is exactly encode(updateMessage)`, () => {
      const seen = positions(game, settings, seats, 40);
      expect(seen.length).toBeGreaterThan(5);
      for (const { g, seat, events } of seen) {
        const texts = updateTexts(g, seat, events);
        for (const viewer of [null, ...Array.from({ length: seats }, (_, s) => s)]) {
          const typed = updateMessage(g, seat, events, viewer);
          expect(texts(viewer)).toBe(encode(typed));
          expect(JSON.parse(texts(viewer))).toEqual(typed);
        }
      }
    });
  }

  for (const [name, game, settings, seats] of cases) {
    it(`${name}: the update of the move that ends the game carries its result to every audience`, () => {
      const seen = positions(game, settings, seats, 10_000);
      const last = seen[seen.length - 1];
      const result = game.result(last.g.state);
      expect(result).not.toBeNull();
      // As the table stores it once the game is over.
      const g = { ...last.g, meta: { ...last.g.meta, status: 'finished' as const, result } };
      const texts = updateTexts(g, last.seat, last.events);
      for (const viewer of [null, ...Array.from({ length: seats }, (_, s) => s)]) {
        expect(JSON.parse(texts(viewer)).snapshot.result).toEqual(result);
        expect(updateMessage(g, last.seat, last.events, viewer).snapshot.result).toEqual(result);
      }
    });
  }

  it('every other kind: its builder gives the protocol type, and its text parses back to it', () => {
    const [{ g }] = positions(knights, unwrap(knights.parseSettings({})), 2, 1);
    const info = tableInfo(g.meta, g.seq, [1, 0]);
    const chat = { id: 1, seat: 0, name: 'p0', text: 'hi', at: new Date(0).toISOString() };
    const messages = [
      welcomeMessage(g, info, 0, [{ seq: 1, seat: 0, events: [] }], [chat]),
      tableMessage(info, g, null),
      tableMessage(info, null, 1),
      chatMessage(chat),
      ackMessage('m1', 3),
      errorMessage('move.stale', 'the game is at move 3, not 2', 'm2'),
      pongMessage(null, 42),
    ];
    expect(messages.map((m) => m.type)).toEqual([
      'welcome',
      'table',
      'table',
      'chat',
      'ack',
      'error',
      'pong',
    ]);
    for (const m of messages) expect(JSON.parse(encode(m))).toEqual(m);
    expect(messages[0]).toMatchObject({ seat: 0, snapshot: { seq: 1, legalMoves: [] }, serverTime: 5000 });
    expect(messages[2]).toMatchObject({ snapshot: null });
  });
});
