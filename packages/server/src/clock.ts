/**
 * Game clocks as pure values: a clock is each seat's remaining time banked at `since`, plus which seats'
 * clocks run from then on. Every change takes the time `now` explicitly, so it is testable and the same
 * value can be stored with each move and reloaded after a restart.
 *
 * Live clocks (`move`, `game`) count seconds and minutes; correspondence clocks (`days`, `bank`) count days,
 * and each seat has a yearly vacation allowance: while a seat is away its clock stands still, and the time
 * is taken from its vacation instead, until that is used up (the clock then runs again). The decisions are
 * in the server README ("Correspondence clocks").
 */
import { VACATION_DAYS_PER_YEAR, type ClockInfo, type ClockSettings } from '@attila/protocol';

export { VACATION_DAYS_PER_YEAR };

export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const VACATION_MS = VACATION_DAYS_PER_YEAR * DAY_MS;
/** A vacation year: the allowance is renewed every 365 days from the game's start. */
export const VACATION_YEAR_MS = 365 * DAY_MS;

/** Correspondence clocks only: what each seat has of its vacation, and who is away. */
export interface Vacation {
  /** Vacation each seat has left this year, as of the clock's `since`. */
  readonly leftMs: readonly number[];
  /** Seats away from `since` on: while one's clock runs, it spends vacation instead. */
  readonly away: readonly boolean[];
  /** When the current vacation year began (the game's start, then every 365 days). */
  readonly yearFrom: number;
}

export interface ClockState {
  readonly remainingMs: readonly number[];
  readonly running: readonly number[];
  /** When the running clocks started running (ms since the epoch). */
  readonly since: number;
  /** Correspondence clocks only (absent from live clocks and from clocks stored before it existed). */
  readonly vacation?: Vacation;
}

/** Time a seat gets back when the server restarts or a seat is given back, at the very least. */
export const GRACE_MS = 15_000;

export function isCorrespondence(settings: ClockSettings): boolean {
  return settings.mode === 'days' || settings.mode === 'bank';
}

/** The fresh allowance of a turn, for clocks that give one per move; null for a bank of time. */
function perMoveMs(settings: ClockSettings): number | null {
  if (settings.mode === 'move') return settings.moveMs;
  if (settings.mode === 'days') return settings.days * DAY_MS;
  return null;
}

/** What a bank of time holds after its seat moved with `had` left: the increment, up to a bank's cap. */
function credited(settings: ClockSettings, had: number): number {
  if (settings.mode === 'game') return had + settings.incrementMs;
  if (settings.mode === 'bank') return Math.min(settings.capMs, had + settings.incrementMs);
  return had;
}

export function startClock(
  settings: ClockSettings,
  seats: number,
  toAct: readonly number[],
  now: number,
): ClockState {
  const full =
    settings.mode === 'game' || settings.mode === 'bank' ? settings.initialMs : perMoveMs(settings)!;
  const clock: ClockState = {
    remainingMs: Array.from({ length: seats }, () => full),
    running: [...toAct],
    since: now,
  };
  if (!isCorrespondence(settings)) return clock;
  return {
    ...clock,
    vacation: {
      leftMs: Array.from({ length: seats }, () => VACATION_MS),
      away: Array.from({ length: seats }, () => false),
      yearFrom: now,
    },
  };
}

/** How much of `seat`'s vacation the time from `since` to `now` took (only while it stopped a running clock). */
function vacationSpent(clock: ClockState, seat: number, now: number): number {
  const v = clock.vacation;
  if (!v || !v.away[seat] || !clock.running.includes(seat)) return 0;
  return Math.min(Math.max(0, now - clock.since), v.leftMs[seat]);
}

export function remainingAt(clock: ClockState, seat: number, now: number): number {
  const base = clock.remainingMs[seat];
  if (!clock.running.includes(seat)) return base;
  return base - (Math.max(0, now - clock.since) - vacationSpent(clock, seat, now));
}

/** Vacation `seat` has left at `now` (0 without correspondence clocks). */
export function vacationLeftAt(clock: ClockState, seat: number, now: number): number {
  const v = clock.vacation;
  if (!v) return 0;
  if (now >= v.yearFrom + VACATION_YEAR_MS) return VACATION_MS;
  return v.leftMs[seat] - vacationSpent(clock, seat, now);
}

/**
 * The vacation as of `now`: what was spent since `since` is taken off, a seat whose vacation is used up is
 * back, and a new vacation year renews every allowance.
 */
function vacationAt(clock: ClockState, now: number): Vacation | undefined {
  const v = clock.vacation;
  if (!v) return undefined;
  const years = Math.floor(Math.max(0, now - v.yearFrom) / VACATION_YEAR_MS);
  const leftMs = v.leftMs.map((_, seat) => (years > 0 ? VACATION_MS : vacationLeftAt(clock, seat, now)));
  return {
    leftMs,
    away: v.away.map((away, seat) => away && leftMs[seat] > 0),
    yearFrom: v.yearFrom + years * VACATION_YEAR_MS,
  };
}

/** The clock charged up to `now` (nothing below zero), with `running` from then on. */
function rebased(clock: ClockState, running: readonly number[], now: number): ClockState {
  const remainingMs = clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now)));
  const vacation = vacationAt(clock, now);
  return vacation
    ? { remainingMs, running: [...running], since: now, vacation }
    : { remainingMs, running: [...running], since: now };
}

/**
 * After `mover` moved at `now`: charge every running clock for the time spent, then credit the mover
 * (Fischer increment, capped for a bank, or a fresh allowance per move), and start the clocks of the seats
 * now to act. A move ends the mover's vacation: they are back.
 */
export function afterMove(
  settings: ClockSettings,
  clock: ClockState,
  mover: number,
  toAct: readonly number[],
  now: number,
): ClockState {
  const charged = rebased(clock, toAct, now);
  const remaining = [...charged.remainingMs];
  const fresh = perMoveMs(settings);
  if (fresh === null) remaining[mover] = credited(settings, remaining[mover]);
  else {
    remaining[mover] = fresh;
    // A seat whose turn starts now gets a whole allowance; one still deciding keeps counting down.
    for (const seat of toAct) if (!clock.running.includes(seat) || seat === mover) remaining[seat] = fresh;
  }
  const vacation = charged.vacation && {
    ...charged.vacation,
    away: charged.vacation.away.map((away, seat) => away && seat !== mover),
  };
  return vacation ? { ...charged, remainingMs: remaining, vacation } : { ...charged, remainingMs: remaining };
}

/** The clock with nothing running (game over). */
export function stopClock(clock: ClockState, now: number): ClockState {
  return rebased(clock, [], now);
}

/** The running seats (among `watched`) whose time is up at `now`. */
export function flagged(clock: ClockState, watched: readonly number[], now: number): number[] {
  return clock.running.filter((seat) => watched.includes(seat) && remainingAt(clock, seat, now) <= 0);
}

/** When the clock of a running `seat` runs out (a seat away first spends its vacation). */
function expiryOf(clock: ClockState, seat: number): number {
  const v = clock.vacation;
  const paused = v && v.away[seat] ? v.leftMs[seat] : 0;
  return clock.since + clock.remainingMs[seat] + paused;
}

/** When the first of the `watched` running clocks runs out, or null. */
export function nextExpiry(clock: ClockState, watched: readonly number[]): number | null {
  let first: number | null = null;
  for (const seat of clock.running) {
    if (!watched.includes(seat)) continue;
    const at = expiryOf(clock, seat);
    if (first === null || at < first) first = at;
  }
  return first;
}

/**
 * The clock as it resumes after the server was down: the seats to act are charged the time that really
 * passed (less any vacation they were on), but keep at least a grace period (or what they had, if less) so
 * their players can reconnect.
 */
export function resumeClock(clock: ClockState, now: number): ClockState {
  const charged = rebased(clock, clock.running, now);
  const remaining = clock.remainingMs.map((had, seat) => {
    if (!clock.running.includes(seat)) return had;
    return Math.max(remainingAt(clock, seat, now), Math.min(had, GRACE_MS));
  });
  return { ...charged, remainingMs: remaining };
}

/** Gives `seat` at least the grace period (a seat given back to its player after it ran out). */
export function withGrace(clock: ClockState, seat: number, now: number): ClockState {
  const charged = rebased(clock, clock.running, now);
  const remaining = clock.remainingMs.map((_, s) => remainingAt(clock, s, now));
  remaining[seat] = Math.max(remaining[seat], GRACE_MS);
  return { ...charged, remainingMs: remaining };
}

/**
 * `seat` goes away (its clock stands still, spending its vacation) or comes back, at `now`. The caller has
 * checked that the clock is a correspondence clock and that some vacation is left for going away.
 */
export function withVacation(clock: ClockState, seat: number, away: boolean, now: number): ClockState {
  const charged = rebased(clock, clock.running, now);
  if (!charged.vacation) return charged;
  const v = charged.vacation;
  return { ...charged, vacation: { ...v, away: v.away.map((a, s) => (s === seat ? away : a)) } };
}

export function clockInfo(settings: ClockSettings, clock: ClockState, now: number): ClockInfo {
  const info: ClockInfo = {
    settings,
    remainingMs: clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now))),
    running: clock.running,
    at: now,
  };
  const vacation = vacationAt(clock, now);
  return vacation ? { ...info, vacation: { leftMs: vacation.leftMs, away: vacation.away } } : info;
}

/**
 * After a takeback at `now`: the time spent so far is charged, and the clocks of the seats to act in the
 * position taken back to run from now (with a fresh allowance per move: nobody is charged twice for a move).
 */
export function afterTakeback(
  settings: ClockSettings,
  clock: ClockState,
  toAct: readonly number[],
  now: number,
): ClockState {
  const remaining = clock.remainingMs.map((_, seat) => Math.max(0, remainingAt(clock, seat, now)));
  if (settings.mode === 'move') for (const seat of toAct) remaining[seat] = settings.moveMs;
  return { remainingMs: remaining, running: [...toAct], since: now };
}
