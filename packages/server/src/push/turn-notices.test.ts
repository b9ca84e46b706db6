/** Which seats a change tells "your turn", and when a correspondence clock counts as low. */
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, startClock, withVacation } from '../clock.js';
import { lowTimeAt, lowTimeMs, turnsBegan } from './turn-notices.js';

const people = [0, 1, 2].map((seat) => ({ seat, controller: 'human' as const }));

describe('your turn: the seats whose turn began', () => {
  it('the next seat after a move, never the mover', () => {
    expect(turnsBegan([0], [1], 0, people)).toEqual([1]);
    // A simultaneous phase: the mover is to act again at once, the others already were.
    expect(turnsBegan([0, 1, 2], [0, 1, 2], 0, people)).toEqual([]);
    expect(turnsBegan([1], [0, 1, 2], 1, people)).toEqual([0, 2]);
  });

  it('the game starting: the seats to act, not the one whose join started it; never a bot', () => {
    expect(turnsBegan([], [0], 1, people)).toEqual([0]);
    expect(turnsBegan([], [0], 0, people)).toEqual([]);
    expect(turnsBegan([0], [1], 0, [people[0], { seat: 1, controller: 'bot' }])).toEqual([]);
  });
});

describe('low time in correspondence games', () => {
  it('below a day, or a quarter of the allowance if that is less; live clocks never', () => {
    expect(lowTimeMs({ mode: 'days', days: 1 })).toBe(6 * HOUR_MS);
    expect(lowTimeMs({ mode: 'days', days: 3 })).toBe(18 * HOUR_MS);
    expect(lowTimeMs({ mode: 'days', days: 14 })).toBe(DAY_MS);
    expect(
      lowTimeMs({ mode: 'bank', initialMs: 10 * DAY_MS, incrementMs: 36 * HOUR_MS, capMs: 10 * DAY_MS }),
    ).toBe(DAY_MS);
    expect(lowTimeMs({ mode: 'move', moveMs: 60_000 })).toBeNull();
  });

  it('when the running seat reaches it; a seat on vacation later by the vacation it has left', () => {
    const settings = { mode: 'days' as const, days: 3 as const };
    const clock = startClock(settings, 2, [0], 0);
    expect(lowTimeAt(settings, clock, 0)).toBe(3 * DAY_MS - 18 * HOUR_MS);
    expect(lowTimeAt(settings, clock, 1)).toBeNull();
    const away = withVacation(clock, 0, true, DAY_MS);
    expect(lowTimeAt(settings, away, 0)).toBe(3 * DAY_MS - 18 * HOUR_MS + 21 * DAY_MS);
  });
});
