/**
 * A game played entirely in the browser through the engine's public `GameModule` API (hotseat, replays):
 * the list of states from the start, the moves in record notation, undo, and the game record to download.
 * Typed by the module: its states and events come back in the engine's own types.
 */
import {
  err,
  formatRecordedMove,
  newRecord,
  serializeRecord,
  ok,
  type GameEvent,
  type GameModule,
  type GameRecord,
  type Result,
} from '@attila/core';

export interface LocalGame<St, E extends GameEvent = GameEvent> {
  readonly states: readonly St[];
  /** Moves in record notation (`<seat>:` prefix when several seats could act). */
  readonly moves: readonly string[];
  /** The seat that made each move. */
  readonly seats: readonly number[];
  readonly events: readonly (readonly E[])[];
}

export function startLocal<S, St, V, E extends GameEvent>(
  game: GameModule<S, St, V, E>,
  settings: unknown,
  seed: string,
): Result<LocalGame<St, E>> {
  const parsed = game.parseSettings(settings);
  if (!parsed.ok) return parsed;
  const start = game.setup(parsed.value, seed);
  if (!start.ok) return start;
  return ok({ states: [start.value], moves: [], seats: [], events: [] });
}

/** The position now: the last state. */
export function currentState<St, E extends GameEvent>(g: LocalGame<St, E>): St {
  return g.states[g.states.length - 1];
}

export function playLocal<S, St, V, E extends GameEvent>(
  game: GameModule<S, St, V, E>,
  g: LocalGame<St, E>,
  seat: number,
  move: string,
): Result<LocalGame<St, E>> {
  const state = currentState(g);
  const toAct = game.toAct(state);
  if (!toAct.includes(seat)) return err('local.not-your-turn', `seat ${seat} may not act now`);
  const played = game.play(state, seat, move);
  if (!played.ok) return played;
  return ok({
    states: [...g.states, played.value.state],
    moves: [...g.moves, formatRecordedMove(seat, move, toAct)],
    seats: [...g.seats, seat],
    events: [...g.events, played.value.events],
  });
}

export function undoLocal<St, E extends GameEvent>(g: LocalGame<St, E>, plies = 1): LocalGame<St, E> {
  const n = Math.max(0, g.moves.length - plies);
  return {
    states: g.states.slice(0, n + 1),
    moves: g.moves.slice(0, n),
    seats: g.seats.slice(0, n),
    events: g.events.slice(0, n),
  };
}

export function localRecord<S, St, V, E extends GameEvent>(
  game: GameModule<S, St, V, E>,
  settingsJson: Record<string, unknown>,
  seed: string,
  names: readonly string[],
  g: LocalGame<St, E>,
): GameRecord {
  const result = game.result(currentState(g));
  const now = new Date().toISOString();
  return newRecord({
    game: game.kind,
    id: `local-${seed}`,
    rulesVersion: game.rulesVersion,
    settings: settingsJson,
    seed,
    players: names.map((name) => ({ name, kind: 'human' as const })),
    moves: [...g.moves],
    result,
    createdAt: now,
    ...(result ? { finishedAt: now } : {}),
  });
}

export function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return [...a].map((x) => x.toString(36)).join('');
}

/** Offers a game record as the file `attila-<game>-<stem>.json`. */
export function downloadRecord(record: GameRecord, stem: string): void {
  downloadText(`attila-${record.game}-${stem}.json`, serializeRecord(record));
}

export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
