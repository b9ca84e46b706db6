/**
 * Nim, the subtraction game, as a `GameModule`: one pile of stones; the two players take turns removing 1 to
 * `maxTake` stones; whoever takes the last stone wins. Seat 0 moves first. Perfect information, no chance (the
 * seed is unused), so it is the smallest game that exercises every part of the seam: settings, moves in
 * notation, views, events, results, records and replays.
 */
import { err, ok, type GameModule, type GameResult, type Result, type Viewer } from '@attila/core';

export interface NimSettings {
  /** Stones on the pile at the start. */
  readonly stones: number;
  /** The most stones one move may take. */
  readonly maxTake: number;
}

export interface NimState {
  readonly settings: NimSettings;
  readonly stones: number;
  /** The seat to move (0 or 1); after the last stone, the seat that would have moved next. */
  readonly toMove: number;
  /** The winner once the pile is empty. */
  readonly winner: number | null;
  readonly lastMove: string | null;
}

/** What every viewer sees (nothing is hidden). */
export interface NimView {
  readonly stones: number;
  readonly maxTake: number;
  /** The seat that must move, or null once the game is over. */
  readonly seatToMove: number | null;
  readonly lastMove: string | null;
  readonly winner: number | null;
}

export type NimEvent =
  | { readonly type: 'took'; readonly seat: number; readonly count: number; readonly left: number }
  | { readonly type: 'game-over'; readonly winner: number; readonly reason: string };

export type NimErrorCode = 'nim.settings' | 'nim.move' | 'nim.turn' | 'nim.over';

export const NIM_RULES_VERSION = '1';
export const NIM_LIMITS = { minStones: 1, maxStones: 99, minTake: 1, maxTake: 9 } as const;
export const DEFAULT_NIM_SETTINGS: NimSettings = { stones: 15, maxTake: 3 };

const SETTINGS_HELP = `settings are { stones: ${NIM_LIMITS.minStones}..${NIM_LIMITS.maxStones} (default 15), maxTake: ${NIM_LIMITS.minTake}..${NIM_LIMITS.maxTake} (default 3) }`;

function intIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export function parseNimSettings(raw: unknown): Result<NimSettings, 'nim.settings'> {
  const value: unknown = raw ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('nim.settings', `Nim ${SETTINGS_HELP}; got ${JSON.stringify(raw)}`);
  }
  const unknown = Object.keys(value).filter((k) => k !== 'stones' && k !== 'maxTake');
  if (unknown.length > 0) return err('nim.settings', `unknown setting "${unknown[0]}": Nim ${SETTINGS_HELP}`);
  const stones = ('stones' in value ? value.stones : undefined) ?? DEFAULT_NIM_SETTINGS.stones;
  const maxTake = ('maxTake' in value ? value.maxTake : undefined) ?? DEFAULT_NIM_SETTINGS.maxTake;
  if (!intIn(stones, NIM_LIMITS.minStones, NIM_LIMITS.maxStones)) {
    return err(
      'nim.settings',
      `"stones" must be a whole number: ${SETTINGS_HELP}; got ${JSON.stringify(stones)}`,
    );
  }
  if (!intIn(maxTake, NIM_LIMITS.minTake, NIM_LIMITS.maxTake)) {
    return err(
      'nim.settings',
      `"maxTake" must be a whole number: ${SETTINGS_HELP}; got ${JSON.stringify(maxTake)}`,
    );
  }
  return ok({ stones, maxTake });
}

/** How many stones a move's text takes: `take 2`. */
export function readTake(text: string): Result<number, 'nim.move'> {
  const m = /^take ([1-9])$/.exec(text.trim());
  if (!m) return err('nim.move', `"${text}" is not a move: a move is "take <n>", such as "take 2"`);
  return ok(Number(m[1]));
}

export function takeText(count: number): string {
  return `take ${count}`;
}

function legal(state: NimState): string[] {
  if (state.winner !== null) return [];
  const most = Math.min(state.settings.maxTake, state.stones);
  return Array.from({ length: most }, (_, i) => takeText(i + 1));
}

export function nimPlay(
  state: NimState,
  seat: number,
  move: string,
): Result<{ state: NimState; events: NimEvent[] }, NimErrorCode> {
  if (state.winner !== null)
    return err('nim.over', `the game is over: seat ${state.winner} took the last stone`);
  if (seat !== state.toMove) return err('nim.turn', `it is seat ${state.toMove}'s turn, not seat ${seat}'s`);
  const take = readTake(move);
  if (!take.ok) return take;
  const most = Math.min(state.settings.maxTake, state.stones);
  if (take.value > most) {
    return err(
      'nim.move',
      `"${move}" takes too many: take 1 to ${most} (${state.stones} left, at most ${state.settings.maxTake} a move)`,
    );
  }
  const left = state.stones - take.value;
  const events: NimEvent[] = [{ type: 'took', seat, count: take.value, left }];
  const winner = left === 0 ? seat : null;
  if (winner !== null) events.push({ type: 'game-over', winner, reason: 'took the last stone' });
  return ok({
    state: {
      settings: state.settings,
      stones: left,
      toMove: 1 - seat,
      winner,
      lastMove: takeText(take.value),
    },
    events,
  });
}

function nimResult(state: NimState): GameResult | null {
  return state.winner === null
    ? null
    : { winners: [state.winner], reason: `seat ${state.winner} took the last stone` };
}

export function nimView(state: NimState, _viewer: Viewer): NimView {
  return {
    stones: state.stones,
    maxTake: state.settings.maxTake,
    seatToMove: state.winner === null ? state.toMove : null,
    lastMove: state.lastMove,
    winner: state.winner,
  };
}

export const nimGame: GameModule<NimSettings, NimState, NimView, NimEvent> = {
  kind: 'nim',
  rulesVersion: NIM_RULES_VERSION,
  seats: { min: 2, max: 2 },
  parseSettings: parseNimSettings,
  settingsToJson: (s) => ({ stones: s.stones, maxTake: s.maxTake }),
  playerCount: () => 2,
  setup: (settings) => ok({ settings, stones: settings.stones, toMove: 0, winner: null, lastMove: null }),
  toAct: (state) => (state.winner === null ? [state.toMove] : []),
  legalMoves: (state, seat) => (seat === state.toMove ? legal(state) : []),
  play: nimPlay,
  view: nimView,
  sameViewForEveryone: true,
  result: nimResult,
};
