import { describe, expect, it } from 'vitest';
import { clockSettingsSchema } from '@attila/protocol';
import {
  afterMove,
  clockInfo,
  DAY_MS,
  flagged,
  HOUR_MS,
  nextExpiry,
  remainingAt,
  resumeClock,
  startClock,
  stopClock,
  VACATION_DAYS_PER_YEAR,
  VACATION_MS,
  VACATION_YEAR_MS,
  vacationLeftAt,
  withVacation,
} from './clock.js';

const threeDays = { mode: 'days', days: 3 } as const;
/** The bank of the issue's example: 10 days, +36 hours a move, never more than 10 days. */
const bank = { mode: 'bank', initialMs: 10 * DAY_MS, incrementMs: 36 * HOUR_MS, capMs: 10 * DAY_MS } as const;
const T0 = Date.UTC(2026, 0, 1);

describe('correspondence clocks: the settings', () => {
  it('days per move are 1, 2, 3, 5, 7 or 14; anything else is refused with what is allowed', () => {
    for (const days of [1, 2, 3, 5, 7, 14])
      expect(clockSettingsSchema.safeParse({ mode: 'days', days }).success).toBe(true);
    const four = clockSettingsSchema.safeParse({ mode: 'days', days: 4 });
    expect(four.success).toBe(false);
    expect(JSON.stringify(four.error?.issues)).toContain('1, 2, 3, 5, 7, 14');
  });

  it('a bank needs a cap no lower than its start, and at most 60 days of anything', () => {
    expect(clockSettingsSchema.safeParse(bank).success).toBe(true);
    const low = clockSettingsSchema.safeParse({ ...bank, capMs: 5 * DAY_MS });
    expect(low.success).toBe(false);
    expect(JSON.stringify(low.error?.issues)).toContain('cap');
    expect(
      clockSettingsSchema.safeParse({ ...bank, initialMs: 61 * DAY_MS, capMs: 61 * DAY_MS }).success,
    ).toBe(false);
  });
});

describe('correspondence clocks: days per move', () => {
  it('every turn starts with the whole allowance; running out flags the seat', () => {
    const c0 = startClock(threeDays, 2, [0], T0);
    expect(c0.remainingMs).toEqual([3 * DAY_MS, 3 * DAY_MS]);
    const c1 = afterMove(threeDays, c0, 0, [1], T0 + 2 * DAY_MS + 5 * HOUR_MS);
    expect(c1.remainingMs).toEqual([3 * DAY_MS, 3 * DAY_MS]);
    expect(nextExpiry(c1, [0, 1])).toBe(T0 + 5 * DAY_MS + 5 * HOUR_MS);
    expect(flagged(c1, [0, 1], T0 + 5 * DAY_MS + 5 * HOUR_MS - 1)).toEqual([]);
    expect(flagged(c1, [0, 1], T0 + 5 * DAY_MS + 5 * HOUR_MS)).toEqual([1]);
  });
});

describe('correspondence clocks: a bank with an increment and a cap', () => {
  it('the mover is charged its thinking time, credited the increment, and never holds more than the cap', () => {
    const c0 = startClock(bank, 2, [0], T0);
    // Quick reply: 10 days − 1 hour + 36 hours would be over the cap: 10 days.
    const c1 = afterMove(bank, c0, 0, [1], T0 + HOUR_MS);
    expect(c1.remainingMs[0]).toBe(10 * DAY_MS);
    // Four days' thought: 10 − 4 days + 1.5 days = 7.5 days.
    const c2 = afterMove(bank, c1, 1, [0], T0 + HOUR_MS + 4 * DAY_MS);
    expect(c2.remainingMs[1]).toBe(7.5 * DAY_MS);
    expect(remainingAt(c2, 0, T0 + HOUR_MS + 5 * DAY_MS)).toBe(9 * DAY_MS);
  });
});

describe('correspondence clocks: the yearly vacation', () => {
  it(`each seat has ${VACATION_DAYS_PER_YEAR} days a year; away, its clock stands still and the vacation is spent`, () => {
    const c0 = startClock(threeDays, 2, [0], T0);
    expect(c0.vacation?.leftMs).toEqual([VACATION_MS, VACATION_MS]);
    const away = withVacation(c0, 0, true, T0 + DAY_MS);
    // Five days away: the clock shows what it had when the seat left; five days of vacation are gone.
    expect(remainingAt(away, 0, T0 + 6 * DAY_MS)).toBe(2 * DAY_MS);
    expect(vacationLeftAt(away, 0, T0 + 6 * DAY_MS)).toBe(VACATION_MS - 5 * DAY_MS);
    expect(nextExpiry(away, [0, 1])).toBe(T0 + DAY_MS + VACATION_MS + 2 * DAY_MS);
    const back = withVacation(away, 0, false, T0 + 6 * DAY_MS);
    expect(remainingAt(back, 0, T0 + 7 * DAY_MS)).toBe(DAY_MS);
    expect(clockInfo(threeDays, back, T0 + 7 * DAY_MS).vacation).toEqual({
      leftMs: [VACATION_MS - 5 * DAY_MS, VACATION_MS],
      away: [false, false],
    });
  });

  it('vacation is spent only while it stops the seat’s clock, and a move ends it', () => {
    const c0 = startClock(threeDays, 2, [0], T0);
    const away = withVacation(c0, 1, true, T0);
    // Seat 1 waits for seat 0 for two days: its clock is not running, its vacation is not spent.
    const c1 = afterMove(threeDays, away, 0, [1], T0 + 2 * DAY_MS);
    expect(c1.vacation?.leftMs[1]).toBe(VACATION_MS);
    expect(remainingAt(c1, 1, T0 + 4 * DAY_MS)).toBe(3 * DAY_MS);
    const c2 = afterMove(threeDays, c1, 1, [0], T0 + 4 * DAY_MS);
    expect(c2.vacation).toMatchObject({
      leftMs: [VACATION_MS, VACATION_MS - 2 * DAY_MS],
      away: [false, false],
    });
  });

  it('used up, the clock runs again; a new year of the game renews the allowance', () => {
    const c0 = startClock(threeDays, 2, [0], T0);
    const away = withVacation(c0, 0, true, T0);
    const over = T0 + VACATION_MS + DAY_MS;
    expect(remainingAt(away, 0, over)).toBe(2 * DAY_MS);
    expect(vacationLeftAt(away, 0, over)).toBe(0);
    expect(flagged(away, [0], T0 + VACATION_MS + 3 * DAY_MS)).toEqual([0]);
    const stopped = stopClock(away, over);
    expect(stopped.vacation).toMatchObject({ leftMs: [0, VACATION_MS], away: [false, false] });
    const nextYear = afterMove(threeDays, withVacation(c0, 0, false, T0), 0, [1], T0 + VACATION_YEAR_MS + 1);
    expect(nextYear.vacation).toMatchObject({
      leftMs: [VACATION_MS, VACATION_MS],
      yearFrom: T0 + VACATION_YEAR_MS,
    });
  });

  it('a restart charges exactly the time that passed, less a vacation', () => {
    const c1 = afterMove(threeDays, startClock(threeDays, 2, [0], T0), 0, [1], T0 + HOUR_MS);
    // Stored at the move; the server comes back 30 hours later.
    const resumed = resumeClock(c1, T0 + 31 * HOUR_MS);
    expect(resumed.remainingMs[1]).toBe(3 * DAY_MS - 30 * HOUR_MS);
    const away = withVacation(c1, 1, true, T0 + 2 * HOUR_MS);
    const resumedAway = resumeClock(away, T0 + 31 * HOUR_MS);
    expect(resumedAway.remainingMs[1]).toBe(3 * DAY_MS - HOUR_MS);
    expect(resumedAway.vacation?.leftMs[1]).toBe(VACATION_MS - 29 * HOUR_MS);
  });

  it('live clocks have no vacation', () => {
    expect(startClock({ mode: 'move', moveMs: 10_000 }, 2, [0], T0).vacation).toBeUndefined();
    expect(
      clockInfo(
        { mode: 'move', moveMs: 10_000 },
        startClock({ mode: 'move', moveMs: 10_000 }, 2, [0], T0),
        T0,
      ).vacation,
    ).toBeUndefined();
  });
});
