/**
 * A hotseat game kept in the browser's storage, so a reload (or a visit to another screen) loses nothing:
 * only what the engine needs to rebuild it — the game, its settings, the seed and the moves — plus the
 * players' names. On the way back it is replayed through the engine, which re-checks every move; a stored
 * game the engine refuses (edited, or from an older rules version) is dropped with the reason.
 */
import { err, ok, playRecordedMoves, type GameEvent, type GameModule, type Result } from '@attila/core';
import type { LocalGame } from './local-game.js';

export type SavedGameKind = 'knights' | 'tribes';

export interface SavedGame {
  readonly game: SavedGameKind;
  readonly rulesVersion: string;
  /** The settings as the engine's `parseSettings` takes them. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly seed: string;
  readonly moves: readonly string[];
  readonly names: readonly string[];
}

const KEY_PREFIX = 'attila.hotseat.';
const keyOf = (game: SavedGameKind) => `${KEY_PREFIX}${game}`;

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Reads stored text into a saved game, saying what is wrong with it otherwise. */
export function parseSavedGame(text: string, game: SavedGameKind): Result<SavedGame, 'saved.invalid'> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('saved.invalid', 'the saved game is not JSON');
  }
  if (typeof raw !== 'object' || raw === null) return err('saved.invalid', 'the saved game is not an object');
  const r = raw as Record<string, unknown>;
  if (r.game !== game) return err('saved.invalid', `the saved game is not a ${game} game`);
  if (typeof r.rulesVersion !== 'string') return err('saved.invalid', 'the saved game has no rules version');
  if (typeof r.settings !== 'object' || r.settings === null || Array.isArray(r.settings))
    return err('saved.invalid', 'the saved game has no settings object');
  if (typeof r.seed !== 'string' || r.seed === '') return err('saved.invalid', 'the saved game has no seed');
  if (!isStringList(r.moves)) return err('saved.invalid', "the saved game's moves are not a list of strings");
  if (!isStringList(r.names)) return err('saved.invalid', "the saved game's names are not a list of strings");
  return ok({
    game,
    rulesVersion: r.rulesVersion,
    settings: r.settings as Record<string, unknown>,
    seed: r.seed,
    moves: r.moves,
    names: r.names,
  });
}

/** Rebuilds the game by replaying the saved moves through the engine. */
export function restoreSavedGame<S, St, V, E extends GameEvent>(
  module: GameModule<S, St, V, E>,
  saved: SavedGame,
): Result<LocalGame<St, E>> {
  if (saved.rulesVersion !== module.rulesVersion) {
    return err(
      'saved.rules',
      `the saved game was played under rules version ${saved.rulesVersion}, this app has ${module.rulesVersion}`,
    );
  }
  const settings = module.parseSettings(saved.settings);
  if (!settings.ok) return settings;
  const start = module.setup(settings.value, saved.seed);
  if (!start.ok) return start;
  const replayed = playRecordedMoves(module, start.value, saved.moves);
  if (!replayed.ok) return replayed;
  const played = replayed.value.played;
  return ok({
    states: [start.value, ...played.map((p) => p.state)],
    moves: [...saved.moves],
    seats: played.map((p) => p.seat),
    events: played.map((p) => p.events),
  });
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off (private modes, policies): the game is then not kept.
    return null;
  }
}

export function saveGame(saved: SavedGame): void {
  try {
    storage()?.setItem(keyOf(saved.game), JSON.stringify(saved));
  } catch {
    // A full storage keeps the previous save; the game goes on.
  }
}

export function clearSavedGame(game: SavedGameKind): void {
  storage()?.removeItem(keyOf(game));
}

/** The saved game of this kind, replayed; a stored game that does not replay is dropped. */
export function loadSavedGame<S, St, V, E extends GameEvent>(
  module: GameModule<S, St, V, E>,
  game: SavedGameKind,
): { saved: SavedGame; local: LocalGame<St, E> } | null {
  const text = storage()?.getItem(keyOf(game));
  if (!text) return null;
  const saved = parseSavedGame(text, game);
  const local = saved.ok ? restoreSavedGame(module, saved.value) : saved;
  if (!saved.ok || !local.ok) {
    console.warn(`the saved ${game} game was dropped: ${local.ok ? '' : local.error.message}`);
    clearSavedGame(game);
    return null;
  }
  return { saved: saved.value, local: local.value };
}
