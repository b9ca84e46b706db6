/** The clocks a player picks from (the lobby's form and a challenge's), and the name of a table's clock. */
import type { ClockSettings } from '@attila/protocol';

export const LIVE_CLOCKS = ['none', 'move30', 'move120', 'game10'] as const;
/** Correspondence: days per move, and the bank the server README describes (10 days, +36 h, cap 10 days). */
export const CORRESPONDENCE_CLOCKS = [
  'days1',
  'days2',
  'days3',
  'days5',
  'days7',
  'days14',
  'bank10',
] as const;
export const CLOCK_CHOICES = [...LIVE_CLOCKS, ...CORRESPONDENCE_CLOCKS] as const;
export type ClockChoice = (typeof CLOCK_CHOICES)[number];
const DAY_MS = 24 * 3600_000;
export const CLOCKS: Record<ClockChoice, ClockSettings | null> = {
  none: null,
  move30: { mode: 'move', moveMs: 30_000 },
  move120: { mode: 'move', moveMs: 120_000 },
  game10: { mode: 'game', initialMs: 600_000, incrementMs: 5_000 },
  days1: { mode: 'days', days: 1 },
  days2: { mode: 'days', days: 2 },
  days3: { mode: 'days', days: 3 },
  days5: { mode: 'days', days: 5 },
  days7: { mode: 'days', days: 7 },
  days14: { mode: 'days', days: 14 },
  bank10: { mode: 'bank', initialMs: 10 * DAY_MS, incrementMs: 36 * 3600_000, capMs: 10 * DAY_MS },
};

/** The choice a clock was made from, or null for one no form offers. */
export function clockChoiceOf(clock: ClockSettings | null): ClockChoice | null {
  const text = JSON.stringify(clock);
  return CLOCK_CHOICES.find((c) => JSON.stringify(CLOCKS[c]) === text) ?? null;
}
