/**
 * A tiny hidden-bid game used only by the server's tests, to exercise what the real engines do not:
 * several seats acting at once. Each round every seat bids 1–3 face down (all at once, or one after another
 * with `turns`); bids are revealed when all are in and added to the scores; the highest total wins.
 */
import { err, ok, type GameModule, type Result, type Viewer } from '@attila/core';

export interface BidsSettings {
  readonly players: number;
  readonly rounds: number;
  readonly turns: boolean;
}
export interface BidsState {
  readonly settings: BidsSettings;
  readonly round: number;
  readonly bids: readonly (number | null)[];
  readonly scores: readonly number[];
}

export const bidsGame: GameModule<BidsSettings, BidsState, unknown> = {
  kind: 'tribes',
  rulesVersion: 'bids-1',
  seats: { min: 2, max: 4 },
  parseSettings(raw: unknown): Result<BidsSettings> {
    const r = (raw ?? {}) as Record<string, unknown>;
    const players = r.players ?? 2;
    const rounds = r.rounds ?? 2;
    if (typeof players !== 'number' || players < 2 || players > 4)
      return err('settings.players', 'players: 2 to 4');
    if (typeof rounds !== 'number' || rounds < 1 || rounds > 50)
      return err('settings.rounds', 'rounds: 1 to 50');
    return ok({ players, rounds, turns: r.turns === true });
  },
  settingsToJson: (s) => ({ ...s }),
  playerCount: (s) => s.players,
  setup: (settings) =>
    ok({
      settings,
      round: 0,
      bids: Array(settings.players).fill(null),
      scores: Array(settings.players).fill(0),
    }),
  toAct(s) {
    if (s.round >= s.settings.rounds) return [];
    const waiting = s.bids.flatMap((b, i) => (b === null ? [i] : []));
    return s.settings.turns ? waiting.slice(0, 1) : waiting;
  },
  legalMoves(s, seat) {
    return this.toAct(s).includes(seat) ? ['1', '2', '3'] : [];
  },
  play(s, seat, move) {
    if (!this.toAct(s).includes(seat)) return err('move.turn', `seat ${seat} may not bid now`);
    if (!/^[123]$/.test(move)) return err('move.notation', `a bid is 1, 2 or 3, not "${move}"`);
    const bids = s.bids.map((b, i) => (i === seat ? Number(move) : b));
    if (bids.some((b) => b === null)) return ok({ state: { ...s, bids }, events: [{ type: 'bid', seat }] });
    const scores = s.scores.map((v, i) => v + (bids[i] as number));
    return ok({
      state: { ...s, round: s.round + 1, bids: bids.map(() => null), scores },
      events: [
        { type: 'bid', seat },
        { type: 'reveal', bids },
      ],
    });
  },
  view(s, viewer: Viewer) {
    return {
      round: s.round,
      scores: s.scores,
      committed: s.bids.map((b) => b !== null),
      myBid: viewer === 'spectator' ? null : s.bids[viewer.seat],
    };
  },
  result(s) {
    if (s.round < s.settings.rounds) return null;
    const best = Math.max(...s.scores);
    return { winners: s.scores.flatMap((v, i) => (v === best ? [i] : [])), scores: [...s.scores] };
  },
};
