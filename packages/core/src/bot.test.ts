import { describe, expect, it } from 'vitest';
import {
  askBot,
  randomBot,
  seatView,
  type AnyHonestBot,
  type HonestBot,
  type OmniscientBot,
  type SeatView,
} from './bot.js';
import { nimGame, type NimState, type NimView } from './nim.test-support.js';
import { unwrap } from './result.js';
import { Rng } from './rng.js';

type NimBot = HonestBot<{ pile: number }, NimView>;
const settings = { pile: 10 };
const start = unwrap(nimGame.setup(settings, 'bots'));

/** Takes as many stones as leaves the opponent a multiple of four, else one. */
const perfectNim: NimBot = {
  sees: 'seat',
  choose: (seen) => String(seen.view.pile % 4 || 1),
};
const peeking: OmniscientBot<NimState> = {
  sees: 'everything',
  choose: (state, seat) => String(1 + (state.secrets[1 - seat] % Math.min(3, state.pile))),
};

describe('the bot contract', () => {
  it('the compiler refuses an omniscient bot where an honest one is expected', () => {
    // @ts-expect-error an omniscient bot reads states: it is not an honest bot of any game
    const asHonest: NimBot = peeking;
    // @ts-expect-error nor of a game its holder does not know
    const asAny: AnyHonestBot = peeking;
    // Never called: only the compiler's refusal is tested here.
    const ask = () =>
      // @ts-expect-error and it cannot be asked as one
      askBot(nimGame, peeking, settings, start, 0, Rng.fromSeed('x'));
    // An honest bot of a known game is an honest bot to a holder that does not know the game.
    const any: AnyHonestBot = perfectNim;
    expect([asHonest, asAny, any].every((b) => typeof b.choose === 'function')).toBe(true);
    expect(typeof ask).toBe('function');
  });

  it("shows the bot only the seat's view and its legal moves, never the state", () => {
    let seen: SeatView<{ pile: number }, NimView> | null = null;
    const spy: NimBot = {
      sees: 'seat',
      choose: (s) => {
        seen = s;
        return s.legalMoves[0];
      },
    };
    expect(unwrap(askBot(nimGame, spy, settings, start, 0, Rng.fromSeed('s')))).toBe('1');
    expect(seen).not.toBeNull();
    const s = seen!;
    expect({ seat: s.seat, view: s.view, legal: s.legalMoves, settings: s.settings }).toEqual({
      seat: 0,
      view: nimGame.view(start, { seat: 0 }),
      legal: ['1', '2', '3'],
      settings,
    });
    expect(s.view.secret).toBe(start.secrets[0]);
    expect(JSON.stringify(s)).not.toContain(`"secrets"`);
  });

  it('computes the legal moves only when the bot asks for them', () => {
    let asked = 0;
    const counting = {
      ...nimGame,
      legalMoves: (st: NimState, seat: number) => (asked++, nimGame.legalMoves(st, seat)),
    };
    unwrap(askBot(counting, perfectNim, settings, start, 0, Rng.fromSeed('l')));
    expect(asked).toBe(0);
    const seen = seatView(counting, settings, start, 0);
    expect(seen.legalMoves).toBe(seen.legalMoves);
    expect(asked).toBe(1);
  });

  it('refuses to ask for a seat that has no move to make', () => {
    const r = askBot(nimGame, perfectNim, settings, start, 1, Rng.fromSeed('t'));
    expect(!r.ok && r.error.code).toBe('bot.no-move');
    const over = unwrap(nimGame.setup({ pile: 1 }, 'o'));
    const done = unwrap(nimGame.play(over, 0, '1')).state;
    expect(askBot(nimGame, randomBot, { pile: 1 }, done, 0, Rng.fromSeed('t')).ok).toBe(false);
  });
});

describe('the random bot', () => {
  it('plays only legal moves, whole games, reproducibly from the seed', () => {
    const game = (seed: string) => {
      const rng = Rng.fromSeed(seed);
      let state = unwrap(nimGame.setup({ pile: 30 }, seed));
      const moves: string[] = [];
      while (nimGame.result(state) === null) {
        const seat = nimGame.toAct(state)[0];
        const move = unwrap(askBot(nimGame, randomBot, { pile: 30 }, state, seat, rng));
        expect(nimGame.legalMoves(state, seat)).toContain(move);
        moves.push(move);
        state = unwrap(nimGame.play(state, seat, move)).state;
      }
      return moves;
    };
    expect(game('a')).toEqual(game('a'));
    expect(game('a')).not.toEqual(game('b'));
  });

  it('picks every legal move with equal chance', () => {
    const rng = Rng.fromSeed('uniform');
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const m = unwrap(askBot(nimGame, randomBot, settings, start, 0, rng));
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['1', '2', '3']);
    for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });
});
