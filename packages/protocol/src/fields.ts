/**
 * The pieces several wire bodies share: display names, table ids, seat tokens and indexes, clock settings and
 * seat specs (index.ts re-exports the public ones).
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { forbiddenCharacter } from './names.js';

/**
 * A display name: trimmed, in NFC (so that one name has one spelling), 1–32 characters, none of them
 * invisible or direction-changing (names.ts). Whether it passes for a bot is checked by the server
 * (`botNameClash`), which knows its bots.
 */
export const displayNameSchema = z
  .string()
  .transform((s) => s.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, 'a display name needs at least one visible character')
      .max(LIMITS.nameChars, `a display name has at most ${LIMITS.nameChars} characters`)
      .superRefine((s, ctx) => {
        const bad = forbiddenCharacter(s);
        if (bad) {
          ctx.addIssue({
            code: 'custom',
            message: `a display name may not contain control, format or invisible characters (found ${bad})`,
          });
        }
      }),
  );
export const displayName = displayNameSchema;

export const tableId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a table id is 8 to 64 letters, digits, "-" or "_"');

export const token = z.string().min(16).max(128);
export const seatIndex = z.number().int().min(0).max(7);

const HOUR_MS = 3600 * 1000;
/** Vacation each seat of a correspondence game has per year of the game (the server README says why). */
export const VACATION_DAYS_PER_YEAR = 21;
/** The days per move a correspondence game may give (as turn-based sites offer them). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14] as const;

export const clockSettingsSchema = z.discriminatedUnion('mode', [
  /** Every move must be made within `moveMs`. */
  z
    .object({
      mode: z.literal('move'),
      moveMs: z.number().int().min(LIMITS.clockMinMs).max(LIMITS.clockMaxMs),
    })
    .strict(),
  /** Each seat has `initialMs` for the whole game and gains `incrementMs` after each of its moves (Fischer). */
  z
    .object({
      mode: z.literal('game'),
      initialMs: z.number().int().min(LIMITS.clockMinMs).max(LIMITS.clockMaxMs),
      incrementMs: z
        .number()
        .int()
        .min(0)
        .max(3600 * 1000),
    })
    .strict(),
  /** Correspondence: every move within `days` days (a turn-based game played over weeks). */
  z
    .object({
      mode: z.literal('days'),
      days: z.union(
        CORRESPONDENCE_DAYS.map((d) => z.literal(d)),
        `days per move are one of ${CORRESPONDENCE_DAYS.join(', ')}`,
      ),
    })
    .strict(),
  /**
   * Correspondence with a bank: each seat starts with `initialMs`, gains `incrementMs` after each of its
   * moves, and never holds more than `capMs` (so time saved early cannot grow without end).
   */
  z
    .object({
      mode: z.literal('bank'),
      initialMs: z.number().int().min(HOUR_MS).max(LIMITS.correspondenceMaxMs),
      incrementMs: z.number().int().min(0).max(LIMITS.correspondenceMaxMs),
      capMs: z.number().int().min(HOUR_MS).max(LIMITS.correspondenceMaxMs),
    })
    .strict()
    .refine((c) => c.capMs >= c.initialMs, {
      message: 'the cap of a time bank cannot be below its starting time',
      path: ['capMs'],
    }),
]);
export type ClockSettings = z.infer<typeof clockSettingsSchema>;

export const seatSpecSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('human') }).strict(),
  z.object({ type: z.literal('bot'), bot: z.string().min(1).max(64) }).strict(),
]);
export type SeatSpec = z.infer<typeof seatSpecSchema>;
