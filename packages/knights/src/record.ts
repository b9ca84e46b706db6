/**
 * Knights game records in the shared format of @attila/core. Knights uses no randomness, so the seed is
 * empty; replaying a record re-checks every move with the engine.
 */
import {
  err,
  newRecord,
  ok,
  replayMoves,
  type GameRecord,
  type GameResult,
  type PlayerEntry,
  type Result,
} from '@attila/core';
import { knightsGame, knightsResult, type KnightsSettings, type KnightsState } from './game.js';

export interface KnightsRecordFields {
  readonly id: string;
  readonly settings: KnightsSettings;
  readonly moves: readonly string[];
  /** Seat 0 (Romans), then seat 1 (Huns). */
  readonly players: readonly PlayerEntry[];
  readonly createdAt?: string;
  readonly finishedAt?: string;
}

/** A record of a game; its result is computed by replaying the moves (which must all be legal). */
export function knightsRecord(fields: KnightsRecordFields): Result<GameRecord> {
  const replay = replayMoves(knightsGame, fields.settings, '', fields.moves);
  if (!replay.ok) return replay;
  const final = replay.value.states[replay.value.states.length - 1];
  return ok(
    newRecord({
      game: 'knights',
      id: fields.id,
      rulesVersion: knightsGame.rulesVersion,
      settings: knightsGame.settingsToJson(fields.settings),
      seed: '',
      players: [...fields.players],
      moves: [...fields.moves],
      result: knightsResult(final),
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
      ...(fields.finishedAt ? { finishedAt: fields.finishedAt } : {}),
    }),
  );
}

export interface ReplayedKnightsGame {
  readonly settings: KnightsSettings;
  /** The state before any move, then after each. */
  readonly states: readonly KnightsState[];
  readonly result: GameResult | null;
}

/** The record is not a Knights record of these rules, or its result is not what its moves give. */
export type KnightsRecordErrorCode = 'knights.record';

/** Replays a record, re-checking every move and the recorded result (a refused move keeps its own code). */
export function replayKnightsRecord(record: GameRecord): Result<ReplayedKnightsGame> {
  if (record.game !== 'knights')
    return err('knights.record', `this is a record of ${record.game}, not of Knights`);
  if (record.rulesVersion !== knightsGame.rulesVersion) {
    return err(
      'knights.record',
      `the record was played under Knights rules version ${record.rulesVersion}; this engine plays version ${knightsGame.rulesVersion}`,
    );
  }
  const settings = knightsGame.parseSettings(record.settings);
  if (!settings.ok) return settings;
  const replay = replayMoves(knightsGame, settings.value, record.seed, record.moves);
  if (!replay.ok) return replay;
  const states = replay.value.states;
  const result = knightsResult(states[states.length - 1]);
  if (JSON.stringify(result?.winners ?? null) !== JSON.stringify(record.result?.winners ?? null)) {
    return err(
      'knights.record',
      `the record says the winners are ${JSON.stringify(record.result?.winners ?? null)}, but its moves give ${JSON.stringify(result?.winners ?? null)}`,
    );
  }
  return ok({ settings: settings.value, states, result });
}
