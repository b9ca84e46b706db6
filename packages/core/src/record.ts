/**
 * The game-record format both games use: everything needed to reproduce a game exactly (its settings,
 * seed and moves) plus who played and how it ended. Versioned; every load is validated, and a record
 * from a newer version of Attila is refused rather than half-understood.
 */
import { z } from 'zod';
import { err, ok, type Result } from './result.js';

export const RECORD_FORMAT = 'attila-record';
export const RECORD_VERSION = 1;

export const GAME_KINDS = ['knights', 'tribes', 'nim'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

const playerSchema = z
  .object({
    name: z.string().min(1).max(64),
    /** `human`, or the bot that played the seat (e.g. `bot:perfect`). */
    kind: z.enum(['human', 'bot']),
    bot: z.string().min(1).max(64).optional(),
  })
  .strict();

export const resultSchema = z
  .object({
    /** Seat indices of the winners (several when tied). */
    winners: z.array(z.number().int().min(0)),
    scores: z.array(z.number()).optional(),
    reason: z.string().max(200).optional(),
    /** The game was called off before every seat had moved: no winner, and it counts for nothing (ratings skip it). */
    aborted: z.literal(true).optional(),
    /** Seats that resigned: they lost, whatever their score (a resigned Tribes seat ranks last). */
    resigned: z.array(z.number().int().min(0)).optional(),
    /** Seats whose player left the game (or ran out of time) and a take-over bot finished for them. */
    left: z.array(z.number().int().min(0)).optional(),
  })
  .strict();

const recordSchema = z
  .object({
    format: z.literal(RECORD_FORMAT),
    version: z.literal(RECORD_VERSION),
    game: z.enum(GAME_KINDS),
    id: z.string().min(1).max(128),
    rulesVersion: z.string().min(1).max(32),
    settings: z.record(z.string(), z.unknown()),
    seed: z.string().max(256),
    players: z.array(playerSchema).min(1).max(8),
    /** Moves in the game's own notation, in the order they were made. */
    moves: z.array(z.string().min(1).max(512)),
    result: resultSchema.nullable(),
    createdAt: z.string().optional(),
    finishedAt: z.string().optional(),
  })
  .strict();

export type PlayerEntry = z.infer<typeof playerSchema>;
export type GameResult = z.infer<typeof resultSchema>;
export type GameRecord = z.infer<typeof recordSchema>;

export type RecordErrorCode = 'record.json' | 'record.format' | 'record.future-version' | 'record.invalid';

/** A zod error in one readable line: where each problem is (`whole` for the top level), and what is allowed. */
export function describeZodIssues(error: z.ZodError, whole: string, max = 5): string {
  return error.issues
    .slice(0, max)
    .map((i) => `${i.path.length ? i.path.join('.') : whole}: ${i.message}`)
    .join('; ');
}

/** Validates a parsed JSON value as a record. */
export function recordFromJson(value: unknown): Result<GameRecord, RecordErrorCode> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return err('record.format', 'a game record is a JSON object');
  }
  const v = value as Record<string, unknown>;
  if (v.format !== RECORD_FORMAT) {
    return err('record.format', `not an Attila game record: "format" must be "${RECORD_FORMAT}"`);
  }
  if (typeof v.version === 'number' && Number.isInteger(v.version) && v.version > RECORD_VERSION) {
    return err(
      'record.future-version',
      `this record is format version ${v.version}, made by a newer Attila; this one reads up to version ${RECORD_VERSION}`,
    );
  }
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success)
    return err('record.invalid', `invalid game record: ${describeZodIssues(parsed.error, '(record)')}`);
  return ok(parsed.data);
}

/** Parses a record from its text (JSON). */
export function parseRecord(text: string): Result<GameRecord, RecordErrorCode> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return err('record.json', `a game record must be JSON: ${(e as Error).message}`);
  }
  return recordFromJson(value);
}

export function serializeRecord(record: GameRecord): string {
  return JSON.stringify(record, null, 2) + '\n';
}

export function newRecord(fields: Omit<GameRecord, 'format' | 'version'>): GameRecord {
  return { format: RECORD_FORMAT, version: RECORD_VERSION, ...fields };
}
