/** Tribes behind the `GameModule` contract: what the server, the web app, the records and the CLI use. */
import { err, ok, type GameModule, type Result } from '@attila/core';
import type { TribesEvent } from './events.js';
import { applyInPlace } from './engine.js';
import { MAX_MOVES, legalMoveCodes } from './legal.js';
import { formatMove, parseMove } from './notation.js';
import { ruleBroken, type TribesRuleCode } from './refusal.js';
import { parseSettings, settingsToJson, type TribesSettings } from './settings.js';
import { createGame } from './setup.js';
import { type TribesState } from './state.js';
import { gameResult, viewOf, viewsOf, type TribesView } from './view.js';

export const RULES_VERSION = '1';

const buffer = new Int32Array(MAX_MOVES);

/** The legal moves of the seat to act, as move codes (a fresh array). */
export function legalCodes(state: TribesState): number[] {
  const n = legalMoveCodes(state, buffer);
  return Array.from(buffer.subarray(0, n));
}

/** `move.illegal` only for a refused move no rule of the page names (none is known: the tests look for one). */
export type MoveErrorCode =
  'move.syntax' | 'move.game-over' | 'move.not-your-turn' | 'move.illegal' | TribesRuleCode;

/**
 * Checks a move by `seat` and applies it to a copy; a refused move changes nothing. A move against the rules
 * is refused with the code of the rule it breaks (refusal.ts), worked out only once the move is refused.
 */
export function playMove(
  state: TribesState,
  seat: number,
  move: string,
): Result<{ state: TribesState; events: TribesEvent[] }, MoveErrorCode> {
  if (state.over) return err('move.game-over', 'the game is over; no more moves');
  if (seat !== state.toAct) {
    return err('move.not-your-turn', `it is seat ${state.toAct}'s decision, not seat ${seat}'s`);
  }
  const code = parseMove(state.map, move);
  if (!code.ok) return code;
  const legal = legalCodes(state);
  if (!legal.includes(code.value)) {
    const allowed = legal.map((m) => formatMove(state.map, m));
    const shown = allowed.length > 40 ? [...allowed.slice(0, 40), `... (${allowed.length} in all)`] : allowed;
    const rule = ruleBroken(state, seat, code.value);
    const why = rule ? ` now: ${rule.message}` : ' now';
    return err(rule?.code ?? 'move.illegal', `"${move}" is not allowed${why}; allowed: ${shown.join('; ')}`);
  }
  const next = state.clone();
  const events: TribesEvent[] = [];
  applyInPlace(next, code.value, events);
  return ok({ state: next, events });
}

export const tribesGame: GameModule<TribesSettings, TribesState, TribesView, TribesEvent> = {
  kind: 'tribes',
  rulesVersion: RULES_VERSION,
  seats: { min: 2, max: 5 },
  parseSettings,
  settingsToJson,
  playerCount: (settings) => settings.players,
  secretInSettings: (settings) =>
    settings.deck === null
      ? null
      : 'an explicit deck order tells whoever reads the settings every hand and the draw pile; it is for hotseat, puzzles and tests, not for tables on a server (leave "deck" out to shuffle from a secret seed)',
  setup: (settings, seed) => ok(createGame(settings, seed)),
  toAct: (state) => (state.over ? [] : [state.toAct]),
  legalMoves: (state, seat) =>
    seat === state.toAct ? legalCodes(state).map((m) => formatMove(state.map, m)) : [],
  play: playMove,
  view: viewOf,
  views: viewsOf,
  result: gameResult,
};
