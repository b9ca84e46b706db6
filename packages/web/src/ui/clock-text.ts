/**
 * A clock's time as players read it: minutes and seconds on a live clock, days and hours (or hours and
 * minutes on the last day) on a correspondence clock.
 */
import type { ClockSettings } from '@attila/protocol';

type T = (key: string, options?: Record<string, unknown>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function isCorrespondence(settings: ClockSettings): boolean {
  return settings.mode === 'days' || settings.mode === 'bank';
}

/** `ms` left, in the clock's own unit (rounded down: a clock never shows more time than there is). */
export function clockText(t: T, settings: ClockSettings, ms: number): string {
  const left = Math.max(0, ms);
  if (!isCorrespondence(settings)) {
    const s = Math.ceil(left / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }
  return durationText(t, left);
}

/** A long duration: "2 d 5 h" from a day on, "5 h 30 min" below it. */
export function durationText(t: T, ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  if (days > 0) return t('clock.daysHours', { days, hours });
  return t('clock.hoursMinutes', { hours, minutes: Math.floor((ms % HOUR) / MINUTE) });
}

/** How often a running clock's text changes: every second live, every minute by correspondence. */
export function tickMs(settings: ClockSettings): number {
  return isCorrespondence(settings) ? MINUTE : 250;
}

/** A table's time limit in a line, as the list of open tables shows it. */
export function clockSettingsText(t: T, s: ClockSettings): string {
  const live = (ms: number) => clockText(t, { mode: 'move', moveMs: ms }, ms);
  switch (s.mode) {
    case 'move':
      return t('clock.perMove', { time: live(s.moveMs) });
    case 'game':
      return t('clock.perGame', { time: live(s.initialMs), increment: live(s.incrementMs) });
    case 'days':
      return t(`lobby.clocks.days${s.days}`);
    case 'bank':
      return t('clock.bank', {
        initial: durationText(t, s.initialMs),
        increment: durationText(t, s.incrementMs),
        cap: durationText(t, s.capMs),
      });
  }
}
