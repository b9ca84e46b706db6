import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.js';
import { clockSettingsText, clockText } from './clock-text.js';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const H = 3600_000;

describe('clock text', () => {
  it('live clocks in minutes and seconds, correspondence in days and hours, then hours and minutes', async () => {
    await i18n.changeLanguage('en');
    expect(clockText(t, { mode: 'move', moveMs: 30_000 }, 65_500)).toBe('1:06');
    expect(clockText(t, { mode: 'days', days: 3 }, 2 * 24 * H + 5 * H + 59 * 60_000)).toBe('2 d 5 h');
    expect(clockText(t, { mode: 'days', days: 1 }, 5 * H + 30 * 60_000 + 999)).toBe('5 h 30 min');
    expect(clockText(t, { mode: 'days', days: 1 }, -5)).toBe('0 h 0 min');
  });

  it("says a table's time limit in a line", async () => {
    await i18n.changeLanguage('en');
    expect(clockSettingsText(t, { mode: 'days', days: 7 })).toBe('7 days per move');
    expect(
      clockSettingsText(t, { mode: 'bank', initialMs: 240 * H, incrementMs: 36 * H, capMs: 240 * H }),
    ).toBe('10 d 0 h, +1 d 12 h per move, at most 10 d 0 h');
    expect(clockSettingsText(t, { mode: 'game', initialMs: 600_000, incrementMs: 5_000 })).toBe(
      '10:00 per game, +0:05 per move',
    );
  });
});
