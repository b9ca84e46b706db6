/**
 * Scheduled events: the operator's settings file (`attila serve --events-schedule FILE`) lists events the
 * server runs by itself, e.g. an hourly Knights arena and a weekly Tribes event. Each entry keeps one
 * occurrence ahead: the director creates the next as soon as the time comes round, with the id
 * `<entry id>-<start ms>`, so however many processes try (or how often), the database keeps it once.
 * Times are UTC.
 *
 *     {"events": [
 *       {"id": "hourly-arena", "every": "hour", "minute": 0,
 *        "event": {"name": "Hourly arena", "format": "arena", "minutes": 30,
 *                  "clock": {"mode": "game", "initialMs": 180000, "incrementMs": 0}}},
 *       {"id": "weekly-tribes", "every": "week", "weekday": 6, "hour": 18,
 *        "event": {"name": "Saturday Tribes", "format": "tribes-rounds", "rounds": 4,
 *                  "clock": {"mode": "game", "initialMs": 900000, "incrementMs": 0}, "bots": true}}
 *     ]}
 */
import { err, ok, type Result } from '@attila/core';
import { describeZodError } from '@attila/protocol';
import { createEventSchema } from '@attila/protocol/events';
import { z } from 'zod';

export const scheduleEntrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes, up to 40'),
    every: z.enum(['hour', 'day', 'week']),
    minute: z.number().int().min(0).max(59).default(0),
    /** Day and week: the hour (UTC). */
    hour: z.number().int().min(0).max(23).default(0),
    /** Week: the day, 0 Sunday to 6 Saturday. */
    weekday: z.number().int().min(0).max(6).default(0),
    event: createEventSchema.omit({ startsAt: true, private: true }),
  })
  .strict();
export type ScheduleEntry = z.output<typeof scheduleEntrySchema>;

export const scheduleFileSchema = z.object({ events: z.array(scheduleEntrySchema).max(50) }).strict();

/** The entries of a schedule file's text, or what is wrong with it. */
export function parseSchedule(text: string): Result<ScheduleEntry[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err('schedule.json', `the events schedule is not JSON: ${(e as Error).message}`);
  }
  const parsed = scheduleFileSchema.safeParse(json);
  if (!parsed.success)
    return err('schedule.invalid', `the events schedule: ${describeZodError(parsed.error)}`);
  const ids = parsed.data.events.map((e) => e.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice)
    return err('schedule.invalid', `the events schedule lists "${twice}" twice: each entry needs its own id`);
  return ok(parsed.data.events);
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The entry's next start at or after `now` (ms since the epoch, UTC). */
export function nextStart(entry: ScheduleEntry, now: number): number {
  const d = new Date(now);
  let t: number;
  let period: number;
  if (entry.every === 'hour') {
    t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), entry.minute);
    period = HOUR;
  } else if (entry.every === 'day') {
    t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), entry.hour, entry.minute);
    period = DAY;
  } else {
    const back = (d.getUTCDay() - entry.weekday + 7) % 7;
    t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back, entry.hour, entry.minute);
    period = 7 * DAY;
  }
  while (t < now) t += period;
  return t;
}
