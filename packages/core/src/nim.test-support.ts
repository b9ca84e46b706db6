/**
 * A tiny game for core's own tests, so they need no real engine: Nim with a secret. Two seats take 1 to 3
 * stones in turn from a pile; who takes the last stone wins. Each seat also holds a secret number from the
 * seed, which only its own view shows (so a test can tell what a seat may see from what it may not).
 */
import type { GameModule } from './game.js';
import { err, ok } from './result.js';
import { Rng } from './rng.js';

export interface NimState {
  readonly pile: number;
  readonly toMove: number;
  readonly secrets: readonly number[];
}
export interface NimView {
  readonly pile: number;
  readonly toMove: number | null;
  readonly secret: number | null;
}
export type NimEvent = { readonly type: 'took'; readonly seat: number; readonly stones: number };

export const nimGame: GameModule<{ pile: number }, NimState, NimView, NimEvent> = {
  // A test game borrows a kind: GameKind names only the games Attila hosts.
  kind: 'knights',
  rulesVersion: '1',
  seats: { min: 2, max: 2 },
  parseSettings: (raw) => {
    const pile = (raw as { pile?: unknown } | null)?.pile ?? 10;
    return typeof pile === 'number' && Number.isInteger(pile) && pile > 0
      ? ok({ pile })
      : err('nim.settings', 'the pile is a whole number of stones, at least 1');
  },
  settingsToJson: (s) => ({ pile: s.pile }),
  playerCount: () => 2,
  setup: (settings, seed) => {
    const rng = Rng.fromSeed(seed);
    return ok({ pile: settings.pile, toMove: 0, secrets: [rng.int(1000), rng.int(1000)] });
  },
  toAct: (s) => (s.pile === 0 ? [] : [s.toMove]),
  legalMoves: (s, seat) =>
    s.pile === 0 || seat !== s.toMove ? [] : ['1', '2', '3'].filter((m) => Number(m) <= s.pile),
  play: (s, seat, move) => {
    if (s.pile === 0) return err('nim.over', 'the game is over');
    if (seat !== s.toMove) return err('nim.turn', `it is seat ${s.toMove}'s turn`);
    const stones = Number(move);
    if (!['1', '2', '3'].includes(move) || stones > s.pile)
      return err('nim.move', `take 1 to ${Math.min(3, s.pile)} stones, not "${move}"`);
    return ok({
      state: { ...s, pile: s.pile - stones, toMove: 1 - s.toMove },
      events: [{ type: 'took', seat, stones }],
    });
  },
  view: (s, viewer) => ({
    pile: s.pile,
    toMove: s.pile === 0 ? null : s.toMove,
    secret: viewer === 'spectator' ? null : s.secrets[viewer.seat],
  }),
  result: (s) => (s.pile === 0 ? { winners: [1 - s.toMove] } : null),
};
