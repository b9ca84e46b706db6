import { describe, expect, it } from 'vitest';
import { nextStart, parseSchedule, type ScheduleEntry } from './schedule.js';

const arena = {
  name: 'Hourly arena',
  format: 'arena',
  minutes: 30,
  clock: { mode: 'game', initialMs: 180_000, incrementMs: 0 },
};

const entry = (e: object): ScheduleEntry => {
  const r = parseSchedule(JSON.stringify({ events: [{ id: 'x', event: arena, ...e }] }));
  if (!r.ok) throw new Error(r.error.message);
  return r.value[0];
};

describe('scheduled events', () => {
  const at = Date.UTC(2026, 11, 2, 9, 20); // a Wednesday, 09:20 UTC

  it('starts an hourly event at its next minute mark, a daily one at its hour, a weekly one on its day', () => {
    expect(nextStart(entry({ every: 'hour', minute: 30 }), at)).toBe(Date.UTC(2026, 11, 2, 9, 30));
    expect(nextStart(entry({ every: 'hour', minute: 0 }), at)).toBe(Date.UTC(2026, 11, 2, 10, 0));
    expect(nextStart(entry({ every: 'hour', minute: 20 }), at)).toBe(at);
    expect(nextStart(entry({ every: 'day', hour: 8 }), at)).toBe(Date.UTC(2026, 11, 3, 8, 0));
    expect(nextStart(entry({ every: 'day', hour: 18 }), at)).toBe(Date.UTC(2026, 11, 2, 18, 0));
    expect(nextStart(entry({ every: 'week', weekday: 6, hour: 18 }), at)).toBe(Date.UTC(2026, 11, 5, 18, 0));
    expect(nextStart(entry({ every: 'week', weekday: 3, hour: 9 }), at)).toBe(Date.UTC(2026, 11, 9, 9, 0));
  });

  it('refuses a file that is not JSON, an unknown field, a bad id, or one id twice, saying what is wrong', () => {
    expect(parseSchedule('{').ok).toBe(false);
    const bad = (events: unknown[]) => {
      const r = parseSchedule(JSON.stringify({ events }));
      return r.ok ? null : r.error.message;
    };
    expect(bad([{ id: 'x', every: 'month', event: arena }])).toMatch(/every/);
    expect(bad([{ id: 'X Y', every: 'hour', event: arena }])).toMatch(/lower-case/);
    expect(bad([{ id: 'x', every: 'hour', event: { ...arena, startsAt: 5 } }])).toMatch(/startsAt/);
    expect(
      bad([
        { id: 'x', every: 'hour', event: arena },
        { id: 'x', every: 'day', event: arena },
      ]),
    ).toMatch(/twice/);
    expect(bad([{ id: 'x', every: 'hour', event: arena }])).toBeNull();
  });
});
