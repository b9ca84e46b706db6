/**
 * Tribes game records in the shared `attila-record` format: making one, and replaying one, which re-checks
 * every move through the engine and, when the record states a result, that the moves lead to it.
 */
import {
  err,
  newRecord,
  ok,
  replayMoves,
  type GameEvent,
  type GameRecord,
  type GameResult,
  type PlayerEntry,
  type Result,
} from '@attila/core';
import { RULES_VERSION, tribesGame } from './game.js';
import type { TribesSettings } from './settings.js';
import type { TribesState } from './state.js';

export function tribesRecord(fields: {
  id: string;
  settings: TribesSettings;
  seed: string;
  players: PlayerEntry[];
  moves: string[];
  result: GameResult | null;
  createdAt?: string;
  finishedAt?: string;
}): GameRecord {
  return newRecord({
    game: 'tribes',
    rulesVersion: RULES_VERSION,
    ...fields,
    settings: tribesGame.settingsToJson(fields.settings),
  });
}

export interface ReplayedTribes {
  readonly settings: TribesSettings;
  /** Every state, from the start to after the last move. */
  readonly states: TribesState[];
  /** The events of each move. */
  readonly events: GameEvent[][];
  readonly result: GameResult | null;
}

function sameResult(a: GameResult, b: GameResult): boolean {
  return JSON.stringify([a.winners, a.scores]) === JSON.stringify([b.winners, b.scores]);
}

/** The record is not a Tribes record, or its result is not what its moves give. */
export type TribesRecordErrorCode = 'replay.game' | 'replay.result';

export function replayTribesRecord(record: GameRecord): Result<ReplayedTribes> {
  if (record.game !== 'tribes')
    return err('replay.game', `this is a ${record.game} record, not a tribes one`);
  const settings = tribesGame.parseSettings(record.settings);
  if (!settings.ok) return settings;
  const replayed = replayMoves(tribesGame, settings.value, record.seed, record.moves);
  if (!replayed.ok) return replayed;
  const { states, events } = replayed.value;
  const result = tribesGame.result(states[states.length - 1]);
  if (record.result && (!result || !sameResult(result, record.result))) {
    return err(
      'replay.result',
      `the record says ${JSON.stringify(record.result)} but its moves give ${result ? JSON.stringify(result) : 'an unfinished game'}`,
    );
  }
  return ok({ settings: settings.value, states, events, result });
}
