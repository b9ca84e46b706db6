/**
 * Every code a Knights refusal can carry, as one typed union: a host (the server, the command line) that
 * tells refusals apart does it by these names, checked by the compiler, not by string prefixes.
 */
import type { KnightsPlayErrorCode, KnightsSettingsErrorCode } from './game.js';
import type { MoveErrorCode } from './notation.js';
import type { PositionErrorCode } from './position.js';
import type { KnightsRecordErrorCode } from './record.js';
import type { LayoutErrorCode } from './tiles.js';

export type KnightsErrorCode =
  | LayoutErrorCode
  | PositionErrorCode
  | MoveErrorCode
  | KnightsSettingsErrorCode
  | KnightsPlayErrorCode
  | KnightsRecordErrorCode;
