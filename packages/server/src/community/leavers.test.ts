import { describe, expect, it } from 'vitest';
import { LEAVER_BAR_MS, LEAVER_WINDOW_MS, leaverBarUntil } from './leavers.js';

const H = 3600_000;
const NOW = 1_000 * LEAVER_WINDOW_MS;

describe('the leaver rule', () => {
  it('forgives two departures from rated games within 7 days', () => {
    expect(leaverBarUntil([NOW - 2 * H, NOW - H], NOW)).toBeNull();
  });

  it('bars rated play for a day from the third departure within 7 days', () => {
    expect(leaverBarUntil([NOW - 3 * H, NOW - 2 * H, NOW - H], NOW)).toBe(NOW - H + LEAVER_BAR_MS);
  });

  it('bars a day longer for each departure after that', () => {
    expect(leaverBarUntil([NOW - 4 * H, NOW - 3 * H, NOW - 2 * H, NOW - H], NOW)).toBe(
      NOW - H + 2 * LEAVER_BAR_MS,
    );
  });

  it('counts only departures within 7 days of each other', () => {
    const spread = [NOW - 2 * LEAVER_WINDOW_MS, NOW - LEAVER_WINDOW_MS - H, NOW - H];
    expect(leaverBarUntil(spread, NOW)).toBeNull();
  });

  it('ends by itself', () => {
    const old = [NOW - 30 * H, NOW - 29 * H, NOW - 28 * H];
    expect(leaverBarUntil(old, NOW)).toBeNull();
    expect(leaverBarUntil(old, NOW - 5 * H)).toBe(NOW - 28 * H + LEAVER_BAR_MS);
  });

  it('reads departures in any order', () => {
    expect(leaverBarUntil([NOW - H, NOW - 3 * H, NOW - 2 * H], NOW)).toBe(NOW - H + LEAVER_BAR_MS);
  });
});
