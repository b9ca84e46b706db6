/**
 * Every code a Tribes refusal can carry, as one typed union (a host tells refusals apart by these names,
 * checked by the compiler).
 */
import type { MoveErrorCode } from './game.js';
import type { MapErrorCode } from './map.js';
import type { TribesRecordErrorCode } from './record.js';
import type { SettingsErrorCode } from './settings.js';

export type TribesErrorCode = MoveErrorCode | SettingsErrorCode | MapErrorCode | TribesRecordErrorCode;
