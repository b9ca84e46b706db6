import { describe, expect, it } from 'vitest';
import {
  afterMove,
  flagged,
  GRACE_MS,
  nextExpiry,
  remainingAt,
  resumeClock,
  startClock,
  stopClock,
  withGrace,
} from './clock.js';

const game = { mode: 'game', initialMs: 60_000, incrementMs: 2_000 } as const;
const perMove = { mode: 'move', moveMs: 10_000 } as const;

describe('clocks', () => {
  it('time per game with a Fischer increment: the mover is charged its thinking time, then credited', () => {
    const c0 = startClock(game, 2, [0], 1000);
    expect(remainingAt(c0, 0, 6000)).toBe(55_000);
    expect(remainingAt(c0, 1, 6000)).toBe(60_000);
    const c1 = afterMove(game, c0, 0, [1], 6000);
    expect(c1.remainingMs).toEqual([57_000, 60_000]);
    expect(c1.running).toEqual([1]);
    expect(nextExpiry(c1, [0, 1])).toBe(66_000);
  });

  it('time per move: every turn starts with the full allowance', () => {
    const c0 = startClock(perMove, 2, [0], 0);
    const c1 = afterMove(perMove, c0, 0, [1], 9_000);
    expect(c1.remainingMs).toEqual([10_000, 10_000]);
    expect(flagged(c1, [0, 1], 18_999)).toEqual([]);
    expect(flagged(c1, [0, 1], 19_000)).toEqual([1]);
    // A seat a bot plays is not watched.
    expect(flagged(c1, [0], 19_000)).toEqual([]);
  });

  it('simultaneous choices: every running clock is charged, the ones still deciding keep counting', () => {
    const c0 = startClock(perMove, 3, [0, 1, 2], 0);
    const c1 = afterMove(perMove, c0, 1, [0, 2], 4_000);
    expect(c1.remainingMs).toEqual([6_000, 10_000, 6_000]);
  });

  it('a restart charges the time that passed but leaves a grace period to reconnect', () => {
    const c0 = startClock(game, 2, [0], 0);
    expect(resumeClock(c0, 10_000).remainingMs[0]).toBe(50_000);
    expect(resumeClock(c0, 59_000).remainingMs[0]).toBe(GRACE_MS);
    expect(resumeClock(c0, 59_000).since).toBe(59_000);
    const given = withGrace(stopClock(c0, 70_000), 0, 70_000);
    expect(given.remainingMs[0]).toBe(GRACE_MS);
  });
});
