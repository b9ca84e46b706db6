/**
 * Every code a refusal of core's own can carry (records, replays, generator states, bots), as one typed union;
 * the engines list theirs in their own packages.
 */
import type { BotErrorCode } from './bot.js';
import type { RecordErrorCode } from './record.js';
import type { ReplayErrorCode } from './replay.js';
import type { RngErrorCode } from './rng.js';

export type CoreErrorCode = RecordErrorCode | ReplayErrorCode | RngErrorCode | BotErrorCode;
