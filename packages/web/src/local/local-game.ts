/**
 * A game played entirely in the browser through the engine's public `GameModule` API (hotseat, replays):
 * the list of states from the start, the moves in record notation, undo, and the game record to download.
 */
import {
  formatRecordedMove,
  newRecord,
  type GameEvent,
  type GameKind,
  type AnyGameModule,
  type GameRecord,
  type Result,
  err,
  ok,
} from '@attila/core';

export interface LocalGame<St> {
  readonly states: readonly St[];
  /** Moves in record notation (`<seat>:` prefix when several seats could act). */
  readonly moves: readonly string[];
  readonly events: readonly (readonly GameEvent[])[];
}

export type AnyGame = AnyGameModule;

export function startLocal<St>(game: AnyGame, settings: unknown, seed: string): Result<LocalGame<St>> {
  const parsed = game.parseSettings(settings);
  if (!parsed.ok) return parsed;
  const start = game.setup(parsed.value, seed);
  if (!start.ok) return start;
  return ok({ states: [start.value as St], moves: [], events: [] });
}

export function playLocal<St>(
  game: AnyGame,
  g: LocalGame<St>,
  seat: number,
  move: string,
): Result<LocalGame<St>> {
  const state = g.states[g.states.length - 1];
  const toAct = game.toAct(state);
  if (!toAct.includes(seat)) return err('local.not-your-turn', `seat ${seat} may not act now`);
  const played = game.play(state, seat, move);
  if (!played.ok) return played;
  return ok({
    states: [...g.states, played.value.state as St],
    moves: [...g.moves, formatRecordedMove(seat, move, toAct)],
    events: [...g.events, played.value.events],
  });
}

export function undoLocal<St>(g: LocalGame<St>, plies = 1): LocalGame<St> {
  const n = Math.max(0, g.moves.length - plies);
  return { states: g.states.slice(0, n + 1), moves: g.moves.slice(0, n), events: g.events.slice(0, n) };
}

export function localRecord<St>(
  game: AnyGame,
  kind: GameKind,
  settingsJson: Record<string, unknown>,
  seed: string,
  names: readonly string[],
  g: LocalGame<St>,
): GameRecord {
  const last = g.states[g.states.length - 1];
  const now = new Date().toISOString();
  return newRecord({
    game: kind,
    id: `local-${seed}`,
    rulesVersion: game.rulesVersion,
    settings: settingsJson,
    seed,
    players: names.map((name) => ({ name, kind: 'human' as const })),
    moves: [...g.moves],
    result: game.result(last),
    createdAt: now,
    ...(game.result(last) ? { finishedAt: now } : {}),
  });
}

export function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return [...a].map((x) => x.toString(36)).join('');
}

export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
